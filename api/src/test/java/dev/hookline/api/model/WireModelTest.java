package dev.hookline.api.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireModelTest {

    /** A delivery as in notes §13b, with every key Convoy writes and sub-microsecond timestamps. */
    static final String DELIVERY = """
            {"uid":"01J0AAAAAAAAAAAAAAAAAAAAAA","project_id":"01H0PPPPPPPPPPPPPPPPPPPPPP",
             "event_id":"01J0EEEEEEEEEEEEEEEEEEEEEE","endpoint_id":"01H0XXXXXXXXXXXXXXXXXXXXXX","device_id":"",
             "subscription_id":"01H0SSSSSSSSSSSSSSSSSSSSSS","headers":{"X-Custom":["1","2"]},
             "target_url":"https://receiver.example/in","url_query_params":"",
             "idempotency_key":"","latency":"","latency_seconds":0.25,"event_type":"invoice.paid",
             "delivery_mode":"at_least_once",
             "endpoint_metadata":{"uid":"01H0XXXXXXXXXXXXXXXXXXXXXX","project_id":"01H0PPPPPPPPPPPPPPPPPPPPPP",
               "owner_id":"","url":"https://example.com/hook","name":"ep","secrets":[],"advanced_signatures":false,
               "description":"","support_email":"","status":"active","http_timeout":10,"authentication":null,
               "rate_limit":0,"rate_limit_duration":0,"content_type":"application/json","failure_rate":null,
               "cb_state":null,"created_at":"2026-04-21T08:00:00.000001Z","updated_at":"2026-04-21T08:00:00.000001Z",
               "deleted_at":null},
             "event_metadata":{"uid":"01J0EEEEEEEEEEEEEEEEEEEEEE","event_type":"invoice.paid",
               "created_at":"2026-04-21T08:28:24.123456Z"},
             "source_metadata":{"uid":"","name":"","idempotency_keys":null},
             "device_metadata":null,
             "status":"Retry",
             "metadata":{"data":{"amount":10,"tags":["a"]},"raw":"{\\"amount\\":10}","strategy":"linear",
               "next_send_time":"2026-04-21T08:30:04.51Z","num_trials":1,"interval_seconds":100,"retry_limit":10,
               "max_retry_seconds":0},
             "cli_metadata":null,"description":"","acknowledged_at":"2026-04-21T08:28:24.123456789Z",
             "created_at":"2026-04-21T08:28:24.123456Z","updated_at":"2026-04-21T08:28:25.5Z","deleted_at":null}
            """;

    @Test
    void eventDeliveryRoundTripsWithSnakeCaseNullsAndNanos() throws Exception {
        EventDelivery d = Json.lenient().readValue(DELIVERY, EventDelivery.class);
        assertEquals(EventDeliveryStatus.RETRY, d.status());
        assertEquals(DeliveryMode.AT_LEAST_ONCE, d.deliveryMode());
        assertEquals(List.of("1", "2"), d.headers().get("X-Custom"));
        assertEquals(10, d.metadata().data().get("amount").asInt());
        assertEquals(StrategyType.LINEAR, d.metadata().strategy());
        assertEquals(Instant.parse("2026-04-21T08:30:04.510Z"), d.metadata().nextSendTime());
        assertEquals(Instant.parse("2026-04-21T08:28:24.123456789Z"), d.acknowledgedAt());
        assertEquals(EndpointStatus.ACTIVE, d.endpointMetadata().status());
        assertEquals(ContentType.APPLICATION_JSON, d.endpointMetadata().contentType());
        assertNull(d.deletedAt());
        assertNull(d.deviceMetadata(), "a JSON null JsonNode reads as Java null");
        assertNull(d.eventMetadata().data(), "as does an absent one");

        String out = Json.strict().writeValueAsString(d);
        JsonNode tree = Json.strict().readTree(out);
        JsonNode original = Json.strict().readTree(DELIVERY);

        // same top-level keys, in Convoy's order
        assertEquals(keys(original), keys(tree));
        assertTrue(tree.has("deleted_at") && tree.get("deleted_at").isNull(), out);
        assertTrue(tree.get("cli_metadata").isNull());
        assertEquals("2026-04-21T08:28:24.123456789Z", tree.get("acknowledged_at").asText());
        assertEquals("2026-04-21T08:28:24.123456Z", tree.get("created_at").asText());
        assertEquals(Instant.parse("2026-04-21T08:30:04.51Z"),
                Instant.parse(tree.get("metadata").get("next_send_time").asText()));
        assertEquals(original.get("metadata").get("data"), tree.get("metadata").get("data"));
        assertEquals(original.get("headers"), tree.get("headers"));
        assertEquals(0.25, tree.get("latency_seconds").asDouble());
        assertEquals("Retry", tree.get("status").asText());
        assertEquals("at_least_once", tree.get("delivery_mode").asText());
        // nested objects are snake_case too, with nulls written
        JsonNode ep = tree.get("endpoint_metadata");
        assertEquals("https://example.com/hook", ep.get("url").asText());
        assertTrue(ep.has("rate_limit_duration") && ep.has("mtls_client_cert") && ep.get("deleted_at").isNull());
        assertFalse(ep.has("events"), "events is written only when counted");
        assertFalse(out.contains("Metadata\""), "no camelCase keys: " + out);

        // unset Source members Convoy's OpenAPI document types as string/array are written "" and []
        JsonNode source = tree.get("source_metadata");
        assertEquals("", source.get("provider").asText());
        assertTrue(source.get("forward_headers").isArray() && source.get("forward_headers").isEmpty());
        assertTrue(source.get("idempotency_keys").isArray() && source.get("idempotency_keys").isEmpty());

        // and parses back to a record that writes the same JSON
        EventDelivery back = Json.lenient().readValue(out, EventDelivery.class);
        assertEquals(tree, Json.strict().readTree(Json.strict().writeValueAsString(back)));
        assertEquals(d.endpointMetadata(), back.endpointMetadata());
        assertNull(back.sourceMetadata().provider(), "\"\" reads back as no provider");
    }

    @Test
    void strictRejectsUnknownEnumAndNamesTheField() {
        String body = """
                {"name":"gh","type":"webhook"}""";
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> Json.strict().readValue(body, CreateSourceRequest.class));
        assertEquals("type", e.getPath().get(0).getFieldName());
        assertEquals(SourceType.class, e.getTargetType());
        // a lenient reader (client side) maps the unknown value to null instead
        assertDoesNotThrowAndNull(body);
    }

    private static void assertDoesNotThrowAndNull(String body) {
        try {
            assertNull(Json.lenient().readValue(body, CreateSourceRequest.class).type());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void strictRejectsStringForBooleanAndNamesTheNestedPath() {
        MismatchedInputException top = assertThrows(MismatchedInputException.class,
                () -> Json.strict().readValue("{\"name\":\"s\",\"type\":\"http\",\"is_disabled\":\"true\"}",
                        UpdateSourceRequest.class));
        assertEquals("is_disabled", top.getPath().get(0).getFieldName());

        MismatchedInputException nested = assertThrows(MismatchedInputException.class,
                () -> Json.strict().readValue("{\"name\":\"p\",\"config\":{\"ssl\":{\"enforce_secure_endpoints\":\"yes\"}}}",
                        UpdateProjectRequest.class));
        assertEquals(List.of("config", "ssl", "enforce_secure_endpoints"),
                nested.getPath().stream().map(r -> r.getFieldName()).toList());
    }

    @Test
    void strictRejectsNumbersAndBooleansWhereAStringBelongs() {
        MismatchedInputException number = assertThrows(MismatchedInputException.class,
                () -> Json.strict().readValue("{\"name\":7,\"type\":\"http\"}", CreateSourceRequest.class));
        assertEquals("name", number.getPath().get(0).getFieldName());
        assertThrows(MismatchedInputException.class,
                () -> Json.strict().readValue("{\"name\":true,\"type\":\"http\"}", CreateSourceRequest.class));
    }

    @Test
    void emptyStringEnumReadsAsAbsent() throws Exception {
        CreateSourceRequest r = Json.strict().readValue("{\"name\":\"s\",\"type\":\"http\",\"provider\":\"\"}",
                CreateSourceRequest.class);
        assertSame(SourceType.HTTP, r.type());
        assertNull(r.provider());
    }

    @Test
    void everyEnumWritesAndReadsItsExactWireValue() throws Exception {
        List<Class<? extends Enum<?>>> enums = List.of(ProjectType.class, EndpointStatus.class, SourceType.class,
                SourceProvider.class, VerifierType.class, PubSubType.class, EventDeliveryStatus.class,
                EventStatus.class, DeliveryMode.class, StrategyType.class, EndpointAuthType.class,
                PortalAuthType.class, ContentType.class, SubscriptionType.class);
        for (Class<? extends Enum<?>> type : enums) {
            for (Enum<?> constant : type.getEnumConstants()) {
                String wire = (String) type.getMethod("wire").invoke(constant);
                assertEquals('"' + wire + '"', Json.strict().writeValueAsString(constant));
                assertSame(constant, Json.strict().readValue('"' + wire + '"', type));
                assertSame(constant, type.getMethod("fromWire", String.class).invoke(null, wire));
            }
        }
        assertEquals("\"application/x-www-form-urlencoded\"",
                Json.strict().writeValueAsString(ContentType.FORM_URLENCODED));
        assertNull(EventDeliveryStatus.fromWire("failure"), "wire values are case-sensitive");
    }

    @Test
    void camelCaseKeysAndOptionalKeysFollowConvoy() throws Exception {
        // request shape of amqp: camelCase keys
        String req = """
                {"name":"q","type":"pub_sub","pub_sub":{"type":"amqp","workers":2,"amqp":{"schema":"amqp",
                 "host":"mq","port":"5672","queue":"q","deadLetterExchange":"dlx",
                 "bindExchange":{"exchange":"ex","routingKey":"rk"}}}}""";
        CreateSourceRequest r = Json.strict().readValue(req, CreateSourceRequest.class);
        PubSubConfig.Amqp amqp = r.pubSub().amqp();
        assertEquals("dlx", amqp.deadLetterExchange());
        assertEquals("rk", amqp.bindExchange().routingKey());

        // response shape: flattened bindedExchange/routingKey, no bindExchange
        PubSubConfig.Amqp resp = new PubSubConfig.Amqp("amqp", "mq", "5672", "q", null, null, null, "ex", "rk", "dlx");
        JsonNode t = Json.strict().valueToTree(resp);
        assertEquals("ex", t.get("bindedExchange").asText());
        assertEquals("rk", t.get("routingKey").asText());
        assertEquals("dlx", t.get("deadLetterExchange").asText());
        assertFalse(t.has("bindExchange"));
        assertFalse(t.has("binded_exchange") || t.has("routing_key"));

        // endpoint request's deprecated appID keeps its key and is left out when null
        JsonNode ep = Json.strict().valueToTree(EndpointRequest.of("https://x", "x"));
        assertFalse(ep.has("appID") || ep.has("app_id"));
        assertTrue(ep.has("http_timeout") && ep.get("http_timeout").isNull());
        assertEquals("a1", Json.strict().readValue("{\"appID\":\"a1\"}", EndpointRequest.class).appId());

        // subscription: no endpoint_id/source_id; retry_config always written, null when unset (as Convoy)
        Subscription s = new Subscription("s1", "sub", SubscriptionType.API, "p1", null, null, null, null,
                new AlertConfig(4, "1h"), null, new FilterConfig(List.of("*"), null), null,
                DeliveryMode.AT_MOST_ONCE, Instant.EPOCH, Instant.EPOCH, null);
        ObjectNode st = Json.strict().valueToTree(s);
        assertFalse(st.has("endpoint_id") || st.has("source_id"));
        assertTrue(st.has("retry_config") && st.get("retry_config").isNull(), st.toString());
        assertEquals("at_most_once", st.get("delivery_mode").asText());
        assertEquals("1970-01-01T00:00:00Z", st.get("created_at").asText());
        assertTrue(st.get("deleted_at").isNull());
    }

    @Test
    void eventsOmitWhatConvoyOmitsWriteWhatItWritesAndAttemptsLeaveOutTheirUnsetExtras() {
        Event e = new Event("e1", "t", "", "", "p1", List.of(), Map.of(), null, null, "", "/hooks", "", false,
                null, null, EventStatus.SUCCESS, "", null, Instant.EPOCH, Instant.EPOCH, null);
        ObjectNode et = Json.strict().valueToTree(e);
        assertFalse(et.has("data") || et.has("raw") || et.has("endpoint_metadata") || et.has("metadata"),
                et.toString());
        // Convoy writes these on every event: an empty reason, and null for an event without a source
        assertEquals("", et.get("failure_reason").asText());
        assertTrue(et.has("source_metadata") && et.get("source_metadata").isNull(), et.toString());
        assertEquals("/hooks", et.get("url_path").asText());
        assertEquals("", et.get("app_id").asText());
        assertTrue(et.get("acknowledged_at").isNull());

        EventDelivery d = new EventDelivery("d1", "p1", "e1", "ep", "", "s", Map.of(), null, "", "", "", 0.0, "t",
                DeliveryMode.AT_LEAST_ONCE, null, null, null, null, EventDeliveryStatus.SCHEDULED, null, null, "",
                null, Instant.EPOCH, Instant.EPOCH, null);
        assertTrue(Json.strict().valueToTree(d).get("target_url").isNull(), "always written");
        DeliveryAttempt a = new DeliveryAttempt("a1", "https://x", "POST", "ep", "", "p1", "d1", "", Map.of(),
                Map.of(), "", "", "", "", false, null, null, null, Instant.EPOCH, Instant.EPOCH, null);
        ObjectNode at = Json.strict().valueToTree(a);
        assertFalse(at.has("request_body") || at.has("latency_ms") || at.has("requested_at"), at.toString());
    }

    @Test
    void secretsAreNotPrinted() {
        ApiKeyResponse k = new ApiKeyResponse("k", new ApiKeyResponse.Role("project_admin", "p", ""), "project",
                "CO.abcdefghijklmnop.secretsecret", "u", null, Instant.EPOCH);
        assertFalse(k.toString().contains("secretsecret"));
        EndpointRequest r = new EndpointRequest("https://x", "x", "topsecret", null, null, null, null, null, null,
                null, null, null, null, null, null, null, null);
        assertFalse(r.toString().contains("topsecret"));
    }

    private static List<String> keys(JsonNode node) {
        List<String> out = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            out.add(it.next().getKey());
        }
        return out;
    }
}
