package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Deliveries view on screen against a real embedded server fed through a real source. */
class DeliveriesViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private DeliveriesView view;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
        traffic.ingest("{\"order\":\"A-1\",\"amount\":10.10}");
        ConsoleSession session = ConsoleSession.connected(traffic.client(), true, new SameThreadBackgroundTasks());
        stage = FxToolkit.registerPrimaryStage();
        fx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            view = new DeliveriesView(session);
            stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1260, 780));
            stage.show();
            view.onShown();
        });
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        traffic.close();
        server.close();
        receiver.close();
    }

    @SuppressWarnings("unchecked")
    private TableView<EventDelivery> table() {
        return robot.lookup("#deliveriesTable .table-view").queryAs(TableView.class);
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(30, TimeUnit.SECONDS); // the first view of a JVM parses the theme
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void awaitRows(int count) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table().getItems().size() == count);
    }

    @Test
    void theIngestedEventsDeliveryIsListedAndItsDetailShowsThePayload() throws Exception {
        awaitRows(1);
        EventDelivery row = table().getItems().get(0);
        assertEquals(traffic.endpoint().uid(), row.endpointId());

        robot.clickOn(robot.lookup("#deliveriesTable .table-row-cell").nth(0).queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(row.uid(), robot.lookup("#detailDeliveryId").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#detailEndpoint").queryAs(Label.class).getText().startsWith("orders-receiver"));
        fx(() -> robot.lookup("#detailTabs").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(1));
        String payload = robot.lookup("#eventPayload").queryAs(TextArea.class).getText();
        assertEquals("{\n  \"order\" : \"A-1\",\n  \"amount\" : 10.10\n}", payload);
        fx(() -> robot.lookup("#detailTabs").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(0));
        Screenshots.save(stage.getScene(), "deliveries");
    }

    @Test
    void twoAttemptsCompareSideBySideWithTheirDifferencesMarked() throws Exception {
        traffic.ingest("{\"order\":\"A-2\",\"amount\":10.10}");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> traffic.client().listEventDeliveries(
                dev.hookline.api.client.ListQuery.ofPerPage(5).with("status", "Success")).content().size() == 2);
        fx(() -> view.model().list().refresh());
        awaitRows(2);
        fx(() -> table().getSelectionModel().select(1));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#attemptList")
                .queryListView().getItems().isEmpty());
        assertTrue(robot.lookup("#compareAttempts").query().isDisabled(), "nothing pinned yet");
        robot.clickOn("#pinAttempt");
        fx(() -> table().getSelectionModel().select(0));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#compareAttempts").query().isDisabled());

        robot.clickOn("#compareAttempts");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#compare-summary").tryQuery().isPresent());
        assertEquals("Request body: 1 line differs",
                robot.lookup("#compare-request-body-heading").queryAs(Label.class).getText());
        assertEquals("Response body: the same",
                robot.lookup("#compare-response-body-heading").queryAs(Label.class).getText());
        javafx.scene.Scene dialog = robot.lookup("#compare-summary").query().getScene();
        Screenshots.save(dialog, "deliveries-compare");
        fx(() -> dialog.getWindow().hide());
    }

    @Test
    void liveTailShowsANewDeliveryWithoutMovingTheSelection() throws Exception {
        awaitRows(1);
        EventDelivery first = table().getItems().get(0);
        fx(() -> table().getSelectionModel().select(0));
        fx(() -> robot.lookup("#liveTail").queryAs(ToggleButton.class).setSelected(true));

        traffic.ingest("{\"order\":\"A-2\"}");

        awaitRows(2);
        assertEquals(first.uid(), table().getSelectionModel().getSelectedItem().uid(), "selection kept");
        assertEquals(first.uid(), table().getItems().get(1).uid(), "the new row went on top");
        Screenshots.save(stage.getScene(), "deliveries-live-tail");
        fx(() -> robot.lookup("#liveTail").queryAs(ToggleButton.class).setSelected(false));
    }

    @Test
    void theAttemptInspectorShowsTheRequestSentAndCopyAsCurlSendsItAgain() throws Exception {
        RecordingReceiver.Received webhook = receiver.awaitPath("/hook", 1, Duration.ofSeconds(20)).get(0);
        awaitRows(1);
        String deliveryId = table().getItems().get(0).uid();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () ->
                traffic.client().getEventDelivery(deliveryId).status() == EventDeliveryStatus.SUCCESS);
        fx(() -> view.model().list().refresh());
        fx(() -> table().getSelectionModel().select(0));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#attemptList")
                .queryListView().getItems().isEmpty());

        Screenshots.save(stage.getScene(), "deliveries-attempt-inspector");
        assertTrue(robot.lookup("#attemptStatus").queryAs(Label.class).getText().startsWith("200"),
                robot.lookup("#attemptStatus").queryAs(Label.class).getText());
        assertEquals("{\n  \"order\" : \"A-1\",\n  \"amount\" : 10.10\n}",
                robot.lookup("#requestBody").queryAs(TextArea.class).getText());
        String signatureHeader = webhook.headers().keySet().stream()
                .filter(name -> name.toLowerCase(java.util.Locale.ROOT).contains("signature")).findFirst()
                .orElseThrow(() -> new AssertionError("no signature header in " + webhook.headers().keySet()));
        String headers = robot.lookup("#requestHeaders").queryAs(TextArea.class).getText();
        assertTrue(headers.lines().anyMatch(line -> line.equalsIgnoreCase(signatureHeader + ": "
                + webhook.header(signatureHeader))), headers);
        assertTrue(robot.lookup("#responseBody").queryAs(TextArea.class).getText().contains("\"received\" : true"));

        robot.clickOn("#copyCurl");
        String curl = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString())
                .get(10, TimeUnit.SECONDS);
        Process process = new ProcessBuilder("sh", "-c", curl + " --silent --output /dev/null")
                .redirectErrorStream(true).start();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "curl finished");
        assertEquals(0, process.exitValue(), new String(process.getInputStream().readAllBytes()));

        RecordingReceiver.Received again = receiver.awaitPath("/hook", 2, Duration.ofSeconds(10)).get(1);
        assertArrayEquals(webhook.body(), again.body());
        assertEquals(webhook.header(signatureHeader), again.header(signatureHeader));
    }

    @Test
    void batchRetryShowsTheCountSendsNothingUntilConfirmedThenDeliversAgain() throws Exception {
        receiver.answerWith(500, "{\"error\":\"down\"}");
        traffic.ingest("{\"order\":\"A-3\"}");
        receiver.awaitPath("/hook", 2, Duration.ofSeconds(20));
        awaitRows(1);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> traffic.client().listEventDeliveries(
                view.model().filter().toBatchQuery(view.model().list().dateRangeProperty().get(),
                        java.time.Instant.now()).withAll("status", java.util.List.of("Failure"))).content().size() == 1);
        receiver.answerWith(200, "{\"received\":true}");
        fx(() -> view.model().list().refresh());
        awaitRows(2);

        robot.clickOn("#batchRetry");

        Label question = robot.lookup("#batchRetryBar-question").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> question.getText().startsWith("Send again the 1 "));
        assertEquals("Retry 1 delivery", robot.lookup("#batchRetryBar-confirm").queryButton().getText());
        Screenshots.save(stage.getScene(), "deliveries-batch-retry");
        assertEquals(2, receiver.received().stream().filter(r -> r.path().equals("/hook")).count(),
                "nothing sent before confirming");

        robot.clickOn("#batchRetryBar-confirm");

        receiver.awaitPath("/hook", 3, Duration.ofSeconds(20));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> question.getText().equals("1 queued for retry"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> {
            fx(() -> view.model().list().refresh());
            return table().getItems().stream().allMatch(d -> d.status() == EventDeliveryStatus.SUCCESS);
        });
    }

    @Test
    void aStatusFilterNarrowsTheListOnTheServer() throws Exception {
        awaitRows(1);
        EventDeliveryStatus shown = table().getItems().get(0).status();
        EventDeliveryStatus other = shown == EventDeliveryStatus.SUCCESS ? EventDeliveryStatus.FAILURE
                : EventDeliveryStatus.SUCCESS;

        fx(() -> view.model().statuses().setAll(other));
        awaitRows(0);
        fx(() -> view.model().statuses().setAll(shown));
        awaitRows(1);
        fx(() -> view.model().clearFilters());
        awaitRows(1);
    }
}
