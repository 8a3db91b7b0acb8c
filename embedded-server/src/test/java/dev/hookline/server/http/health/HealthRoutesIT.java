package dev.hookline.server.http.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.ServerHealth;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.testing.FullDisk;
import dev.hookline.server.testing.LoopbackBrokers;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /healthz}: no credentials, 200 while all is well, 503 in plain words once writes fail for lack of space. */
class HealthRoutesIT {

    @TempDir
    Path dataDir;

    @Test
    void healthyWithoutCredentialsThen503WhileTheDiskIsFullThenHealthyOnceAWriteLands() throws Exception {
        FullDisk disk = new FullDisk();
        try (TestServer server = TestServer.start(HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dataDir, TestServer.INSTANCE_KEY), null,
                LoopbackBrokers.standard(), disk))) {
            Map<String, String> noAuth = new HashMap<>();
            noAuth.put("Authorization", null);
            ApiClient root = server.root("none");

            RawResponse healthy = root.raw("GET", "/healthz", null, noAuth);
            assertEquals(200, healthy.status(), healthy.body());
            JsonNode body = Json.strict().readTree(healthy.body());
            assertTrue(body.path("status").asBoolean());
            assertTrue(body.path("data").path("ready").asBoolean());
            assertTrue(body.path("data").path("database").path("writable").asBoolean());
            assertTrue(body.path("data").path("disk").path("free_bytes").asLong() > 0);
            assertTrue(body.path("data").path("broker_consumers").isArray());

            disk.fillFor(1);
            server.newProjectQuietly();
            RawResponse full = root.raw("GET", "/healthz", null, noAuth);
            assertEquals(503, full.status(), full.body());
            JsonNode fullBody = Json.strict().readTree(full.body());
            assertFalse(fullBody.path("status").asBoolean());
            assertTrue(fullBody.path("message").asText().contains("disk holding the database is full"),
                    full.body());
            assertTrue(fullBody.path("data").path("database").path("disk_full").asBoolean());

            ServerHealth seenByTheClient = server.admin().health();
            assertFalse(seenByTheClient.healthy());
            assertTrue(seenByTheClient.database().diskFull());

            server.newProjectQuietly(); // room again: this write lands
            assertEquals(200, root.raw("GET", "/healthz", null, noAuth).status());
            assertTrue(server.admin().health().healthy());
        }
    }
}
