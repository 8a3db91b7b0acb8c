package dev.hookline.app.metaevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Meta events on screen: the endpoint.created meta event of a project with meta events on. */
class MetaEventsViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
        ConsoleSession session = ConsoleSession.connected(traffic.client(), true, new SameThreadBackgroundTasks());
        stage = FxToolkit.registerPrimaryStage();
        WaitForAsyncUtils.asyncFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            MetaEventsView view = new MetaEventsView(session);
            stage.setScene(new Scene((Parent) view.node(), 1260, 780));
            stage.show();
            view.onShown();
        }).get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        traffic.close();
        server.close();
        receiver.close();
    }

    @Test
    void theEndpointCreatedMetaEventIsListedWithTheBodySent() throws Exception {
        @SuppressWarnings("unchecked")
        TableView<MetaEvent> table = robot.lookup("#metaEventsTable .table-view").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        MetaEvent created = table.getItems().stream().filter(m -> "endpoint.created".equals(m.eventType()))
                .findFirst().orElseThrow();

        WaitForAsyncUtils.asyncFx(() -> table.getSelectionModel().select(created)).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(created.uid(), robot.lookup("#metaEventId").queryAs(Label.class).getText());
        String body = robot.lookup("#metaEventPayload").queryAs(TextArea.class).getText();
        assertTrue(body.contains(traffic.endpoint().uid()), body);
        Screenshots.save(stage.getScene(), "meta-events");

        // the Response tab shows what the project's webhook answered
        WaitForAsyncUtils.asyncFx(() -> robot.lookup("#metaEventTabs").queryAs(TabPane.class).getSelectionModel()
                .select(2)).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#metaEventResponseBody")
                .queryAs(TextArea.class).getText().contains("received"));
        String headers = robot.lookup("#metaEventResponseHeaders").queryAs(TextArea.class).getText();
        assertTrue(headers.toLowerCase(java.util.Locale.ROOT).contains("content-type: application/json"), headers);
        WaitForAsyncUtils.asyncFx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()))
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(stage.getScene(), "meta-events-response-dark");
    }
}
