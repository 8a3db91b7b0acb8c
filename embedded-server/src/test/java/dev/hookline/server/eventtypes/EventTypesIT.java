package dev.hookline.server.eventtypes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The event type catalogue over real HTTP, and the schema check at intake (events API and ingest). */
class EventTypesIT {

    private static final String ORDER_SCHEMA = """
            {"type":"object","required":["order","amount"],
             "properties":{"order":{"type":"string"},"amount":{"type":"integer","minimum":0},
                           "customer":{"type":"object","required":["email"],
                                       "properties":{"email":{"type":"string"}}}}}""";

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject shop;
    ApiClient client;
    String base;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        shop = server.newProject("shop", ProjectType.OUTGOING);
        client = shop.client();
        base = "/api/v1/projects/" + shop.id() + "/event-types";
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ------------------------------------------------------------------------------------------ the catalogue

    @Test
    void createListUpdateAndDeprecateAnswerConvoysStatusesAndMessages() throws Exception {
        RawResponse created = raw("POST", base, "{\"name\":\"order.created\",\"category\":\"orders\","
                + "\"description\":\"an order was placed\",\"json_schema\":" + ORDER_SCHEMA + "}");
        assertEquals(201, created.status(), created.body());
        JsonNode data = envelope(created, "Event type created successfully");
        String id = data.get("uid").asText();
        assertEquals("order.created", data.get("name").asText());
        assertEquals("orders", data.get("category").asText());
        assertEquals("integer", data.at("/json_schema/properties/amount/type").asText());
        assertTrue(data.get("deprecated_at").isNull());

        client.createEventType(EventTypeRequest.named("invoice.paid"));
        RawResponse listed = raw("GET", base, null);
        assertEquals(200, listed.status());
        JsonNode list = envelope(listed, "Event types fetched successfully");
        assertEquals(List.of("invoice.paid", "order.created"), List.of(list.get(0).get("name").asText(),
                list.get(1).get("name").asText()), "by name");

        RawResponse updated = raw("PUT", base + "/" + id, "{\"description\":\"placed\",\"category\":\"\"}");
        assertEquals(201, updated.status(), updated.body());
        JsonNode after = envelope(updated, "Event type created successfully");
        assertEquals("placed", after.get("description").asText());
        assertEquals("orders", after.get("category").asText(), "blank keeps the stored value, as in Convoy");
        assertEquals("integer", after.at("/json_schema/properties/amount/type").asText(), "no schema: kept");

        RawResponse deprecated = raw("POST", base + "/" + id + "/deprecate", null);
        assertEquals(201, deprecated.status(), deprecated.body());
        assertFalse(envelope(deprecated, "Event type deprecated successfully").get("deprecated_at").isNull());
        EventType read = client.listEventTypes().stream().filter(t -> t.uid().equals(id)).findFirst().orElseThrow();
        assertTrue(read.deprecated());
        assertEquals(read.deprecatedAt(), client.deprecateEventType(id).deprecatedAt(), "deprecating again keeps the time");
    }

    @Test
    void invalidInputIsA400NamingTheFieldAndWritesNothing() throws Exception {
        assertError(raw("POST", base, "{\"category\":\"x\"}"), 400, "please provide a name for this event type");
        assertError(raw("POST", base, "{\"name\":\"a\",\"json_schema\":{\"type\":12}}"), 400, "invalid JSON schema");
        assertError(raw("POST", base, "{\"name\":\"a\",\"json_schema\":[1]}"), 400, "json_schema must be an object");
        assertError(raw("POST", base, "{\"name\":\"a\",\"json_schema\":{\"$ref\":\"http://127.0.0.1:9/s.json\"}}"),
                400, "invalid JSON schema");
        assertEquals(List.of(), client.listEventTypes());

        client.createEventType(EventTypeRequest.named("a"));
        assertError(raw("POST", base, "{\"name\":\"a\"}"), 400, "already exists");
        String id = client.listEventTypes().get(0).uid();
        assertError(raw("PUT", base + "/" + id, "{\"json_schema\":{\"minimum\":\"zero\"}}"), 400,
                "invalid JSON schema");
        assertNull(client.listEventTypes().get(0).jsonSchema(), "the refused schema was not stored");
    }

    @Test
    void unknownAndForeignEventTypesAre404AndProjectsSeeOnlyTheirOwn() throws Exception {
        EventType mine = client.createEventType(EventTypeRequest.named("order.created"));
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        String otherBase = "/api/v1/projects/" + other.id() + "/event-types";
        assertEquals(List.of(), other.client().listEventTypes());
        assertError(server.root(other.apiKey()).raw("PUT", otherBase + "/" + mine.uid(), "{\"description\":\"x\"}",
                Map.of()), 404, "event type not found");
        assertError(server.root(other.apiKey()).raw("POST", otherBase + "/" + mine.uid() + "/deprecate", null,
                Map.of()), 404, "event type not found");
        assertError(raw("PUT", base + "/01ARZ3NDEKTSV4RRFFQ69G5FAV", "{}"), 404, "event type not found");
        assertError(server.root(other.apiKey()).raw("GET", base, null, Map.of()), 403, "does not reach");
        // the same name in another project is another type
        other.client().createEventType(EventTypeRequest.named("order.created"));
        assertNull(client.listEventTypes().get(0).deprecatedAt());
    }

    // -------------------------------------------------------------------------------------------- the import

    @Test
    void importReadsWebhooksWithTheirComponentsAndUpdatesTypesThatExist() throws Exception {
        client.createEventType(new EventTypeRequest("invoice.paid", "billing", "old", null));
        String yaml = """
                openapi: 3.1.0
                info: {title: Shop, version: "1"}
                webhooks:
                  order.created:
                    post:
                      description: An order was placed
                      requestBody:
                        content:
                          application/json:
                            schema:
                              $ref: '#/components/schemas/Order'
                  invoice.paid:
                    post:
                      summary: An invoice was paid
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [invoice]
                              properties:
                                invoice: {type: string}
                components:
                  schemas:
                    Order:
                      type: object
                      required: [order, lines]
                      properties:
                        order: {type: string}
                        lines:
                          type: array
                          items: {$ref: '#/components/schemas/Line'}
                    Line:
                      type: object
                      required: [sku]
                      properties:
                        sku: {type: string}
                """;
        RawResponse imported = raw("POST", base + "/import", Json.strict().writeValueAsString(Map.of("spec", yaml)));
        assertEquals(200, imported.status(), imported.body());
        JsonNode types = envelope(imported, "Event types imported successfully");
        assertEquals(2, types.size());
        Map<String, EventType> byName = new HashMap<>();
        client.listEventTypes().forEach(t -> byName.put(t.name(), t));
        EventType order = byName.get("order.created");
        assertEquals("An order was placed", order.description());
        assertEquals("#/$defs/Line", order.jsonSchema().at("/properties/lines/items/$ref").asText(),
                "nested components are carried along");
        assertEquals("string", order.jsonSchema().at("/$defs/Line/properties/sku/type").asText());
        EventType invoice = byName.get("invoice.paid");
        assertEquals("billing", invoice.category(), "an existing type keeps its category");
        assertEquals("An invoice was paid", invoice.description());
        assertEquals("invoice", invoice.jsonSchema().at("/required/0").asText());

        // the imported schema is applied at intake, nested parts included
        enableSchemaChecks();
        String endpoint = client.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/h", "h")).uid();
        RawResponse refused = createEvent(endpoint, "order.created", "{\"order\":\"A-1\",\"lines\":[{\"qty\":1}]}");
        assertError(refused, 400, "data.lines[0].sku");
    }

    @Test
    void anImportWithoutWebhooksOrWithAnInvalidSchemaChangesNothing() throws Exception {
        assertError(raw("POST", base + "/import", "{\"spec\":\"\"}"), 400, "please provide an OpenAPI document");
        assertError(raw("POST", base + "/import", "{\"spec\":\"openapi: 3.0.0\\npaths: {}\\n\"}"), 400,
                "no webhooks found");
        assertError(raw("POST", base + "/import", "{\"spec\":\"just: [text\"}"), 400, "error loading OpenAPI spec");
        String bad = "{\"openapi\":\"3.1.0\",\"webhooks\":{\"good\":{\"post\":{\"requestBody\":{\"content\":"
                + "{\"application/json\":{\"schema\":{\"type\":\"object\"}}}}}},\"bad\":{\"post\":{\"requestBody\":"
                + "{\"content\":{\"application/json\":{\"schema\":{\"type\":\"object\",\"minimum\":\"x\"}}}}}}}}";
        assertError(raw("POST", base + "/import", Json.strict().writeValueAsString(Map.of("spec", bad))), 400,
                "invalid schema for event type bad");
        assertEquals(List.of(), client.listEventTypes(), "all or nothing");
    }

    @Test
    void pathsThatLookLikeWebhooksAreReadWhenTheDocumentHasNoWebhooksMap() {
        String spec = "{\"openapi\":\"3.0.3\",\"paths\":{\"/webhooks/payment.failed\":{\"post\":{\"description\":"
                + "\"A payment failed\",\"requestBody\":{\"content\":{\"application/json\":{\"schema\":"
                + "{\"type\":\"object\",\"properties\":{\"reason\":{\"type\":\"string\"}}}}}}}},"
                + "\"/orders\":{\"post\":{\"requestBody\":{\"content\":{\"application/json\":{\"schema\":"
                + "{\"type\":\"object\"}}}}}}}}";
        List<EventType> imported = client.importEventTypes(spec);
        assertEquals(List.of("payment.failed"), imported.stream().map(EventType::name).toList());
        assertEquals("A payment failed", imported.get(0).description());
    }

    // ------------------------------------------------------------------------------------ schemas at intake

    @Test
    void withChecksOnAnEventThatBreaksItsTypesSchemaIsRefusedNamingTheFieldAndNotStored() throws Exception {
        client.createEventType(new EventTypeRequest("order.created", null, null, Json.strict().readTree(ORDER_SCHEMA)));
        String endpoint = client.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/h", "h")).uid();

        assertEquals(201, createEvent(endpoint, "order.created", "{\"order\":\"A-1\",\"amount\":\"ten\"}").status(),
                "checks are off by default: Convoy's behaviour");
        enableSchemaChecks();

        RawResponse wrongType = createEvent(endpoint, "order.created", "{\"order\":\"A-2\",\"amount\":\"ten\"}");
        assertError(wrongType, 400, "data.amount");
        assertError(createEvent(endpoint, "order.created", "{\"order\":\"A-3\"}"), 400, "data.amount");
        assertError(createEvent(endpoint, "order.created",
                "{\"order\":\"A-4\",\"amount\":1,\"customer\":{}}"), 400, "data.customer.email");
        assertEquals(201, createEvent(endpoint, "order.created", "{\"order\":\"A-5\",\"amount\":5}").status());
        assertEquals(201, createEvent(endpoint, "not.catalogued", "{\"anything\":true}").status(),
                "a type without a schema is not checked");

        List<String> stored = client.listEvents(ListQuery.create()).content().stream()
                .map(e -> e.eventType() + ":" + e.data().get("order")).toList();
        assertEquals(3, stored.size(), "refused events were never written: " + stored);

        // a deprecated type is still checked
        client.deprecateEventType(client.listEventTypes().get(0).uid());
        assertError(createEvent(endpoint, "order.created", "{\"order\":\"A-6\"}"), 400, "data.amount");
    }

    @Test
    void aRefusedDynamicEventLeavesNoEndpointOrSubscriptionBehind() throws Exception {
        client.createEventType(new EventTypeRequest("order.created", null, null, Json.strict().readTree(ORDER_SCHEMA)));
        enableSchemaChecks();
        RawResponse refused = raw("POST", "/api/v1/projects/" + shop.id() + "/events/dynamic",
                "{\"url\":\"https://new.example/hooks\",\"event_type\":\"order.created\",\"data\":{\"order\":1}}");
        assertError(refused, 400, "data.amount");
        assertEquals(List.of(), client.listEndpoints(ListQuery.create()).content(), "the check comes before the write");
        assertEquals(List.of(), client.listSubscriptions(ListQuery.create()).content());
    }

    @Test
    void ingestChecksTheSchemaToo() throws Exception {
        TestProject incoming = server.newProject("in", ProjectType.INCOMING);
        ApiClient in = incoming.client();
        Source source = in.createSource(new CreateSourceRequest("shop", SourceType.HTTP, null, null, null, null, null,
                null, null));
        String endpoint = in.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/h", "h")).uid();
        in.createSubscription(new SubscriptionRequest("s", source.uid(), endpoint, null, null, null, null,
                new FilterConfig(List.of("*"), null), null, null));
        // ingested events take the source's mask as their type (Convoy's rule)
        in.createEventType(new EventTypeRequest(source.maskId(), null, null,
                Json.strict().readTree("{\"type\":\"object\",\"required\":[\"id\"]}")));
        in.updateProject(incoming.id(), new UpdateProjectRequest("in", null, checksOn()));

        Map<String, String> noAuth = new HashMap<>();
        noAuth.put("Authorization", null);
        RawResponse refused = server.root("unused").raw("POST", "/ingest/" + source.maskId(), "{\"x\":1}", noAuth);
        assertError(refused, 400, "data.id");
        assertEquals(200, server.root("unused").raw("POST", "/ingest/" + source.maskId(), "{\"id\":1}", noAuth)
                .status());
        assertEquals(1, in.listEvents(ListQuery.create()).content().size());
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private void enableSchemaChecks() {
        client.updateProject(shop.id(), new UpdateProjectRequest("shop", null, checksOn()));
        assertTrue(client.getProject(shop.id()).config().validatesEventSchemas());
    }

    private static ProjectConfig checksOn() {
        return ProjectConfig.builder().validateEventSchemas(true).build();
    }

    private RawResponse createEvent(String endpoint, String type, String data) throws Exception {
        return raw("POST", "/api/v1/projects/" + shop.id() + "/events", Json.strict().writeValueAsString(
                CreateEventRequest.toEndpoint(endpoint, type, Json.strict().readTree(data))));
    }

    private RawResponse raw(String method, String path, String body) {
        return server.root(shop.apiKey()).raw(method, path, body, Map.of());
    }

    private static JsonNode envelope(RawResponse response, String message) throws Exception {
        JsonNode body = Json.lenient().readTree(response.body());
        assertTrue(body.get("status").asBoolean(), response.body());
        assertEquals(message, body.get("message").asText());
        assertNotNull(body.get("data"));
        return body.get("data");
    }

    private static void assertError(RawResponse response, int status, String part) throws Exception {
        assertEquals(status, response.status(), response.body());
        JsonNode body = Json.lenient().readTree(response.body());
        assertFalse(body.get("status").asBoolean());
        assertFalse(body.has("data"), "error envelopes carry no data");
        assertTrue(body.get("message").asText().contains(part), body.get("message").asText());
    }
}
