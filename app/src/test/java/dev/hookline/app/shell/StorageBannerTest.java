package dev.hookline.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heartbeat's storage banner: a Hookline server that says its disk is full raises it, a healthy one and a
 * Convoy (whose {@code /healthz} carries no health) leave it down and raise no connection problem either.
 */
class StorageBannerTest {

    private static final String PROJECT_JSON = "{\"uid\":\"" + FakeConvoy.PROJECT + "\",\"name\":\"p\","
            + "\"type\":\"outgoing\"}";

    @TempDir
    Path dataDirectory;

    @Test
    void aHealthyEmbeddedServerRaisesNoBanner() throws Exception {
        try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.embedded(dataDirectory));
             ApiClient client = new ApiClient(server.baseUrl() + "/api", server.apiKey())) {
            ConsoleSession session = ConsoleSession.connected(client.withProject(server.defaultProjectId()), true,
                    new SameThreadBackgroundTasks());
            session.checkConnection();
            assertNull(session.connectionProblemProperty().get());
            assertNull(session.storageProblemProperty().get());
        }
    }

    @Test
    void aServerWhoseDiskIsFullRaisesTheStorageBannerAndItGoesOnceItIsHealthyAgain() throws Exception {
        try (FakeConvoy hookline = FakeConvoy.start()) {
            hookline.answer("GET", "", 200, PROJECT_JSON);
            hookline.answerRaw("GET", "/api/v1/projects/" + FakeConvoy.PROJECT, 200,
                    "{\"status\":true,\"message\":\"ok\",\"data\":" + PROJECT_JSON + "}");
            hookline.answerRaw("GET", "/healthz", 503, health(false, true));
            ConsoleSession session = ConsoleSession.connected(hookline.client(), false,
                    new SameThreadBackgroundTasks());

            session.checkConnection();
            assertNull(session.connectionProblemProperty().get(), "the server answers: no connection problem");
            String problem = session.storageProblemProperty().get();
            assertTrue(problem != null && problem.contains("disk holding the database is full"), problem);

            hookline.answerRaw("GET", "/healthz", 200, health(true, false));
            session.checkConnection();
            assertNull(session.storageProblemProperty().get());
        }
    }

    @Test
    void aConvoyWithoutHealthDataOrWithoutTheRouteShowsNothing() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start()) {
            convoy.answerRaw("GET", "/api/v1/projects/" + FakeConvoy.PROJECT, 200,
                    "{\"status\":true,\"message\":\"ok\",\"data\":" + PROJECT_JSON + "}");
            ConsoleSession session = ConsoleSession.connected(convoy.client(), false, new SameThreadBackgroundTasks());

            session.checkConnection(); // no /healthz at all: 404
            assertNull(session.connectionProblemProperty().get());
            assertNull(session.storageProblemProperty().get());

            convoy.answerRaw("GET", "/healthz", 200, "{\"status\":true,\"message\":\"Convoy v24.1.0\",\"data\":null}");
            session.checkConnection();
            assertNull(session.connectionProblemProperty().get());
            assertNull(session.storageProblemProperty().get());
            assertEquals(2, convoy.requests().stream().filter(r -> r.path().equals("/healthz")).count());
        }
    }

    private static String health(boolean writable, boolean full) {
        return "{\"status\":" + !full + ",\"message\":\"m\",\"data\":{\"ready\":true,\"database\":{\"writable\":"
                + writable + ",\"disk_full\":" + full + ",\"problem\":null},\"disk\":{\"free_bytes\":"
                + (full ? 0 : 1_000_000_000L) + ",\"low\":" + full + ",\"full\":" + full
                + "},\"broker_consumers\":[]}}";
    }
}
