package dev.hookline.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class ConfigDirectoriesTest {

    @Test
    void theConfigDirectoryFollowsXdgAndOverrides() {
        UnaryOperator<String> none = name -> null;
        Path home = Path.of("/home/ada");
        assertEquals(Path.of("/home/ada/.config/hookline"), ConfigDirectories.resolve(none, none, "Linux", home));
        assertEquals(Path.of("/cfg/hookline"),
                ConfigDirectories.resolve(none, Map.of("XDG_CONFIG_HOME", "/cfg")::get, "Linux", home));
        assertEquals(Path.of("/home/ada/.config/hookline"),
                ConfigDirectories.resolve(none, Map.of("XDG_CONFIG_HOME", "rel")::get, "Linux", home));
        assertEquals(Path.of("/home/ada/Library/Application Support/Hookline"),
                ConfigDirectories.resolve(none, none, "Mac OS X", home));
        assertEquals(Path.of("/roaming/Hookline"),
                ConfigDirectories.resolve(none, Map.of("APPDATA", "/roaming")::get, "Windows 11", home));
        assertEquals(Path.of("/srv/cfg"), ConfigDirectories.resolve(
                Map.of(ConfigDirectories.PROPERTY, "/srv/cfg")::get, Map.of("XDG_CONFIG_HOME", "/cfg")::get, "Linux", home));
    }
}
