package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "How many" and "why" above and in the deliveries table, against a real embedded server fed through a real source
 * and a real receiver: 3 delivered, 2 failed at the retry limit (the receiver answers 500), 1 discarded because the
 * endpoint was paused.
 */
class DeliveryCountsViewTest {

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
        for (int i = 1; i <= 3; i++) {
            traffic.ingest("{\"order\":\"ok-" + i + "\"}");
        }
        awaitStatus(EventDeliveryStatus.SUCCESS, 3);
        receiver.answerWith(500, "{\"error\":\"down\"}");
        for (int i = 1; i <= 2; i++) {
            traffic.ingest("{\"order\":\"bad-" + i + "\"}");
        }
        awaitStatus(EventDeliveryStatus.FAILURE, 2);
        traffic.client().pauseEndpoint(traffic.endpoint().uid());
        traffic.ingest("{\"order\":\"while-paused\"}");
        awaitStatus(EventDeliveryStatus.DISCARDED, 1);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        traffic.close();
        server.close();
        receiver.close();
    }

    @Test
    void theTotalsAndTheChartCountWhatIsListedAndATotalFiltersByItsStatus() throws Exception {
        show(traffic.client(), true);
        awaitText("#totalSuccess", "3");
        assertEquals("2", totalNumber(EventDeliveryStatus.FAILURE));
        assertEquals("1", totalNumber(EventDeliveryStatus.DISCARDED));
        assertEquals("0", totalNumber(EventDeliveryStatus.RETRY));
        awaitRows(6);
        assertEquals("6 matching", label("#rowCount").getText(), "not the page's row count");
        StackedBarChart<String, Number> chart = robot.lookup("#deliveriesChart").queryAs(StackedBarChart.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> chart.getData().size() == 2);
        assertEquals(3, sum(chart.getData().get(0)), "successes over the last 24 hours, per hour");
        assertEquals(2, sum(chart.getData().get(1)), "failures");
        assertEquals("", label("#countsMessage").getText());
        Screenshots.save(stage.getScene(), "deliveries-totals");

        robot.clickOn("#totalFailure");
        awaitRows(2);
        assertEquals(List.of(EventDeliveryStatus.FAILURE), view.model().statuses());
        assertTrue(robot.lookup("#totalFailure").queryAs(ToggleButton.class).isSelected());
        assertEquals("3", totalNumber(EventDeliveryStatus.SUCCESS), "the other totals stay, to click next");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "2 matching".equals(label("#rowCount").getText()));
        ViewHarness.await("the chart shows the filtered totals", () -> chart.getData().size() == 2
                && sum(chart.getData().get(0)) == 0 && sum(chart.getData().get(1)) == 2);
        Screenshots.save(stage.getScene(), "deliveries-totals-filtered");

        robot.clickOn("#totalFailure");
        awaitRows(6);
        assertTrue(view.model().statuses().isEmpty(), "clicking the selected total again clears the filter");
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        Screenshots.save(stage.getScene(), "deliveries-totals-dark");
    }

    private static final String PAUSED_REASON = "Discarded: the endpoint was paused when the event arrived";
    /** One try per delivery in these seeds; the receiver answers 500 (its reason phrase follows). */
    private static final String FAILED_REASON = "Failed after 1 attempt: the endpoint answered 500";

    @Test
    void aDiscardedOrFailedDeliverySaysWhyInTheTableAndTheDetail() throws Exception {
        show(traffic.client(), true);
        awaitRows(6);
        EventDelivery discarded = table().getItems().stream()
                .filter(d -> d.status() == EventDeliveryStatus.DISCARDED).findFirst().orElseThrow();
        // the server's own reasons (ADR 0008), as it words them
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> statusTooltips().contains(PAUSED_REASON));
        assertTrue(statusTooltips().stream().anyMatch(t -> t.startsWith(FAILED_REASON)),
                statusTooltips().toString());

        fx(() -> table().getSelectionModel().select(discarded));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> discarded.uid().equals(
                label("#detailDeliveryId").getText()));
        assertEquals(PAUSED_REASON, label("#detailWhy").getText());
        assertEquals("Not attempted. " + PAUSED_REASON + ".", label("#attemptEmpty").getText(),
                "not \"Not attempted yet.\": it never will be");
        Screenshots.save(stage.getScene(), "deliveries-why-discarded");

        EventDelivery failed = table().getItems().stream()
                .filter(d -> d.status() == EventDeliveryStatus.FAILURE).findFirst().orElseThrow();
        fx(() -> table().getSelectionModel().select(failed));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> label("#detailWhy").getText()
                .startsWith(FAILED_REASON));
        Screenshots.save(stage.getScene(), "deliveries-why-failure");
    }

    @Test
    void filtersThatMatchNothingSaySoAndCountZero() throws Exception {
        show(traffic.client(), true);
        awaitRows(6);
        robot.clickOn("#eventTypeFilter").write("no.such.type").type(KeyCode.ENTER);
        awaitRows(0);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "0 matching".equals(label("#rowCount").getText()));
        assertTrue(robot.lookup("No deliveries match these filters").tryQuery().isPresent(),
                "the empty table blames the filters, not the time window");
        assertEquals("0", totalNumber(EventDeliveryStatus.SUCCESS));
        Screenshots.save(stage.getScene(), "deliveries-no-match");
    }

    @Test
    void aServerWithoutTotalsSaysSoAndTheListStillWorks() throws Exception {
        // a remote Convoy: the list is there, statustotals and timeseries are not (404)
        try (FakeConvoy convoy = FakeConvoy.start()) {
            String page = "{\"content\":[" + Json.delivery(traffic.client().listEventDeliveries(
                    ListQuery.ofPerPage(1)).content().get(0)) + "],\"pagination\":{\"per_page\":50,"
                    + "\"has_next_page\":false,\"has_prev_page\":false,\"prev_page_cursor\":\"\","
                    + "\"next_page_cursor\":\"\"}}";
            convoy.answer("GET", "eventdeliveries", 200, page).answer("GET", "endpoints", 200,
                    FakeConvoy.emptyPage());
            show(convoy.client(), false);
            awaitRows(1);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "Totals are unavailable on this server.".equals(
                    label("#countsMessage").getText()));
            assertEquals("1 row", label("#rowCount").getText(), "without totals the count is the rows shown");
            assertTrue(!robot.lookup("#statusTotals").query().isVisible(), "no totals to click");
            assertTrue(!robot.lookup("#deliveriesChart").query().isVisible(), "no chart");
            assertEquals(1, convoy.requests("GET", "eventdeliveries/statustotals").size());
            Screenshots.save(stage.getScene(), "deliveries-totals-unavailable");
        }
    }

    // -------------------------------------------------------------------------------------------------- kit

    private void show(dev.hookline.api.client.ApiClient client, boolean embedded) throws Exception {
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

    private Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }

    private void awaitText(String totalButton, String number) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> number.equals(totalNumber(
                EventDeliveryStatus.fromWire(totalButton.substring("#total".length())))));
    }

    private String totalNumber(EventDeliveryStatus status) {
        return robot.lookup("#total" + status.wire() + " .total-number").queryAs(Label.class).getText();
    }

    private List<String> statusTooltips() {
        return robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .filter(cell -> cell.getTooltip() != null && cell.getGraphic() instanceof dev.hookline.app.table
                        .StatusPill)
                .map(cell -> cell.getTooltip().getText()).toList();
    }

    private static long sum(XYChart.Series<String, Number> series) {
        return series.getData().stream().mapToLong(d -> d.getYValue().longValue()).sum();
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** A delivery as the wire has it, for the stand-in Convoy's page. */
    private static final class Json {
        static String delivery(EventDelivery delivery) throws Exception {
            return dev.hookline.api.Json.lenient().writeValueAsString(delivery);
        }
    }
}
