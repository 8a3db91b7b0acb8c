package dev.hookline.app.server;

import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded server's loopback port, chosen once per data directory and remembered in it ({@value #FILE}), so the
 * local URLs a user copied (ingest URLs, capture bins, portal links) keep working across restarts.
 *
 * <p>When the remembered port is taken by another program the server starts on a free one, which is then remembered,
 * and {@link Started#note()} says so; the capture endpoints of the data directory follow the new port
 * ({@link CaptureEndpoints}). Ingest and portal link URLs are made from the server's address whenever they are
 * shown, so they follow by themselves.
 */
public final class LocalPort {

    static final String FILE = "console-port";
    private static final Logger LOG = LoggerFactory.getLogger(LocalPort.class);

    private LocalPort() {
    }

    /**
     * A started server and, when its port is not the one remembered, a note for the user ({@code null} otherwise).
     */
    public record Started(EmbeddedServer server, String note) {
    }

    /** Starts the console's server in {@code dataDirectory} on its remembered port (or a free one the first time). */
    public static Started start(Path dataDirectory) throws IOException {
        Integer remembered = remembered(dataDirectory);
        EmbeddedServer server;
        String note = null;
        if (remembered == null) {
            server = EmbeddedServer.start(ServerConfig.embedded(dataDirectory, 0));
        } else {
            try {
                server = EmbeddedServer.start(ServerConfig.embedded(dataDirectory, remembered));
            } catch (IOException | RuntimeException e) {
                if (!isBindFailure(e)) {
                    throw e;
                }
                server = EmbeddedServer.start(ServerConfig.embedded(dataDirectory, 0));
                note = "Port " + remembered + " was taken by another program, so the embedded server now listens on "
                        + server.port() + " (kept from now on). Capture endpoints follow; give providers the new "
                        + "ingest URLs.";
            }
        }
        if (remembered == null || remembered != server.port()) {
            remember(dataDirectory, server.port());
            try {
                int moved = CaptureEndpoints.follow(server.baseUrl(), server.apiKey());
                if (moved > 0) {
                    LOG.info("{} capture endpoint(s) now deliver to {}", moved, server.baseUrl());
                }
            } catch (RuntimeException e) {
                LOG.warn("Could not point capture endpoints at {}: {}", server.baseUrl(), e.getMessage());
            }
        }
        return new Started(server, note);
    }

    /** The port remembered for {@code dataDirectory}, or {@code null} when none (or the file is unreadable). */
    public static Integer remembered(Path dataDirectory) {
        try {
            int port = Integer.parseInt(Files.readString(dataDirectory.resolve(FILE), StandardCharsets.UTF_8).strip());
            return port > 0 && port < 65536 ? port : null;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | NumberFormatException e) {
            LOG.warn("Ignoring the remembered port in {}: {}", dataDirectory.resolve(FILE), e.getMessage());
            return null;
        }
    }

    static void remember(Path dataDirectory, int port) {
        Path file = dataDirectory.resolve(FILE);
        Path temporary = dataDirectory.resolve(FILE + ".tmp");
        try {
            Files.writeString(temporary, port + "\n", StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("Could not remember port {} in {}: {}", port, file, e.getMessage());
        }
    }

    private static boolean isBindFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof BindException) {
                return true;
            }
        }
        return false;
    }
}
