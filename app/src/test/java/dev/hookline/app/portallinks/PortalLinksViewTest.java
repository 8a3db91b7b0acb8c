package dev.hookline.app.portallinks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.app.testing.Counts;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The portal links view against a real embedded server. */
class PortalLinksViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
    }

    @AfterEach
    void stop() throws Exception {
        if (harness != null) {
            harness.close();
        }
        server.close();
    }

    @Test
    void createsALinkByOwnerIdAndShowsItsUrlAndToken() throws Exception {
        harness = ViewHarness.show(server, PortalLinksView::new);

        robot.clickOn("#portal-links-new");
        robot.clickOn("#portal-link-name").write("Acme portal");
        robot.clickOn("#portal-link-owner").write("acme");
        robot.clickOn("#portal-link-form-save");

        TableView<PortalLink> table = table();
        ViewHarness.await("the link is listed", () -> table.getItems().size() == 1);
        PortalLink link = server.client().getPortalLink(table.getItems().getFirst().uid());
        assertEquals("acme", link.ownerId());
        ViewHarness.await("URL and token are shown", () -> link.url().equals(text("#portal-link-url"))
                && link.token().equals(text("#portal-link-token")));
        assertTrue(robot.lookup("#portal-link-saved").query().isVisible());
        harness.screenshotLightAndDark("portal-links-form-saved");
        harness.screenshot("portal-links");
    }

    @Test
    void createsALinkByEndpointList() throws Exception {
        Endpoint first = server.client().createEndpoint(EndpointRequest.of("https://example.com/a", "alpha"));
        server.client().createEndpoint(EndpointRequest.of("https://example.com/b", "beta"));
        harness = ViewHarness.show(server, PortalLinksView::new);

        robot.clickOn("#portal-links-new");
        robot.clickOn("#portal-link-name").write("Alpha only");
        robot.clickOn("#portal-link-scope").clickOn("A list of endpoints (deprecated)");
        assertFalse(robot.lookup("#portal-link-owner").query().isVisible(), "no owner ID with an endpoint list");
        ViewHarness.await("the endpoints are offered",
                () -> robot.lookup("alpha  (https://example.com/a)").tryQuery().isPresent());
        javafx.scene.Node alpha = robot.lookup(".list-cell")
                .match((javafx.scene.control.ListCell<?> cell) -> "alpha  (https://example.com/a)".equals(
                        cell.getText())).query();
        robot.clickOn(robot.from(alpha).lookup(".check-box").queryAs(javafx.scene.control.CheckBox.class));
        harness.screenshotLightAndDark("portal-links-form");
        robot.clickOn("#portal-link-form-save");

        TableView<PortalLink> table = table();
        ViewHarness.await("the link is listed", () -> table.getItems().size() == 1);
        PortalLink link = server.client().getPortalLink(table.getItems().getFirst().uid());
        assertEquals(List.of(first.uid()), link.endpoints());
        ViewHarness.await("the token is shown", () -> link.token().equals(text("#portal-link-token")));
    }

    @Test
    void withNeitherOwnerNorEndpointsNothingIsSent() throws Exception {
        harness = ViewHarness.show(server, PortalLinksView::new);

        robot.clickOn("#portal-links-new");
        robot.clickOn("#portal-link-name").write("nobody");
        robot.clickOn("#portal-link-form-save");
        assertEquals("Owner ID is required", text("#portal-link-owner-error"));

        robot.clickOn("#portal-link-scope").clickOn("A list of endpoints (deprecated)");
        robot.clickOn("#portal-link-form-save");
        assertEquals("Pick at least one endpoint", text("#portal-link-endpoints-error"));
        harness.screenshot("portal-links-form-invalid");
        assertEquals(0, Counts.portalLinks(server.client()));
    }

    @Test
    void refreshTokenShowsAFreshAuthKeyAndRevokeAsksFirst() throws Exception {
        server.client().createPortalLink(new PortalLinkRequest("partner", "acme", null, false,
                PortalAuthType.REFRESH_TOKEN));
        harness = ViewHarness.show(server, PortalLinksView::new);
        ViewHarness.await("the row is drawn", () -> robot.lookup("partner").tryQuery().isPresent());

        robot.clickOn("partner");
        robot.clickOn("#portal-links-refresh-token");
        ViewHarness.await("the new auth key is shown", () -> text("#portal-link-auth-key").startsWith("PRT."));
        harness.screenshot("portal-links-refresh-token");

        robot.clickOn("#portal-links-revoke");
        assertEquals(1, Counts.portalLinks(server.client()), "nothing revoked before confirming");
        robot.clickOn("#confirm-yes");
        ViewHarness.await("the link is gone", () -> table().getItems().isEmpty());
        assertEquals(0, Counts.portalLinks(server.client()));
    }

    @Test
    void openShowsTheLinkInTheBrowserWithoutBlockingTheConsole() throws Exception {
        PortalLink created = server.client().createPortalLink(new PortalLinkRequest("viewer", "acme", null, false,
                null));
        java.util.concurrent.BlockingQueue<java.net.URI> opened = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        UrlOpener opener = new UrlOpener(uri -> {
            opened.add(uri);
            release.await(); // a slow browser start: the console must stay usable meanwhile
        }, task -> Thread.ofVirtual().start(task));
        harness = ViewHarness.show(server, session -> new PortalLinksView(session, opener));
        ViewHarness.await("the row is drawn", () -> robot.lookup("viewer").tryQuery().isPresent());

        robot.clickOn("viewer");
        robot.clickOn("#portal-links-edit");
        ViewHarness.await("the URL is shown", () -> created.url().equals(text("#portal-link-url")));
        robot.clickOn("#portal-link-url-open");
        assertEquals(java.net.URI.create(created.url()), opened.poll(10, java.util.concurrent.TimeUnit.SECONDS));
        robot.clickOn("#portal-link-name").write(" renamed"); // the FX thread answers while the browser starts
        ViewHarness.await("typing works meanwhile", () -> robot.lookup("#portal-link-name")
                .queryAs(javafx.scene.control.TextField.class).getText().endsWith(" renamed"));
        release.countDown();
        harness.screenshot("portal-links-open");
    }

    @Test
    void aBrowserThatCannotStartIsReportedInWords() throws Exception {
        server.client().createPortalLink(new PortalLinkRequest("viewer", "acme", null, false, null));
        UrlOpener failing = new UrlOpener(uri -> {
            throw new java.io.IOException("no browser installed");
        }, task -> Thread.ofVirtual().start(task));
        harness = ViewHarness.show(server, session -> new PortalLinksView(session, failing));
        ViewHarness.await("the row is drawn", () -> robot.lookup("viewer").tryQuery().isPresent());
        robot.clickOn("viewer");
        robot.clickOn("#portal-links-edit");
        robot.clickOn("#portal-link-url-open");
        ViewHarness.await("the problem is shown", () -> text("#portal-link-url-open-problem")
                .contains("Could not open a browser (no browser installed)"));
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    @SuppressWarnings("unchecked")
    private TableView<PortalLink> table() {
        return robot.lookup("#portal-links-table").queryAs(TableView.class);
    }
}
