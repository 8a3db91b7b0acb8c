package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.app.about.AppVersion;
import dev.hookline.app.status.DeveloperApiPane;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small things a developer trips on (issue 25, item 7). */
class DeveloperItemsTest {

    private static final Path CONSOLE_DATA = Path.of("/home/dev/.local/share/hookline");

    @Test
    void backupWithoutADataDirectoryCopiesTheConsolesDatabase() {
        assertEquals(List.of("--backup", "copy.db", "--data-dir", CONSOLE_DATA.toString()),
                HooklineLauncher.serverArguments(List.of("--backup", "copy.db"), CONSOLE_DATA));
    }

    @Test
    void aDataDirectoryGivenOrAServerStartIsLeftAlone() {
        assertEquals(List.of("--data-dir", "./data", "--backup", "copy.db"), HooklineLauncher.serverArguments(
                List.of("--data-dir", "./data", "--backup", "copy.db"), CONSOLE_DATA));
        assertEquals(List.of("--port", "5005"), HooklineLauncher.serverArguments(List.of("--port", "5005"),
                CONSOLE_DATA));
    }

    @Test
    void theConsoleSaysTheVersionItsPackageHas() {
        assertEquals("0.1.0", AppVersion.release("0.1.0-SNAPSHOT"));
        assertEquals("0.2.1", AppVersion.release("0.2.1"));
        assertEquals(AppVersion.release(AppVersion.version()), AppVersion.version());
    }

    @Test
    void theCurlExampleListsTheProjectsWithTheKey() {
        assertEquals("curl -s -H 'Authorization: Bearer CO.abc.def' http://127.0.0.1:5123/api/v1/projects",
                DeveloperApiPane.curlExample("http://127.0.0.1:5123", "CO.abc.def"));
    }
}
