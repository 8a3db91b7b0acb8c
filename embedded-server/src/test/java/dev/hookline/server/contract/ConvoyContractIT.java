package dev.hookline.server.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.AlertConfig;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.openapi.DocumentedCalls;
import dev.hookline.server.openapi.OpenApiDocument;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestCertificates;
import dev.hookline.server.testing.TestServer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.FanoutEventRequest;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hookline answers what Convoy's own OpenAPI document promises: the 11 operations of the original spec with data of
 * several shapes each, and every one of the document's 68 operations in a client's whole workflow
 * ({@link #everyOperationOfConvoysDocumentAnswersAsItSays}); each real answer validates against the response schema
 * Convoy's document gives that operation and status, but for the places listed in {@link #CONVOY_DOCUMENT_ERRORS}.
 * Convoy's document is read where it lives (see {@link ConvoyOpenApi}); without it these tests are skipped with a
 * message saying where they looked.
 */
class ConvoyContractIT {

    private static final String PROJECT = "/api/v1/projects/{projectID}";
    private static OpenApiDocument convoy;

    @TempDir
    Path dataDir;
    @TempDir
    Path certDir;

    TestServer server;
    ApiClient client;
    DocumentedCalls calls;
    final Map<String, String> ids = new HashMap<>();

    private static ConvoyOpenApi found;

    @BeforeAll
    static void readConvoysDocument() {
        found = ConvoyOpenApi.find();
        found.location.ifPresent(path -> convoy = OpenApiDocument.read(path));
    }

    /** Each test (not the class) is skipped, so the report counts them and shows where the document was looked for. */
    @BeforeEach
    void start() throws Exception {
        assumeTrue(found.location.isPresent(), found::notFoundMessage);
        server = TestServer.start(dataDir);
        calls = new DocumentedCalls(convoy, "/api");
        TestServer.TestProject project = server.newProject("contract", ProjectType.OUTGOING);
        client = server.root(project.apiKey());
        ids.put("projectID", project.id());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    // 1. POST /sources
    @Test
    void createSourceAnswersConvoysSourceResponse() {
        for (CreateSourceRequest request : sourcesOfEveryShape()) {
            calls.call(client, "POST", PROJECT + "/sources", ids, "", request, 201);
        }
        calls.assertNoProblems();
    }

    // 2. PUT /sources/{sourceID}
    @Test
    void updateSourceAnswersConvoysSourceResponse() {
        for (CreateSourceRequest request : sourcesOfEveryShape()) {
            JsonNode created = calls.call(client, "POST", PROJECT + "/sources", ids, "", request, 201);
            ids.put("sourceID", created.path("data").path("uid").asText());
            calls.call(client, "PUT", PROJECT + "/sources/{sourceID}", ids, "", new UpdateSourceRequest(
                    request.name() + " renamed", request.type(), true, List.of("X-Forwarded-For"),
                    new CustomResponse("thanks", "text/plain"), request.provider() == null ? null : request.verifier(),
                    request.pubSub(), List.of("request.header.X-Id"), null, null), 202);
        }
        calls.assertNoProblems();
    }

    // 3. POST /portal-links
    @Test
    void createPortalLinkAnswersConvoysPortalLinkResponse() {
        String endpointId = endpoint("https://a.example/in", "owned", "tenant-1", null);
        for (PortalLinkRequest request : portalLinksOfEveryShape(endpointId)) {
            calls.call(client, "POST", PROJECT + "/portal-links", ids, "", request, 201);
        }
        calls.assertNoProblems();
    }

    // 4. GET /portal-links/{portalLinkID}
    @Test
    void getPortalLinkAnswersConvoysPortalLinkResponse() {
        String endpointId = endpoint("https://a.example/in", "owned", "tenant-1", null);
        for (PortalLinkRequest request : portalLinksOfEveryShape(endpointId)) {
            JsonNode created = calls.call(client, "POST", PROJECT + "/portal-links", ids, "", request, 201);
            ids.put("portalLinkID", created.path("data").path("uid").asText());
            calls.call(client, "GET", PROJECT + "/portal-links/{portalLinkID}", ids, "", null, 200);
        }
        calls.assertNoProblems();
    }

    // 5. PUT /portal-links/{portalLinkID}
    @Test
    void updatePortalLinkAnswersConvoysPortalLinkResponse() {
        String endpointId = endpoint("https://a.example/in", "owned", "tenant-1", null);
        List<PortalLinkRequest> shapes = portalLinksOfEveryShape(endpointId);
        for (int i = 0; i < shapes.size(); i++) {
            JsonNode created = calls.call(client, "POST", PROJECT + "/portal-links", ids, "", shapes.get(i), 201);
            ids.put("portalLinkID", created.path("data").path("uid").asText());
            calls.call(client, "PUT", PROJECT + "/portal-links/{portalLinkID}", ids, "",
                    shapes.get((i + 1) % shapes.size()), 202);
        }
        calls.assertNoProblems();
    }

    // 6. PUT /endpoints/{endpointID}/pause
    @Test
    void pauseEndpointAnswersConvoysEndpointResponse() {
        TestCertificates.Pair pair = TestCertificates.rsa(certDir);
        List<String> endpoints = List.of(
                endpoint("https://plain.example/in", "plain", null, null),
                endpoint("https://basic.example/in", "basic", "tenant-1", new EndpointAuthentication(
                        EndpointAuthType.BASIC_AUTH, null, new BasicAuth("u", "p"), null)),
                endpoint("https://key.example/in", "key", null, new EndpointAuthentication(EndpointAuthType.API_KEY,
                        new ApiKeyHeader("X-Key", "k"), null, null)),
                endpoint("https://oauth.example/in", "oauth", null, new EndpointAuthentication(
                        EndpointAuthType.OAUTH2, null, null, new EndpointAuthentication.OAuth2(
                        "https://auth.example/token", "client", "shared_secret", "s3cret", null, null, null, null,
                        null, null, null, null, null))));
        JsonNode mtls = calls.call(client, "POST", PROJECT + "/endpoints", ids, "", new EndpointRequest(
                "https://mtls.example/in", "mtls", null, null, null, null, null, null, null, null, null, null, null,
                null, null, new MtlsClientCert(pair.certPem(), pair.keyPem()), null), 201);
        for (String endpointId : concat(endpoints, mtls.path("data").path("uid").asText())) {
            ids.put("endpointID", endpointId);
            calls.call(client, "PUT", PROJECT + "/endpoints/{endpointID}/pause", ids, "", null, 202);
            calls.call(client, "PUT", PROJECT + "/endpoints/{endpointID}/pause", ids, "", null, 202);
        }
        calls.assertNoProblems();
    }

    // 7. POST /subscriptions
    @Test
    void createSubscriptionAnswersConvoysSubscriptionResponse() throws Exception {
        String plain = endpoint("https://plain.example/in", "plain", null, null);
        calls.call(client, "POST", PROJECT + "/subscriptions", ids, "", new SubscriptionRequest("defaults", null,
                plain, null, null, null, null, null, null, null), 201);

        String full = endpoint("https://full.example/in", "full", null, null);
        JsonNode body = Json.strict().readTree("{\"person\":{\"age\":{\"$gte\":5}}}");
        calls.call(client, "POST", PROJECT + "/subscriptions", ids, "", new SubscriptionRequest("full", null, full,
                null, "function transform(p) { return p; }", new AlertConfig(3, "1h"), new RateLimitConfig(10, 60L),
                new FilterConfig(List.of("invoice.paid", "invoice.failed"), new FilterConfig.Filter(null,
                        Json.strict().readTree("{\"X-Tenant\":\"a\"}"), body, null, null)), DeliveryMode.AT_MOST_ONCE,
                new SubscriptionRequest.RetryConfig(StrategyType.EXPONENTIAL, "2m", null, 4L)), 201);

        TestServer.TestProject incoming = server.newProject("incoming", ProjectType.INCOMING);
        ApiClient incomingClient = server.root(incoming.apiKey());
        Map<String, String> incomingIds = Map.of("projectID", incoming.id());
        JsonNode endpoint = calls.call(incomingClient, "POST", PROJECT + "/endpoints", incomingIds, "",
                EndpointRequest.of("https://in.example/hook", "receiver"), 201);
        JsonNode source = calls.call(incomingClient, "POST", PROJECT + "/sources", incomingIds, "",
                new CreateSourceRequest("gh", SourceType.HTTP, SourceProvider.GITHUB, null, new Verifier(null,
                        new Verifier.Hmac(null, null, "ghsecret", null), null, null), null, null, null, null), 201);
        calls.call(incomingClient, "POST", PROJECT + "/subscriptions", incomingIds, "", new SubscriptionRequest(
                "from github", source.path("data").path("uid").asText(), endpoint.path("data").path("uid").asText(),
                null, null, null, null, null, null, null), 201);
        calls.assertNoProblems();
    }

    // 8. GET /meta-events
    @Test
    void listMetaEventsAnswersConvoysPagedMetaEvents() {
        EventSeeds seeds = new EventSeeds(server);
        String endpointId = endpoint("https://a.example/in", "a", null, null);
        seeds.metaEvent(ids.get("projectID"), "endpoint.created", "{\"uid\":\"" + endpointId + "\"}",
                EventDeliveryStatus.SCHEDULED);
        seeds.metaEvent(ids.get("projectID"), "eventdelivery.failed", "{\"status\":\"Failure\",\"n\":[1,2]}",
                EventDeliveryStatus.FAILURE);
        seeds.metaEvent(ids.get("projectID"), "eventdelivery.success", "{\"status\":\"Success\"}",
                EventDeliveryStatus.SUCCESS);
        calls.call(client, "GET", PROJECT + "/meta-events", ids, "", null, 200);
        calls.call(client, "GET", PROJECT + "/meta-events", ids, "perPage=1", null, 200);
        calls.call(client, "GET", PROJECT + "/meta-events", ids, "startDate=2099-01-01T00:00:00", null, 200);
        calls.assertNoProblems();
    }

    // 9. GET /eventdeliveries
    @Test
    void listEventDeliveriesAnswersConvoysPagedDeliveries() {
        seedEventsOfEveryShape();
        calls.call(client, "GET", PROJECT + "/eventdeliveries", ids, "", null, 200);
        calls.call(client, "GET", PROJECT + "/eventdeliveries", ids, "perPage=1&status=Retry&status=Discarded", null,
                200);
        calls.call(client, "GET", PROJECT + "/eventdeliveries", ids, "eventType=nothing-matches", null, 200);
        calls.assertNoProblems();
    }

    // 10. GET /events
    @Test
    void listEventsAnswersConvoysPagedEvents() {
        seedEventsOfEveryShape();
        calls.call(client, "GET", PROJECT + "/events", ids, "", null, 200);
        calls.call(client, "GET", PROJECT + "/events", ids, "perPage=1&sort=ASC", null, 200);
        calls.call(client, "GET", PROJECT + "/events", ids, "query=amount", null, 200);
        calls.assertNoProblems();
    }

    /**
     * {@code body} (payload containment) and the four kinds of {@code query} Convoy's HEAD document names (event ID
     * prefix, idempotency key, event type, source name) on the list, the batch-replay count and batch replay.
     */
    @Test
    void bodyAndTheFourQueryKindsFindWhatConvoysDocumentSays() {
        List<Event> seeded = seedEventsOfEveryShape();
        String paid = seeded.get(0).uid();
        String nested = seeded.get(1).uid();
        assertEquals(List.of(paid), found("body=" + encode("{\"amount\":10}")), "body");
        assertEquals(List.of(nested), found("body=" + encode("{\"a\":{\"b\":[2]}}")), "body, nested");
        assertEquals(List.of(nested), found("query=" + nested), "query: the event ID");
        assertTrue(found("query=" + nested.substring(0, 10)).contains(nested), "query: an event ID prefix");
        assertEquals(List.of(paid), found("query=idem-1"), "query: the idempotency key");
        assertEquals(List.of(nested), found("query=nested.payload"), "query: the event type");
        assertEquals(List.of(paid), found("query=github"), "query: the source name");
        assertEquals(List.of(paid), found("query=github&body=" + encode("{\"tags\":[\"a\"]}")),
                "text plus JSON: both hold");
        assertEquals(List.of(), found("query=github&body=" + encode("{\"tags\":[\"b\"]}")));
        JsonNode count = calls.call(client, "GET", PROJECT + "/events/countbatchreplayevents", ids, "body="
                + encode("{\"ok\":true}"), null, 200);
        assertEquals(1, count.path("data").path("num").asInt(), "the count takes body");
        JsonNode replayed = calls.call(client, "POST", PROJECT + "/events/batchreplay", ids, "query=idem-1", null,
                200);
        assertEquals("1 successful, 0 failed", replayed.path("message").asText(), "batch replay takes query");
        List<String> unexplained = calls.problems().stream()
                .filter(problem -> CONVOY_DOCUMENT_ERRORS.stream().noneMatch(known -> known.explains(problem)))
                .toList();
        assertTrue(unexplained.isEmpty(), String.join("\n", unexplained));
    }

    private List<String> found(String query) {
        JsonNode page = calls.call(client, "GET", PROJECT + "/events", ids, query, null, 200);
        List<String> out = new java.util.ArrayList<>();
        page.path("data").path("content").forEach(event -> out.add(event.path("uid").asText()));
        return out;
    }

    private static String encode(String text) {
        return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    // 11. PUT /events/{eventID}/replay
    @Test
    void replayEventAnswersConvoysEvent() {
        for (Event event : seedEventsOfEveryShape()) {
            ids.put("eventID", event.uid());
            calls.call(client, "PUT", PROJECT + "/events/{eventID}/replay", ids, "", null, 200);
        }
        calls.assertNoProblems();
    }

    // ------------------------------------------------------------------------------------ every operation

    /**
     * The one list of places where Convoy's own document is wrong about what Convoy sends (checked against Convoy's
     * handlers and models in frain-dev/convoy), so a correct answer cannot validate there. Each entry: the answer
     * ({@code METHOD path -> status}, as the problem is labelled), a part of the validator's message, and why the
     * document is wrong. A problem matching an entry is not a failure; every other one is.
     */
    static final List<DocumentError> CONVOY_DOCUMENT_ERRORS = List.of(
            new DocumentError("POST /api/v1/projects/{projectID}/events/batchreplay -> 200", "/data: null found",
                    "documented as util.ServerResponse{data=string}, but Convoy's BatchReplayEvents handler answers "
                            + "NewServerResponse(\"<n> successful, <m> failed\", nil, 200): the counts are in "
                            + "message and data is null"));

    /** One place where Convoy's document is wrong: see {@link #CONVOY_DOCUMENT_ERRORS}. */
    record DocumentError(String answer, String messagePart, String reason) {
        boolean explains(String problem) {
            return problem.startsWith(answer) && problem.contains(messagePart);
        }
    }

    /**
     * A Convoy client's whole workflow over every operation of Convoy's document (68), each real answer validated
     * against the schema Convoy documents for it, then a check that no operation was left out.
     */
    @Test
    void everyOperationOfConvoysDocumentAnswersAsItSays() throws Exception {
        ApiClient admin = server.root(TestServer.INSTANCE_KEY);
        String projects = "/api/v1/projects";
        String organisation = server.server().projects().organisationId();
        JsonNode createdProject = call(admin, "POST", projects, Map.of(), "orgID=" + organisation,
                new CreateProjectRequest("every operation", ProjectType.OUTGOING, null, null), 201);
        Map<String, String> created = Map.of("projectID", createdProject.path("data").path("project").path("uid")
                .asText());
        call(admin, "GET", projects, Map.of(), "orgID=default", null, 200);
        call(admin, "GET", PROJECT, created, "", null, 200);
        call(admin, "PUT", PROJECT, created, "", "{\"name\":\"every operation, renamed\",\"config\":"
                + "{\"disable_endpoint\":true,\"circuit_breaker\":{\"failure_threshold\":60,"
                + "\"observability_window\":10}}}", 202);
        // the rest in the test's project, where the seeded events and deliveries are
        ApiClient project = client;
        Map<String, String> p = ids;

        // endpoints
        JsonNode endpoint = call(project, "POST", PROJECT + "/endpoints", p, "", new EndpointRequest(
                "https://a.example/in", "a", null, "tenant-1", "first", null, "ops@example.com", null, null, null,
                null, null, null, null, null, null, null), 201);
        p.put("endpointID", endpoint.path("data").path("uid").asText());
        call(project, "GET", PROJECT + "/endpoints", p, "perPage=5000", null, 200);
        call(project, "GET", PROJECT + "/endpoints/{endpointID}", p, "", null, 200);
        call(project, "PUT", PROJECT + "/endpoints/{endpointID}", p, "", new EndpointRequest("https://a.example/in",
                "a, renamed", null, "tenant-1", null, null, null, null, null, null, null, null, null, null, null, null,
                null), 202);
        call(project, "PUT", PROJECT + "/endpoints/{endpointID}/pause", p, "", null, 202);
        call(project, "POST", PROJECT + "/endpoints/{endpointID}/activate", p, "", null, 202);
        call(project, "PUT", PROJECT + "/endpoints/{endpointID}/expire_secret", p, "",
                "{\"expiration\":60}", 200);
        call(project, "POST", PROJECT + "/endpoints/oauth2/test", p, "", "{\"oauth2\":{\"url\":"
                + "\"http://127.0.0.1:1/token\",\"client_id\":\"c\",\"grant_type\":\"client_credentials\","
                + "\"authentication_type\":\"shared_secret\",\"client_secret\":\"s\"}}", 200);
        call(project, "GET", PROJECT + "/endpoints/period-failure-rates", p, "endpointId=" + p.get("endpointID")
                + "&startDate=2020-01-01T00:00:00&endDate=2099-01-01T00:00:00", null, 200);

        // sources
        JsonNode source = call(project, "POST", PROJECT + "/sources", p, "", sourcesOfEveryShape().get(1), 201);
        p.put("sourceID", source.path("data").path("uid").asText());
        call(project, "GET", PROJECT + "/sources", p, "", null, 200);
        call(project, "GET", PROJECT + "/sources/{sourceID}", p, "", null, 200);
        call(project, "PUT", PROJECT + "/sources/{sourceID}", p, "", new UpdateSourceRequest("hmac, renamed",
                SourceType.HTTP, true, null, null, null, null, null, null, null), 202);
        call(project, "POST", PROJECT + "/sources/test_function", p, "", "{\"type\":\"body\",\"payload\":"
                + "{\"t\":1},\"function\":\"function transform(p) { return {event_type: 'x', data: p}; }\"}", 200);

        // event types (item 1)
        JsonNode eventType = call(project, "POST", PROJECT + "/event-types", p, "", "{\"name\":\"order.created\","
                + "\"category\":\"orders\",\"description\":\"an order was placed\",\"json_schema\":"
                + "{\"type\":\"object\",\"properties\":{\"total\":{\"type\":\"number\"}}}}", 201);
        p.put("eventTypeId", eventType.path("data").path("uid").asText("01J00000000000000000000000"));
        call(project, "GET", PROJECT + "/event-types", p, "", null, 200);
        call(project, "PUT", PROJECT + "/event-types/{eventTypeId}", p, "", "{\"description\":\"placed\"}", 201);
        call(project, "POST", PROJECT + "/event-types/{eventTypeId}/deprecate", p, "", null, 201);
        call(project, "POST", PROJECT + "/event-types/import", p, "", Map.of("spec", """
                openapi: 3.0.0
                info: {title: shop, version: '1'}
                paths: {}
                webhooks:
                  order.shipped:
                    post:
                      description: an order left the warehouse
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {id: {type: string}}}
                      responses: {'200': {description: ok}}
                  order.refunded:
                    post:
                      description: money went back
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {reason: {type: string}}}
                      responses: {'200': {description: ok}}
                """), 200);

        // subscriptions and their filters (the filters' event types are registered above, as Convoy may ask)
        JsonNode subscription = call(project, "POST", PROJECT + "/subscriptions", p, "", new SubscriptionRequest(
                "orders", null, p.get("endpointID"), null, null, new AlertConfig(3, "1h"), null,
                new FilterConfig(List.of("order.created", "order.failed"), new FilterConfig.Filter(null, null,
                        Json.strict().readTree("{\"total\":{\"$gt\":0}}"), null, null)), null,
                new SubscriptionRequest.RetryConfig(StrategyType.LINEAR, "10s", null, 3L)), 201);
        p.put("subscriptionID", subscription.path("data").path("uid").asText());
        call(project, "GET", PROJECT + "/subscriptions", p, "", null, 200);
        call(project, "GET", PROJECT + "/subscriptions/{subscriptionID}", p, "", null, 200);
        call(project, "PUT", PROJECT + "/subscriptions/{subscriptionID}", p, "", new SubscriptionRequest(
                "orders, renamed", null, null, null, null, null, null, null, null, null), 202);
        call(project, "POST", PROJECT + "/subscriptions/test_filter", p, "", "{\"request\":{\"body\":{\"a\":5}},"
                + "\"schema\":{\"body\":{\"a\":{\"$gte\":3}}}}", 200);
        call(project, "POST", PROJECT + "/subscriptions/test_function", p, "", "{\"payload\":{\"n\":1},"
                + "\"function\":\"function transform(p) { p.n++; return p; }\"}", 200);
        String filters = PROJECT + "/subscriptions/{subscriptionID}/filters";
        JsonNode rows = call(project, "GET", filters, p, "", null, 200);
        p.put("filterID", rows.path("data").path(0).path("uid").asText());
        call(project, "POST", filters, p, "", "{\"event_type\":\"order.refunded\",\"body\":{\"reason\":\"fraud\"}}",
                201);
        JsonNode bulk = call(project, "POST", filters + "/bulk", p, "", "[{\"event_type\":\"order.shipped\"},"
                + "{\"event_type\":\"*\",\"headers\":{\"X-Live\":\"yes\"}}]", 201);
        call(project, "GET", filters + "/{filterID}", p, "", null, 200);
        call(project, "PUT", filters + "/{filterID}", p, "", "{\"body\":{\"total\":{\"$gte\":10}}}", 200);
        call(project, "PUT", filters + "/bulk_update", p, "", "[{\"uid\":\""
                + bulk.path("data").path(0).path("uid").asText() + "\",\"body\":{\"carrier\":\"dhl\"}}]", 200);
        Map<String, String> withType = new HashMap<>(p);
        withType.put("eventType", "order.created");
        call(project, "POST", filters + "/test/{eventType}", withType, "", "{\"payload\":{\"total\":20}}", 200);
        call(project, "DELETE", filters + "/{filterID}", p, "", null, 200);
        call(project, "PUT", PROJECT + "/subscriptions/{subscriptionID}/toggle_status", p, "", null, 202);
        call(project, "PUT", PROJECT + "/subscriptions/{subscriptionID}/toggle_status", p, "", null, 202);

        // events, sent through the API, and their deliveries
        ObjectNode data = Json.strict().createObjectNode().put("total", 25);
        JsonNode sent = call(project, "POST", PROJECT + "/events", p, "", new CreateEventRequest(
                p.get("endpointID"), null, null, "order.created", data, Map.of("X-Shop", "berlin"), "idem-every"), 201);
        call(project, "POST", PROJECT + "/events/fanout", p, "", new FanoutEventRequest("tenant-1", "order.created",
                data, null, null), 201);
        call(project, "POST", PROJECT + "/events/broadcast", p, "", new BroadcastEventRequest("order.created", data,
                null, null), 201);
        call(project, "POST", PROJECT + "/events/dynamic", p, "", new DynamicEventRequest(
                "https://dynamic.example.com/hook", null, List.of("order.created"), "order.created", data, null,
                null), 201);
        List<Event> seeded = seedEventsOfEveryShape();
        p.put("eventID", seeded.get(0).uid());
        call(project, "GET", PROJECT + "/events", p, "", null, 200);
        call(project, "GET", PROJECT + "/events/{eventID}", p, "", null, 200);
        Map<String, String> sentEvent = new HashMap<>(p);
        sentEvent.put("eventID", sent.path("data").path("uid").asText());
        call(project, "GET", PROJECT + "/events/{eventID}", sentEvent, "", null, 200);
        call(project, "PUT", PROJECT + "/events/{eventID}/replay", p, "", null, 200);
        call(project, "GET", PROJECT + "/events/countbatchreplayevents", p, "startDate=2020-01-01T00:00:00", null,
                200);
        call(project, "GET", PROJECT + "/events/countbatchreplayevents", p, "body=%7B%22total%22%3A25%7D", null,
                200);
        call(project, "GET", PROJECT + "/events", p, "query=order.created&body=%7B%22total%22%3A25%7D", null, 200);
        call(project, "POST", PROJECT + "/events/batchreplay", p, "startDate=2020-01-01T00:00:00", null, 200);
        call(project, "POST", PROJECT + "/events/batchreplay", p, "body=%7B%22total%22%3A25%7D", null, 200);

        String deliveries = PROJECT + "/eventdeliveries";
        JsonNode page = call(project, "GET", deliveries, p, "status=Retry", null, 200);
        p.put("eventDeliveryID", page.path("data").path("content").path(0).path("uid").asText());
        call(project, "GET", deliveries, p, "", null, 200);
        call(project, "GET", deliveries + "/{eventDeliveryID}", p, "", null, 200);
        JsonNode attempts = call(project, "GET", deliveries + "/{eventDeliveryID}/deliveryattempts", p, "", null,
                200);
        p.put("deliveryAttemptID", attempts.path("data").path(0).path("uid").asText());
        call(project, "GET", deliveries + "/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}", p, "", null,
                200);
        JsonNode discarded = call(project, "GET", deliveries, p, "status=Discarded", null, 200);
        Map<String, String> resendable = new HashMap<>(p);
        resendable.put("eventDeliveryID", discarded.path("data").path("content").path(0).path("uid").asText());
        call(project, "PUT", deliveries + "/{eventDeliveryID}/resend", resendable, "", null, 200);
        EventDelivery succeeded = new EventSeeds(server).delivery(seeded.get(0), seeded.get(0).endpoints().get(0))
                .status(EventDeliveryStatus.SUCCESS).insert();
        call(project, "POST", deliveries + "/forceresend", p, "", Map.of("ids", List.of(succeeded.uid())), 200);
        call(project, "POST", deliveries + "/batchretry", p, "status=Failure", null, 200);

        // meta events
        EventSeeds seeds = new EventSeeds(server);
        p.put("metaEventID", seeds.metaEvent(p.get("projectID"), "endpoint.created", "{\"uid\":\""
                + p.get("endpointID") + "\"}", EventDeliveryStatus.FAILURE).uid());
        call(project, "GET", PROJECT + "/meta-events", p, "", null, 200);
        call(project, "GET", PROJECT + "/meta-events/{metaEventID}", p, "", null, 200);
        call(project, "PUT", PROJECT + "/meta-events/{metaEventID}/resend", p, "", null, 200);

        // portal links
        JsonNode link = call(project, "POST", PROJECT + "/portal-links", p, "", new PortalLinkRequest("tenant 1",
                "tenant-1", null, true, PortalAuthType.REFRESH_TOKEN), 201);
        p.put("portalLinkID", link.path("data").path("uid").asText());
        call(project, "GET", PROJECT + "/portal-links", p, "", null, 200);
        call(project, "GET", PROJECT + "/portal-links/{portalLinkID}", p, "", null, 200);
        call(project, "PUT", PROJECT + "/portal-links/{portalLinkID}", p, "", new PortalLinkRequest("tenant 1, again",
                "tenant-1", null, true, PortalAuthType.REFRESH_TOKEN), 202);
        call(project, "GET", PROJECT + "/portal-links/{portalLinkID}/refresh_token", p, "", null, 200);
        call(project, "PUT", PROJECT + "/portal-links/{portalLinkID}/revoke", p, "", null, 200);

        // bulk onboarding (item 1): a dry run, then for real
        call(project, "POST", PROJECT + "/onboard", p, "dry_run=true", "{\"items\":[{\"name\":\"onboarded\","
                + "\"url\":\"https://onboarded.example/in\",\"event_type\":\"order.created\"}]}", 200);
        call(project, "POST", PROJECT + "/onboard", p, "", "{\"items\":[{\"name\":\"onboarded\","
                + "\"url\":\"https://onboarded.example/in\",\"event_type\":\"order.created\"}]}", 202);

        // and down again
        call(project, "DELETE", PROJECT + "/subscriptions/{subscriptionID}", p, "", null, 200);
        call(project, "DELETE", PROJECT + "/sources/{sourceID}", p, "", null, 200);
        call(project, "DELETE", PROJECT + "/endpoints/{endpointID}", p, "", null, 200);
        call(admin, "DELETE", PROJECT, created, "", null, 200);

        List<String> unexplained = calls.problems().stream()
                .filter(problem -> CONVOY_DOCUMENT_ERRORS.stream().noneMatch(known -> known.explains(problem)))
                .toList();
        assertTrue(unexplained.isEmpty(), unexplained.size() + " answers disagree with Convoy's document:\n  "
                + String.join("\n  ", unexplained));
        Set<String> uncalled = new TreeSet<>();
        for (OpenApiDocument.Operation operation : convoy.operations()) {
            uncalled.add(operation.method() + " " + operation.path());
        }
        calls.called().forEach(operation -> uncalled.remove(operation.method() + " "
                + operation.path().substring("/api".length())));
        assertTrue(uncalled.isEmpty(), "operations of Convoy's document this test leaves out: " + uncalled);
        // every operation answered its documented success code at least once (an undocumented 2xx is a problem above)
        Set<String> neverSucceeded = new TreeSet<>();
        for (OpenApiDocument.Operation operation : convoy.operations()) {
            neverSucceeded.add(operation.method() + " " + operation.path());
        }
        calls.succeeded().forEach(operation -> neverSucceeded.remove(operation.method() + " "
                + operation.path().substring("/api".length())));
        assertTrue(neverSucceeded.isEmpty(), "operations that never answered a success code Convoy's document "
                + "lists for them: " + neverSucceeded);
    }


    /** {@link DocumentedCalls#call} against Convoy's document. */
    private JsonNode call(ApiClient caller, String method, String template, Map<String, String> ids, String query,
                          Object body, int expectedStatus) throws Exception {
        return calls.call(caller, method, template, ids, query, body, expectedStatus);
    }

    // ------------------------------------------------------------------------------------------------ data

    /**
     * Events (with and without source, endpoints, idempotency key, nested payloads, failed), the first two with a
     * delivery in some state and attempts, seeded through the server's stores as ingest and delivery write them.
     */
    private List<Event> seedEventsOfEveryShape() {
        EventSeeds seeds = new EventSeeds(server);
        String projectId = ids.get("projectID");
        String endpointId = endpoint("https://a.example/in", "a", "tenant-1", new EndpointAuthentication(
                EndpointAuthType.BASIC_AUTH, null, new BasicAuth("u", "p"), null));
        JsonNode subscription = calls.call(client, "POST", PROJECT + "/subscriptions", ids, "",
                new SubscriptionRequest("all", null, endpointId, null, null, null, null, null, null, null), 201);
        JsonNode source = calls.call(client, "POST", PROJECT + "/sources", ids, "", sourcesOfEveryShape().get(4),
                201);
        List<Event> events = List.of(
                seeds.event(projectId).type("invoice.paid").source(source.path("data").path("uid").asText())
                        .endpoints(endpointId).idempotencyKey("idem-1")
                        .data("{\"amount\":10,\"tags\":[\"a\"]}").insert(),
                // object payloads only: Convoy's document types data as an object (its codegen of json.RawMessage),
                // while both servers send any JSON payload as it came (OpenApiResponsesIT covers an array)
                seeds.event(projectId).type("nested.payload").endpoints(endpointId)
                        .data("{\"a\":{\"b\":[1,2,{\"c\":null}]},\"ok\":true}").insert(),
                seeds.event(projectId).type("failed").status(EventStatus.FAILURE,
                        "no subscription matched this event").insert());
        EventDelivery retried = seeds.delivery(events.get(0), endpointId)
                .subscription(subscription.path("data").path("uid").asText()).status(EventDeliveryStatus.RETRY)
                .tried(1, 0.25, "retrying").insert();
        seeds.attempt(retried, "500 Internal Server Error", false, Map.of("Content-Type", "application/json"),
                Map.of("Server", "test"));
        seeds.delivery(events.get(1), endpointId).transformed("{\"changed\":true}")
                .status(EventDeliveryStatus.DISCARDED).insert();
        return events;
    }


    private static List<CreateSourceRequest> sourcesOfEveryShape() {
        return List.of(
                new CreateSourceRequest("noop", SourceType.HTTP, null, null, null, null, null, null, null),
                new CreateSourceRequest("hmac", SourceType.HTTP, null, new CustomResponse("ok", "text/plain"),
                        new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Sig", "SHA256", "s3cret", "hex"), null,
                                null), null, List.of("request.header.X-Id"), null, null),
                new CreateSourceRequest("basic", SourceType.HTTP, null, null, new Verifier(VerifierType.BASIC_AUTH,
                        null, new BasicAuth("u", "p"), null), null, null, null, null),
                new CreateSourceRequest("key", SourceType.HTTP, null, null, new Verifier(VerifierType.API_KEY, null,
                        null, new ApiKeyHeader("X-Api-Key", "k3y")), null, null, null, null),
                new CreateSourceRequest("github", SourceType.HTTP, SourceProvider.GITHUB, null, new Verifier(null,
                        new Verifier.Hmac(null, null, "ghsecret", null), null, null), null, null, null, null),
                new CreateSourceRequest("twitter", SourceType.HTTP, SourceProvider.TWITTER, null, new Verifier(null,
                        new Verifier.Hmac(null, null, "twsecret", null), null, null), null, null, null, null),
                new CreateSourceRequest("sqs", SourceType.PUB_SUB, null, null, null, new PubSubConfig(PubSubType.SQS,
                        null, new PubSubConfig.Sqs("AKIA", "secret", "eu-west-1", "q", null), null, null, null),
                        null, null, null),
                new CreateSourceRequest("kafka", SourceType.PUB_SUB, null, null, null, new PubSubConfig(
                        PubSubType.KAFKA, 2, null, null, new PubSubConfig.Kafka(List.of("k1:9092"), null, "topic",
                        new PubSubConfig.KafkaAuth("scram", "sha512", "u", "p", true)), null), null, null, null),
                new CreateSourceRequest("amqp", SourceType.PUB_SUB, null, null, null, new PubSubConfig(
                        PubSubType.AMQP, null, null, null, null, new PubSubConfig.Amqp(null, "rabbit", "5672", "q",
                        null, new PubSubConfig.AmqpAuth("guest", "g"), new PubSubConfig.AmqpExchange("ex", "rk"),
                        null, null, null)), null, null, null),
                new CreateSourceRequest("google", SourceType.PUB_SUB, null, null, null, new PubSubConfig(
                        PubSubType.GOOGLE, null, null, new PubSubConfig.Google("proj", "sub", "e30="), null, null),
                        null, null, null),
                new CreateSourceRequest("rest", SourceType.REST_API, null, null, null, null, null, null, null));
    }

    private static List<PortalLinkRequest> portalLinksOfEveryShape(String endpointId) {
        return List.of(
                new PortalLinkRequest("by owner", "tenant-1", null, null, null),
                new PortalLinkRequest("by owner, nothing yet", "tenant-without-endpoints", null, true, null),
                new PortalLinkRequest("listed", null, List.of(endpointId), false, PortalAuthType.STATIC_TOKEN),
                new PortalLinkRequest("refresh", "tenant-1", List.of(endpointId), true, PortalAuthType.REFRESH_TOKEN));
    }

    private String endpoint(String url, String name, String ownerId, EndpointAuthentication authentication) {
        JsonNode created = calls.call(client, "POST", PROJECT + "/endpoints", ids, "", new EndpointRequest(url, name,
                null, ownerId, null, null, null, null, null, null, null, null, null, null, authentication, null, null),
                201);
        return created.path("data").path("uid").asText();
    }

    private static List<String> concat(List<String> list, String last) {
        List<String> out = new java.util.ArrayList<>(list);
        out.add(last);
        return out;
    }
}
