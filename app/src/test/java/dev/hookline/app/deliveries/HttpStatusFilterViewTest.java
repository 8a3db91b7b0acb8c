package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Deliveries view's HTTP status filter against a real embedded server fed through a real source and a real
 * receiver: 2 delivered (200), 2 failed on 503 and 1 failed on 404 at the retry limit. Choosing 5xx lists those two,
 * and the totals follow; Clear and the saved views treat it like the other filters; against a Convoy (no such
 * filter) the box is disabled and says why, and the list is not filtered behind the user's back.
 */
class HttpStatusFilterViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private DeliveriesView view;
    private Stage stage;

    @BeforeEach
    void seed() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
        for (int i = 1; i <= 2; i++) {
            traffic.ingest("{\"order\":\"ok-" + i + "\"}");
        }
        awaitStatus(EventDeliveryStatus.SUCCESS, 2);
        receiver.answerWith(503, "{\"error\":\"down\"}");
        for (int i = 1; i <= 2; i++) {
            traffic.ingest("{\"order\":\"down-" + i + "\"}");
        }
        awaitStatus(EventDeliveryStatus.FAILURE, 2);
        receiver.answerWith(404, "{\"error\":\"gone\"}");
        traffic.ingest("{\"order\":\"gone\"}");
        awaitStatus(EventDeliveryStatus.FAILURE, 3);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        traffic.close();
        server.close();
        receiver.close();
    }

    @Test
    void choosing5xxListsOnlyThoseDeliveriesAndTheTotalsFollow() throws Exception {
        show(traffic.client(), true);
        awaitRows(5);
        awaitTotal(EventDeliveryStatus.FAILURE, "3");
        assertFalse(box().isDisabled(), "the embedded server has the filter");
        assertFalse(robot.lookup("#httpStatusNote").query().isVisible(), "nothing to explain");

        fx(() -> box().getCheckModel().check(HttpStatusClass.SERVER_ERROR));

        awaitRows(2);
        List<String> down = traffic.client().listEventDeliveries(ListQuery.ofPerPage(50)
                .httpStatus(List.of(HttpStatusClass.SERVER_ERROR))).content().stream().map(EventDelivery::uid).toList();
        assertEquals(2, down.size());
        assertEquals(down.stream().sorted().toList(), table().getItems().stream().map(EventDelivery::uid).sorted()
                .toList(), "exactly the deliveries whose last attempt got a 5xx");
        awaitTotal(EventDeliveryStatus.FAILURE, "2");
        assertEquals("0", totalNumber(EventDeliveryStatus.SUCCESS), "the totals count what the list shows");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "2 matching".equals(label("#rowCount").getText()));
        Screenshots.save(stage.getScene(), "deliveries-http-status-5xx");
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        Screenshots.save(stage.getScene(), "deliveries-http-status-5xx-dark");
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));

        fx(() -> box().getCheckModel().check(HttpStatusClass.CLIENT_ERROR));
        awaitRows(3);
        awaitTotal(EventDeliveryStatus.FAILURE, "3");

        fx(() -> view.model().remembered().save("errors"));
        robot.clickOn("#clearFilters");
        awaitRows(5);
        assertTrue(view.model().httpStatuses().isEmpty(), "Clear clears it too");
        assertTrue(box().getCheckModel().getCheckedItems().isEmpty());

        fx(() -> view.model().remembered().apply("errors"));
        awaitRows(3);
        assertEquals(java.util.Set.of(HttpStatusClass.SERVER_ERROR, HttpStatusClass.CLIENT_ERROR),
                java.util.Set.copyOf(box().getCheckModel().getCheckedItems()), "a saved view brings it back");
        assertEquals(java.util.Set.of("5xx", "4xx"), java.util.Set.copyOf(view.model().snapshot()
                .get(ListQuery.HTTP_STATUS)), "remembered in views.json under the list's own query name");
    }

    @Test
    void aDeliveryIdIsShownOnlyWhenItsLastAttemptHasTheChosenClass() throws Exception {
        show(traffic.client(), true);
        awaitRows(5);
        EventDelivery delivered = table().getItems().stream().filter(d -> d.status() == EventDeliveryStatus.SUCCESS)
                .findFirst().orElseThrow();
        fx(() -> view.model().applyFilter(Map.of("deliveryId", delivered.uid(), ListQuery.HTTP_STATUS, "5xx")));
        awaitRows(0);
        fx(() -> view.model().applyFilter(Map.of("deliveryId", delivered.uid(), ListQuery.HTTP_STATUS, "2xx")));
        awaitRows(1);
    }

    @Test
    void againstAConvoyTheBoxIsDisabledSaysWhyAndNothingIsFilteredSilently() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start()) {
            String page = "{\"content\":[" + dev.hookline.api.Json.lenient().writeValueAsString(traffic.client()
                    .listEventDeliveries(ListQuery.ofPerPage(1)).content().get(0)) + "],\"pagination\":{"
                    + "\"per_page\":50,\"has_next_page\":false,\"has_prev_page\":false,\"prev_page_cursor\":\"\","
                    + "\"next_page_cursor\":\"\"}}";
            convoy.answer("GET", "eventdeliveries", 200, page).answer("GET", "endpoints", 200,
                    FakeConvoy.emptyPage());
            show(convoy.client(), false);
            awaitRows(1);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> box().isDisabled()
                    && robot.lookup("#httpStatusNote").query().isVisible());
            Label note = robot.lookup("#httpStatusNote").queryAs(Label.class);
            assertEquals(DeliveriesViewModel.HTTP_STATUS_UNSUPPORTED, note.getTooltip().getText());

            // a remembered choice (e.g. from a saved view) is not sent: the Convoy would ignore it
            fx(() -> view.model().applyFilter(Map.of(ListQuery.HTTP_STATUS, "5xx")));
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(view.model().filter().httpStatuses().isEmpty());
            assertTrue(box().getCheckModel().getCheckedItems().isEmpty(), "nor shown as if applied");
            assertTrue(convoy.requests("GET", "eventdeliveries").stream()
                    .filter(r -> !r.params(ListQuery.HTTP_STATUS).contains("probe"))
                    .allMatch(r -> r.params(ListQuery.HTTP_STATUS).isEmpty()), "never sent to the Convoy");
            Screenshots.save(stage.getScene(), "deliveries-http-status-unavailable");
            fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
            Screenshots.save(stage.getScene(), "deliveries-http-status-unavailable-dark");
        }
    }

    // -------------------------------------------------------------------------------------------------- kit

    private void show(ApiClient client, boolean embedded) throws Exception {
        ConsoleSession session = ConsoleSession.connected(client, embedded, new SameThreadBackgroundTasks());
        stage = FxToolkit.registerPrimaryStage();
        fx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            view = new DeliveriesView(session);
            stage.setScene(new Scene((Parent) view.node(), 1260, 780));
            stage.show();
            view.onShown();
        });
    }

    @SuppressWarnings("unchecked")
    private CheckComboBox<HttpStatusClass> box() {
        return robot.lookup("#httpStatusFilter").queryAs(CheckComboBox.class);
    }

    private void awaitStatus(EventDeliveryStatus status, int count) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> traffic.client().listEventDeliveries(
                ListQuery.ofPerPage(50).with("status", status.wire())).content().size() == count);
    }

    @SuppressWarnings("unchecked")
    private TableView<EventDelivery> table() {
        return robot.lookup("#deliveriesTable .table-view").queryAs(TableView.class);
    }

    private void awaitRows(int count) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table().getItems().size() == count);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void awaitTotal(EventDeliveryStatus status, String number) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> number.equals(totalNumber(status)));
    }

    private Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }

    private String totalNumber(EventDeliveryStatus status) {
        return robot.lookup("#total" + status.wire() + " .total-number").queryAs(Label.class).getText();
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(30, TimeUnit.SECONDS); // the first view of a JVM parses the theme
        WaitForAsyncUtils.waitForFxEvents();
    }
}
