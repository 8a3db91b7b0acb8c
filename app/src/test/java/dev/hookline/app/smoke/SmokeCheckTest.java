package dev.hookline.app.smoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.DataDirectories;
import dev.hookline.app.HooklineApp;
import dev.hookline.app.settings.ConfigDirectories;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;

/** The packaged launcher's {@code --smoke-test}, run in-process on the headless toolkit the UI tests use. */
class SmokeCheckTest {

    @TempDir
    Path work;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private Stage stage;

    @BeforeEach
    void registerStage() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void closeStages() throws Exception {
        FxToolkit.cleanupStages();
    }

    private String printed() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void deliversOneIngestedEventToTheReceiverAndFindsItInTheDeliveriesTable() throws Exception {
        boolean passed = new SmokeCheck(out, Duration.ofSeconds(90), HooklineApp::new).run(stage, work);

        String text = printed();
        assertTrue(passed, text);
        List<String> phases = List.of("window shown", "console connected to the embedded server at http://127.0.0.1:",
                "ingested one event through /ingest/", "(HTTP 200)", "the local receiver got the delivery",
                "the delivery is in the deliveries table: ", "status Success", "smoke test passed in ");
        int at = 0;
        for (String phase : phases) {
            int found = text.indexOf(phase, at);
            assertTrue(found >= 0, "'" + phase + "' after position " + at + " in:\n" + text);
            at = found;
        }
        assertNull(System.getProperty(DataDirectories.PROPERTY), "the data directory property is restored");
        assertNull(System.getProperty(ConfigDirectories.PROPERTY), "the config directory property is restored");
        assertTrue(work.resolve("data").resolve("hookline.db").toFile().isFile(), "the database was in the work dir");
    }

    @Test
    void missingTheDeadlineFailsWithTheReasonAndStopsTheConsole() throws Exception {
        boolean passed = new SmokeCheck(out, Duration.ofMillis(1), HooklineApp::new).run(stage, work);

        String text = printed();
        assertFalse(passed, text);
        assertTrue(text.contains("smoke test FAILED: timed out after "), text);
        assertFalse(text.contains("smoke test passed"), text);
    }

    @Test
    void badOptionsPrintTheUsageAndExitWithTwoWithoutStartingAnything() {
        assertEquals(2, SmokeCheck.main(List.of("--timeout"), out, HooklineApp::new));
        assertEquals(2, SmokeCheck.main(List.of("--timeout", "soon"), out, HooklineApp::new));
        assertEquals(2, SmokeCheck.main(List.of("--display"), out, HooklineApp::new));
        assertTrue(printed().contains(SmokeCheck.USAGE), printed());
    }

    @Test
    void aLinuxWithoutDisplayOrWaylandNeedsTheHeadlessToolkit() {
        assertTrue(HeadlessToolkit.displayMissing(Map.<String, String>of()::get, "Linux"));
        assertFalse(HeadlessToolkit.displayMissing(Map.of("DISPLAY", ":99")::get, "Linux"));
        assertFalse(HeadlessToolkit.displayMissing(Map.of("WAYLAND_DISPLAY", "wayland-0")::get, "Linux"));
        assertFalse(HeadlessToolkit.displayMissing(Map.<String, String>of()::get, "Mac OS X"));
        assertFalse(HeadlessToolkit.displayMissing(Map.<String, String>of()::get, "Windows 11"));
        assertTrue(HeadlessToolkit.monocleAvailable(), "Monocle is on the test class path");
    }
}
