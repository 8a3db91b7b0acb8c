package dev.hookline.api.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.hookline.api.Json;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.List;
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
                "open", new MtlsClientCert("cert", "key"), T, T.plusSeconds(1), T.plusSeconds(2));
        assertAllMembersSet(e);
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

        Project p = new Project("p1", "n", "logo", "o1", ProjectType.OUTGOING, null, 3L, T, T, T);
        assertEquals(p, p.toBuilder().build());
        assertEquals("m", p.toBuilder().name("m").build().name());

        PortalLink l = new PortalLink("l1", "n", "p1", "o1", List.of("e1"), 1, true, "t", List.of(), "u",
                PortalAuthType.STATIC_TOKEN, "k", T, T, T);
        assertAllMembersSet(l);
        assertEquals(l, l.toBuilder().build());
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
