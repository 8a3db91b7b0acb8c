package dev.hookline.api.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.Project;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a remote Convoy does that Hookline does not, and how the client copes. The stub answers each route with
 * exactly the status and body Convoy's documentation and handlers give (convoy-api-notes sections 3, 4 and 14).
 */
class RemoteConvoyToleranceTest {

    private static final String PROJECT_KEY = "CO.projectkeyprefix.secretpartofthekey0000000000000000000000000000";

    private record Answer(int status, String body) {
    }

    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private ApiClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
        client = new ApiClient("http://127.0.0.1:" + server.getAddress().getPort() + "/api", PROJECT_KEY)
                .withProject("P1");
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private void answer(String methodAndPath, int status, String body) {
        answers.put(methodAndPath, new Answer(status, body));
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getRawQuery();
        requests.add(exchange.getRequestMethod() + " " + path + (query == null ? "" : "?" + query));
        exchange.getRequestBody().readAllBytes();
        Answer answer = answers.getOrDefault(exchange.getRequestMethod() + " " + path,
                new Answer(404, "{\"status\":false,\"message\":\"Resource not found\"}"));
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private static String endpointJson(String createdAt) {
        return "{\"uid\":\"E1\",\"project_id\":\"P1\",\"name\":\"orders\",\"url\":\"https://r.example\","
                + "\"status\":\"active\",\"created_at\":\"" + createdAt + "\",\"updated_at\":\"" + createdAt + "\","
                + "\"deleted_at\":null,\"some_field_from_a_newer_convoy\":{\"x\":1}}";
    }

    @Test
    void aPutAnswering202IsASuccess() {
        answer("PUT /api/v1/projects/P1/endpoints/E1", 202,
                "{\"status\":true,\"message\":\"Endpoint updated successfully\",\"data\":"
                        + endpointJson("2026-04-21T08:28:24.123456Z") + "}");

        Endpoint updated = client.updateEndpoint("E1", EndpointRequest.of("https://r.example", "orders"));

        assertEquals("orders", updated.name());
        assertEquals(EndpointStatus.ACTIVE, updated.status());
    }

    @Test
    void unknownIdsAnsweredWith400AreNotFoundsWithConvoysMessage() {
        answer("PUT /api/v1/projects/P1/endpoints/NOPE/pause", 400,
                "{\"status\":false,\"message\":\"failed to find endpoint\"}");
        answer("PUT /api/v1/projects/P1/events/NOPE/replay", 400, "{\"status\":false,\"message\":\"event not found\"}");
        answer("GET /api/v1/projects/P1/events/NOPE", 404, "{\"status\":false,\"message\":\"event not found\"}");

        ApiException pause = assertThrows(ApiException.class, () -> client.pauseEndpoint("NOPE"));
        ApiException replay = assertThrows(ApiException.class, () -> client.replayEvent("NOPE"));
        ApiException get = assertThrows(ApiException.class, () -> client.getEvent("NOPE"));

        assertTrue(pause.isNotFound());
        assertEquals("failed to find endpoint", pause.getMessage());
        assertTrue(replay.isNotFound());
        assertTrue(get.isNotFound());
        assertEquals("event not found", get.getMessage());
    }

    @Test
    void aValidationErrorIsNotANotFound() {
        answer("PUT /api/v1/projects/P1/events/E1/replay", 400,
                "{\"status\":false,\"message\":\"cannot resend event that did not fail previously\"}");

        ApiException e = assertThrows(ApiException.class, () -> client.replayEvent("E1"));

        assertFalse(e.isNotFound());
        assertEquals(400, e.status());
        assertEquals("cannot resend event that did not fail previously", e.serverMessage());
    }

    @Test
    void errorBodiesWithoutDataAndEmptyBodiesStillSayWhatFailed() {
        answer("POST /api/v1/projects/P1/endpoints", 400, "{\"status\":false,\"message\":\"url:please provide a url\"}");
        answer("GET /api/v1/projects/P1/endpoints/E415", 415, "");

        ApiException validation = assertThrows(ApiException.class,
                () -> client.createEndpoint(EndpointRequest.of(null, "x")));
        ApiException unsupported = assertThrows(ApiException.class, () -> client.getEndpoint("E415"));

        assertEquals("url:please provide a url", validation.getMessage());
        assertEquals("HTTP 415 Unsupported Media Type", unsupported.getMessage());
    }

    @Test
    void aSuccessWithNullOrANumberAsDataIsStillASuccess() {
        // Convoy answers queued work (event creation is asynchronous: no event, no ID) with data null or 200
        answer("POST /api/v1/projects/P1/endpoints/E1/activate", 200,
                "{\"status\":true,\"message\":\"Event queued successfully\",\"data\":null}");
        assertNull(client.activateEndpoint("E1"));

        answer("POST /api/v1/projects/P1/endpoints/E1/activate", 201,
                "{\"status\":true,\"message\":\"Event queued successfully\",\"data\":200}");
        assertNull(client.activateEndpoint("E1"));

        answer("POST /api/v1/projects/P1/endpoints/E1/activate", 200, "");
        assertNull(client.activateEndpoint("E1"));
    }

    @Test
    void arrayFiltersGoOutAsRepeatedKeysNeverWithBrackets() {
        answer("GET /api/v1/projects/P1/eventdeliveries", 200, "{\"status\":true,\"message\":\"ok\",\"data\":"
                + "{\"content\":[],\"pagination\":{\"per_page\":20,\"has_next_page\":false,\"has_prev_page\":false,"
                + "\"prev_page_cursor\":\"\",\"next_page_cursor\":\"\"}}}");

        client.listEventDeliveries(ListQuery.create().withAll("endpointId", List.of("a", "b"))
                .withAll("status", List.of("Failure", "Retry")));

        String sent = requests.getLast();
        assertTrue(sent.contains("endpointId=a&endpointId=b"), sent);
        assertTrue(sent.contains("status=Failure&status=Retry"), sent);
        assertFalse(sent.contains("[") || sent.contains("%5B"), sent);
    }

    @Test
    void aConvoyIgnoresTheHttpStatusFilterSoTheProbeSaysItLacksIt() {
        // Convoy's handler reads no httpStatus parameter: it lists deliveries as if there were none
        answer("GET /api/v1/projects/P1/eventdeliveries", 200, "{\"status\":true,\"message\":\"ok\",\"data\":"
                + "{\"content\":[],\"pagination\":{\"per_page\":1,\"has_next_page\":false,\"has_prev_page\":false,"
                + "\"prev_page_cursor\":\"\",\"next_page_cursor\":\"\"}}}");

        assertFalse(client.supportsDeliveryHttpStatusFilter());
        assertTrue(requests.getLast().contains("httpStatus=probe"), requests.getLast());

        client.listEventDeliveries(ListQuery.create().httpStatus(List.of(HttpStatusClass.SERVER_ERROR,
                HttpStatusClass.NONE, HttpStatusClass.SERVER_ERROR)));
        assertTrue(requests.getLast().endsWith("?httpStatus=5xx&httpStatus=none"), requests.getLast());
    }

    @Test
    void theHeldByFilterIsSentAsRepeatedKeysAndAConvoyDeliveryHasNoHoldOrLastResponse() {
        answer("GET /api/v1/projects/P1/eventdeliveries", 200, "{\"status\":true,\"message\":\"ok\",\"data\":"
                + "{\"content\":[{\"uid\":\"d1\",\"status\":\"Scheduled\"}],\"pagination\":{\"per_page\":20,"
                + "\"has_next_page\":false,\"has_prev_page\":false,\"prev_page_cursor\":\"\",\"next_page_cursor\":\"\"}}}");

        var page = client.listEventDeliveries(ListQuery.create().heldBy(List.of(DeliveryHold.CIRCUIT_OPEN,
                DeliveryHold.ENDPOINT_PAUSED, DeliveryHold.CIRCUIT_OPEN)));

        assertTrue(requests.getLast().endsWith("?heldBy=circuit_open&heldBy=endpoint_paused"), requests.getLast());
        var delivery = page.content().getFirst();
        assertNull(delivery.heldBy(), "a Convoy server does not say what holds a delivery");
        assertNull(delivery.lastResponse());
        assertNull(delivery.retryable());
    }

    @Test
    void theProbeTellsHooklinesRefusalFromOtherFailures() {
        answer("GET /api/v1/projects/P1/eventdeliveries", 400, "{\"status\":false,\"message\":\"httpStatus:unknown "
                + "value \\\"probe\\\", allowed values are 1xx, 2xx, 3xx, 4xx, 5xx, none\"}");
        assertTrue(client.supportsDeliveryHttpStatusFilter());

        answer("GET /api/v1/projects/P1/eventdeliveries", 401, "{\"status\":false,\"message\":\"invalid API key\"}");
        assertEquals(401, assertThrows(ApiException.class, client::supportsDeliveryHttpStatusFilter).status(),
                "not an answer about the filter");
    }

    @Test
    void timestampsWithNanosecondsAndAnyZoneParse() {
        answer("GET /api/v1/projects/P1/endpoints/E1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":"
                + endpointJson("2026-04-21T10:28:24.123456789+02:00") + "}");
        answer("GET /api/v1/projects/P1/events/V1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{\"uid\":\"V1\","
                + "\"event_type\":\"a.b\",\"created_at\":\"2026-04-21T08:28:24Z\",\"updated_at\":\"2026-04-21T08:28:24.5-00:30\","
                + "\"deleted_at\":null,\"acknowledged_at\":null}}");

        Endpoint endpoint = client.getEndpoint("E1");
        Event event = client.getEvent("V1");

        assertEquals(Instant.parse("2026-04-21T08:28:24.123456789Z"), endpoint.createdAt());
        assertEquals(Instant.parse("2026-04-21T08:28:24Z"), event.createdAt());
        assertEquals(Instant.parse("2026-04-21T08:58:24.5Z"), event.updatedAt());
    }

    @Test
    void aProjectKeySeesItsProjectWithoutAnOrganisationId() {
        answer("GET /api/v1/projects", 401, "{\"status\":false,\"message\":\"authorization failed\"}");
        answer("GET /api/v1/projects/P1", 200, "{\"status\":true,\"message\":\"Project fetched successfully\","
                + "\"data\":{\"uid\":\"P1\",\"name\":\"Shop\",\"type\":\"outgoing\",\"created_at\":\"2026-04-21T08:28:24Z\","
                + "\"updated_at\":\"2026-04-21T08:28:24Z\",\"deleted_at\":null}}");

        List<Project> projects = client.listAccessibleProjects();

        assertEquals(List.of("Shop"), projects.stream().map(Project::name).toList());
        assertTrue(requests.stream().noneMatch(r -> r.toLowerCase().contains("orgid")), requests.toString());
    }

    @Test
    void anInstanceKeyListsEveryProject() {
        answer("GET /api/v1/projects", 200, "{\"status\":true,\"message\":\"ok\",\"data\":["
                + "{\"uid\":\"P1\",\"name\":\"Shop\",\"type\":\"outgoing\"},{\"uid\":\"P2\",\"name\":\"Billing\",\"type\":\"incoming\"}]}");

        assertEquals(List.of("P1", "P2"), client.listAccessibleProjects().stream().map(Project::uid).toList());
    }

    @Test
    void aRefusedKeyIsNotHiddenBehindTheProjectFallback() {
        answer("GET /api/v1/projects", 401, "{\"status\":false,\"message\":\"authorization failed\"}");
        answer("GET /api/v1/projects/P1", 401, "{\"status\":false,\"message\":\"authorization failed\"}");

        ApiException e = assertThrows(ApiException.class, client::listAccessibleProjects);

        assertEquals(401, e.status());
        assertEquals("authorization failed", e.getMessage());
    }

    @Test
    void theFieldsConvoySendsAreReadAndAnOlderConvoyWithoutThemStillParses() {
        answer("GET /api/v1/projects/P1/endpoints/E1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":"
                + endpointJson("2026-04-21T08:28:24Z").replace("\"deleted_at\":null", "\"deleted_at\":null,"
                + "\"events\":12,\"failure_count\":3,\"success_count\":9,\"retry_count\":1,"
                + "\"period_failure_rate\":0.25") + "}");
        answer("GET /api/v1/projects/P1/events/EV1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{"
                + "\"uid\":\"EV1\",\"event_type\":\"order.created\",\"source_id\":\"\",\"raw\":\"{\\\"total\\\":1}\","
                + "\"data\":{\"total\":1},\"failure_reason\":\"\",\"source_metadata\":null,\"endpoint_metadata\":["
                + endpointJson("2026-04-21T08:28:24Z") + "]}}");
        answer("GET /api/v1/projects/P1/eventdeliveries/D1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{"
                + "\"uid\":\"D1\",\"target_url\":\"https://r.example?shop=berlin\",\"status\":\"Success\"}}");
        answer("GET /api/v1/projects/P1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{\"uid\":\"P1\","
                + "\"name\":\"Shop\",\"type\":\"outgoing\",\"retained_events\":0,\"statistics\":{"
                + "\"endpoints_exist\":true,\"events_exist\":false,\"sources_exist\":false,"
                + "\"subscriptions_exist\":true}}}");
        answer("GET /api/v1/projects/P1/subscriptions/S1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{"
                + "\"uid\":\"S1\",\"name\":\"orders\",\"retry_config\":{\"type\":\"linear\",\"duration\":10,"
                + "\"retry_count\":3}}}");

        Endpoint endpoint = client.getEndpoint("E1");
        assertEquals(12L, endpoint.events());
        assertEquals(3L, endpoint.failureCount());
        assertEquals(9L, endpoint.successCount());
        assertEquals(1L, endpoint.retryCount());
        assertEquals(0.25, endpoint.periodFailureRate());
        Event event = client.getEvent("EV1");
        assertEquals("{\"total\":1}", event.raw());
        assertEquals("", event.failureReason());
        assertNull(event.sourceMetadata());
        assertEquals(List.of("E1"), event.endpointMetadata().stream().map(Endpoint::uid).toList());
        assertEquals("https://r.example?shop=berlin", client.getEventDelivery("D1").targetUrl());
        Project project = client.getProject("P1");
        assertEquals(0L, project.retainedEvents());
        assertTrue(project.statistics().endpointsExist() && project.statistics().subscriptionsExist());
        assertFalse(project.statistics().eventsExist());
        assertEquals(3L, client.getSubscription("S1").retryConfig().retryCount());

        // a Convoy from before these fields: the same calls, every one of them absent
        answer("GET /api/v1/projects/P1/endpoints/E1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":"
                + endpointJson("2026-04-21T08:28:24Z") + "}");
        answer("GET /api/v1/projects/P1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{\"uid\":\"P1\","
                + "\"name\":\"Shop\",\"type\":\"outgoing\"}}");
        answer("GET /api/v1/projects/P1/subscriptions/S1", 200, "{\"status\":true,\"message\":\"ok\",\"data\":{"
                + "\"uid\":\"S1\",\"name\":\"orders\"}}");
        Endpoint old = client.getEndpoint("E1");
        assertNull(old.failureCount());
        assertNull(old.periodFailureRate());
        assertNull(client.getProject("P1").statistics());
        assertNull(client.getSubscription("S1").retryConfig());
    }
}
