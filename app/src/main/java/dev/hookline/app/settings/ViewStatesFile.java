package dev.hookline.app.settings;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.app.console.ViewStates;
import dev.hookline.app.json.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@link ViewStates} in {@code views.json} beside {@code settings.json}: filters change often, so they have a
 * file of their own and are written off the FX thread, the latest state winning (a burst of changes writes once or
 * twice). Written whole to a temporary file and moved over the old one; an unreadable file starts empty.
 */
public final class ViewStatesFile implements AutoCloseable {

    public static final String FILE_NAME = "views.json";
    private static final Logger LOG = LoggerFactory.getLogger(ViewStatesFile.class);
    private static final TypeReference<Map<String, ViewStates.Scope>> SCOPES = new TypeReference<>() {
    };

    private final Path file;
    private final ObjectMapper mapper = Json.lenient();
    private final ExecutorService writer = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "hookline-views-writer");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicReference<Map<String, ViewStates.Scope>> pending = new AtomicReference<>();

    public ViewStatesFile(Path configDirectory) {
        this.file = configDirectory.resolve(FILE_NAME);
    }

    /** The states as saved, written back here on every change. */
    public ViewStates load() {
        Map<String, ViewStates.Scope> loaded = Map.of();
        if (Files.exists(file)) {
            try {
                Map<String, ViewStates.Scope> read = mapper.readValue(file.toFile(), SCOPES);
                loaded = read == null ? Map.of() : read;
            } catch (IOException e) {
                LOG.warn("Ignoring unreadable saved views {}: {}", file, e.getMessage());
            }
        }
        return new ViewStates(loaded, this::write);
    }

    private void write(Map<String, ViewStates.Scope> all) {
        if (writer.isShutdown()) {
            return; // closed with the console: a change from its last layout pass is not kept
        }
        if (pending.getAndSet(all) == null) {
            writer.execute(() -> {
                Map<String, ViewStates.Scope> latest = pending.getAndSet(null);
                if (latest != null) {
                    save(latest);
                }
            });
        }
    }

    private void save(Map<String, ViewStates.Scope> all) {
        try {
            JsonFiles.writeWhole(mapper, file, all);
        } catch (IOException e) {
            LOG.warn("Cannot save the views to {}: {}", file, e.getMessage());
        }
    }

    /** Writes what is still waiting (application shutdown). */
    @Override
    public void close() {
        writer.shutdown();
        try {
            writer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
