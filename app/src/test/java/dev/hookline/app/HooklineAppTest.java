package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.shell.NavigationTarget;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Starts the whole console (with its real embedded server) in the headless toolkit. */
class HooklineAppTest {

    private static final Path SCREENSHOT = Path.of("target", "screenshots", "shell.png");
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

        robot.clickOn("#nav-settings");
        assertEquals("Data directory: " + dataDirectory, label("#dataDirectory").getText());
        Label status = label("#serverStatus");
        assertTrue(status.getText().startsWith(RUNNING), status.getText());
        assertTrue(status.getText().contains(" — default project "), status.getText());
        assertTrue(Files.isDirectory(dataDirectory), "data directory created");

        saveSnapshot(stage.getScene(), SCREENSHOT);

        URI baseUrl = URI.create(status.getText().substring("Embedded server running at ".length()).split(" ")[0]);
        assertAccepting(baseUrl);
        FxToolkit.cleanupApplication(app);
        app = null;
        assertThrows(ConnectException.class, () -> assertAccepting(baseUrl), "server closed with the app");
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

    private static void saveSnapshot(Scene scene, Path file) throws Exception {
        WritableImage image = WaitForAsyncUtils.asyncFx(() -> scene.snapshot(null)).get(10, TimeUnit.SECONDS);
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        int[] argb = new int[width * height];
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), argb, 0, width);
        BufferedImage png = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        png.setRGB(0, 0, width, height, argb, 0, width);
        Files.createDirectories(file.getParent());
        ImageIO.write(png, "png", file.toFile());
    }
}
