package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.app.about.AppVersion;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.connection.SettingsStore;
import dev.hookline.app.shell.ConsoleViews;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.theme.Theme;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.scene.control.Label;
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

/** Starts the whole console (with its real embedded server) in the headless toolkit. */
class HooklineAppTest {

    private static final String RUNNING = "Embedded server running at http://127.0.0.1:";

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
    }

    @AfterEach
    void stopApp() throws TimeoutException {
        try {
            if (app != null) {
                FxToolkit.cleanupApplication(app);
            }
            FxToolkit.cleanupStages();
        } finally {
            System.clearProperty(DataDirectories.PROPERTY);
            System.clearProperty(ConfigDirectories.PROPERTY);
        }
    }

    @Test
    void showsSidebarAndStartsTheEmbeddedServer() throws Exception {
        assertEquals("Hookline", stage.getTitle());
        assertFalse(stage.getIcons().isEmpty(), "window icon");
        for (NavigationTarget target : NavigationTarget.values()) {
            ToggleButton entry = robot.lookup("#" + target.nodeId()).queryAs(ToggleButton.class);
            assertEquals(target.title(), entry.getText());
            assertTrue(entry.isVisible(), target.title() + " visible");
        }
        assertTrue(robot.lookup("#nav-deliveries").queryAs(ToggleButton.class).isSelected());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> app.session().client() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(NavigationTarget.DELIVERIES, app.shell().selectedProperty().get());
        assertEquals(ConsoleViews.class.getPackageName().replace("shell", "deliveries") + ".DeliveriesView",
                app.shell().currentView().getClass().getName(), "the Deliveries view, not a placeholder");
        assertTrue(app.shell().currentView().node().getScene() == stage.getScene(), "on screen");
        Screenshots.save(stage.getScene(), "deliveries-first-start");

        robot.clickOn("#nav-settings");
        assertEquals("Data directory: " + dataDirectory, label("#dataDirectory").getText());
        Label status = label("#serverStatus");
        assertTrue(status.getText().startsWith(RUNNING), status.getText());
        assertTrue(status.getText().contains(" — default project "), status.getText());
        assertTrue(Files.isDirectory(dataDirectory), "data directory created");

        Screenshots.save(stage.getScene(), "shell");

        URI baseUrl = URI.create(status.getText().substring("Embedded server running at ".length()).split(" ")[0]);
        assertAccepting(baseUrl);
        FxToolkit.cleanupApplication(app);
        app = null;
        assertThrows(ConnectException.class, () -> assertAccepting(baseUrl), "server closed with the app");
    }

    @Test
    void theAboutDialogShowsVersionDataDirectoryAndTheEmbeddedServersAddress() throws Exception {
        awaitConnected();
        String server = app.session().client().baseUrl().replaceFirst("/api$", "");
        String organisation = app.session().client().getProject(app.session().client().projectId()).organisationId();

        robot.clickOn("#aboutButton");
        WaitForAsyncUtils.waitForFxEvents();

        javafx.scene.control.TextArea about = robot.lookup("#aboutText").queryAs(javafx.scene.control.TextArea.class);
        String text = about.getText();
        assertTrue(text.startsWith("Hookline " + AppVersion.version() + "\n"), text);
        assertTrue(text.contains("\nData directory: " + dataDirectory + "\n"), text);
        assertTrue(text.contains("\nEmbedded server: " + server + "\n"), text);
        assertTrue(text.contains("\nOrganisation ID (orgID): " + organisation + "\n"), "the ID Convoy clients send: "
                + text);
        assertTrue(text.contains("\nJava: " + System.getProperty("java.runtime.version")), text);
        assertTrue(text.contains("\nJavaFX: " + System.getProperty("javafx.runtime.version") + "\n"), text);
        assertFalse(about.isEditable(), "read-only, but selectable and copyable");
        Screenshots.save(about.getScene(), "about");

        robot.clickOn("#copyAbout");
        WaitForAsyncUtils.waitForFxEvents();
        String copied = WaitForAsyncUtils.asyncFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString())
                .get(5, TimeUnit.SECONDS);
        assertEquals(text, copied);
        assertTrue(robot.lookup("#aboutText").tryQuery().isPresent(), "Copy leaves the dialog open");

        robot.clickOn("#closeAbout");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#aboutText").tryQuery().isEmpty(), "closed");
    }

    @Test
    void selectingAnEntryShowsItsTitle() {
        robot.clickOn("#nav-endpoints");

        assertEquals("Endpoints", label("#contentTitle").getText());
        assertTrue(robot.lookup("#nav-endpoints").queryAs(ToggleButton.class).isSelected());
        assertFalse(robot.lookup("#nav-deliveries").queryAs(ToggleButton.class).isSelected());
    }

    private Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }

    private static void assertAccepting(URI baseUrl) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(baseUrl.getHost(), baseUrl.getPort()), 2_000);
        }
    }

    private void awaitConnected() throws TimeoutException {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> app.session().client() != null);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean bannerShown() {
        return robot.lookup("#connectionBanner").queryAs(Label.class).getParent().isVisible();
    }

    @Test
    void aStoppedServerRaisesTheBannerAndRetryBringsItBack() throws Exception {
        awaitConnected();
        String before = app.session().client().baseUrl();
        assertFalse(bannerShown());

        app.embeddedServer().stop();
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, this::bannerShown);
        String text = robot.lookup("#connectionBanner").queryAs(Label.class).getText();
        assertTrue(text.startsWith("Server unreachable: cannot reach " + before), text);
        Screenshots.save(stage.getScene(), "banner");

        robot.clickOn("#retryConnection");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !bannerShown());

        ApiClient now = app.session().client();
        assertTrue(app.embeddedServer().isRunning());
        assertEquals(app.session().client().projectId(), now.getProject(now.projectId()).uid(),
                "the restarted server answers the session's client");
    }

    @Test
    void theThemeToggleSwitchesToDarkAndIsRemembered() throws Exception {
        awaitConnected();
        robot.clickOn("#themeToggle");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(new PrimerDark().getUserAgentStylesheet(), Application.getUserAgentStylesheet());
        Path settings = dataDirectory.resolve("config").resolve(SettingsStore.FILE_NAME);
        assertEquals(Theme.DARK, new SettingsStore(settings.getParent()).load().theme());
        robot.clickOn("#nav-settings");
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(stage.getScene(), "settings-dark");

        robot.clickOn("#themeToggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new PrimerLight().getUserAgentStylesheet(), Application.getUserAgentStylesheet());
        assertEquals(Theme.LIGHT, new SettingsStore(settings.getParent()).load().theme());
    }

    @Test
    void theSidebarCanBeWalkedWithTheKeyboard() throws Exception {
        awaitConnected();
        robot.clickOn("#nav-deliveries");
        robot.type(KeyCode.DOWN);
        assertEquals("Events", label("#contentTitle").getText());
        robot.type(KeyCode.DOWN, 2);
        assertEquals("Endpoints", label("#contentTitle").getText());
        robot.type(KeyCode.UP);
        assertEquals("Meta events", label("#contentTitle").getText());
    }

    @Test
    void theProfileFormNamesWhatIsMissingBeforeSendingAnything() throws Exception {
        awaitConnected();
        robot.clickOn("#nav-settings");
        robot.clickOn("#newProfile");
        robot.clickOn("#saveProfile");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("Give the connection a name", label("#profileNameError").getText());
        assertEquals("Paste the API key", label("#profileApiKeyError").getText());

        robot.clickOn("#profileBaseUrl").write("https://convoy.example.com");
        robot.clickOn("#saveProfile");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Must end with /api (everything up to and including /api)",
                label("#profileBaseUrlError").getText());
        robot.clickOn("#profileApiKey").write("CO.secret");
        assertTrue(robot.lookup("#profileApiKey").query().isVisible(), "masked by default");
        assertFalse(robot.lookup("#profileApiKeyRevealed").query().isVisible());
        Screenshots.save(stage.getScene(), "settings");
        robot.clickOn("#revealApiKey");
        assertTrue(robot.lookup("#profileApiKeyRevealed").query().isVisible());
    }
}
