package dev.hookline.app.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.theme.Theme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {

    @TempDir
    Path config;

    private static final ConnectionProfile REMOTE = new ConnectionProfile("r1", "Production",
            ConnectionProfile.Kind.REMOTE, "https://convoy.example.com/api", "P1");

    @Test
    void aFirstStartHasTheEmbeddedServerAndTheLightTheme() {
        ConsoleSettings settings = new SettingsStore(config).load();

        assertEquals(Theme.LIGHT, settings.theme());
        assertEquals(List.of(ConnectionProfile.embedded(null)), settings.profiles());
        assertTrue(settings.activeProfile().isEmbedded());
    }

    @Test
    void settingsSurviveARestart() throws Exception {
        SettingsStore store = new SettingsStore(config);
        store.save(ConsoleSettings.defaults().withTheme(Theme.DARK).withProfile(REMOTE).withActive("r1"));

        ConsoleSettings loaded = new SettingsStore(config).load();

        assertEquals(Theme.DARK, loaded.theme());
        assertEquals(REMOTE, loaded.activeProfile());
        assertEquals(2, loaded.profiles().size());
        assertTrue(loaded.profiles().getFirst().isEmbedded(), "the embedded profile always comes first");
    }

    @Test
    void anUnreadableFileGivesTheDefaults() throws Exception {
        Files.writeString(config.resolve(SettingsStore.FILE_NAME), "{ not json");

        assertEquals(ConsoleSettings.defaults(), new SettingsStore(config).load());
    }

    @Test
    void removingTheActiveProfileFallsBackToTheEmbeddedOneWhichCannotBeRemoved() {
        ConsoleSettings settings = ConsoleSettings.defaults().withProfile(REMOTE).withActive("r1")
                .withoutProfile("r1").withoutProfile(ConnectionProfile.EMBEDDED_ID);

        assertEquals(ConnectionProfile.EMBEDDED_ID, settings.activeProfileId());
        assertEquals(1, settings.profiles().size());
    }

    @Test
    void theSettingsFileHoldsNoKey() throws Exception {
        new SettingsStore(config).save(ConsoleSettings.defaults().withProfile(REMOTE));

        String text = Files.readString(config.resolve(SettingsStore.FILE_NAME));
        assertTrue(text.contains("https://convoy.example.com/api"));
        assertFalse(text.toLowerCase().contains("key\""), text);
    }
}
