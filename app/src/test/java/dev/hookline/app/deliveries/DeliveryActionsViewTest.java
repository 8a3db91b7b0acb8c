package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.Copied;
import dev.hookline.app.table.TableExporter;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.TrafficSeeds;
import dev.hookline.app.testing.ViewHarness;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Following actions through in the deliveries view, against a real embedded server fed through a real source and a
 * real receiver: retry and force resend keep the delivery on screen until it settles, disabled actions say why,
 * copy buttons confirm, a batch retry says how many and shows them, replay asks first, export writes every row.
 */
class DeliveryActionsViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private ViewHarness harness;
    private DeliveriesView view;

    @BeforeEach
    void seed() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
    }

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
        traffic.close();
        server.close();
        receiver.close();
    }

    @Test
    void aRetriedDeliveryStaysSelectedAndFollowsUntilItSettlesThoughTheFilterNoLongerMatchesIt() throws Exception {
        failTwo();
        receiver.answerWith(200, "{\"received\":true}");
        show();
        fx(() -> view.model().statuses().setAll(EventDeliveryStatus.FAILURE));
        awaitRows(2);
        EventDelivery failed = table().getItems().get(0);
        select(failed);

        assertFalse(button("#retryDelivery").isDisabled(), "a failed delivery may be retried");
        assertTrue(button("#forceResendDelivery").isDisabled());
        assertEquals("Only a delivered (Success) delivery can be force resent: Retry sends this one again.",
                whyDisabled("#forceResendDelivery"), "the disabled button says why, on hover");
        harness.screenshot("deliveries-action-why-disabled");
        darkScreenshot("deliveries-action-why-disabled-dark");

        robot.clickOn("#retryDelivery");
        awaitDetailMessage("Scheduled for retry: now Success.");
        ViewHarness.await("the list is reloaded and keeps the row", () -> view.model().list().lastQuery() != null
                && failed.uid().equals(view.model().list().pinnedOutsideProperty().get()));
        EventDelivery shown = table().getItems().stream().filter(d -> d.uid().equals(failed.uid())).findFirst()
                .orElseThrow(() -> new AssertionError("the retried delivery left the table"));
        assertEquals(EventDeliveryStatus.SUCCESS, shown.status(), "its row shows the new status");
        assertEquals(failed.uid(), table().getSelectionModel().getSelectedItem().uid(), "still selected");
        assertEquals(2, table().getItems().size(), "the other failure and the retried one");
        ViewHarness.await("the row is marked as not matching the filter", () -> rowOf(failed.uid())
                .getPseudoClassStates().contains(PseudoClass.getPseudoClass("outside-filter")));
        assertTrue(rowOf(failed.uid()).getTooltip().getText().startsWith("No longer matches the filters"));
        ViewHarness.await("the count says one row is kept apart", () -> label("#rowCount").getText().equals(
                "1 matching · 1 more kept on screen that no longer matches the filters"));
        assertEquals("Already delivered: only a failed or discarded delivery can be retried. Force resend sends "
                + "it again.", whyDisabled("#retryDelivery"));
        harness.screenshot("deliveries-retried-outside-filter");
        darkScreenshot("deliveries-retried-outside-filter-dark");

        // a delivered one is force resent: the receiver gets it again and the detail follows it to Success
        int before = receiver.received().size();
        robot.clickOn("#forceResendDelivery");
        receiver.awaitCount(before + 1, Duration.ofSeconds(20));
        awaitDetailMessage("Sent again to this endpoint: now Success.");

        // selecting another row lets the kept one go
        EventDelivery other = table().getItems().stream().filter(d -> !d.uid().equals(failed.uid())).findFirst()
                .orElseThrow();
        select(other);
        ViewHarness.await("the row that no longer matches is gone", () -> table().getItems().size() == 1);
        assertNull(view.model().list().pinnedOutsideProperty().get());
    }

    @Test
    void copyButtonsSayCopiedForAMoment() throws Exception {
        traffic.ingest("{\"order\":\"copy-1\"}");
        awaitStatus(EventDeliveryStatus.SUCCESS, 1);
        show();
        awaitRows(1);
        EventDelivery delivery = table().getItems().get(0);
        select(delivery);
        ViewHarness.await("the attempt is inspected", () -> !button("#copyCurl").isDisabled());

        robot.clickOn("#copyCurl");
        assertEquals("Copied", button("#copyCurl").getText());
        assertTrue(ViewHarness.onFx(() -> Clipboard.getSystemClipboard().getString()).startsWith("curl "));
        harness.screenshot("deliveries-copied-curl");
        darkScreenshot("deliveries-copied-curl-dark");
        ViewHarness.await("the button reads as before after a moment", () -> "Copy as cURL".equals(
                button("#copyCurl").getText()));

        robot.clickOn("#detailDeliveryId-copy");
        assertTrue(Copied.isShown(button("#detailDeliveryId-copy")));
        assertEquals("Copied", button("#detailDeliveryId-copy").getText());
        assertEquals(delivery.uid(), ViewHarness.onFx(() -> Clipboard.getSystemClipboard().getString()));
        harness.screenshot("deliveries-copied-id");
        ViewHarness.await("the ID's copy icon is back", () -> !Copied.isShown(button("#detailDeliveryId-copy"))
                && button("#detailDeliveryId-copy").getText() == null);
    }

    @Test
    void aBatchRetrySaysHowManyWereQueuedAndShowsExactlyThose() throws Exception {
        failTwo();
        receiver.answerWith(200, "{\"received\":true}");
        traffic.ingest("{\"order\":\"good-1\"}");
        awaitStatus(EventDeliveryStatus.SUCCESS, 1);
        show();
        awaitRows(3);
        java.util.Set<String> failedIds = new java.util.HashSet<>(ViewHarness.onFx(() -> table().getItems().stream()
                .filter(d -> d.status() == EventDeliveryStatus.FAILURE).map(EventDelivery::uid).toList()));
        assertEquals(2, failedIds.size());
        fx(() -> view.model().statuses().setAll(EventDeliveryStatus.FAILURE));
        awaitRows(2);
        // the batch covers the endpoint's failures: with no status filter, the delivered one matches the filters too
        fx(() -> view.model().statuses().clear());
        awaitRows(3);

        robot.clickOn("#batchRetry");
        ViewHarness.await("the count is asked", () -> robot.lookup("#batchRetryBar-confirm").queryButton()
                .isVisible());
        robot.clickOn("#batchRetryBar-confirm");
        ViewHarness.await("the result is said", () -> "2 queued for retry".equals(
                label("#batchRetryBar-question").getText()));
        Button showThem = button("#batchRetryBar-followUp");
        assertTrue(showThem.isVisible());
        assertEquals("Show them", showThem.getText());
        awaitStatus(EventDeliveryStatus.SUCCESS, 3); // the two retried and the one delivered before
        harness.screenshot("deliveries-batch-retry-result");
        darkScreenshot("deliveries-batch-retry-result-dark");

        robot.clickOn("#batchRetryBar-followUp");
        ViewHarness.await("the table lists exactly the retried deliveries, in their new state", () -> table()
                .getItems().size() == 2 && table().getItems().stream().allMatch(d -> d.status()
                == EventDeliveryStatus.SUCCESS && failedIds.contains(d.uid())));
        assertEquals("2 deliveries sent again by the batch retry (any filter change lists the rest)",
                label("#rowCount").getText());
        assertTrue(view.model().statuses().isEmpty(), "the Failure filter that hid them is off");
        assertFalse(robot.lookup("#batchRetryBar").query().isVisible(), "the result is dismissed");
        harness.screenshot("deliveries-batch-retry-shown");
    }

    @Test
    void replayAsksFirstAndSendAgainGoesToThisEndpointOnly() throws Exception {
        traffic.ingest("{\"order\":\"replay-1\"}");
        awaitStatus(EventDeliveryStatus.SUCCESS, 1);
        receiver.awaitPath("/hook", 1, Duration.ofSeconds(20));
        show();
        awaitRows(1);
        select(table().getItems().get(0));

        robot.clickOn("#replayFromDelivery");
        Label question = robot.lookup("#deliveriesConfirm #confirm-question").queryAs(Label.class);
        assertTrue(question.isVisible());
        assertTrue(question.getText().startsWith("Replay this event? It is matched again and sent to every endpoint "
                + "subscribed to it (1 endpoint), not only this one."), question.getText());
        harness.screenshot("deliveries-replay-question");
        darkScreenshot("deliveries-replay-question-dark");
        robot.clickOn("#deliveriesConfirm #confirm-no");
        Thread.sleep(500);
        assertEquals(1, count(), "nothing is replayed without a yes");

        robot.clickOn("#replayFromDelivery");
        robot.clickOn("#deliveriesConfirm #confirm-yes");
        ViewHarness.await("the replay made a new delivery", () -> count() == 2);
        receiver.awaitPath("/hook", 2, Duration.ofSeconds(20));

        robot.clickOn("#sendAgainToEndpoint");
        List<RecordingReceiver.Received> hooks = receiver.awaitPath("/hook", 3, Duration.ofSeconds(20));
        assertEquals(3, hooks.size());
        awaitDetailMessage("Sent again to this endpoint: now Success.");
        assertEquals(2, count(), "sent again, not a new delivery");
        harness.screenshot("deliveries-sent-again-to-endpoint");
    }

    @Test
    void exportWritesEveryMatchingRowAsDataNotOnlyThePageOnScreen() throws Exception {
        for (int i = 1; i <= 120; i++) {
            traffic.ingest("{\"order\":\"export-" + i + "\"}");
        }
        awaitStatus(EventDeliveryStatus.SUCCESS, 120);
        show();
        awaitRows(DeliveriesViewModel.PAGE_SIZE);
        ViewHarness.await("the totals know how many", () -> view.model().counts().matching() == 120);
        Path csv = dataDirectory.resolve("deliveries.csv");
        TableExporter<EventDelivery> exporter = ViewHarness.onFx(() -> robot.lookup("#deliveriesTable")
                .queryAs(dev.hookline.app.table.PagedTableView.class).exporter());

        fx(() -> exporter.start(csv, TableExporter.Format.CSV));
        ViewHarness.await("the export is done", () -> !exporter.runningProperty().get());
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals(121, lines.size(), "a header and all 120 rows, over two pages of the API");
        List<String> header = List.of(lines.get(0).split(","));
        List<String> first = List.of(lines.get(1).split(",", -1));
        assertEquals("1", first.get(header.indexOf("attempts")), "attempts as a number");
        assertTrue(first.get(header.indexOf("latency_ms")).matches("\\d+"), "latency in ms as a number: "
                + first.get(header.indexOf("latency_ms")));
        assertEquals("Success", first.get(header.indexOf("status")));
        assertEquals("Exported 120 rows to " + csv, label("#tableMessage").getText());
        harness.screenshot("deliveries-exported");
        darkScreenshot("deliveries-exported-dark");

        Path json = dataDirectory.resolve("deliveries.json");
        fx(() -> exporter.start(json, TableExporter.Format.JSON));
        ViewHarness.await("the JSON export is done", () -> !exporter.runningProperty().get());
        assertEquals(120, dev.hookline.api.Json.lenient().readTree(json.toFile()).size());

        Path cancelled = dataDirectory.resolve("cancelled.csv");
        javafx.scene.image.WritableImage[] running = new javafx.scene.image.WritableImage[1];
        fx(() -> {
            // Cancel at once: the two pages take a few ms, a scene snapshot longer. The export shows as running
            // until its outcome reaches this (FX) thread, so the snapshot after the cancel still shows it running.
            exporter.start(cancelled, TableExporter.Format.CSV);
            exporter.cancel();
            assertTrue(robot.lookup("#exportProgress").query().isVisible(), "progress while it runs");
            assertTrue(robot.lookup("#exportCancel").query().isVisible(), "and Cancel");
            running[0] = harness.stage().getScene().snapshot(null);
        });
        dev.hookline.app.testing.Screenshots.save(running[0], "deliveries-exporting");
        ViewHarness.await("the cancelled export stops", () -> !exporter.runningProperty().get());
        assertEquals("Export cancelled; nothing was written.", label("#tableMessage").getText());
        assertFalse(Files.exists(cancelled), "no half-written file");
    }

    // -------------------------------------------------------------------------------------------------- kit

    /** Two deliveries that failed for good (one try each): the receiver answers 500. */
    private void failTwo() throws Exception {
        receiver.answerWith(500, "{\"error\":\"down\"}");
        traffic.ingest("{\"order\":\"bad-1\"}");
        traffic.ingest("{\"order\":\"bad-2\"}");
        awaitStatus(EventDeliveryStatus.FAILURE, 2);
    }

    private void show() throws Exception {
        harness = ViewHarness.show(server, session -> {
            view = new DeliveriesView(ConsoleSession.connected(traffic.client(), true, session.tasks()));
            return view;
        });
    }

    private long count() {
        return traffic.client().listEventDeliveries(ListQuery.ofPerPage(50)).content().size();
    }

    private void awaitStatus(EventDeliveryStatus status, int count) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> {
            long n = 0;
            ListQuery query = ListQuery.ofPerPage(100).with("status", status.wire());
            var page = traffic.client().listEventDeliveries(query);
            n += page.content().size();
            while (page.pagination() != null && page.pagination().hasNextPage()) {
                page = traffic.client().listEventDeliveries(query.direction(ListQuery.Direction.NEXT)
                        .nextPageCursor(page.pagination().nextPageCursor()));
                n += page.content().size();
            }
            return n == count;
        });
    }

    private void select(EventDelivery delivery) throws Exception {
        fx(() -> table().getSelectionModel().select(table().getItems().stream()
                .filter(d -> d.uid().equals(delivery.uid())).findFirst().orElseThrow()));
        ViewHarness.await("the detail shows " + delivery.uid(), () -> delivery.uid().equals(
                label("#detailDeliveryId").getText()));
    }

    @SuppressWarnings("unchecked")
    private TableView<EventDelivery> table() {
        return robot.lookup("#deliveriesTable .table-view").queryAs(TableView.class);
    }

    @SuppressWarnings("unchecked")
    private TableRow<EventDelivery> rowOf(String id) {
        return robot.lookup(".table-row-cell").queryAllAs(TableRow.class).stream()
                .filter(row -> row.isVisible() && !row.isEmpty() && row.getItem() instanceof EventDelivery d
                        && d.uid().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no row on screen shows " + id));
    }

    private void awaitRows(int count) {
        ViewHarness.await(count + " rows", () -> table().getItems().size() == count);
    }

    private void awaitDetailMessage(String text) {
        try {
            ViewHarness.await("the detail says " + text, () -> label("#detailMessage").getText().equals(text));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; it says: " + label("#detailMessage").getText(), e);
        }
    }

    private Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }

    private Button button(String query) {
        return robot.lookup(query).queryButton();
    }

    /** The tooltip the wrapper of a disabled button shows (JavaFX shows none on the disabled button itself). */
    private String whyDisabled(String buttonQuery) throws Exception {
        Node wrapper = robot.lookup(buttonQuery + "-why").query();
        return ViewHarness.onFx(() -> {
            Object tooltip = wrapper.getProperties().get("javafx.scene.control.Tooltip");
            assertNotNull(tooltip, "no tooltip on " + buttonQuery);
            return ((Tooltip) tooltip).getText();
        });
    }

    /** The same state in the dark theme, then back to light. */
    private void darkScreenshot(String name) throws Exception {
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot(name);
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
