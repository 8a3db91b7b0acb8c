package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.model.Project;
import dev.hookline.app.connection.ConnectionProfile;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.settings.ViewStatesFile;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.testing.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole console, started twice on the same data and configuration directories: the connection and project
 * boxes show what is connected, and the filters, time window and saved views of a traffic view are there again
 * after a restart.
 */
class RememberedFiltersAppTest {

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
    void stopApp() throws Exception {
        try {
            if (app != null) {
                FxToolkit.cleanupApplication(app);
            }
            FxToolkit.cleanupStages();
            WaitForAsyncUtils.asyncFx(() -> Application.setUserAgentStylesheet(
                    new PrimerLight().getUserAgentStylesheet())).get(10, TimeUnit.SECONDS);
        } finally {
            System.clearProperty(DataDirectories.PROPERTY);
            System.clearProperty(ConfigDirectories.PROPERTY);
        }
    }

    private void awaitDeliveries() throws TimeoutException {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> app.session().client() != null
                && robot.lookup("#eventTypeFilter").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private <T> ComboBox<T> combo(String id) {
        return robot.lookup(id).queryAs(ComboBox.class);
    }

    /** Types into an editable box's editor and presses Enter, as a user committing a value. */
    private void enter(ComboBox<String> box, String text) throws Exception {
        fx(() -> {
            box.getEditor().setText(text);
            box.getEditor().fireEvent(new javafx.event.ActionEvent());
        });
    }

    @Test
    void theConnectionAndProjectBoxesShowWhatIsConnectedOnEveryView() throws Exception {
        awaitDeliveries();
        ComboBox<ConnectionProfile> connection = combo("#connectionSwitcher");
        ComboBox<Project> project = combo("#projectSwitcher");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> connection.getValue() != null);
        assertEquals(ConnectionProfile.EMBEDDED_ID, connection.getValue().id(), "was blank after connecting");
        assertEquals(app.session().client().projectId(), project.getValue().uid());

        for (NavigationTarget target : NavigationTarget.values()) {
            fx(() -> app.shell().selectedProperty().set(target));
            assertNotNull(connection.getValue(), target.title());
            assertNotNull(project.getValue(), target.title() + ": the project box blanked");
            assertEquals(app.session().client().projectId(), project.getValue().uid(), target.title());
        }
        java.util.concurrent.atomic.AtomicInteger listed = new java.util.concurrent.atomic.AtomicInteger();
        fx(() -> project.getItems().addListener((javafx.collections.ListChangeListener<Project>) change ->
                listed.incrementAndGet()));
        fx(project::show); // lists the projects again, as opening it does
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> listed.get() > 0);
        fx(project::hide);
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(project.getValue(), "listing the projects again keeps the choice shown");
        fx(() -> app.shell().selectedProperty().set(NavigationTarget.META_EVENTS));
        Screenshots.save(stage.getScene(), "filters-meta-events-connection-boxes");
    }

    @Test
    void filtersTimeWindowAndSavedViewsComeBackAfterARestart() throws Exception {
        awaitDeliveries();
        ComboBox<String> eventType = combo("#eventTypeFilter");
        enter(eventType, "invoice.paid");
        fx(() -> this.<DateRange.Preset>combo("#dateRangePreset").setValue(DateRange.Preset.LAST_7_DAYS));
        ComboBox<String> views = combo("#deliveriesSavedViews");
        fx(() -> views.getEditor().setText("Paid invoices this week"));
        robot.clickOn("#deliveriesSaveView");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(java.util.List.of("Paid invoices this week"), views.getItems());
        enter(eventType, "customer.created");
        fx(() -> this.<DateRange.Preset>combo("#dateRangePreset").setValue(DateRange.Preset.LAST_HOUR));

        FxToolkit.cleanupApplication(app);
        app = null;
        Path file = dataDirectory.resolve("config").resolve(ViewStatesFile.FILE_NAME);
        assertTrue(Files.readString(file).contains("Paid invoices this week"), "kept in the configuration directory");
        app = (HooklineApp) FxToolkit.setupApplication(HooklineApp::new);
        awaitDeliveries();

        ComboBox<String> eventTypeAgain = combo("#eventTypeFilter");
        ComboBox<String> viewsAgain = combo("#deliveriesSavedViews");
        assertEquals("customer.created", eventTypeAgain.getEditor().getText(), "the filter as last set");
        assertEquals(DateRange.Preset.LAST_HOUR, this.<DateRange.Preset>combo("#dateRangePreset").getValue());
        assertEquals(java.util.List.of("Paid invoices this week"), viewsAgain.getItems());
        Screenshots.save(stage.getScene(), "filters-remembered");

        fx(() -> viewsAgain.getSelectionModel().select("Paid invoices this week"));

        assertEquals("invoice.paid", eventTypeAgain.getEditor().getText(), "the saved view applied");
        assertEquals(DateRange.Preset.LAST_7_DAYS, this.<DateRange.Preset>combo("#dateRangePreset").getValue());
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        Screenshots.save(stage.getScene(), "filters-saved-view-applied-dark");
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));

        Button delete = robot.lookup("#deliveriesDeleteView").queryAs(Button.class);
        assertFalse(delete.isDisabled());
        robot.clickOn(delete);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(viewsAgain.getItems().isEmpty());
        assertEquals("invoice.paid", eventTypeAgain.getEditor().getText(), "deleting a view leaves the filters");

        fx(() -> app.shell().selectedProperty().set(NavigationTarget.EVENTS));
        assertEquals(DateRange.Preset.LAST_24_HOURS, this.<DateRange.Preset>combo("#dateRangePreset").getValue(),
                "each view remembers its own window");
    }
}
