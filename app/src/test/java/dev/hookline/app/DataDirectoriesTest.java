package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class DataDirectoriesTest {

    private static final Path HOME = Path.of("/home/ada");
    private static final UnaryOperator<String> NONE = name -> null;

    private static UnaryOperator<String> of(Map<String, String> values) {
        return values::get;
    }

    @Test
    void linuxUsesXdgDataHome() {
        Path dir = DataDirectories.resolve(NONE, of(Map.of("XDG_DATA_HOME", "/data/ada")), "Linux", HOME);
        assertEquals(Path.of("/data/ada/hookline"), dir);
    }

    @Test
    void linuxFallsBackToLocalShareWithoutXdgDataHome() {
        assertEquals(Path.of("/home/ada/.local/share/hookline"), DataDirectories.resolve(NONE, NONE, "Linux", HOME));
    }

    @Test
    void linuxIgnoresRelativeOrBlankXdgDataHome() {
        assertEquals(Path.of("/home/ada/.local/share/hookline"),
                DataDirectories.resolve(NONE, of(Map.of("XDG_DATA_HOME", "relative/dir")), "Linux", HOME));
        assertEquals(Path.of("/home/ada/.local/share/hookline"),
                DataDirectories.resolve(NONE, of(Map.of("XDG_DATA_HOME", " ")), "Linux", HOME));
    }

    @Test
    void macOsUsesApplicationSupport() {
        assertEquals(Path.of("/home/ada/Library/Application Support/Hookline"),
                DataDirectories.resolve(NONE, NONE, "Mac OS X", HOME));
    }

    @Test
    void windowsUsesAppData() {
        assertEquals(Path.of("/appdata/roaming/Hookline"),
                DataDirectories.resolve(NONE, of(Map.of("APPDATA", "/appdata/roaming")), "Windows 11", HOME));
    }

    @Test
    void windowsWithoutAppDataUsesRoamingUnderHome() {
        assertEquals(Path.of("/home/ada/AppData/Roaming/Hookline"),
                DataDirectories.resolve(NONE, NONE, "Windows 11", HOME));
    }

    @Test
    void systemPropertyOverridesEnvironmentAndPlatform() {
        Path dir = DataDirectories.resolve(
                of(Map.of(DataDirectories.PROPERTY, "/srv/hookline-prop")),
                of(Map.of(DataDirectories.ENVIRONMENT_VARIABLE, "/srv/hookline-env", "XDG_DATA_HOME", "/data")),
                "Linux", HOME);
        assertEquals(Path.of("/srv/hookline-prop"), dir);
    }

    @Test
    void environmentVariableOverridesPlatform() {
        Path dir = DataDirectories.resolve(NONE,
                of(Map.of(DataDirectories.ENVIRONMENT_VARIABLE, "/srv/hookline-env")), "Mac OS X", HOME);
        assertEquals(Path.of("/srv/hookline-env"), dir);
    }

    @Test
    void blankOverrideIsIgnored() {
        assertEquals(Path.of("/home/ada/.local/share/hookline"),
                DataDirectories.resolve(of(Map.of(DataDirectories.PROPERTY, "  ")), NONE, "Linux", HOME));
    }

    @Test
    void overrideExpandsTildeAndBecomesAbsolute() {
        assertEquals(Path.of("/home/ada/hookline-data"),
                DataDirectories.resolve(of(Map.of(DataDirectories.PROPERTY, "~/hookline-data")), NONE, "Linux", HOME));
        assertEquals(Path.of("data").toAbsolutePath(),
                DataDirectories.resolve(of(Map.of(DataDirectories.PROPERTY, "./data")), NONE, "Linux", HOME));
    }
}
