package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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
    void theConsoleRefusesUnknownOptionsAndAMissingDisplayInWords() {
        assertTrue(HooklineLauncher.consoleRefusal("--sever", false, false).startsWith("Hookline: unknown option --sever\n"
                + "Usage: "));
        assertTrue(HooklineLauncher.consoleRefusal("", true, false).contains("no display"));
        assertEquals(null, HooklineLauncher.consoleRefusal("", true, true), "the headless toolkit needs no display");
        assertEquals(null, HooklineLauncher.consoleRefusal("", false, false));
    }
}
