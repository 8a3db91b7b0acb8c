package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.Subscription;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.shell.ConsoleViews;
import dev.hookline.app.shell.ShellView;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Events in the real shell against a real embedded server fed through a real source. */
class EventsViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private ShellView shell;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
        traffic.ingest("{\"order\":\"B-7\",\"items\":[1,2]}");
        traffic.ingest("{\"order\":\"B-8\"}");
        ConsoleSession session = ConsoleSession.connected(traffic.client(), true, new SameThreadBackgroundTasks());
        stage = FxToolkit.registerPrimaryStage();
        fx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            shell = new ShellView(new WritableImage(1, 1), session, new ConsoleViews(s -> null, s -> null), new Label());
            stage.setScene(new Scene(shell, 1260, 780));
            stage.show();
            shell.selectedProperty().set(NavigationTarget.EVENTS);
        });
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        traffic.close();
        server.close();
        receiver.close();
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private <T> TableView<T> table(String id) {
        return robot.lookup(id + " .table-view").queryAs(TableView.class);
    }

    private Event selectEvent(String order) throws Exception {
        TableView<Event> events = table("#eventsTable");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> events.getItems().size() == 2);
        Event event = events.getItems().stream().filter(e -> e.uid() != null)
                .filter(e -> traffic.client().getEvent(e.uid()).data().path("order").asText().equals(order))
                .findFirst().orElseThrow();
        fx(() -> events.getSelectionModel().select(event));
        return event;
    }

    @Test
    void twoEventsCompareSideBySide() throws Exception {
        selectEvent("B-7");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#pinEvent").query().isDisabled());
        robot.clickOn("#pinEvent");
        assertTrue(robot.lookup("#compareEvents").query().isDisabled(), "the pinned event is the one shown");
        selectEvent("B-8");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#compareEvents").query().isDisabled());

        robot.clickOn("#compareEvents");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#compare-summary").tryQuery().isPresent());
        assertTrue(robot.lookup("#compare-payload-heading").queryAs(Label.class).getText().startsWith("Payload: "),
                robot.lookup("#compare-payload-heading").queryAs(Label.class).getText());
        assertTrue(!robot.lookup("#compare-payload-heading").queryAs(Label.class).getText().endsWith("the same"));
        javafx.scene.Scene dialog = robot.lookup("#compare-summary").query().getScene();
        Screenshots.save(dialog, "events-compare");
        fx(() -> dialog.getWindow().hide());
    }

    @Test
    void theSelectedEventShowsItsPayloadAndItsDelivery() throws Exception {
        Event event = selectEvent("B-7");

        assertEquals(event.uid(), robot.lookup("#eventDetailId").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#eventDetailPayload").queryAs(TextArea.class).getText()
                .contains("\"order\" : \"B-7\""));
        assertFalse(robot.lookup("#duplicateMarker").queryAs(Label.class).isVisible());
        fx(() -> robot.lookup("#eventDetailTabs").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(2));
        TableView<EventDelivery> deliveries = robot.lookup("#eventDeliveries").queryAs(TableView.class);
        assertEquals(1, deliveries.getItems().size());
        assertEquals(event.uid(), deliveries.getItems().get(0).eventId());
        Screenshots.save(stage.getScene(), "events");
    }

    @Test
    void anEventNoSubscriptionTookSaysWhichSubscriptionIsSwitchedOff() throws Exception {
        Subscription subscription = traffic.client().listSubscriptions(ListQuery.create()).content().getFirst();
        traffic.client().toggleSubscriptionStatus(subscription.uid());
        traffic.ingest("{\"order\":\"OFF-1\"}");
        TableView<Event> events = table("#eventsTable");
        fx(() -> robot.lookup("#refreshTable").queryButton().fire());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> events.getItems().size() == 3);
        Event unmatched = events.getItems().stream().filter(e -> e.uid() != null)
                .filter(e -> traffic.client().getEvent(e.uid()).data().path("order").asText().equals("OFF-1"))
                .findFirst().orElseThrow();

        fx(() -> events.getSelectionModel().select(unmatched));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#eventDetailFailureReason")
                .queryAs(Label.class).isVisible());
        String reason = robot.lookup("#eventDetailFailureReason").queryAs(Label.class).getText();
        assertTrue(reason.contains("subscription " + subscription.name() + " (" + subscription.uid()
                + ") is inactive"), reason);
        Screenshots.save(stage.getScene(), "events-inactive-subscription");
    }

    @Test
    void aSecondWebhookWithTheSameIdempotencyKeyIsMarkedDuplicateAndGetsNoDelivery() throws Exception {
        traffic.ingest("{\"order\":\"B-7\",\"items\":[1,2]}");
        TableView<Event> events = table("#eventsTable");
        fx(() -> robot.lookup("#refreshTable").queryButton().fire());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> events.getItems().size() == 3);
        Event duplicate = events.getItems().stream().filter(e -> Boolean.TRUE.equals(e.isDuplicateEvent()))
                .findFirst().orElseThrow();

        fx(() -> events.getSelectionModel().select(duplicate));

        assertTrue(robot.lookup("#duplicateMarker").queryAs(Label.class).isVisible());
        fx(() -> robot.lookup("#eventDetailTabs").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(2));
        TableView<EventDelivery> deliveries = robot.lookup("#eventDeliveries").queryAs(TableView.class);
        assertEquals(0, deliveries.getItems().size());
        Screenshots.save(stage.getScene(), "events-duplicate");
    }

    @Test
    void replayGivesTheEventANewDelivery() throws Exception {
        Event event = selectEvent("B-7");
        fx(() -> robot.lookup("#eventDetailTabs").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(2));
        TableView<EventDelivery> deliveries = robot.lookup("#eventDeliveries").queryAs(TableView.class);
        assertEquals(1, deliveries.getItems().size());

        robot.clickOn("#replayEvent");
        Label question = robot.lookup("#replayConfirm #confirm-question").queryAs(Label.class);
        assertTrue(question.isVisible(), "replay asks first");
        assertEquals("Replay this event? It is matched again and sent to every endpoint subscribed to it "
                + "(1 endpoint).", question.getText());
        Screenshots.save(stage.getScene(), "events-replay-question");
        robot.clickOn("#replayConfirm #confirm-no");
        Thread.sleep(300);
        assertEquals(1, deliveries.getItems().size(), "nothing replayed without a yes");

        robot.clickOn("#replayEvent");
        robot.clickOn("#replayConfirm #confirm-yes");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> deliveries.getItems().size() == 2);
        assertTrue(deliveries.getItems().stream().allMatch(d -> d.eventId().equals(event.uid())));
        assertEquals("Event replayed", robot.lookup("#eventDetailMessage").queryAs(Label.class).getText());
    }

    @Test
    void batchReplayCountsTheEventsThenReplaysThemOnConfirmation() throws Exception {
        selectEvent("B-7");
        int before = receiver.awaitPath("/hook", 2, java.time.Duration.ofSeconds(20)).size();

        robot.clickOn("#batchReplay");

        Label question = robot.lookup("#batchReplayBar-question").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> question.getText().startsWith("Replay the 2 events"));
        Screenshots.save(stage.getScene(), "events-batch-replay");
        assertEquals(before, receiver.received().stream().filter(r -> r.path().equals("/hook")).count(),
                "nothing replayed before confirming");

        robot.clickOn("#batchReplayBar-confirm");

        receiver.awaitPath("/hook", before + 2, java.time.Duration.ofSeconds(20));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "2 events replayed".equals(question.getText()));
    }

    @Test
    void showDeliveriesOpensDeliveriesFilteredByTheEvent() throws Exception {
        Event event = selectEvent("B-8");

        robot.clickOn("#showEventDeliveries");

        assertEquals(NavigationTarget.DELIVERIES, shell.selectedProperty().get());
        TableView<EventDelivery> deliveries = table("#deliveriesTable");
        ViewHarness.await("the event's delivery is listed", () -> deliveries.getItems().size() == 1
                && deliveries.getItems().get(0).eventId().equals(event.uid()));
        assertEquals(event.uid(), robot.lookup("#eventIdFilter").queryAs(javafx.scene.control.TextField.class)
                .getText());
        Screenshots.save(stage.getScene(), "events-show-deliveries");
    }
}
