package dev.hookline.app.testing;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A real embedded server on port 0 in a temp directory, and a client for its default (outgoing) project: what the
 * form and table view models talk to in tests.
 */
public final class RunningServer implements AutoCloseable {

    private final EmbeddedServer server;
    private final ApiClient client;

    private RunningServer(EmbeddedServer server) {
        this.server = server;
        this.client = new ApiClient(server.baseUrl() + "/api", server.apiKey()).withProject(server.defaultProjectId());
    }

    public static RunningServer start(Path dataDirectory) {
        try {
            return new RunningServer(EmbeddedServer.start(ServerConfig.embedded(dataDirectory)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A client for the default project. */
    public ApiClient client() {
        return client;
    }

    public EmbeddedServer server() {
        return server;
    }

    /** How many endpoints the project has: tests assert that an invalid form wrote nothing. */
    public int endpointCount() {
        return client.listEndpoints(ListQuery.ofPerPage(100)).content().size();
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
