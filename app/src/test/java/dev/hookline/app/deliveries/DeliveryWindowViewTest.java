package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Modality;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Room to investigate (issue 25): a delivery opens in its own window, from a button or Ctrl+Shift+O, showing the same
 * detail with room for its attempts on a 1280x800 screen; the list stays usable; Escape and Ctrl+W close it.
 */
class DeliveryWindowViewTest {

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
        receiver = RecordingReceiver.start(500, "{\"error\":\"down\"}");
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
    void aDeliveryOpensInItsOwnWindowWithRoomForItsAttemptsAndClosesWithEscapeOrCtrlW() throws Exception {
        traffic.ingest("{\"order\":\"bad-1\"}");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> traffic.client().listEventDeliveries(
                ListQuery.ofPerPage(10).with("status", EventDeliveryStatus.FAILURE.wire())).content().size() == 1);
        harness = ViewHarness.show(server, session -> {
            view = new DeliveriesView(ConsoleSession.connected(traffic.client(), true, session.tasks()));
            return view;
        });
        ViewHarness.await("the failed delivery is listed", () -> table().getItems().size() == 1);
        assertTrue(robot.lookup("#openInWindow").query().isDisabled(), "nothing to open before a row is picked");
        EventDelivery failed = table().getItems().get(0);
        ViewHarness.onFx(() -> {
            table().getSelectionModel().select(0);
            return null;
        });
        ViewHarness.await("the button is on", () -> !robot.lookup("#openInWindow").query().isDisabled());

        robot.clickOn("#openInWindow");
        Stage window = awaitDeliveryWindow();
        ViewHarness.await("the window shows the delivery and its attempts", () -> failed.uid().equals(
                text(window, "#detailDeliveryId")) && !attempts(window).getItems().isEmpty());
        assertEquals(Modality.NONE, window.getModality(), "the list behind stays usable");
        assertTrue(window.getOwner() == harness.stage(), "it belongs to the console's window");
        assertTrue(window.getTitle().contains(failed.uid()), window.getTitle());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        assertTrue(window.getWidth() <= screen.getWidth() && window.getHeight() <= screen.getHeight(),
                "it fits the " + screen.getWidth() + "x" + screen.getHeight() + " screen: " + window.getWidth() + "x"
                        + window.getHeight());
        assertTrue(window.getWidth() >= 1000 && window.getHeight() >= 700, "sized for reading: "
                + window.getWidth() + "x" + window.getHeight());
        ScrollPane inspector = (ScrollPane) window.getScene().getRoot().lookup("#inspectorScroll");
        assertTrue(inspector.getHeight() >= 300, "the attempt inspector gets room (was about 90 px): "
                + inspector.getHeight());
        Label lastResponse = (Label) window.getScene().getRoot().lookup("#detailLastResponse");
        assertFalse(lastResponse.getText().isEmpty());
        for (String fact : List.of("#detailDeliveryId", "#detailEventId", "#detailLastResponse")) {
            Label value = (Label) window.getScene().getRoot().lookup(fact);
            String shown = ViewHarness.onFx(() -> ((javafx.scene.text.Text) value.lookup(".text")).getText());
            assertEquals(value.getText(), shown, fact + " is shown whole in the delivery's own window");
        }
        DeliveryAttempt attempt = attempts(window).getItems().get(0);
        assertEquals(attempt, attempts(window).getSelectionModel().getSelectedItem(), "the attempt is inspected");
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(window.getScene(), "delivery-window");

        // the list behind still answers
        assertEquals(failed.uid(), table().getSelectionModel().getSelectedItem().uid());

        robot.targetWindow(window).press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        ViewHarness.await("Escape closes the window", () -> !window.isShowing());

        // the keyboard way from the list: Ctrl+Shift+O; Ctrl+W closes
        robot.targetWindow(harness.stage());
        ViewHarness.onFx(() -> {
            table().requestFocus();
            return null;
        });
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.O).release(KeyCode.O, KeyCode.SHIFT, KeyCode.CONTROL);
        Stage again = awaitDeliveryWindow();
        ViewHarness.await("the second window shows the delivery", () -> failed.uid().equals(text(again,
                "#detailDeliveryId")));
        robot.targetWindow(again).press(KeyCode.CONTROL, KeyCode.W).release(KeyCode.W, KeyCode.CONTROL);
        ViewHarness.await("Ctrl+W closes the window", () -> !again.isShowing());
    }

    private Stage awaitDeliveryWindow() throws Exception {
        ViewHarness.await("a delivery window opens", () -> deliveryWindows().size() == 1);
        return ViewHarness.onFx(() -> deliveryWindows().get(0));
    }

    private static List<Stage> deliveryWindows() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage && w.isShowing() && w.getScene() != null
                && "deliveryWindow".equals(w.getScene().getRoot().getId())).map(Stage.class::cast).toList();
    }

    private static String text(Stage window, String query) {
        Node node = window.getScene().getRoot().lookup(query);
        return node instanceof Label label ? label.getText() : "";
    }

    @SuppressWarnings("unchecked")
    private static ListView<DeliveryAttempt> attempts(Stage window) {
        return (ListView<DeliveryAttempt>) window.getScene().getRoot().lookup("#attemptList");
    }

    @SuppressWarnings("unchecked")
    private TableView<EventDelivery> table() {
        return robot.from(harness.stage().getScene().getRoot()).lookup("#deliveriesTable .table-view")
                .queryAs(TableView.class);
    }
}
