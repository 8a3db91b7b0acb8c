package dev.hookline.app.settings;

import static dev.hookline.app.testing.ViewHarness.await;
import static dev.hookline.app.testing.ViewHarness.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.app.connection.ConnectionBar;
import dev.hookline.app.connection.ConnectionManager;
import dev.hookline.app.connection.ConnectionProfile;
import dev.hookline.app.connection.FileSecretStore;
import dev.hookline.app.connection.SettingsStore;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.status.ServerStatusViewModel;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.ViewHarness;
import dev.hookline.app.theme.Theme;
import dev.hookline.app.theme.ThemeController;
import dev.hookline.server.EmbeddedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Settings and the top bar's connection switchers, laid out by their FXML, against a real embedded server: each
 * section is bound to its model, a remote profile is tested, saved and switched to, and the project switcher moves
 * the console to another project.
 */
class SettingsViewTest {

    @TempDir
    Path temp;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private FxBackgroundTasks tasks;
    private ConsoleSession session;
    private ConnectionManager manager;
    private ThemeController theme;
    private BackupViewModel backup;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        Path data = temp.resolve("data");
        server = EmbeddedServerFixture.start(data);
        tasks = new FxBackgroundTasks();
        stage = FxToolkit.registerPrimaryStage();
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            session = new ConsoleSession(tasks);
            manager = new ConnectionManager(session, new SettingsStore(temp.resolve("config")),
                    new FileSecretStore(temp.resolve("config")));
            theme = new ThemeController(Theme.LIGHT, chosen -> { });
            ServerStatusViewModel status = new ServerStatusViewModel(data);
            backup = new BackupViewModel(tasks, target -> EmbeddedServer.backup(data, target));
            SettingsView view = new SettingsView(session, manager, theme, status, backup);
            VBox root = new VBox(8, new ConnectionBar(manager), view.node());
            VBox.setVgrow(view.node(), Priority.ALWAYS);
            root.setStyle("-fx-padding: 16; -fx-background-color: -color-bg-default;");
            stage.setScene(new Scene(root, 1280, 800));
            stage.show();
            status.running(server.server().baseUrl(), server.server().defaultProjectId());
            manager.embeddedServerUp(new ConnectionManager.EmbeddedEndpoint(server.server().baseUrl() + "/api",
                    server.server().apiKey(), server.server().defaultProjectId()));
            return null;
        });
        await("connected to the embedded server", () -> session.client() != null
                && projectSwitcher().getValue() != null);
        // the storage section fills in when its answer comes; the page grows then (a scroll bar can appear and move
        // every field a little): wait for it so the clicks below land where they aim
        await("the storage section is filled in", () -> !text("#storageRetention").isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            return null;
        });
        tasks.close();
        FxToolkit.cleanupStages();
        manager.close();
        server.close();
    }

    @Test
    void eachSectionShowsItsModelLightAndDark() throws Exception {
        assertEquals(Theme.LIGHT, combo("#themeChoice").getValue());
        assertEquals(ConnectionProfile.EMBEDDED_ID, connectionSwitcher().getValue().id());
        assertEquals(server.server().defaultProjectId(), projectSwitcher().getValue().uid());
        assertFalse(robot.lookup("#connectionProblem").query().isVisible(), "no problem, no empty line");
        assertTrue(text("#serverStatus").startsWith("Embedded server running at " + server.server().baseUrl()),
                text("#serverStatus"));
        assertTrue(text("#secretStore").startsWith("API keys are kept in "), text("#secretStore"));
        assertTrue(robot.lookup("#connectProfile").query().isDisabled(), "nothing picked to connect to");

        robot.interact(() -> profiles().getSelectionModel().select(0));
        assertFalse(robot.lookup("#connectProfile").query().isDisabled());
        assertTrue(robot.lookup("#deleteProfile").query().isDisabled(), "the embedded server cannot be deleted");

        Path copy = temp.resolve("backup.db");
        robot.interact(() -> backup.backUp(copy));
        await("the backup says how it went", () -> !text("#backupResult").isEmpty() && !backup.runningProperty().get());
        assertTrue(Files.size(copy) > 0, text("#backupResult"));
        Screenshots.save(stage.getScene(), "settings-view-light");

        robot.interact(() -> combo("#themeChoice").setValue(Theme.DARK));
        assertEquals(Theme.DARK, theme.themeProperty().get());
        assertEquals(new PrimerDark().getUserAgentStylesheet(), Application.getUserAgentStylesheet());
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(stage.getScene(), "settings-view-dark");
        robot.interact(() -> combo("#themeChoice").setValue(Theme.LIGHT));
    }

    @Test
    void aRemoteProfileIsTestedSavedAndSwitchedTo() throws Exception {
        click("#newProfile");
        click("#profileName").write("Team");
        click("#profileBaseUrl").write(server.server().baseUrl() + "/api");
        click("#profileApiKey").write(server.server().apiKey());
        click("#profileProjectId").write(server.server().defaultProjectId());
        click("#testConnection");
        await("the test says it worked", () -> robot.lookup("#testResult").query().getStyleClass()
                .contains("success"));
        click("#revealApiKey");
        assertTrue(robot.lookup("#profileApiKeyRevealed").query().isVisible());
        assertFalse(robot.lookup("#profileApiKey").query().isVisible());
        Screenshots.save(stage.getScene(), "settings-profile-tested");

        click("#saveProfile");
        await("the profile is listed and picked", () -> profiles().getSelectionModel().getSelectedItem() != null
                && profiles().getSelectionModel().getSelectedItem().name().equals("Team"));
        assertFalse(robot.lookup("#deleteProfile").query().isDisabled(), "a remote profile can be deleted");

        click("#connectProfile");
        await("the switcher shows the remote connection", () -> connectionSwitcher().getValue() != null
                && connectionSwitcher().getValue().name().equals("Team"));
        assertEquals("Team", manager.activeProperty().get().name());
        assertFalse(session.isEmbedded());
    }

    @Test
    void theProjectSwitcherListsProjectsMadeSinceAndMovesTheConsole() throws Exception {
        Project billing = server.client().createProject(
                new CreateProjectRequest("Billing", ProjectType.INCOMING, null, null)).project();

        robot.clickOn("#projectSwitcher");
        await("opening the list asks the server again", () -> projectSwitcher().getItems().stream()
                .anyMatch(p -> p.uid().equals(billing.uid())));
        robot.interact(() -> projectSwitcher().getSelectionModel().select(projectSwitcher().getItems().stream()
                .filter(p -> p.uid().equals(billing.uid())).findFirst().orElseThrow()));
        robot.interact(() -> projectSwitcher().hide());

        assertEquals(billing.uid(), session.client().projectId());
        assertEquals(billing.uid(), manager.projectProperty().get().uid());
    }

    /**
     * Scrolls {@code id} into view, then clicks it: the page is taller than the window, and the scroll pane follows
     * the focus, so a node that was on screen a moment ago can be under the connection bar now.
     */
    private org.testfx.api.FxRobotInterface click(String id) throws Exception {
        ViewHarness.scrollTo(robot.lookup(id).query());
        return robot.clickOn(id);
    }

    private String text(String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @SuppressWarnings("unchecked")
    private <T> ComboBox<T> combo(String id) {
        return robot.lookup(id).queryAs(ComboBox.class);
    }

    private ComboBox<ConnectionProfile> connectionSwitcher() {
        return combo("#connectionSwitcher");
    }

    private ComboBox<Project> projectSwitcher() {
        return combo("#projectSwitcher");
    }

    @SuppressWarnings("unchecked")
    private ListView<ConnectionProfile> profiles() {
        return robot.lookup("#profileList").queryAs(ListView.class);
    }
}
