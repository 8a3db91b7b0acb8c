package dev.hookline.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.Screenshots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The shell routes the console's shortcuts to the view on screen. */
class ShellViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private final List<String> calls = new ArrayList<>();
    private EmbeddedServerFixture server;
    private ShellView shell;
    private RecordingView view;

    /** A view that records what the shell asks of it; it has a list and a filter field like real views. */
    private final class RecordingView implements ConsoleView {
        final ListView<String> list = new ListView<>();
        final TextField filter = new TextField();
        final VBox root = new VBox(8, filter, list);

        RecordingView() {
            filter.setId("recordingFilter");
            list.setId("recordingList");
            list.getItems().setAll("a", "b");
        }

        @Override
        public Node node() {
            return root;
        }

        @Override
        public void refresh() {
            calls.add("refresh");
        }

        @Override
        public void focusFilter() {
            calls.add("focusFilter");
            filter.requestFocus();
        }

        @Override
        public void openSelected() {
            calls.add("open " + list.getSelectionModel().getSelectedItem());
        }

        @Override
        public void onShown() {
            calls.add("shown");
        }
    }

    @BeforeEach
    void show() throws Exception {
        server = EmbeddedServerFixture.start(dataDirectory);
        ConsoleSession session = server.sameThreadSession();
        Stage stage = FxToolkit.registerPrimaryStage();
        WaitForAsyncUtils.asyncFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            view = new RecordingView();
            shell = new ShellView(new WritableImage(1, 1), session, new ConsoleViews(s -> view, s -> view), new Label("waiting"));
            shell.selectedProperty().set(NavigationTarget.SETTINGS);
            stage.setScene(new Scene(shell, 1000, 600));
            stage.show();
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(shell::dispose).get(10, TimeUnit.SECONDS);
        FxToolkit.cleanupStages();
        server.close();
    }

    @Test
    void theViewIsCreatedOnceAndToldEachTimeItIsShown() {
        robot.clickOn("#nav-deliveries");
        robot.clickOn("#nav-settings");

        assertEquals(List.of("shown", "shown"), calls);
        assertSame(view, shell.currentView());
    }

    @Test
    void ctrlFFocusesTheFilterAndCtrlRRefreshes() {
        robot.clickOn("#recordingList");
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);

        assertEquals(List.of("shown", "focusFilter", "refresh"), calls);
        assertTrue(view.filter.isFocused());
        Screenshots.save(shell.getScene(), "shell-shortcuts");
    }

    @Test
    void enterOpensTheSelectedRowButNotFromTheFilterField() {
        robot.clickOn("#recordingList");
        robot.type(KeyCode.DOWN);
        robot.type(KeyCode.ENTER);
        robot.clickOn("#recordingFilter");
        robot.type(KeyCode.ENTER);

        assertEquals(1, calls.stream().filter(call -> call.startsWith("open ")).count(), calls.toString());
        assertTrue(calls.contains("open b") || calls.contains("open a"), calls.toString());
    }
}
