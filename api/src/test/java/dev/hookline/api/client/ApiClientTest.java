package dev.hookline.api.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.Json;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Envelope;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ApiClient against a tiny in-process server that answers the way Convoy does. */
class ApiClientTest {

    static final String KEY = "CO.abcdefghijklmnop.0123456789012345678901234567890123456789012345678901234567890123";

    record Seen(String method, String path, String rawQuery, String auth, String contentType, String body) {
    }

    final List<Seen> seen = new CopyOnWriteArrayList<>();
    HttpServer server;
    ApiClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
        client = new ApiClient("http://127.0.0.1:" + server.getAddress().getPort() + "/api/", KEY).withProject("P1");
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = ex.getRequestURI().getPath();
        String method = ex.getRequestMethod();
        seen.add(new Seen(method, path, ex.getRequestURI().getRawQuery(),
                ex.getRequestHeaders().getFirst("Authorization"), ex.getRequestHeaders().getFirst("Content-Type"), body));
        String ct = ex.getRequestHeaders().getFirst("Content-Type");
        if (ct != null && !ct.startsWith("application/json")) {
            ex.sendResponseHeaders(415, -1); // Convoy: 415 with an empty body
            ex.close();
            return;
        }
        String source = """
                {"uid":"S1","project_id":"P1","mask_id":"m","name":"renamed","url":"http://h/ingest/m","type":"http",
                 "provider":null,"is_disabled":true,"verifier":{"type":"noop","hmac":null,"basic_auth":null,"api_key":null},
                 "custom_response":{"body":"","content_type":""},"provider_config":null,"forward_headers":null,
                 "pub_sub":null,"idempotency_keys":null,"event_type_location":"","body_function":null,
                 "header_function":null,"created_at":"2026-04-21T08:28:24.123456Z","updated_at":"2026-04-21T08:28:24.123456Z",
                 "deleted_at":null}""";
        switch (method + " " + path) {
            case "PUT /api/v1/projects/P1/sources/S1" ->
                    reply(ex, 202, "{\"status\":true,\"message\":\"Source updated successfully\",\"data\":" + source + "}");
            case "POST /api/v1/projects/P1/sources" ->
                    reply(ex, 400, "{\"status\":false,\"message\":\"name:please provide a source name\"}");
            case "PUT /api/v1/projects/P1/events/NOPE/replay" ->
                    reply(ex, 400, "{\"status\":false,\"message\":\"event not found\"}");
            case "GET /api/v1/projects/P1/endpoints/E502" -> reply(ex, 502, "<html>bad gateway</html>");
            case "GET /api/v1/projects/P1/endpoints/E415" -> {
                ex.sendResponseHeaders(415, -1);
                ex.close();
            }
            case "GET /api/v1/projects/P1/eventdeliveries" -> reply(ex, 200, """
                    {"status":true,"message":"Event deliveries fetched successfully","data":{"content":[
                     {"uid":"D1","status":"Failure","delivery_mode":"at_most_once","headers":{"X-A":["1"]},
                      "metadata":{"data":{"a":1},"raw":"{\\"a\\":1}","strategy":"exponential",
                      "next_send_time":"2026-04-21T08:30:04.51Z","num_trials":3,"interval_seconds":20,"retry_limit":3,
                      "max_retry_seconds":7200},"created_at":"2026-04-21T08:28:24.123456789Z","deleted_at":null},
                     {"uid":"D2","status":"SomethingNew","created_at":"2026-04-21T08:28:24Z","deleted_at":null}],
                     "pagination":{"per_page":2,"has_next_page":true,"has_prev_page":false,
                      "prev_page_cursor":"D1","next_page_cursor":"D3"}}}""");
            case "GET /api/v1/projects/P1/eventdeliveries/D1/deliveryattempts" -> reply(ex, 200, """
                    {"status":true,"message":"Event delivery attempts fetched successfully","data":[
                     {"uid":"A1","url":"https://x","method":"POST","msg_id":"D1","http_status":"500 Internal Server Error",
                      "request_http_header":{"X-Convoy-Signature":"abc"},"status":false,"latency_ms":12}]}""");
            case "GET /portal-api/endpoints" -> reply(ex, 200, """
                    {"status":true,"message":"Endpoints fetched successfully","data":{"content":[],
                     "pagination":{"per_page":20,"has_next_page":false,"has_prev_page":false,
                      "prev_page_cursor":"","next_page_cursor":""}}}""");
            case "PUT /api/v1/projects/P1/portal-links/L1/revoke" ->
                    reply(ex, 200, "{\"status\":true,\"message\":\"Portal link revoked successfully\",\"data\":null}");
            case "POST /api/v1/projects/P1/eventdeliveries/forceresend" ->
                    reply(ex, 200, "{\"status\":true,\"message\":\"2 successful, 1 failed\",\"data\":null}");
            case "POST /api/v1/projects/P1/eventdeliveries/batchretry" ->
                    reply(ex, 200, "{\"status\":true,\"message\":\"Batch retry processing\",\"data\":null}");
            case "GET /api/v1/projects/P1/eventdeliveries/countbatchretryevents" ->
                    reply(ex, 200, "{\"status\":true,\"message\":\"event deliveries count successful\","
                            + "\"data\":{\"num\":7}}");
            default -> reply(ex, 404, "{\"status\":false,\"message\":\"Resource not found\"}");
        }
    }

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(bytes);
        }
    }

    @Test
    void aPlainHttpServerOnThisMachineNeedsNoTrustStore() {
        assertFalse(client.preparedForTls(), "the embedded server's client sets no TLS up");
        try (ApiClient localhost = new ApiClient("http://localhost:5005/api", KEY);
             ApiClient remote = new ApiClient("https://convoy.example.com/api", KEY);
             ApiClient remotePlain = new ApiClient("http://convoy.example.com/api", KEY)) {
            assertFalse(localhost.preparedForTls());
            assertTrue(remote.preparedForTls());
            assertTrue(remotePlain.preparedForTls(), "a remote server may redirect to https");
        }
    }

    @Test
    void putAnswering202IsSuccessAndSendsBearerAndJson() throws Exception {
        Source s = client.updateSource("S1", new UpdateSourceRequest("renamed", SourceType.HTTP, true, null, null,
                null, null, null, null, null));
        assertEquals("renamed", s.name());
        assertEquals(true, s.isDisabled());
        assertEquals(Instant.parse("2026-04-21T08:28:24.123456Z"), s.createdAt());

        Seen req = seen.get(0);
        assertEquals("Bearer " + KEY, req.auth());
        assertEquals("application/json", req.contentType());
        JsonNode sent = Json.strict().readTree(req.body());
        assertEquals("renamed", sent.get("name").asText());
        assertEquals("http", sent.get("type").asText());
        assertTrue(sent.get("is_disabled").asBoolean());
        // the server can read what the client sends with the strict mapper
        assertEquals(SourceType.HTTP, Json.strict().readValue(req.body(), UpdateSourceRequest.class).type());
    }

    @Test
    void errorEnvelopeWithoutDataBecomesApiException() {
        ApiException e = assertThrows(ApiException.class,
                () -> client.createSource(new CreateSourceRequest(null, SourceType.HTTP, null, null, null, null,
                        null, null, null)));
        assertEquals(400, e.status());
        assertEquals("name:please provide a source name", e.serverMessage());
        assertEquals("name:please provide a source name", e.getMessage());
        assertFalse(e.isNotFound());

        ApiException replay = assertThrows(ApiException.class, () -> client.replayEvent("NOPE"));
        assertEquals(400, replay.status());
        assertTrue(replay.isNotFound(), "Convoy answers unknown ids with 400 ... not found");
        ApiException missing = assertThrows(ApiException.class, () -> client.getEndpoint("E404"));
        assertEquals(404, missing.status());
        assertTrue(missing.isNotFound());
    }

    @Test
    void emptyOrNonJsonErrorBodiesStillGiveStatusAndReadableMessage() {
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "text/plain");
        RawResponse raw = client.raw("POST", "/v1/projects/P1/sources", "name=x", headers);
        assertEquals(415, raw.status());
        assertEquals("", raw.body());
        assertEquals("text/plain", seen.get(0).contentType());

        // a 415 with an empty body on the typed path: status kept, readable message, no server message
        ApiException e415 = assertThrows(ApiException.class, () -> client.getEndpoint("E415"));
        assertEquals(415, e415.status());
        assertNull(e415.serverMessage());
        assertEquals("HTTP 415 Unsupported Media Type", e415.getMessage());

        ApiException bad = assertThrows(ApiException.class, () -> client.getEndpoint("E502"));
        assertEquals(502, bad.status());
        assertTrue(bad.getMessage().startsWith("HTTP 502 Bad Gateway"), bad.getMessage());
    }

    @Test
    void repeatedQueryKeysDatesAndLenientEnums() {
        Instant start = Instant.parse("2026-04-14T00:00:00.999Z");
        ListQuery q = ListQuery.ofPerPage(2)
                .withAll("status", List.of(EventDeliveryStatus.FAILURE.wire(), EventDeliveryStatus.RETRY.wire()))
                .startDate(start)
                .sort(ListQuery.Sort.ASC);
        assertEquals("perPage=2&status=Failure&status=Retry&startDate=2026-04-14T00%3A00%3A00&sort=ASC", q.toQuery());

        Page<EventDelivery> page = client.listEventDeliveries(q);
        String rawQuery = seen.get(0).rawQuery();
        assertTrue(rawQuery.contains("status=Failure&status=Retry"), rawQuery);
        assertFalse(rawQuery.contains("[]") || rawQuery.contains("%5B"), rawQuery);
        assertTrue(rawQuery.contains("startDate=2026-04-14T00:00:00") || rawQuery.contains("startDate=2026-04-14T00%3A00%3A00"),
                rawQuery);

        assertEquals(2, page.content().size());
        EventDelivery d1 = page.content().get(0);
        assertEquals(EventDeliveryStatus.FAILURE, d1.status());
        assertEquals(Instant.parse("2026-04-21T08:28:24.123456789Z"), d1.createdAt());
        assertEquals(1, d1.metadata().data().get("a").asInt());
        assertNull(page.content().get(1).status(), "unknown enum values read as null on the client");
        assertTrue(page.pagination().hasNextPage());

        ListQuery next = q.nextPage(page.pagination());
        assertEquals("D3", next.value("next_page_cursor"));
        assertEquals("next", next.value("direction"));
    }

    @Test
    void plainArraysPortalPathsAndNullData() {
        List<DeliveryAttempt> attempts = client.listDeliveryAttempts("D1");
        assertEquals(1, attempts.size());
        assertEquals("abc", attempts.get(0).requestHttpHeader().get("X-Convoy-Signature"));
        assertEquals(12L, attempts.get(0).latencyMs());

        Page<Endpoint> portal = client.portalListEndpoints(ListQuery.create());
        assertTrue(portal.content().isEmpty());
        assertEquals("/portal-api/endpoints", seen.get(1).path());
        assertEquals("Bearer " + KEY, seen.get(1).auth());

        client.revokePortalLink("L1"); // data:null, no body sent
        assertEquals("", seen.get(2).body());
        assertNull(seen.get(2).contentType());

        Envelope<JsonNode> env = client.send("GET", "/v1/projects/P1/eventdeliveries", null,
                ListQuery.create().with("eventType", "a.b"));
        assertTrue(env.status());
        assertEquals("eventType=a.b", seen.get(3).rawQuery());
        assertEquals(2, env.data().get("content").size());
    }

    @Test
    void portalEventAndDeliveryCallsGoToThePortalApi() {
        List<Runnable> calls = List.of(() -> client.portalGetEvent("E1"), () -> client.portalReplayEvent("E1"),
                () -> client.portalGetEventDelivery("D1"), () -> client.portalListDeliveryAttempts("D1"),
                () -> client.portalGetDeliveryAttempt("D1", "A1"));
        for (Runnable call : calls) {
            ApiException e = assertThrows(ApiException.class, call::run);
            assertEquals(404, e.status());
        }
        assertEquals(List.of("GET /portal-api/events/E1", "PUT /portal-api/events/E1/replay",
                "GET /portal-api/eventdeliveries/D1", "GET /portal-api/eventdeliveries/D1/deliveryattempts",
                "GET /portal-api/eventdeliveries/D1/deliveryattempts/A1"),
                seen.stream().map(x -> x.method() + " " + x.path()).toList());
    }

    @Test
    void batchActionsReadTheirCountsFromTheMessageAndCountsFromNum() throws Exception {
        BatchOutcome forced = client.forceResendEventDeliveries(List.of("D1", "D2", "D3"));
        assertEquals(new BatchOutcome("2 successful, 1 failed", 2, 1), forced);
        assertEquals("{\"ids\":[\"D1\",\"D2\",\"D3\"]}", seen.get(0).body());

        BatchOutcome async = client.batchRetryEventDeliveries(ListQuery.create().withAll("status",
                List.of("Failure", "Discarded")));
        assertEquals("Batch retry processing", async.message());
        assertNull(async.successful(), "a Convoy that retries in the background gives no counts");
        assertEquals("status=Failure&status=Discarded", seen.get(1).rawQuery());

        assertEquals(7, client.countBatchRetryEventDeliveries(ListQuery.create().with("eventId", "E1")));
        assertEquals("eventId=E1", seen.get(2).rawQuery());
    }

    @Test
    void connectionRefusedIsStatusZero() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (ApiClient dead = new ApiClient("http://127.0.0.1:" + port + "/api", KEY).withProject("P1")) {
            ApiException e = assertThrows(ApiException.class, () -> dead.getEndpoint("E1"));
            assertEquals(0, e.status());
            assertTrue(e.isConnectionFailure());
            assertTrue(e.getMessage().startsWith("cannot reach http://127.0.0.1:" + port + "/api/v1/projects/P1/endpoints/E1"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("Connection refused"), e.getMessage());
            assertFalse(e.getMessage().contains(KEY));
        }
    }

    @Test
    void keyNeverPrintedAndProjectRequired() {
        assertFalse(client.toString().contains(KEY));
        assertFalse(client.toString().contains("0123456789"));
        assertEquals("P1", client.projectId());
        try (ApiClient noProject = new ApiClient(client.baseUrl(), KEY)) {
            assertNull(noProject.projectId());
            assertThrows(IllegalStateException.class, () -> noProject.getEndpoint("E1"));
        }
    }
}
