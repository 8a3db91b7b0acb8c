package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.about.AppVersion;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's flags that answer without starting JavaFX or a server. */
class HooklineLauncherTest {

    private static String run(String... args) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            HooklineLauncher.main(args);
        } finally {
            System.setOut(original);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void versionPrintsTheMavenProjectVersion() throws Exception {
        String version = AppVersion.version();

        assertNotEquals(AppVersion.UNKNOWN, version, "version.properties is filtered at build time");
        assertTrue(version.matches("\\d+\\.\\d+\\.\\d+.*"), version);
        assertEquals("Hookline " + version + System.lineSeparator(), run("--version"));
    }

    @Test
    void helpListsEveryFlag() throws Exception {
        String help = run("--help");

        for (String flag : new String[] {"--server", "--smoke-test", "--version"}) {
            assertTrue(help.contains(flag), help);
        }
    }

    @Test
    void serverBackupPassesThroughTheLauncherAndExitsZero(@TempDir Path tmp) throws Exception {
        Path dataDir = tmp.resolve("data");
        EmbeddedServer.start(ServerConfig.embedded(dataDir)).close(); // a data directory with a database, no server
        Path copy = tmp.resolve("copy.db");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), HooklineLauncher.class.getName(), "--server", "--data-dir",
                dataDir.toString(), "--backup", copy.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("Backed up"), out);
        assertTrue(Files.size(copy) > 0);
    }

    @Test
    void theConsoleRefusesUnknownOptionsAndAMissingDisplayInWords() {
        assertTrue(HooklineLauncher.consoleRefusal("--sever", false, false).startsWith("Hookline: unknown option --sever\n"
                + "Usage: "));
        assertTrue(HooklineLauncher.consoleRefusal("", true, false).contains("no display"));
        assertEquals(null, HooklineLauncher.consoleRefusal("", true, true), "the headless toolkit needs no display");
        assertEquals(null, HooklineLauncher.consoleRefusal("", false, false));
    }
}
