package dev.hookline.app.connection;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.app.json.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and writes {@code settings.json} in the configuration directory. Writes go to a temporary file first and
 * replace the old one in one move, so a crash never leaves half a file. An unreadable file gives the defaults (and
 * a warning in the log) rather than a console that does not start.
 */
public final class SettingsStore {

    public static final String FILE_NAME = "settings.json";
    private static final Logger LOG = LoggerFactory.getLogger(SettingsStore.class);

    private final Path file;
    private final ObjectMapper mapper = Json.lenient();

    public SettingsStore(Path configDirectory) {
        this.file = configDirectory.resolve(FILE_NAME);
    }

    public Path file() {
        return file;
    }

    public ConsoleSettings load() {
        if (!Files.exists(file)) {
            return ConsoleSettings.defaults();
        }
        try {
            ConsoleSettings settings = mapper.readValue(file.toFile(), ConsoleSettings.class);
            return settings == null ? ConsoleSettings.defaults() : settings;
        } catch (IOException e) {
            LOG.warn("Ignoring unreadable settings file {}: {}", file, e.getMessage());
            return ConsoleSettings.defaults();
        }
    }

    public void save(ConsoleSettings settings) throws IOException {
        JsonFiles.writeWhole(mapper, file, settings);
    }
}
