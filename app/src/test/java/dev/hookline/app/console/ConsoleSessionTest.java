package dev.hookline.app.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsoleSessionTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServer server;
    private ApiClient client;
    private ConsoleSession session;

    @BeforeEach
    void startServer() throws Exception {
        server = EmbeddedServer.start(ServerConfig.embedded(dataDirectory));
        client = new ApiClient(server.baseUrl() + "/api", server.apiKey()).withProject(server.defaultProjectId());
        session = ConsoleSession.connected(client, true, new SameThreadBackgroundTasks());
    }

    @AfterEach
    void stopServer() {
        client.close();
        server.close();
    }

    @Test
    void ingestUrlIsTheServerRootWithoutApi() {
        assertEquals(server.baseUrl() + "/ingest/abc123", session.ingestUrl("abc123"));
    }

    @Test
    void clientWithoutProjectIsRefused() {
        ApiClient noProject = new ApiClient(server.baseUrl() + "/api", server.apiKey());
        assertThrows(IllegalArgumentException.class, () -> session.connect(noProject, false));
    }

    @Test
    void unreachableServerRaisesTheBannerAndRetryClearsItOnceTheServerIsBack() throws Exception {
        int port = server.port();
        server.close();
        ApiException failure = assertThrows(ApiException.class, () -> client.getProject(client.projectId()));

        session.reportConnectionFailure(new CompletionException(failure));
        assertTrue(session.connectionProblemProperty().get().startsWith("cannot reach "),
                session.connectionProblemProperty().get());

        session.retryConnection();
        assertTrue(session.connectionProblemProperty().get().startsWith("cannot reach "), "still down");
        assertFalse(session.retryingProperty().get());

        // Retry's recovery brings a server back (the app restarts its embedded server this way)
        session.setRecovery(() -> {
            server = EmbeddedServer.start(ServerConfig.embedded(dataDirectory));
            return new ApiClient(server.baseUrl() + "/api", server.apiKey()).withProject(server.defaultProjectId());
        });
        ApiClient before = session.client();
        session.retryConnection();

        assertNull(session.connectionProblemProperty().get());
        assertTrue(session.client() != before, "views get the new client");
        assertEquals(client.projectId(), session.client().projectId());
        session.client().close();
        assertTrue(port > 0);
    }

    @Test
    void failuresThatAreNotAboutTheConnectionLeaveTheBannerAlone() {
        ApiException notFound = assertThrows(ApiException.class, () -> client.getEndpoint("01UNKNOWN"));

        session.reportConnectionFailure(notFound);
        session.reportConnectionFailure(new IllegalStateException("boom"));

        assertNull(session.connectionProblemProperty().get());
        assertSame(client, session.client());
    }
}
