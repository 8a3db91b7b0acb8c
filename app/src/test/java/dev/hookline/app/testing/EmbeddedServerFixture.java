package dev.hookline.app.testing;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A real embedded server (port 0, data in {@code dataDirectory}) and a client bound to its default project: what
 * view model and view tests run against. Close it in {@code @AfterEach}.
 */
public final class EmbeddedServerFixture implements AutoCloseable {

    private final EmbeddedServer server;
    private final ApiClient client;

    private EmbeddedServerFixture(EmbeddedServer server) {
        this.server = server;
        this.client = new ApiClient(server.baseUrl() + "/api", server.apiKey()).withProject(server.defaultProjectId());
    }

    public static EmbeddedServerFixture start(Path dataDirectory) {
        try {
            return new EmbeddedServerFixture(EmbeddedServer.start(ServerConfig.embedded(dataDirectory)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public EmbeddedServer server() {
        return server;
    }

    /** A client bound to the default project. */
    public ApiClient client() {
        return client;
    }

    /** A session on this server whose background work runs on the calling thread (no FX toolkit needed). */
    public ConsoleSession sameThreadSession() {
        return session(new SameThreadBackgroundTasks());
    }

    public ConsoleSession session(BackgroundTasks tasks) {
        return ConsoleSession.connected(client, true, tasks);
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
