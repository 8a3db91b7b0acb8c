package dev.hookline.api.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.hookline.api.Json;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The builders of the wide records copy every member, and changing one member changes only that one: a member added
 * to a record but forgotten in its builder would silently reset on every copy.
 */
class RecordBuildersTest {

    private static final Instant T = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void endpointCopiesEveryMemberAndChangesOnlyTheOneSet() throws Exception {
        Endpoint e = new Endpoint("e1", "p1", "o1", "https://r.example/h", "name",
                List.of(new EndpointSecret("s1", "v", null, T, T, null)), true, "d", "https://slack", "https://teams",
                "a@b.example", EndpointStatus.PAUSED, 30L, 7L, null, 5, 60L, ContentType.APPLICATION_JSON, 1.5,
                "open", 3L, 4L, 5L, 0.4, new MtlsClientCert("cert", "key"), T, T.plusSeconds(1), T.plusSeconds(2));
        assertAllMembersSet(e);
        assertEachSetterChangesOnlyItsMember(e);
        assertEquals(e, e.toBuilder().build());
        Endpoint moved = e.toBuilder().url("https://other.example/h").build();
        assertEquals("https://other.example/h", moved.url());
        assertEquals(e, moved.toBuilder().url(e.url()).build());
        assertNotEquals(e, moved);
    }

    @Test
    void subscriptionProjectAndPortalLinkCopyEveryMember() throws Exception {
        Subscription s = Json.strict().readValue("""
                {"uid":"s1","name":"n","type":"api","project_id":"p1","function":"f",
                 "source_metadata":null,"endpoint_metadata":null,"device_metadata":{"d":1},
                 "alert_config":{"count":1,"threshold":"1h"},"retry_config":{"type":"linear","duration":3,
                 "retry_count":2},"filter_config":{"event_types":["*"]},"rate_limit_config":{"count":1,
                 "duration":1},"delivery_mode":"at_least_once","created_at":"2026-01-02T03:04:05Z",
                 "updated_at":"2026-01-02T03:04:05Z","deleted_at":"2026-01-02T03:04:05Z"}""", Subscription.class);
        assertEquals(s, s.toBuilder().build());
        Subscription withDevice = s.toBuilder().deviceMetadata(JsonNodeFactory.instance.objectNode()).build();
        assertEquals(s.name(), withDevice.name());
        assertNotEquals(s, withDevice);

        Project p = new Project("p1", "n", "logo", "o1", ProjectType.OUTGOING, null, 3L,
                new ProjectStatistics(true, false, true, false), T, T, T);
        assertEquals(p, p.toBuilder().build());
        assertEquals("m", p.toBuilder().name("m").build().name());

        PortalLink l = new PortalLink("l1", "n", "p1", "o1", List.of("e1"), 1, true, "t", List.of(), "u",
                PortalAuthType.STATIC_TOKEN, "k", T, T, T);
        assertAllMembersSet(l);
        assertEachSetterChangesOnlyItsMember(l);
        assertEquals(l, l.toBuilder().build());
    }

    @Test
    void sourceEventAndDeliveryCopyEveryMemberAndChangeOnlyTheOneSet() throws Exception {
        Source s = source();
        Event e = new Event("ev1", "invoice.paid", "src1", "app1", "p1", List.of("e1"),
                Map.of("X-Request-Id", List.of("r1")), List.of(endpoint()), s, "a=1", "/hooks/x", "idem-1", true,
                JsonNodeFactory.instance.objectNode().put("amount", 3), "{\"amount\":3}", EventStatus.SUCCESS,
                "timeout", T, T.plusSeconds(1), T.plusSeconds(2), T.plusSeconds(3));
        EventDelivery d = new EventDelivery("d1", "p1", "ev1", "e1", "dev1", "sub1",
                Map.of("X-Hookline", List.of("1")), "https://r.example/h", "a=1", "idem-1", "1.5s", 1.5,
                "invoice.paid", DeliveryMode.AT_MOST_ONCE, endpoint(), e, s,
                JsonNodeFactory.instance.objectNode().put("device", 1), EventDeliveryStatus.FAILURE,
                new DeliveryMetadata(JsonNodeFactory.instance.objectNode(), "{}", StrategyType.EXPONENTIAL, T, 2L,
                        10L, 3L, 60L),
                JsonNodeFactory.instance.objectNode().put("cli", 1), "desc", T, T.plusSeconds(1), T.plusSeconds(2),
                T.plusSeconds(3), "410 Gone", DeliveryHold.CIRCUIT_OPEN, false);
        for (Record r : List.of(s, e, d)) {
            assertAllMembersSet(r);
            assertEachSetterChangesOnlyItsMember(r);
        }
        assertEquals(d, EventDelivery.builder().uid("d1").projectId("p1").eventId("ev1").endpointId("e1")
                .deviceId("dev1").subscriptionId("sub1").headers(d.headers()).targetUrl("https://r.example/h")
                .urlQueryParams("a=1").idempotencyKey("idem-1").latency("1.5s").latencySeconds(1.5)
                .eventType("invoice.paid").deliveryMode(DeliveryMode.AT_MOST_ONCE)
                .endpointMetadata(d.endpointMetadata()).eventMetadata(e).sourceMetadata(s)
                .deviceMetadata(d.deviceMetadata()).status(EventDeliveryStatus.FAILURE).metadata(d.metadata())
                .cliMetadata(d.cliMetadata()).description("desc").acknowledgedAt(T).createdAt(T.plusSeconds(1))
                .updatedAt(T.plusSeconds(2)).deletedAt(T.plusSeconds(3)).lastResponse("410 Gone")
                .heldBy(DeliveryHold.CIRCUIT_OPEN).retryable(false).build());
        assertEquals(new Source(null, null, null, "only", null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null), Source.builder().name("only").build());
        assertEquals(s, s.withConsumer(null).withConsumer(s.consumer()));
        assertEquals(s, s.withProviderConfig(null).withProviderConfig(s.providerConfig()));
    }

    private static Source source() {
        return new Source("src1", "p1", "mask1", "name", "https://h.example/ingest/mask1", SourceType.PUB_SUB,
                SourceProvider.TWITTER, true,
                new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Sig", "SHA256", "secret", "hex"), null, null),
                new CustomResponse("ok", "text/plain"),
                new Source.ProviderConfig(new Source.Twitter(T)), List.of("X-Forward"),
                new PubSubConfig(PubSubType.SQS, 2, null, null, null, null), List.of("$.id"), "body()", "header()",
                T, T.plusSeconds(1), T.plusSeconds(2),
                new SourceConsumer(ConsumerState.RUNNING, T, "e", T, T, 3, 1, "bad", T), "request.body.type");
    }

    private static Endpoint endpoint() {
        return Endpoint.builder().uid("e1").url("https://r.example/h").build();
    }

    /**
     * Setting any one member to null through {@code toBuilder()} yields a record whose other members all equal the
     * original's, member by member: a member forgotten in the copy, a setter writing the wrong field or two
     * same-typed arguments swapped in {@code build()} all fail here, naming the member.
     */
    private static void assertEachSetterChangesOnlyItsMember(Record r) throws Exception {
        Method toBuilder = r.getClass().getMethod("toBuilder");
        RecordComponent[] components = r.getClass().getRecordComponents();
        Record same = (Record) build(toBuilder.invoke(r));
        assertEquals(r, same);
        for (RecordComponent changed : components) {
            Object builder = toBuilder.invoke(r);
            builder.getClass().getMethod(changed.getName(), changed.getType()).invoke(builder, (Object) null);
            Record copy = (Record) build(builder);
            for (RecordComponent c : components) {
                Object value = c.getAccessor().invoke(copy);
                if (c.getName().equals(changed.getName())) {
                    assertNull(value, r.getClass().getSimpleName() + "." + c.getName() + " not set by its setter");
                } else {
                    assertEquals(c.getAccessor().invoke(r), value, r.getClass().getSimpleName() + "." + c.getName()
                            + " changed by setting " + changed.getName());
                }
            }
        }
    }

    private static Object build(Object builder) throws Exception {
        return builder.getClass().getMethod("build").invoke(builder);
    }

    private static void assertAllMembersSet(Record r) throws Exception {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            if (c.getName().equals("authentication")) {
                continue; // null on purpose: a nested record of its own
            }
            assertNotEquals(null, c.getAccessor().invoke(r), c.getName() + " left null in the fixture");
        }
    }
}
