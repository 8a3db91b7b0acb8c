package dev.hookline.server.http.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.client.ListQuery;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/**
 * The portal page in a real headless Chromium against a real server on port 0: what an endpoint owner does with the
 * URL of a portal link. Skipped (with the reason) where Debian's chromium and chromium-driver are not installed;
 * {@code .ci/run} installs them. Screenshots of each state land in {@code target/portal-screenshots/}.
 */
class PortalPageBrowserIT {

    private static PortalBrowser browser;

    @TempDir
    Path dataDir;
    MutableClock clock;
    TestServer server;
    TestProject shop;
    EventSeeds seeds;
    String billing;
    String shipping;
    String globex;
    Event orderPaid;
    EventDelivery failed;
    EventDelivery delivered;
    EventDelivery failedToo;

    @BeforeAll
    static void startBrowser() throws Exception {
        if (PortalBrowser.available()) {
            PortalBrowser.clearScreenshots();
            browser = new PortalBrowser();
        }
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void start() throws Exception {
        // each test reports the skip and its reason (a class-level skip shows in surefire as "0 tests run")
        Assumptions.assumeTrue(browser != null, "skipped: the portal page's browser tests need "
                + PortalBrowser.CHROMIUM + " and " + PortalBrowser.CHROMEDRIVER
                + " (apt-get install chromium chromium-driver)");
        clock = new MutableClock();
        server = TestServer.start(dataDir, clock);
        shop = server.newProject("shop", ProjectType.OUTGOING);
        seeds = new EventSeeds(server);
        billing = endpoint(shop.client(), "billing", "acme");
        shipping = endpoint(shop.client(), "shipping", "acme");
        globex = endpoint(shop.client(), "globex-hook", "globex");
        orderPaid = seeds.event(shop.id()).type("order.paid").endpoints(billing, globex)
                .data("{\"order\":42,\"total\":\"19.99\"}").insert();
        Event orderShipped = seeds.event(shop.id()).type("order.shipped").endpoints(shipping)
                .data("{\"order\":42}").insert();
        failed = seeds.delivery(orderPaid, billing).status(EventDeliveryStatus.FAILURE)
                .tried(3, 0.2, "500 Internal Server Error").insert();
        seeds.attempt(failed, "500 Internal Server Error", false,
                Map.of("Content-Type", "application/json", "X-Convoy-Signature", "t=1,v1=abc"),
                Map.of("Content-Type", "text/plain", "X-Upstream", "receiver-7"));
        delivered = seeds.delivery(orderShipped, shipping).status(EventDeliveryStatus.SUCCESS)
                .tried(1, 0.04, "200 OK").insert();
        seeds.attempt(delivered, "200 OK", true, Map.of("Content-Type", "application/json"), Map.of());
        seeds.delivery(orderPaid, globex).status(EventDeliveryStatus.FAILURE).insert(); // not acme's
        Event refunded = seeds.event(shop.id()).type("order.refunded").endpoints(billing).data("{\"order\":7}")
                .insert();
        failedToo = seeds.delivery(refunded, billing).status(EventDeliveryStatus.FAILURE).insert();
        browser.driver.manage().deleteAllCookies();
        browser.open("about:blank");
        browser.script("try { sessionStorage.clear(); } catch (e) {}");
        browser.dark(false);
        browser.size(1280, 900);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aManagingLinkListsFiltersOpensAttemptsRetriesAndManagesEndpoints() {
        PortalLink link = link(shop.client(), "acme", true, PortalAuthType.STATIC_TOKEN);
        browser.open(link.url());

        browser.waitForText("#project-name", "shop");
        browser.waitForText("#delivery-list", "order.shipped");
        assertFalse(browser.driver.getCurrentUrl().contains(link.token()), "the token left the address bar: "
                + browser.driver.getCurrentUrl());
        assertEquals(link.token(), browser.script("return sessionStorage.getItem('hookline.portal.token')"));
        String list = browser.visible("#delivery-list").getText();
        assertTrue(list.contains("order.paid") && list.contains("billing"), list);
        assertEquals(3, browser.all("#delivery-list tbody tr").size(), "only acme's deliveries: " + list);
        browser.waitForText("#total-all", "3");
        assertEquals("2", browser.visible("#total-failure .count").getText(), "status totals, acme's only");
        assertEquals("1", browser.visible("#total-success .count").getText());
        browser.screenshot("01-deliveries");

        browser.click("#status-failure");
        browser.click("#apply-filters");
        browser.visible("#open-" + failedToo.uid());
        assertEquals(2, browser.all("#delivery-list tbody tr").size(), browser.bodyText());
        assertTrue(browser.driver.getCurrentUrl().contains("status=Failure"), browser.driver.getCurrentUrl());
        browser.screenshot("02-deliveries-filtered-failure");

        browser.click("#open-" + failed.uid());
        browser.waitForText("#view-title", "Delivery of order.paid");
        browser.click("details.attempt summary");
        browser.waitForText("details.attempt", "X-Upstream");
        String attempt = browser.visible("details.attempt").getText();
        assertTrue(attempt.contains("receiver-7") && attempt.contains("500 Internal Server Error")
                && attempt.contains("boom"), attempt);
        browser.screenshot("03-delivery-attempt");

        browser.click("#retry-delivery");
        browser.waitForText("#delivery-result", "queued again");
        browser.waitForText("#delivery-status", "Scheduled");
        browser.screenshot("04-delivery-retried");

        browser.driver.navigate().back();
        browser.visible("#open-" + failedToo.uid());
        assertEquals(1, browser.all("#delivery-list tbody tr").size(), "the retried one is no longer failed");
        browser.click("#batch-retry");
        browser.waitForText("#dialog-question", "1 delivery matches these filters. Retry it?");
        browser.screenshot("05-batch-retry-count-first");
        browser.click("#dialog-confirm");
        browser.waitForText("#delivery-result", "1 successful");
        assertEquals(EventDeliveryStatus.SCHEDULED, shop.client().getEventDelivery(failedToo.uid()).status());

        browser.click("#nav-events");
        browser.waitForText("#event-list", "order.paid");
        browser.click("#open-event-" + orderPaid.uid());
        browser.waitForText("main", "\"total\": \"19.99\"");
        assertFalse(browser.bodyText().contains("globex"), "another owner's delivery shows: " + browser.bodyText());
        browser.screenshot("06-event-payload-and-deliveries");

        browser.click("#nav-endpoints");
        browser.waitForText("main", "shipping");
        assertFalse(browser.bodyText().contains("globex-hook"), browser.bodyText());
        browser.screenshot("07-endpoints-managing");

        browser.click("#new-endpoint");
        browser.visible("#endpoint-name").sendKeys("alerts");
        browser.visible("#endpoint-url").sendKeys("not a url");
        browser.click("#endpoint-save");
        browser.waitForText("#endpoint-form-error", "url");
        browser.screenshot("08-endpoint-validation-message");
        browser.visible("#endpoint-url").clear();
        browser.visible("#endpoint-url").sendKeys("https://alerts.acme.example/hook");
        browser.click("#endpoint-save");
        browser.visible("#new-secret");
        String secret = browser.visible("#new-secret").getText();
        assertFalse(secret.isBlank(), "the new endpoint's secret is shown once");
        browser.screenshot("09-endpoint-created-secret-once");
        String alerts = shop.client().listEndpoints(ListQuery.create()).content().stream()
                .filter(e -> "alerts".equals(e.name())).findFirst().orElseThrow().uid();
        assertEquals(secret, shop.client().getEndpoint(alerts).secrets().getLast().value(),
                "the secret the page made and showed is the one the endpoint signs with");

        browser.click("#pause-" + alerts);
        browser.waitForText("#endpoint-result", "alerts is paused");
        assertEquals(EndpointStatus.PAUSED, shop.client().getEndpoint(alerts).status());
        browser.screenshot("10-endpoint-paused");
        browser.click("#hide-secret");
        assertTrue(browser.all("#new-secret").isEmpty(), "the secret is gone once dismissed");

        String before = shop.client().getEndpoint(billing).secrets().getLast().value();
        browser.click("#roll-" + billing);
        browser.visible("#secret-expiration").clear();
        browser.visible("#secret-expiration").sendKeys("60");
        browser.screenshot("10a-roll-secret-dialog");
        browser.click("#dialog-confirm");
        browser.waitForText("#secret-box", "New secret for billing");
        String rolled = browser.visible("#new-secret").getText();
        assertFalse(rolled.equals(before), "a new secret");
        assertTrue(shop.client().getEndpoint(billing).secrets().stream().anyMatch(x -> x.value().equals(rolled)),
                "the secret shown is the endpoint's new one");
        browser.screenshot("10b-secret-rolled");

        browser.click("#delete-" + alerts);
        browser.waitForText("#dialog-question", "Delete alerts?");
        browser.click("#dialog-confirm");
        browser.waitForText("#endpoint-result", "alerts was deleted.");
        assertTrue(browser.all("#pause-" + alerts).isEmpty(), "gone from the list");
        assertEquals(rolled, browser.visible("#new-secret").getText(), "the rolled secret stays until dismissed");

        browser.click("#edit-" + billing);
        browser.waitForText("#view-title", "Edit billing");
        browser.visible("#endpoint-name").clear();
        browser.visible("#endpoint-name").sendKeys("billing-eu");
        browser.click("#endpoint-save");
        browser.waitForText("#endpoint-result", "billing-eu was saved.");
        assertEquals("billing-eu", shop.client().getEndpoint(billing).name());

        browser.click("#nav-deliveries");
        browser.waitForText("#delivery-list", "order.shipped");
        browser.size(390, 844);
        browser.driver.navigate().refresh(); // the token comes from session storage now (not in the URL)
        browser.waitForText("#delivery-list", "order.shipped");
        assertFalse(browser.visible("details.filter-panel").getDomAttribute("open") != null,
                "at phone width the filters are folded so the list is on the first screen");
        browser.screenshot("11-deliveries-phone");
        browser.dark(true);
        browser.screenshot("12-deliveries-phone-dark");
        browser.size(1280, 900);
        browser.screenshot("13-deliveries-desktop-dark");

        assertEquals(List.of(), browser.consoleErrors(), "the page ran without console errors (CSP included)");
    }

    @Test
    void aLinkWithoutManagementShowsNoManagementButtons() {
        PortalLink link = link(shop.client(), "acme", false, PortalAuthType.STATIC_TOKEN);
        browser.open(link.url() + "#/endpoints");
        browser.waitForText("main", "billing");
        assertTrue(browser.all("#new-endpoint").isEmpty(), "no New endpoint");
        for (String id : List.of(billing, shipping)) {
            for (String button : List.of("#edit-", "#pause-", "#roll-", "#delete-")) {
                assertTrue(browser.all(button + id).isEmpty(), button + id + " is shown without can_manage_endpoint");
            }
        }
        browser.screenshot("20-endpoints-view-only");

        // keyboard only: Tab to a delivery's Open, Enter, Tab to Retry, Enter
        browser.open(server.baseUrl() + "/portal#/deliveries");
        browser.visible("#open-" + failed.uid());
        tabTo("open-" + failed.uid());
        new Actions(browser.driver).sendKeys(Keys.ENTER).perform();
        browser.waitForText("#view-title", "Delivery of order.paid");
        assertEquals("view-title", activeId(), "the new view's heading has the focus (screen readers start there)");
        tabTo("retry-delivery");
        new Actions(browser.driver).sendKeys(Keys.ENTER).perform();
        browser.waitForText("#delivery-result", "queued again");
        browser.screenshot("21-keyboard-retry");
        browser.open(server.baseUrl() + "/portal#/endpoints/new");
        browser.waitForText("#view-title", "Not allowed");
        // reading still works: the list, and retrying a delivery
        browser.open(server.baseUrl() + "/portal#/deliveries/" + failedToo.uid());
        browser.click("#retry-delivery");
        browser.waitForText("#delivery-result", "queued again");
    }

    @Test
    void expiredRevokedWrongAndMissingLinksShowAPagePeopleCanRead() {
        PortalLink refresh = link(shop.client(), "acme", false, PortalAuthType.REFRESH_TOKEN);
        String url = refresh.url(); // carries a fresh PRT. auth key, valid one hour
        browser.open(url);
        browser.waitForText("#project-name", "shop");
        clock.advance(Duration.ofHours(2));
        browser.open(url);
        browser.waitForText("#link-problem", "This link has expired; ask shop for a new one.");
        assertFalse(browser.bodyText().contains("{"), "no JSON: " + browser.bodyText());
        browser.screenshot("30-link-expired");

        PortalLink revoked = link(shop.client(), "acme", false, PortalAuthType.STATIC_TOKEN);
        browser.open(revoked.url());
        browser.waitForText("#delivery-list", "order.paid");
        shop.client().revokePortalLink(revoked.uid());
        server.server().authenticator().forgetAll();
        browser.click("#nav-endpoints");
        browser.waitForText("#link-problem-message", "This link has expired or was revoked; ask shop for a new one.");
        browser.screenshot("31-link-revoked-while-open");
        browser.open(revoked.url());
        browser.waitForText("#link-problem", "This link was revoked; ask shop for a new one.");
        browser.screenshot("32-link-revoked");

        browser.open(server.baseUrl() + "/portal?token=not-a-real-token");
        browser.waitForText("#link-problem", "This link is not valid");
        browser.screenshot("33-link-wrong");

        browser.script("sessionStorage.clear()");
        browser.open(server.baseUrl() + "/portal");
        browser.waitForText("#view-title", "This page needs your link");
        browser.screenshot("34-link-missing");
    }

    @Test
    void aLinkOfAnotherProjectSeesNothingOfThisOne() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        String theirs = endpoint(other.client(), "their-hook", "acme"); // same owner ID, other project
        PortalLink link = link(other.client(), "acme", true, PortalAuthType.STATIC_TOKEN);
        browser.open(link.url());
        browser.waitForText("#project-name", "other");
        browser.waitForText("#no-deliveries", "No deliveries match");
        browser.screenshot("40-other-project-deliveries");
        browser.click("#nav-endpoints");
        browser.waitForText("main", "their-hook");
        String text = browser.bodyText();
        assertFalse(text.contains("billing") || text.contains("shipping") || text.contains("shop"), text);
        assertEquals(1, browser.all("#pause-" + theirs).size());
        browser.open(server.baseUrl() + "/portal#/deliveries/" + failed.uid());
        browser.waitForText("main", "not found");
        browser.screenshot("41-other-project-delivery-not-found");
        browser.open(server.baseUrl() + "/portal#/events/" + orderPaid.uid());
        browser.waitForText("main", "not found");
        browser.open(server.baseUrl() + "/portal#/endpoints/" + billing + "/edit");
        browser.waitForText("main", "not found");
    }

    private String activeId() {
        return String.valueOf(browser.script("return document.activeElement && document.activeElement.id"));
    }

    /** Presses Tab until the element with {@code id} has the focus (at most 80 times). */
    private void tabTo(String id) {
        for (int i = 0; i < 80 && !id.equals(activeId()); i++) {
            new Actions(browser.driver).sendKeys(Keys.TAB).perform();
        }
        assertEquals(id, activeId(), "reached by Tab");
    }

    private static String endpoint(ApiClient client, String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name + ".example/hook", name, null, owner, null,
                null, null, null, null, null, null, null, null, null, null, null, null)).uid();
    }

    private static PortalLink link(ApiClient client, String owner, boolean manage, PortalAuthType auth) {
        return client.createPortalLink(new PortalLinkRequest(owner + " portal", owner, null, manage, auth));
    }
}
