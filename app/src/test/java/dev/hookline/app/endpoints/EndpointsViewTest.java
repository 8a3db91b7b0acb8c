package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.testing.Counts;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The endpoints view against a real embedded server, driven like a user would. */
class EndpointsViewTest {

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
    void createsAnEndpointThroughTheForm() throws Exception {
        harness = ViewHarness.show(server, EndpointsView::new);

        robot.clickOn("#endpoints-new");
        robot.clickOn("#endpoint-name").write("orders");
        robot.clickOn("#endpoint-url").write("https://example.com/orders");
        robot.clickOn("#endpoint-owner").write("acme");
        robot.clickOn("#endpoint-rate-limit").write("10");
        robot.clickOn("#endpoint-rate-limit-duration").write("60");
        harness.screenshotLightAndDark("endpoints-form");
        robot.clickOn("#endpoint-form-save");

        TableView<Endpoint> table = table();
        ViewHarness.await("the new endpoint is listed", () -> table.getItems().size() == 1);
        Endpoint created = server.client().listEndpoints(EndpointFilter.none().toQuery()).content()
                .getFirst();
        assertEquals("orders", created.name());
        assertEquals("acme", created.ownerId());
        assertEquals(10, created.rateLimit());
        ViewHarness.await("the saved endpoint is selected",
                () -> table.getSelectionModel().getSelectedItem() != null);
        assertEquals("Edit endpoint orders", robot.lookup("#endpoint-form-title").queryAs(Label.class).getText());
        harness.screenshotLightAndDark("endpoints");
    }

    @Test
    void pausingAnEndpointChangesItsStatus() throws Exception {
        Endpoint endpoint = server.client().createEndpoint(EndpointRequest.of("https://example.com/a", "alpha"));
        harness = ViewHarness.show(server, EndpointsView::new);
        TableView<Endpoint> table = table();
        ViewHarness.await("the endpoint is listed", () -> table.getItems().size() == 1);

        ViewHarness.await("the row is drawn", () -> robot.lookup("alpha").tryQuery().isPresent());
        assertTrue(robot.lookup("#endpoints-toggle").query().isDisabled(), "no row selected, no row action");
        assertFalse(robot.lookup("#endpoints-new").query().isDisabled(), "New needs no row");
        robot.clickOn("alpha");
        ViewHarness.await("a selected row turns the row actions on",
                () -> !robot.lookup("#endpoints-toggle").query().isDisabled());
        robot.clickOn("#endpoints-toggle");
        ViewHarness.await("pausing asks first", () -> robot.lookup("#confirm-question").query().isVisible());
        assertEquals(EndpointStatus.ACTIVE, server.client().getEndpoint(endpoint.uid()).status());
        robot.clickOn("#confirm-yes");

        ViewHarness.await("the table shows it paused",
                () -> table.getItems().getFirst().status() == EndpointStatus.PAUSED);
        assertEquals(EndpointStatus.PAUSED, server.client().getEndpoint(endpoint.uid()).status());
        ViewHarness.await("the toggle offers to resume", () -> "Resume".equals(
                robot.lookup("#endpoints-toggle").queryButton().getText()));
        assertTrue(robot.lookup("paused").tryQuery().isPresent(), "the status pill reads paused");
        harness.screenshot("endpoints-paused");
    }

    @Test
    void anInvalidFormShowsItsMessagesAndSendsNothing() throws Exception {
        harness = ViewHarness.show(server, EndpointsView::new);

        robot.clickOn("#endpoints-new");
        robot.clickOn("#endpoint-url").write("example.com/no-scheme");
        robot.clickOn("#endpoint-http-timeout").write("900");
        robot.clickOn("#endpoint-form-save");

        assertEquals("Name is required", errorText("#endpoint-name-error"));
        assertEquals("URL must be an http:// or https:// URL, e.g. https://example.com/webhooks",
                errorText("#endpoint-url-error"));
        assertEquals("HTTP timeout (seconds) must be a whole number from 1 to 300",
                errorText("#endpoint-http-timeout-error"));
        harness.screenshot("endpoints-form-invalid");
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void deletingAsksFirst() throws Exception {
        server.client().createEndpoint(EndpointRequest.of("https://example.com/a", "doomed"));
        harness = ViewHarness.show(server, EndpointsView::new);
        TableView<Endpoint> table = table();
        ViewHarness.await("the endpoint is listed", () -> table.getItems().size() == 1);

        ViewHarness.await("the row is drawn", () -> robot.lookup("doomed").tryQuery().isPresent());
        robot.clickOn("doomed");
        robot.clickOn("#endpoints-delete");
        ViewHarness.await("deleting asks first", () -> robot.lookup("#confirm-question").query().isVisible());
        assertEquals("Delete endpoint \"doomed\"? No subscription delivers to it and nothing is pending for it. "
                + "This cannot be undone.", robot.lookup("#confirm-question").queryAs(Label.class).getText());
        assertEquals(1, Counts.endpoints(server.client()), "nothing deleted before confirming");
        robot.clickOn("#confirm-yes");

        ViewHarness.await("the endpoint is gone", () -> table.getItems().isEmpty());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void expireSecretRotatesItAfterCheckingTheLifetime() throws Exception {
        Endpoint endpoint = server.client().createEndpoint(EndpointRequest.of("https://example.com/r", "rotating"));
        harness = ViewHarness.show(server, EndpointsView::new);
        ViewHarness.await("the row is drawn", () -> robot.lookup("rotating").tryQuery().isPresent());

        robot.clickOn("rotating");
        robot.clickOn("#endpoints-expire-secret");
        robot.clickOn("#expire-hours").eraseText(2).write("500");
        robot.clickOn("#expire-form-save");
        assertEquals("Old secret valid for (hours) must be a whole number from 0 to 168",
                errorText("#expire-hours-error"));
        assertEquals(1, server.client().getEndpoint(endpoint.uid()).secrets().size(), "nothing sent");

        robot.clickOn("#expire-hours").eraseText(3).write("12");
        harness.screenshotLightAndDark("endpoints-expire-secret");
        robot.clickOn("#expire-form-save");

        ViewHarness.await("the secret is rotated",
                () -> server.client().getEndpoint(endpoint.uid()).secrets().size() == 2);
        assertTrue(server.client().getEndpoint(endpoint.uid()).secrets().getFirst().expiresAt() != null);
    }

    @SuppressWarnings("unchecked")
    private TableView<Endpoint> table() {
        return robot.lookup("#endpoints-table").queryAs(TableView.class);
    }

    private String errorText(String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }
}
