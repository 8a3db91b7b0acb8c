package dev.hookline.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No secret and no ingest mask in a log line (docs/adr/0028), on the paths that log: deliveries that fail to
 * endpoints with each kind of credential (and an OAuth2 token server that is down), a meta event that fails, a broker
 * consumer whose broker refuses, ingest requests with wrong credentials, and wrong API keys. The server's log
 * (slf4j-simple, standard error) is captured for the whole run.
 */
class SecretsInLogsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void errorPathsLogNoSecretAndNoMask() throws Exception {
        int closed = closedPort();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.err;
        PrintStream tee = new PrintStream(new TeeStream(original, captured), true, StandardCharsets.UTF_8);
        System.setErr(tee);
        List<String> secrets;
        String log;
        try (TestServer server = TestServer.start(dataDir, Clock.systemUTC(),
                new OkHttpWebhookSender(Clock.systemUTC()), StandardBrokers.consumers());
             HttpClient http = HttpClient.newHttpClient()) {
            TestProject shop = server.newProject("shop", ProjectType.OUTGOING);
            Api api = new Api(http, server, shop);
            String dead = "http://127.0.0.1:" + closed + "/hook";
            api.send("PUT", "", "{\"name\":\"shop\",\"config\":{\"meta_event\":{\"is_enabled\":true,\"type\":\"http\","
                    + "\"url\":\"" + dead + "\",\"secret\":\"meta-secret-value\",\"event_type\":"
                    + "[\"endpoint.created\"]}}}");
            List<String> endpoints = List.of(
                    api.endpoint(dead, "{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X-Key\","
                            + "\"header_value\":\"hv-secret-value\"}}"),
                    api.endpoint(dead, "{\"type\":\"basic_auth\",\"basic_auth\":{\"username\":\"u\","
                            + "\"password\":\"bp-secret-value\"}}"),
                    api.endpoint(dead, "{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"" + dead + "\",\"client_id\":"
                            + "\"cid\",\"authentication_type\":\"shared_secret\",\"client_secret\":"
                            + "\"cs-secret-value\"}}"));
            for (String endpoint : endpoints) {
                api.send("POST", "/subscriptions", "{\"name\":\"s-" + endpoint + "\",\"endpoint_id\":\"" + endpoint
                        + "\"}");
                api.send("POST", "/events", "{\"endpoint_id\":\"" + endpoint + "\",\"event_type\":\"t\","
                        + "\"data\":{}}");
            }
            JsonNode source = api.send("POST", "/sources", "{\"name\":\"web\",\"type\":\"http\",\"verifier\":"
                    + "{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X-Src\",\"header_value\":"
                    + "\"src-key-value\"}}}");
            String mask = source.path("mask_id").asText();
            JsonNode rabbit = api.send("POST", "/sources", "{\"name\":\"rabbit\",\"type\":\"pub_sub\",\"pub_sub\":"
                    + "{\"type\":\"amqp\",\"workers\":1,\"amqp\":{\"schema\":\"amqp\",\"host\":\"127.0.0.1\","
                    + "\"port\":\"" + closed + "\",\"queue\":\"q\",\"vhost\":\"/\",\"auth\":{\"user\":\"guest\","
                    + "\"password\":\"amqp-pass-value\"}}}}");

            for (String wrong : List.of("nope", "")) {
                HttpResponse<String> ingest = http.send(HttpRequest.newBuilder(
                                URI.create(server.baseUrl() + "/ingest/" + mask)).header("X-Src", wrong + "x")
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(401, ingest.statusCode());
            }
            String wrongKey = "CO." + shop.apiKey().split("\\.")[1] + ".wrong-key-secret-part";
            HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                    + "/api/v1/projects/" + shop.id())).header("Authorization", "Bearer " + wrongKey).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(401, refused.statusCode());

            // the failures have been logged: every delivery tried, the meta event tried, the consumer refused
            Await.until(WAIT, "every failing path logged", () -> {
                String text = captured.toString(StandardCharsets.UTF_8);
                return endpoints.stream().allMatch(id -> text.contains("to endpoint " + id))
                        && text.contains("meta event") && text.contains(rabbit.path("uid").asText());
            });
            secrets = List.of("hv-secret-value", "bp-secret-value", "cs-secret-value", "meta-secret-value",
                    "src-key-value", "amqp-pass-value", mask, shop.apiKey().split("\\.")[2], "wrong-key-secret-part",
                    TestServer.INSTANCE_KEY.split("\\.")[2]);
        } finally {
            System.setErr(original);
            log = captured.toString(StandardCharsets.UTF_8);
        }
        assertTrue(log.contains("delivery "), "the capture holds the server's log:\n" + log);
        for (String secret : secrets) {
            assertFalse(log.contains(secret), "the log holds " + secret + ":\n" + log);
        }
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Calls on the project's API with its key; the answer's {@code data}. */
    private record Api(HttpClient http, TestServer server, TestProject project) {

        JsonNode send(String method, String path, String json) throws Exception {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                            + "/api/v1/projects/" + project.id() + path))
                    .header("Authorization", "Bearer " + project.apiKey()).header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertTrue(response.statusCode() < 300, response.statusCode() + " " + response.body());
            return JSON.readTree(response.body()).path("data");
        }

        String endpoint(String url, String authentication) throws Exception {
            return send("POST", "/endpoints", "{\"name\":\"e\",\"url\":\"" + url + "\",\"secret\":"
                    + "\"sig-secret-value\",\"authentication\":" + authentication + "}").path("uid").asText();
        }
    }

    /** Writes to the real standard error too, so the run's output stays readable. */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream first;
        private final java.io.OutputStream second;

        TeeStream(java.io.OutputStream first, java.io.OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public synchronized void write(int b) throws java.io.IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws java.io.IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }
    }
}
