package dev.hookline.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.app.DataDirectories;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facades keep their names in step with the one rule (the constants are read by scripts and tests). */
class UserDirectoryTest {

    @Test
    void theFacadesNameTheSameOverridesAsTheRule() {
        assertEquals(UserDirectory.CONFIG.property(), ConfigDirectories.PROPERTY);
        assertEquals(UserDirectory.CONFIG.environmentVariable(), ConfigDirectories.ENVIRONMENT_VARIABLE);
        assertEquals(UserDirectory.DATA.property(), DataDirectories.PROPERTY);
        assertEquals(UserDirectory.DATA.environmentVariable(), DataDirectories.ENVIRONMENT_VARIABLE);
    }

    @Test
    void dataAndSettingsDifferOnlyInTheirXdgDirectory() {
        Path home = Path.of("/home/ada");
        assertEquals(Path.of("/home/ada/.local/share/hookline"),
                UserDirectory.DATA.resolve(name -> null, name -> null, "Linux", home));
        assertEquals(Path.of("/home/ada/.config/hookline"),
                UserDirectory.CONFIG.resolve(name -> null, name -> null, "Linux", home));
        assertEquals(Path.of("/xdg/config/hookline"), UserDirectory.CONFIG.resolve(name -> null,
                Map.of("XDG_CONFIG_HOME", "/xdg/config")::get, "Linux", home));
        assertEquals(home.resolve("Library/Application Support/Hookline"),
                UserDirectory.DATA.resolve(name -> null, name -> null, "Mac OS X", home));
    }

    @Test
    void theCacheIsWhereEachPlatformKeepsWhatCanBeMadeAgain() {
        Path home = Path.of("/home/ada");
        assertEquals(Path.of("/home/ada/.cache/hookline"),
                UserDirectory.CACHE.resolve(name -> null, name -> null, "Linux", home));
        assertEquals(Path.of("/xdg/cache/hookline"), UserDirectory.CACHE.resolve(name -> null,
                Map.of("XDG_CACHE_HOME", "/xdg/cache")::get, "Linux", home));
        assertEquals(home.resolve("Library/Caches/Hookline"),
                UserDirectory.CACHE.resolve(name -> null, name -> null, "Mac OS X", home));
        assertEquals(home.resolve("AppData").resolve("Local").resolve("Hookline"),
                UserDirectory.CACHE.resolve(name -> null, name -> null, "Windows 11", home));
        assertEquals(Path.of("/tmp/hl-cache").toAbsolutePath(), UserDirectory.CACHE.resolve(
                Map.of("hookline.cache.dir", "/tmp/hl-cache")::get, name -> null, "Linux", home));
    }
}
