package dev.hookline.server.http.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
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

/** A full disk as a provider sending webhooks sees it (issue 29): a 503 with a cause and when to come back. */
class DiskFullAnswersIT {

    @TempDir
    Path dataDir;

    @Test
    void ingestOnAFullDiskAnswers503WithRetryAfterAndTheCauseAndHealthAgrees() throws Exception {
        FullDisk disk = new FullDisk();
        try (TestServer server = TestServer.start(HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dataDir, TestServer.INSTANCE_KEY), null,
                LoopbackBrokers.standard(), disk))) {
            TestServer.TestProject project = server.newProject("full", ProjectType.INCOMING);
            Source source = project.client().createSource(new CreateSourceRequest("s", SourceType.HTTP, null, null,
                    null, null, null, null, null));
            Map<String, String> noAuth = new HashMap<>();
            noAuth.put("Authorization", null);
            ApiClient root = server.root("none");

            disk.fillFor(Integer.MAX_VALUE);
            RawResponse refused = root.raw("POST", "/ingest/" + source.maskId(), "{\"n\":1}", noAuth);
            assertEquals(503, refused.status(), refused.body());
            assertEquals(java.util.List.of("30"), refused.headers().get("retry-after"));
            JsonNode body = Json.strict().readTree(refused.body());
            assertTrue(body.path("message").asText().contains("disk is full"), refused.body());

            JsonNode health = Json.strict().readTree(root.raw("GET", "/healthz", null, noAuth).body()).path("data");
            assertEquals(health.path("disk").path("full").asBoolean(),
                    health.path("database").path("disk_full").asBoolean(), health.toString());

            disk.fillFor(0); // space freed
            assertEquals(200, root.raw("POST", "/ingest/" + source.maskId(), "{\"n\":2}", noAuth).status(),
                    "accepted again once there is room");
        }
    }
}
