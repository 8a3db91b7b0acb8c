package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** Subscriptions show Active/Inactive and switch it; the event-types field offers the project's catalogue. */
class SubscriptionStatusViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private ViewHarness harness;
    private Endpoint endpoint;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        endpoint = server.client().createEndpoint(EndpointRequest.of("https://example.com/orders", "orders"));
    }

    @AfterEach
    void stop() throws Exception {
        if (harness != null) {
            harness.close();
        }
        server.close();
    }

    @Test
    void deactivatesAndActivatesTheSelectedSubscription() throws Exception {
        Subscription subscription = server.client().createSubscription(new SubscriptionRequest("orders", null,
                endpoint.uid(), null, null, null, null, null, null, null));
        harness = ViewHarness.show(server, SubscriptionsView::new);
        TableView<Subscription> table = robot.lookup("#subscriptions-table").queryAs(TableView.class);
        ViewHarness.await("the subscription is listed", () -> table.getItems().size() == 1);
        ViewHarness.await("the row is drawn", () -> robot.lookup("orders").tryQuery().isPresent());
        robot.clickOn("orders");
        Button toggle = robot.lookup("#subscriptions-toggle").queryAs(Button.class);
        assertEquals("Deactivate", toggle.getText());

        robot.clickOn("#subscriptions-toggle");
        ViewHarness.await("the server has it inactive", () ->
                !server.client().getSubscription(subscription.uid()).active());
        ViewHarness.await("the table shows it", () -> robot.lookup("inactive").tryQuery().isPresent());
        ViewHarness.await("the button offers the way back", () -> "Activate".equals(toggle.getText()));
        harness.screenshot("subscriptions-inactive");
        ViewHarness.onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        harness.screenshot("subscriptions-inactive-dark");

        robot.clickOn("#subscriptions-toggle");
        ViewHarness.await("active again", () -> server.client().getSubscription(subscription.uid()).active());
        ViewHarness.await("the button follows", () -> "Deactivate".equals(toggle.getText()));
    }

    @Test
    void theEventTypesFieldOffersTheCatalogueAndStillTakesFreeText() throws Exception {
        server.client().createEventType(EventTypeRequest.named("order.created"));
        server.client().createEventType(EventTypeRequest.named("order.paid"));
        String old = server.client().createEventType(EventTypeRequest.named("order.legacy")).uid();
        server.client().deprecateEventType(old);
        harness = ViewHarness.show(server, SubscriptionsView::new);

        robot.clickOn("#subscriptions-new");
        robot.clickOn("#subscription-name").write("orders");
        robot.clickOn("#subscription-endpoint");
        ViewHarness.await("the endpoint is offered",
                () -> robot.lookup("orders  (https://example.com/orders)").tryQuery().isPresent());
        robot.clickOn("orders  (https://example.com/orders)");
        robot.clickOn("#subscription-event-types").write("custom.thing");
        ViewHarness.await("the catalogue is offered", () ->
                robot.lookup("#subscription-event-type-picker").query().isVisible());
        robot.clickOn("#subscription-event-type-picker");
        assertFalse(robot.lookup("order.legacy").tryQuery().isPresent(), "deprecated types are not offered");
        robot.clickOn("order.paid");
        assertEquals("custom.thing, order.paid",
                robot.lookup("#subscription-event-types").queryAs(TextField.class).getText());
        harness.screenshot("subscriptions-event-type-picker");
        robot.clickOn("#subscription-form-save");

        ViewHarness.await("the subscription is saved", () -> server.client().listSubscriptions(
                dev.hookline.api.client.ListQuery.create()).content().size() == 1);
        Subscription saved = server.client().listSubscriptions(dev.hookline.api.client.ListQuery.create())
                .content().getFirst();
        assertEquals(List.of("custom.thing", "order.paid"), saved.filterConfig().eventTypes());
        assertTrue(saved.active());
    }
}
