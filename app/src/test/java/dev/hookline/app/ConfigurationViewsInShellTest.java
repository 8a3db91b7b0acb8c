package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.testing.Screenshots;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The configuration views in the real console window, on its embedded server, in both themes. */
class ConfigurationViewsInShellTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private HooklineApp app;

    @BeforeEach
    void startApp() throws TimeoutException {
        System.setProperty(DataDirectories.PROPERTY, dataDirectory.toString());
        System.setProperty(ConfigDirectories.PROPERTY, dataDirectory.resolve("config").toString());
        stage = FxToolkit.registerPrimaryStage();
        app = (HooklineApp) FxToolkit.setupApplication(HooklineApp::new);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> app.session().client() != null);
    }

    @AfterEach
    void stopApp() throws TimeoutException {
        try {
            FxToolkit.cleanupApplication(app);
            FxToolkit.cleanupStages();
        } finally {
            System.clearProperty(DataDirectories.PROPERTY);
            System.clearProperty(ConfigDirectories.PROPERTY);
        }
    }

    @Test
    void eachConfigurationEntryShowsItsTableWithTheServersRows() throws Exception {
        app.session().client().createEndpoint(EndpointRequest.of("https://example.com/hook", "shell endpoint"));

        robot.clickOn("#nav-endpoints");
        TableView<?> endpoints = robot.lookup("#endpoints-table").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> endpoints.getItems().size() == 1);
        Screenshots.save(stage.getScene(), "shell-endpoints");

        for (String entry : new String[] {"sources", "subscriptions", "event-types", "portal-links"}) {
            robot.clickOn("#nav-" + entry);
            WaitForAsyncUtils.waitForFxEvents();
            robot.lookup("#" + entry + "-table").queryAs(TableView.class);
            Screenshots.save(stage.getScene(), "shell-" + entry);
        }
        assertEquals("Portal links", robot.lookup("#contentTitle").queryAs(Label.class).getText());
    }

    @Test
    void theEndpointFormReadsWellInTheDarkTheme() throws Exception {
        robot.clickOn("#themeToggle");
        robot.clickOn("#nav-endpoints");
        robot.clickOn("#endpoints-new");
        robot.clickOn("#endpoint-url").write("not a url");
        robot.clickOn("#endpoint-form-save");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("Name is required", robot.lookup("#endpoint-name-error").queryAs(Label.class).getText());
        Screenshots.save(stage.getScene(), "shell-endpoints-form-dark");
        robot.clickOn("#themeToggle");
    }
}
