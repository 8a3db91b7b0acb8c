package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A console started on a data directory another Hookline server owns (issue 17, item 1): it offers that server,
 * and after "Connect to it" works with it, its own server not started. Settings then offer the backup.
 */
class DataDirectoryOwnerAppTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServer owner;
    private Stage stage;
    private HooklineApp app;

    @BeforeEach
    void startOwnerThenTheConsole() throws Exception {
        owner = EmbeddedServer.start(ServerConfig.embedded(dataDirectory));
        System.setProperty(DataDirectories.PROPERTY, dataDirectory.toString());
        System.setProperty(ConfigDirectories.PROPERTY, dataDirectory.resolve("config").toString());
        stage = FxToolkit.registerPrimaryStage();
        app = (HooklineApp) FxToolkit.setupApplication(HooklineApp::new);
    }

    @AfterEach
    void stopAll() throws TimeoutException {
        try {
            if (app != null) {
                FxToolkit.cleanupApplication(app);
            }
            FxToolkit.cleanupStages();
        } finally {
            System.clearProperty(DataDirectories.PROPERTY);
            System.clearProperty(ConfigDirectories.PROPERTY);
            owner.close();
        }
    }

    @Test
    void offersTheOwnerAndConnectsToItWhenTheUserAgrees() throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> robot.lookup("#dataDirectoryOwnerDialog").tryQuery().isPresent());
        DialogPane dialog = robot.lookup("#dataDirectoryOwnerDialog").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().contains(owner.baseUrl()), dialog.getContentText());
        assertTrue(dialog.getContentText().contains("PID " + ProcessHandle.current().pid()), dialog.getContentText());
        Screenshots.save(dialog.getScene(), "data-directory-owner-dialog");

        Node connect = dialog.lookupButton(dev.hookline.app.server.DataDirectoryOwnerOffer.CONNECT);
        robot.clickOn(connect);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> app.session().client() != null);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(owner.baseUrl() + "/api", app.session().client().baseUrl());
        assertEquals(owner.defaultProjectId(), app.session().client().projectId());
        assertTrue(!app.embeddedServer().isRunning(), "the console did not start a second server on the directory");

        robot.clickOn("#nav-settings");
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#serverStatus").queryAs(Label.class);
        assertTrue(status.getText().contains("belongs to the Hookline server at " + owner.baseUrl()),
                status.getText());
        assertTrue(robot.lookup("#backupDatabase").queryAs(Button.class).isVisible());
        Screenshots.save(stage.getScene(), "settings-owner-and-backup");
    }
}
