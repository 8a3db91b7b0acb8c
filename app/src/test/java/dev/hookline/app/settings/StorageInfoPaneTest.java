package dev.hookline.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.ViewHarness;
import dev.hookline.app.traffic.DetailWidgets;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** Settings' storage figures against a real embedded server, and what a remote Convoy gets instead. */
class StorageInfoPaneTest {

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
    void showsTheDataDirectorySizeTheOldestEventAndTheRetentionPolicy() throws Exception {
        String endpoint = server.client().createEndpoint(EndpointRequest.of("http://127.0.0.1:9/in", "sink")).uid();
        Event first = server.client().createEvent(CreateEventRequest.toEndpoint(endpoint, "order.paid",
                dev.hookline.api.Json.strict().readTree("{\"n\":1}")));
        server.client().createEvent(CreateEventRequest.toEndpoint(endpoint, "order.paid",
                dev.hookline.api.Json.strict().readTree("{\"n\":2}")));
        show();
        ViewHarness.await("the figures are shown", () -> !label("#storageSize").getText().isEmpty());
        assertTrue(label("#storageSize").getText().startsWith("Data directory: "), label("#storageSize").getText());
        assertTrue(label("#storageSize").getText().contains("left on the disk"));
        assertEquals("Oldest kept event of project \"" + projectName() + "\": "
                + DetailWidgets.time(first.createdAt()) + " (less than an hour ago).",
                label("#storageOldestEvent").getText());
        assertTrue(label("#storageRetention").getText().startsWith("Retention is off"),
                label("#storageRetention").getText());
        harness.screenshot("settings-storage-light");

        server.client().updateProject(server.client().projectId(), new UpdateProjectRequest(projectName(), null,
                ProjectConfig.builder()
                        .retentionPolicy(new ProjectConfig.RetentionPolicy("168h", true))
                        .build()));
        robot.clickOn("#storageRefresh");
        ViewHarness.await("the policy is shown", () -> label("#storageRetention").getText().startsWith(
                "Retention: events older than 168h are deleted"));
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("settings-storage-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
    }

    @Test
    void compactGivesReclaimableSpaceBackAndSaysHowMuch() throws Exception {
        show();
        ViewHarness.await("the figures are shown", () -> !label("#storageSize").getText().isEmpty());
        robot.clickOn("#storageCompact");
        ViewHarness.await("the compaction is reported", () -> label("#storageCompacted").getText()
                .startsWith("Compacted the database: "));
        assertTrue(label("#storageCompacted").getText().matches("Compacted the database: .+ -> .+ in \\d+ ms\\."),
                label("#storageCompacted").getText());
    }

    @Test
    void aRemoteConvoySaysTheFiguresAreNotAvailableAndRaisesNoConnectionProblem() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start()) {
            ConsoleSession session = ConsoleSession.connected(convoy.client(), false, new SameThreadBackgroundTasks());
            StorageInfoViewModel model = new StorageInfoViewModel(session);

            model.load(); // FakeConvoy answers 404 to a route it was not told about

            assertEquals("Storage figures are not available from this server (a remote Convoy has no such route).",
                    model.problemProperty().get());
            assertEquals("", model.sizeProperty().get());
            assertEquals(null, session.connectionProblemProperty().get());
        }
    }

    private void show() throws Exception {
        harness = ViewHarness.show(server, session -> new ConsoleView() {
            private final StorageInfoPane pane = new StorageInfoPane(new StorageInfoViewModel(session));

            @Override
            public Node node() {
                return pane;
            }

            @Override
            public void refresh() {
            }

            @Override
            public void focusFilter() {
            }
        });
    }

    private String projectName() {
        return server.client().getProject(server.client().projectId()).name();
    }

    private Label label(String id) {
        return robot.lookup(id).queryAs(Label.class);
    }
}
