package dev.hookline.api.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.Json;
import dev.hookline.api.model.BulkOnboardAccepted;
import dev.hookline.api.model.BulkOnboardReport;
import dev.hookline.api.model.BulkOnboardRequest;
import dev.hookline.api.model.EndpointFailureRate;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.OnboardItem;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client calls of the operations issue 18 added (event types, onboarding, toggle_status, period failure rates)
 * against a stub answering as Convoy does: method, path, query and body sent, and the answer read.
 */
class NewOperationsClientTest {

    private record Seen(String method, String path, String query, String contentType, String body) {
    }

    private record Answer(int status, String body) {
    }

    private static final String EVENT_TYPE = "{\"uid\":\"ET1\",\"name\":\"invoice.paid\",\"category\":\"billing\","
            + "\"description\":\"paid\",\"json_schema\":{\"type\":\"object\"},\"deprecated_at\":null}";

    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private HttpServer server;
    private ApiClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
        client = new ApiClient("http://127.0.0.1:" + server.getAddress().getPort() + "/api", "CO.k.key")
                .withProject("P1");
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private void answer(String method, String path, int status, String envelope) {
        answers.put(method + " /api/v1/projects/P1/" + path, new Answer(status, envelope));
    }

    private void handle(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = ex.getRequestURI().getPath();
        seen.add(new Seen(ex.getRequestMethod(), path, ex.getRequestURI().getRawQuery(),
                ex.getRequestHeaders().getFirst("Content-Type"), body));
        Answer a = answers.getOrDefault(ex.getRequestMethod() + " " + path,
                new Answer(404, "{\"status\":false,\"message\":\"Resource not found\"}"));
        byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(a.status(), bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    @Test
    void eventTypeCallsUseConvoysPathsAndReadItsAnswers() throws Exception {
        answer("GET", "event-types", 200, "{\"status\":true,\"message\":\"Event types fetched successfully\","
                + "\"data\":[" + EVENT_TYPE + "]}");
        answer("POST", "event-types", 201, "{\"status\":true,\"message\":\"Event type created successfully\","
                + "\"data\":" + EVENT_TYPE + "}");
        answer("PUT", "event-types/ET1", 202, "{\"status\":true,\"message\":\"Event type created successfully\","
                + "\"data\":" + EVENT_TYPE + "}");
        answer("POST", "event-types/ET1/deprecate", 200, "{\"status\":true,\"message\":\"Event type deprecated "
                + "successfully\",\"data\":" + EVENT_TYPE.replace("\"deprecated_at\":null",
                "\"deprecated_at\":\"2026-01-02T03:04:05Z\"") + "}");
        answer("POST", "event-types/import", 200, "{\"status\":true,\"message\":\"Event types imported "
                + "successfully\",\"data\":[" + EVENT_TYPE + "]}");

        EventType listed = client.listEventTypes().getFirst();
        assertEquals("invoice.paid", listed.name());
        assertEquals("object", listed.jsonSchema().get("type").asText());
        client.createEventType(new EventTypeRequest("invoice.paid", "billing", null,
                Json.strict().readTree("{\"type\":\"object\"}")));
        JsonNode created = Json.strict().readTree(seen.get(1).body());
        assertEquals("invoice.paid", created.get("name").asText());
        assertEquals("object", created.at("/json_schema/type").asText());
        assertTrue(!created.has("description"), "members left null are not sent: " + created);
        client.updateEventType("ET1", new EventTypeRequest(null, null, "new", null));
        assertEquals("{\"description\":\"new\"}", seen.get(2).body());
        assertTrue(client.deprecateEventType("ET1").deprecated());
        assertEquals(1, client.importEventTypes("openapi: 3.1.0").size());
        assertEquals("{\"spec\":\"openapi: 3.1.0\"}", seen.get(4).body());
        assertEquals(List.of("GET", "POST", "PUT", "POST", "POST"), seen.stream().map(Seen::method).toList());
    }

    @Test
    void onboardingSendsJsonOrACsvFileAndAsksForADryRunInTheQuery() {
        answer("POST", "onboard", 200, "{\"status\":true,\"message\":\"Dry run validation complete\",\"data\":"
                + "{\"total_rows\":1,\"valid_count\":0,\"errors\":[{\"row\":1,\"field\":\"url\",\"message\":\"bad\"}]}}");
        BulkOnboardReport report = client.validateOnboarding(new BulkOnboardRequest(List.of(
                OnboardItem.of("a", "nope", null))));
        assertEquals(new BulkOnboardReport.Error(1, "url", "bad"), report.errors().getFirst());
        assertEquals("dry_run=true", seen.getFirst().query());
        assertEquals("{\"items\":[{\"name\":\"a\",\"url\":\"nope\"}]}", seen.getFirst().body());

        client.validateOnboardingCsv("name,url\na,https://a.example\n");
        Seen csv = seen.get(1);
        assertTrue(csv.contentType().startsWith("multipart/form-data; boundary="), csv.contentType());
        assertTrue(csv.body().contains("name=\"file\"") && csv.body().contains("a,https://a.example"), csv.body());

        answer("POST", "onboard", 202, "{\"status\":true,\"message\":\"Bulk onboard request accepted\",\"data\":"
                + "{\"batch_count\":1,\"total_items\":1,\"message\":\"Bulk onboard request accepted for processing\"}}");
        BulkOnboardAccepted accepted = client.onboard(new BulkOnboardRequest(List.of(
                OnboardItem.of("a", "https://a.example", null))));
        assertEquals(1, accepted.batchCount());
        assertNull(seen.get(2).query(), "no dry_run on a real run");

        answer("POST", "onboard", 400, "{\"status\":false,\"message\":\"Validation failed\",\"data\":"
                + "{\"total_rows\":1,\"valid_count\":0,\"errors\":[]}}");
        ApiException refused = assertThrows(ApiException.class, () -> client.onboardCsv("name,url\nx,y\n"));
        assertEquals(400, refused.status());
        assertEquals("Validation failed", refused.getMessage());
    }

    @Test
    void toggleStatusToleratesConvoysAnswerWithoutData() {
        answer("PUT", "subscriptions/S1/toggle_status", 202, "{\"status\":true,\"message\":\"ok\",\"data\":null}");
        assertNull(client.toggleSubscriptionStatus("S1"), "Convoy's stub answers no subscription");
        assertEquals("PUT", seen.getFirst().method());
    }

    @Test
    void failureRatesRepeatTheEndpointKeyAndKeepTheWindow() {
        answer("GET", "endpoints/period-failure-rates", 200, "{\"status\":true,\"message\":\"Endpoint period "
                + "failure rates fetched successfully\",\"data\":[{\"uid\":\"E1\",\"success_count\":3,"
                + "\"failure_count\":1,\"retry_count\":0,\"period_failure_rate\":0.25},{\"uid\":\"E2\"}]}");
        List<EndpointFailureRate> rates = client.endpointFailureRates(List.of("E1", "E2"),
                ListQuery.create().with("startDate", "2026-01-01T00:00:00"));
        assertEquals(new EndpointFailureRate("E1", 3L, 1L, 0L, 0.25), rates.get(0));
        assertNull(rates.get(1).periodFailureRate());
        assertEquals("startDate=2026-01-01T00%3A00%3A00&endpointId=E1&endpointId=E2", seen.getFirst().query());
    }
}
