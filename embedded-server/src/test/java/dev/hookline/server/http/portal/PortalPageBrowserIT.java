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
import dev.hookline.api.Json;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.Receiver;
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
    OkHttpWebhookSender sender;
    static final Duration WAIT = Duration.ofSeconds(20);

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
        if (sender != null) {
            sender.close();
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
        // the link's token was traded for a session key: only that is kept (docs/adr/0025)
        Await.until(WAIT, "the session key is stored", () -> String.valueOf(browser.script(
                "return sessionStorage.getItem('hookline.portal.session')")).startsWith("PSK."));
        assertEquals(Boolean.FALSE, browser.script("const t = arguments[0]; return [sessionStorage, localStorage]"
                + ".some(s => Object.keys(s).some(k => s.getItem(k).includes(t)))"
                + " || document.cookie.includes(t) || location.href.includes(t)", link.token()),
                "the link's token is kept nowhere in the page");
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
        browser.waitForText("#delivery-result", "Queued for retry");
        browser.waitForText("#delivery-status", "Scheduled");
        browser.screenshot("04-delivery-retried");

        browser.driver.navigate().back();
        browser.visible("#open-" + failedToo.uid());
        assertEquals(1, browser.all("#delivery-list tbody tr").size(), "the retried one is no longer failed");
        browser.click("#batch-retry");
        browser.waitForText("#dialog-question", "1 failed delivery matches these filters. Only failed deliveries are "
                + "retried");
        browser.screenshot("05-batch-retry-count-first");
        browser.click("#dialog-confirm");
        browser.waitForText("#delivery-result", "1 delivery queued for retry");
        assertEquals("batch-retry", activeId(), "the focus stays on the button");
        browser.visible("#no-deliveries"); // the list filtered on Failure is redrawn in place: the queued one left it
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
        browser.waitForText("#endpoint-url-error", "Please write the full address");
        assertEquals("endpoint-url", activeId(), "the focus is on the field to fix");
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
        browser.waitForText("#endpoint-note-" + alerts, "alerts is paused");
        assertEquals("pause-" + alerts, activeId(), "the focus stays on the button, now Resume");
        browser.waitForText("#status-of-" + alerts, "paused");
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
        browser.waitForText("#delivery-result", "Queued for retry");
        browser.screenshot("21-keyboard-retry");
        browser.open(server.baseUrl() + "/portal#/endpoints/new");
        browser.waitForText("#view-title", "Not allowed");
        // reading still works: the list, and retrying a delivery
        browser.open(server.baseUrl() + "/portal#/deliveries/" + failedToo.uid());
        browser.click("#retry-delivery");
        browser.waitForText("#delivery-result", "Queued for retry");
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

    @Test
    void anEndpointSetUpInThePortalReceivesTheNextMatchingEventAndIsTestedAndRecovered() throws Exception {
        deliverForReal();
        try (Receiver receiver = Receiver.start().answerAlways(Receiver.Answer.ok())) {
            for (String type : List.of("invoice.paid", "Invoice.failed", "order.paid")) {
                shop.client().createEventType(EventTypeRequest.named(type));
            }
            PortalLink link = link(shop.client(), "acme", true, PortalAuthType.STATIC_TOKEN);
            browser.open(link.url() + "#/endpoints/new");
            browser.waitForText("#event-types", "All event types, including ones added later");
            assertTrue((Boolean) browser.script("return document.getElementById('types-all').checked"),
                    "every type by default");
            browser.visible("#endpoint-name").sendKeys("invoices");
            // a portal link holder reaches public addresses only (ADR 0039): the owner types a name, which the
            // server's sender (and only it) resolves to the receiver on loopback, as DNS would to a public host
            browser.visible("#endpoint-url").sendKeys("http://" + OWNER_HOST + ":"
                    + java.net.URI.create(receiver.url()).getPort() + "/hook");
            browser.click("#types-all");
            browser.visible("#types-search").sendKeys("INVOICE");
            assertEquals(List.of("Invoice.failed", "invoice.paid"), visibleTypes(),
                    "the search ignores case and hides the rest");
            browser.click("#types-list input[value='invoice.paid']");
            browser.screenshot("50-new-endpoint-event-types");
            assertNoAxeViolations("new endpoint form");
            browser.click("#endpoint-save");
            browser.visible("#new-secret");
            String created = shop.client().listEndpoints(ListQuery.create()).content().stream()
                    .filter(e -> "invoices".equals(e.name())).findFirst().orElseThrow().uid();

            // the next matching event reaches it; another type does not
            shop.client().createEvent(new CreateEventRequest(null, "acme", null, "order.paid",
                    Json.strict().readTree("{\"order\":1}"), null, null));
            shop.client().createEvent(new CreateEventRequest(null, "acme", null, "invoice.paid",
                    Json.strict().readTree("{\"invoice\":7}"), null, null));
            Receiver.Request got = receiver.awaitRequests(1, r -> r.path().equals("/hook"), WAIT).get(0);
            assertEquals("{\"invoice\":7}", got.bodyText());

            // its page: state, what it receives, a test event, the secret on request
            browser.click("#view-" + created);
            browser.waitForText("#endpoint-types", "invoice.paid");
            browser.waitForText("#endpoint-status", "active");
            new org.openqa.selenium.support.ui.Select(browser.visible("#test-event-type")).selectByValue("invoice.paid");
            browser.click("#send-test-event");
            browser.waitForText("#test-event-result", "Test event sent and queued");
            List<Receiver.Request> hooks = receiver.awaitRequests(2, r -> r.path().equals("/hook"), WAIT);
            assertTrue(hooks.get(1).bodyText().contains("\"test\":true"), hooks.get(1).bodyText());
            assertEquals(2, receiver.requests(r -> r.path().equals("/hook")).size(), "order.paid never came: "
                    + receiver.requests());
            browser.click("#reveal-secret");
            browser.visible("#endpoint-secret");
            assertEquals(shop.client().getEndpoint(created).secrets().getLast().value(),
                    browser.visible("#endpoint-secret").getText(), "the secret it signs with, shown on request");
            browser.screenshot("51-endpoint-page-tested-secret");
            assertNoAxeViolations("endpoint page");

            // recover: a failed delivery since a time, counted first, then queued and sent
            Event missed = seeds.event(shop.id()).type("invoice.paid").endpoints(created).data("{\"invoice\":8}")
                    .insert();
            EventDelivery failedHere = seeds.delivery(missed, created).status(EventDeliveryStatus.FAILURE)
                    .tried(3, 0.2, "500 Internal Server Error").insert();
            browser.driver.navigate().refresh();
            browser.waitForText("#recent-failures", "invoice.paid");
            browser.click("#recover-failed");
            browser.waitForText("#dialog-question", "1 failed delivery matches this endpoint since");
            browser.screenshot("52-recover-count-first");
            browser.click("#dialog-confirm");
            browser.waitForText("#recover-result", "1 delivery queued for retry");
            assertEquals("recover-failed", activeId(), "the focus stays on Recover");
            receiver.awaitRequests(3, r -> r.path().equals("/hook"), WAIT);
            Await.until(WAIT, "the recovered delivery succeeds", () -> shop.client()
                    .getEventDelivery(failedHere.uid()).status() == EventDeliveryStatus.SUCCESS);
            browser.visible("#recent-failures .empty");

            // its event types, changed later
            browser.click("#edit-endpoint");
            browser.visible("#types-all");
            browser.waitForText("#types-list", "invoice.paid");
            assertTrue((Boolean) browser.script(
                    "return document.querySelector(\"#types-list input[value='invoice.paid']\").checked"));
            browser.click("#types-all");
            browser.click("#endpoint-save");
            browser.waitForText("#endpoint-result", "invoices was saved.");
            shop.client().createEvent(new CreateEventRequest(null, "acme", null, "order.paid",
                    Json.strict().readTree("{\"order\":2}"), null, null));
            receiver.awaitRequests(4, r -> r.path().equals("/hook"), WAIT);
            assertEquals(List.of(), browser.consoleErrors());
        }
    }

    @Test
    void heldDeliveriesSayWhyAndLongPayloadLinesStayInsideTheirBoxes() {
        String longLine = "{\"note\":\"" + "x".repeat(160) + "\",\"url\":\"https://example.com/"
                + "a".repeat(120) + "\"}";
        Event big = seeds.event(shop.id()).type("order.paid").endpoints(billing).data(longLine).insert();
        EventDelivery bigOne = seeds.delivery(big, billing).status(EventDeliveryStatus.FAILURE)
                .tried(1, 0.1, "500 Internal Server Error").insert();
        seeds.attempt(bigOne, "500 Internal Server Error", false, Map.of("X-Long", "v".repeat(180)),
                Map.of("Content-Type", "application/json"));
        shop.client().pauseEndpoint(shipping);
        Event waiting = seeds.event(shop.id()).type("order.shipped").endpoints(shipping).data("{}").insert();
        EventDelivery held = seeds.delivery(waiting, shipping).status(EventDeliveryStatus.SCHEDULED).insert();
        EventDelivery failedPaused = seeds.delivery(waiting, shipping).status(EventDeliveryStatus.FAILURE).insert();

        PortalLink link = link(shop.client(), "acme", false, PortalAuthType.STATIC_TOKEN);
        browser.size(1366, 900);
        browser.open(link.url());
        browser.visible("#row-" + held.uid());
        assertTrue(browser.visible("#row-" + held.uid()).getText().contains("Held: the endpoint is paused"),
                browser.visible("#row-" + held.uid()).getText());
        assertTrue(browser.all("#retry-" + failedPaused.uid()).isEmpty(), "no Retry for a paused endpoint's delivery");
        assertEquals(1, browser.all("#retry-" + bigOne.uid()).size(), "Retry where the server allows it");
        assertTrue(browser.visible("#row-" + failed.uid()).getText().contains("Failure"));
        assertNoAxeViolations("deliveries");
        browser.screenshot("60-deliveries-held-1366");

        browser.click("#open-" + bigOne.uid());
        browser.click("details.attempt summary");
        browser.waitForText("details.attempt", "X-Long");
        for (int width : new int[] {1366, 390}) {
            browser.size(width, width == 390 ? 844 : 900);
            for (boolean dark : new boolean[] {false, true}) {
                browser.dark(dark);
                long pageWidth = ((Number) browser.script("return document.documentElement.scrollWidth")).longValue();
                long viewport = ((Number) browser.script("return document.documentElement.clientWidth")).longValue();
                assertTrue(pageWidth <= viewport, "the page is " + pageWidth + " px wide in a " + viewport
                        + " px window: a long line pushed it");
                browser.screenshot("61-long-payload-" + width + (dark ? "-dark" : "-light"));
            }
        }
        browser.dark(false);
        browser.size(1366, 900);
        assertNoAxeViolations("delivery");
        browser.click("#nav-endpoints");
        browser.waitForText("main", "billing");
        String main = browser.visible("main").getText();
        assertFalse(main.contains("null"), "no stray null on a read-only link: " + main);
        assertNoAxeViolations("endpoints");
        browser.click("#nav-events");
        browser.waitForText("#event-list", "order.paid");
        browser.visible("#event-id").sendKeys(big.uid());
        browser.click("#find-event");
        browser.waitForText("main", "xxxxxxxxxx");
        assertNoAxeViolations("event");
        for (int width : new int[] {1366, 390}) {
            browser.size(width, width == 390 ? 844 : 900);
            for (boolean dark : new boolean[] {false, true}) {
                browser.dark(dark);
                browser.open(server.baseUrl() + "/portal#/deliveries");
                browser.visible("#row-" + held.uid());
                browser.screenshot("62-deliveries-" + width + (dark ? "-dark" : "-light"));
                browser.open(server.baseUrl() + "/portal#/endpoints/" + billing);
                browser.waitForText("#endpoint-status", "active");
                browser.screenshot("63-endpoint-page-" + width + (dark ? "-dark" : "-light"));
            }
        }
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    void dateFieldsAreOneTabStopAndTheEventTypeFilterIgnoresCase() {
        shop.client().createEventType(EventTypeRequest.named("order.paid"));
        shop.client().createEventType(EventTypeRequest.named("order.shipped"));
        PortalLink link = link(shop.client(), "acme", false, PortalAuthType.STATIC_TOKEN);
        browser.open(link.url());
        browser.visible("#open-" + failed.uid());
        browser.visible("#filter-from").click();
        new Actions(browser.driver).sendKeys(Keys.TAB).perform();
        assertEquals("filter-to", activeId(), "one Tab from From reaches To");
        browser.visible("#filter-event-type").sendKeys("ORDER.PAID");
        browser.click("#apply-filters");
        Await.until(WAIT, "the filter applied", () -> browser.driver.getCurrentUrl().contains("eventType=order.paid"));
        browser.waitForText("#delivery-list", "order.paid");
        assertFalse(browser.visible("#delivery-list").getText().contains("order.shipped"));
        browser.visible("#filter-event-type").clear();
        browser.visible("#filter-event-type").sendKeys("order");
        browser.click("#apply-filters");
        browser.waitForText("#filter-event-type-error", "2 event types contain");
        browser.visible("#filter-event-type").clear();
        browser.visible("#filter-from").sendKeys("yesterday");
        browser.click("#apply-filters");
        browser.waitForText("#filter-from-error", "Write the date as year-month-day");
        assertEquals("filter-from", activeId());
        browser.screenshot("64-filter-field-errors");
    }

    @Test
    void aProjectsAllowedOriginEmbedsThePortalAndAnotherOriginIsRefused() throws Exception {
        try (Receiver allowed = Receiver.start(); Receiver other = Receiver.start()) {
            shop.client().updateProject(shop.id(), new dev.hookline.api.model.UpdateProjectRequest("shop", null,
                    dev.hookline.api.model.ProjectConfig.builder().portalFrameAncestors(List.of(allowed.url())).build()));
            assertEquals(List.of(allowed.url()), shop.client().getProject(shop.id()).config().portalFrameAncestors(),
                    "the setting is the project's, editable through the API");
            PortalLink link = link(shop.client(), "acme", false, PortalAuthType.STATIC_TOKEN);
            String frame = "<!doctype html><html><head><title>Vendor dashboard</title></head><body><h1>Vendor</h1>"
                    + "<iframe title=\"Webhook portal\" src=\"" + link.url() + "\" width=\"1200\" height=\"700\">"
                    + "</iframe></body></html>";
            for (Receiver origin : List.of(allowed, other)) {
                origin.answerAlways(Receiver.Answer.ok().withBody(frame).withHeader("Content-Type", "text/html"));
            }

            browser.open(allowed.url("/dashboard"));
            browser.driver.switchTo().frame(0);
            browser.waitForText("#project-name", "shop");
            browser.waitForText("#delivery-list", "order.paid");
            browser.driver.navigate().refresh(); // the token left the frame's address; the reload is still allowed
            browser.driver.switchTo().frame(0);
            browser.waitForText("#delivery-list", "order.paid");
            browser.driver.switchTo().defaultContent();
            browser.screenshot("70-embedded-allowed-origin");

            browser.open(other.url("/dashboard"));
            Await.until(WAIT, "the browser refuses the frame", () -> browser.consoleErrors().stream()
                    .anyMatch(m -> m.contains("frame-ancestors")));
            browser.driver.switchTo().frame(0);
            assertTrue(browser.all("#project-name").isEmpty(), "nothing of the portal in a refused frame");
            browser.driver.switchTo().defaultContent();
            browser.screenshot("71-embedded-refused-origin");
        }
    }

    /** Runs axe-core (npm, installed by .ci/run into .cache/axe) on the page; skipped with a note when absent. */
    private void assertNoAxeViolations(String view) {
        Path axe = Path.of("..", ".cache", "axe", "node_modules", "axe-core", "axe.min.js");
        if (!java.nio.file.Files.isReadable(axe)) {
            System.out.println("axe-core not installed (npm install axe-core in .cache/axe): " + view + " not checked");
            return;
        }
        try {
            browser.script(java.nio.file.Files.readString(axe));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Object found = browser.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations.map(v => v.id + ' ('"
                + " + v.impact + '): ' + v.nodes.map(n => n.target.join(' ')).slice(0, 5).join(', '))));");
        assertEquals(List.of(), found, "axe-core violations on the " + view + " view");
    }

    private List<String> visibleTypes() {
        return browser.all("#types-list label.check").stream().filter(org.openqa.selenium.WebElement::isDisplayed)
                .map(e -> e.getDomAttribute("data-name") == null ? "" : e.findElement(
                        org.openqa.selenium.By.cssSelector("input")).getDomAttribute("value"))
                .sorted().toList();
    }

    /** The receiver's name in the portal's setup test: only the server's sender resolves it (to loopback). */
    private static final String OWNER_HOST = "hooks.owner.test";

    /** Resolves {@link #OWNER_HOST} to loopback, every other name as the system does: DNS is the test's boundary. */
    private static final okhttp3.Dns OWNER_DNS = host -> OWNER_HOST.equals(host)
            ? List.of(java.net.InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1}))
            : okhttp3.Dns.SYSTEM.lookup(host);

    /** Restarts the server with a real webhook sender, so deliveries reach a receiver on loopback. */
    private void deliverForReal() throws Exception {
        server.close();
        // the owner's "public" host is this test's receiver on loopback: the sender's portal reach counts it public
        // (that a portal-changeable endpoint never reaches loopback for real is OutboundAddressPolicyIT's)
        sender = new OkHttpWebhookSender(clock, null, DestinationPolicy.EMBEDDED,
                DestinationPolicy.portalOpening(List.of(DestinationPolicy.Cidr.parse("127.0.0.1/32"))), OWNER_DNS);
        server = TestServer.start(dataDir, clock, sender);
        shop = new TestProject(shop.id(), shop.apiKey(), server.client(shop.apiKey()).withProject(shop.id()));
        seeds = new EventSeeds(server);
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
