package dev.hookline.app.shell;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.Screenshots;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The shell shows a server's full disk (from its {@code /healthz}) in a banner, and takes it away once it is fixed. */
class StorageBannerViewTest {

    private static final String PROJECT_JSON = "{\"uid\":\"" + FakeConvoy.PROJECT + "\",\"name\":\"p\","
            + "\"type\":\"outgoing\"}";

    /** The view on screen does not matter here. */
    private static final class EmptyView implements ConsoleView {
        private final Label node = new Label("view");

        @Override
        public javafx.scene.Node node() {
            return node;
        }

        @Override
        public void refresh() {
        }
    }

    private final FxRobot robot = new FxRobot();
    private FakeConvoy hookline;
    private ConsoleSession session;
    private ShellView shell;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        hookline = FakeConvoy.start();
        hookline.answerRaw("GET", "/api/v1/projects/" + FakeConvoy.PROJECT, 200,
                "{\"status\":true,\"message\":\"ok\",\"data\":" + PROJECT_JSON + "}");
        session = ConsoleSession.connected(hookline.client(), false, new SameThreadBackgroundTasks());
        stage = FxToolkit.registerPrimaryStage();
        WaitForAsyncUtils.asyncFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            shell = new ShellView(new WritableImage(1, 1), session,
                    new ConsoleViews(s -> new EmptyView(), s -> new EmptyView()), new Label("waiting"));
            shell.selectedProperty().set(NavigationTarget.SETTINGS);
            stage.setScene(new Scene(shell, 1000, 500));
            stage.show();
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(shell::dispose).get(10, TimeUnit.SECONDS);
        FxToolkit.cleanupStages();
        hookline.close();
    }

    @Test
    void aFullDiskRaisesTheStorageBannerAndAHealthyAnswerLowersIt() throws Exception {
        hookline.answerRaw("GET", "/healthz", 503, "{\"status\":false,\"message\":\"full\",\"data\":{\"ready\":true,"
                + "\"database\":{\"writable\":false,\"disk_full\":true,\"problem\":\"the disk is full (SQLITE_FULL)\"},"
                + "\"disk\":{\"free_bytes\":4096,\"low\":true,\"full\":true},\"broker_consumers\":[]}}");
        WaitForAsyncUtils.asyncFx(session::checkConnection).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();

        Label banner = robot.lookup("#storageBanner").queryAs(Label.class);
        assertTrue(banner.getParent().isVisible());
        assertTrue(banner.getText().startsWith("The disk holding the database is full"), banner.getText());
        assertFalse(robot.lookup("#connectionBanner").queryAs(Label.class).getParent().isVisible(),
                "the server answers: not the unreachable banner");
        Screenshots.save(stage.getScene(), "storage-banner-disk-full");

        hookline.answerRaw("GET", "/healthz", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{\"ready\":true,"
                + "\"database\":{\"writable\":true,\"disk_full\":false,\"problem\":null},"
                + "\"disk\":{\"free_bytes\":9000000000,\"low\":false,\"full\":false},\"broker_consumers\":[]}}");
        WaitForAsyncUtils.asyncFx(session::checkConnection).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(banner.getParent().isVisible());
    }
}
