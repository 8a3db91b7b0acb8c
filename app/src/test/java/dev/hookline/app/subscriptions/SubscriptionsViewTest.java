package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Subscription;
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

/** The subscriptions view against a real embedded server. */
class SubscriptionsViewTest {

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
    void createsASubscriptionWithAPickedEndpointAndAFilter() throws Exception {
        harness = ViewHarness.show(server, SubscriptionsView::new);

        robot.clickOn("#subscriptions-new");
        robot.clickOn("#subscription-name").write("big orders");
        robot.clickOn("#subscription-endpoint");
        ViewHarness.await("the endpoint is offered",
                () -> robot.lookup("orders  (https://example.com/orders)").tryQuery().isPresent());
        robot.clickOn("orders  (https://example.com/orders)");
        robot.clickOn("#subscription-event-types").write("order.created");
        robot.clickOn("#subscription-filter-body").write("{\"amount\": {\"$gte\": 100}}");
        harness.screenshotLightAndDark("subscriptions-form");
        robot.clickOn("#subscription-form-save");

        TableView<Subscription> table = table();
        ViewHarness.await("the subscription is listed", () -> table.getItems().size() == 1);
        Subscription stored = server.client().getSubscription(table.getItems().getFirst().uid());
        assertEquals("big orders", stored.name());
        assertEquals(endpoint.uid(), stored.endpointMetadata().uid());
        assertEquals(List.of("order.created"), stored.filterConfig().eventTypes());
        assertTrue(stored.filterConfig().filter().body().toString().contains("100"),
                stored.filterConfig().filter().body().toString());
        harness.screenshot("subscriptions");
    }

    @Test
    void aFilterThatIsNotJsonShowsItsMessageAndSendsNothing() throws Exception {
        harness = ViewHarness.show(server, SubscriptionsView::new);

        robot.clickOn("#subscriptions-new");
        robot.clickOn("#subscription-name").write("broken");
        robot.clickOn("#subscription-filter-body").write("{\"amount\": ");
        robot.clickOn("#subscription-form-save");

        assertEquals("Endpoint is required", text("#subscription-endpoint-error"));
        assertTrue(text("#subscription-filter-body-error").startsWith("Body filter is not valid JSON: "),
                text("#subscription-filter-body-error"));
        harness.screenshot("subscriptions-form-invalid");
        assertEquals(0, Counts.subscriptions(server.client()));
    }

    @Test
    void testFilterTellsWhetherTheSampleWouldBeDelivered() throws Exception {
        harness = ViewHarness.show(server, SubscriptionsView::new);

        robot.clickOn("#subscriptions-new");
        robot.clickOn("#subscription-filter-body").write("{\"amount\": {\"$gte\": 100}}");
        ViewHarness.scrollTo(robot.lookup("#filter-test-body").query());
        robot.clickOn("#filter-test-body").eraseText(60).write("{\"amount\": 150}");
        robot.clickOn("#filter-test-run");
        ViewHarness.await("the match is shown", () -> text("#filter-test-result").startsWith("Matches"));

        // Test filter keeps the focus and its answer in view (issue 25)
        assertEquals("filter-test-run", ViewHarness.onFx(() -> harness.stage().getScene().getFocusOwner().getId()),
                "the focus stays on Test filter");
        assertInView("#filter-test-result");

        robot.clickOn("#filter-test-body").eraseText(60).write("{\"amount\": 50}");
        ViewHarness.onFx(() -> {
            ((javafx.scene.control.ScrollPane) robot.lookup(".form-panel .scroll-pane").query()).setVvalue(0);
            robot.lookup("#filter-test-run").query().requestFocus();
            return null;
        });
        robot.press(javafx.scene.input.KeyCode.SPACE).release(javafx.scene.input.KeyCode.SPACE);
        ViewHarness.await("the miss is shown", () -> text("#filter-test-result").startsWith("No match"));
        ViewHarness.await("the answer is scrolled into view", () -> inView("#filter-test-result"));
        assertEquals("filter-test-run", ViewHarness.onFx(() -> harness.stage().getScene().getFocusOwner().getId()),
                "the keyboard stays on Test filter to try again");
        harness.screenshotLightAndDark("subscriptions-filter-test");
        assertEquals(0, Counts.subscriptions(server.client()), "testing saves nothing");
    }

    private void assertInView(String query) {
        ViewHarness.await(query + " is in view", () -> inView(query));
    }

    /** Whether {@code query}'s node is shown whole inside the form's scrolling viewport. */
    private boolean inView(String query) {
        javafx.scene.Node node = robot.lookup(query).query();
        javafx.scene.control.ScrollPane scroll = (javafx.scene.control.ScrollPane) robot
                .lookup(".form-panel .scroll-pane").query();
        javafx.geometry.Bounds shown = scroll.localToScene(scroll.getLayoutBounds());
        javafx.geometry.Bounds at = node.localToScene(node.getLayoutBounds());
        return at.getMinY() >= shown.getMinY() - 0.5 && at.getMaxY() <= shown.getMaxY() + 0.5;
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    @SuppressWarnings("unchecked")
    private TableView<Subscription> table() {
        return robot.lookup("#subscriptions-table").queryAs(TableView.class);
    }

    @Test
    void anEndpointMadeInsideTheFormIsPickedAndTheSubscriptionUsesIt() throws Exception {
        harness = ViewHarness.show(server, SubscriptionsView::new);

        robot.clickOn("#subscriptions-new");
        robot.clickOn("#subscription-name").write("to billing");
        robot.clickOn("#subscription-new-endpoint");
        robot.clickOn("#subscription-new-endpoint-create");
        ViewHarness.await("the missing URL is named",
                () -> robot.lookup("#subscription-new-endpoint-error").queryAs(javafx.scene.control.Label.class)
                        .getText().contains("New endpoint URL"));
        robot.clickOn("#subscription-new-endpoint-url").write("https://billing.example.com/in");
        robot.clickOn("#subscription-new-endpoint-name").write("billing");
        robot.clickOn("#subscription-new-endpoint-create");
        ViewHarness.await("the new endpoint is picked", () -> "billing".equals(robot.lookup("#subscription-endpoint")
                .queryAs(javafx.scene.control.ComboBox.class).getValue() == null ? null
                : ((Endpoint) robot.lookup("#subscription-endpoint").queryAs(javafx.scene.control.ComboBox.class)
                        .getValue()).name()));
        harness.screenshot("subscriptions-form-new-endpoint");
        robot.clickOn("#subscription-form-save");

        ViewHarness.await("saved", () -> server.client().listSubscriptions(
                dev.hookline.api.client.ListQuery.ofPerPage(10)).content().size() == 1);
        Subscription saved = server.client().listSubscriptions(dev.hookline.api.client.ListQuery.ofPerPage(10))
                .content().getFirst();
        assertEquals("billing", saved.endpointMetadata().name());
        assertEquals("https://billing.example.com/in", saved.endpointMetadata().url());
    }
}
