package dev.hookline.server.metaevents;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetaEventsIT {

    private static final String UNKNOWN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void getShowsTheSentBodyTheRetryStateAndTheLatestAttempt() {
        MetaEvent seeded = seeds.metaEvent(project.id(), "endpoint.created", "{\"uid\":\"01E\",\"name\":\"ep\"}",
                EventDeliveryStatus.FAILURE);
        JsonNode data = assertEnvelope(client.raw("GET", path("/" + seeded.uid()), null, Map.of()), 200,
                "Meta event fetched successfully");
        assertEquals(seeded.uid(), data.get("uid").asText());
        assertEquals(project.id(), data.get("project_id").asText());
        assertEquals("endpoint.created", data.get("event_type").asText());
        assertEquals("Failure", data.get("status").asText());
        JsonNode metadata = data.get("metadata");
        assertEquals("endpoint.created", metadata.get("data").get("event_type").asText());
        assertEquals("ep", metadata.get("data").get("data").get("name").asText());
        assertEquals("", metadata.get("raw").asText());
        assertEquals("linear", metadata.get("strategy").asText());
        assertEquals(1, metadata.get("num_trials").asInt());
        assertEquals(10, metadata.get("retry_limit").asInt());
        assertEquals("abc", data.get("attempt").get("request_http_header").get("X-Convoy-Signature").asText());
        assertEquals("received", data.get("attempt").get("response_data").asText());
        assertTrue(data.get("deleted_at").isNull());

        MetaEvent scheduled = seeds.metaEvent(project.id(), "endpoint.updated", "{}", EventDeliveryStatus.SCHEDULED);
        JsonNode fresh = assertEnvelope(client.raw("GET", path("/" + scheduled.uid()), null, Map.of()), 200,
                "Meta event fetched successfully");
        assertTrue(fresh.get("attempt").isNull(), "not tried yet");
        assertEquals(seeded, client.getMetaEvent(seeded.uid()));
    }

    @Test
    void unknownAndOtherProjectsMetaEventsAreNotFound() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        MetaEvent foreign = seeds.metaEvent(other.id(), "endpoint.deleted", "{}", EventDeliveryStatus.SUCCESS);
        for (String id : List.of(UNKNOWN, foreign.uid())) {
            assertBad(client.raw("GET", path("/" + id), null, Map.of()), 404, "meta event not found");
        }
        assertEquals(List.of(), ids(client.listMetaEvents(ListQuery.create())));
        assertEquals(foreign.uid(), other.client().getMetaEvent(foreign.uid()).uid());
    }

    @Test
    void listFiltersByStatusAndEventType() {
        MetaEvent failedCreate = seeds.metaEvent(project.id(), "endpoint.created", "{}", EventDeliveryStatus.FAILURE);
        MetaEvent sentCreate = seeds.metaEvent(project.id(), "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
        MetaEvent failedUpdate = seeds.metaEvent(project.id(), "endpoint.updated", "{}", EventDeliveryStatus.FAILURE);
        seeds.metaEvent(project.id(), "endpoint.deleted", "{}", EventDeliveryStatus.SCHEDULED);

        assertEquals(List.of(failedUpdate.uid(), failedCreate.uid()),
                uids(client.listMetaEvents(ListQuery.create().with("status", "Failure"))));
        assertEquals(List.of(sentCreate.uid(), failedCreate.uid()),
                uids(client.listMetaEvents(ListQuery.create().with("eventType", "endpoint.created"))));
        assertEquals(List.of(failedCreate.uid()), uids(client.listMetaEvents(ListQuery.create()
                .withAll("status", List.of("failure", "Discarded")).with("eventType", "endpoint.created"))));
        assertEquals(4, client.listMetaEvents(ListQuery.create()).content().size());
        assertBad(client.raw("GET", path("?status=Lost"), null, Map.of()), 400, "status:");
    }

    private static List<String> uids(Page<MetaEvent> page) {
        return page.content().stream().map(MetaEvent::uid).toList();
    }

    @Test
    void listPagesEveryRowOnceInOrder() {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            all.add(seeds.metaEvent(project.id(), i % 2 == 0 ? "endpoint.created" : "eventdelivery.failed", "{}",
                    EventDeliveryStatus.values()[i % 6]).uid());
        }
        JsonNode data = assertEnvelope(client.raw("GET", path("?perPage=3"), null, Map.of()), 200,
                "Meta events fetched successfully");
        assertEquals(3, data.get("content").size());
        assertTrue(data.get("pagination").get("has_next_page").asBoolean());
        List<String> asc = all.stream().sorted().toList();
        List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
        for (int perPage : new int[] {1, 2, 3, 7, 8}) {
            KeysetWalk.assertWalks(asc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.ASC), client::listMetaEvents,
                    MetaEvent::uid);
            KeysetWalk.assertWalks(desc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.DESC),
                    client::listMetaEvents, MetaEvent::uid);
        }
    }

    @Test
    void dateWindowLimitsTheListAndOtherFiltersAreIgnored() {
        Instant day1 = clock.instant();
        MetaEvent first = seeds.metaEvent(project.id(), "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
        clock.advance(Duration.ofDays(1));
        MetaEvent second = seeds.metaEvent(project.id(), "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
        clock.advance(Duration.ofDays(1));
        MetaEvent third = seeds.metaEvent(project.id(), "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
        Instant day2 = day1.plus(Duration.ofDays(1));
        assertEquals(List.of(second.uid()), ids(client.listMetaEvents(ListQuery.create()
                .startDate(day2.minusSeconds(60)).endDate(day2.plusSeconds(60)))));
        assertEquals(List.of(first.uid()), ids(client.listMetaEvents(ListQuery.create()
                .endDate(day1.plusSeconds(60)))));
        assertEquals(List.of(third.uid(), second.uid(), first.uid()), ids(client.listMetaEvents(ListQuery.create()
                .with("endpointId", UNKNOWN).with("sourceId", UNKNOWN))), "no filter of the other lists");
        assertBad(client.raw("GET", path("?startDate=soon"), null, Map.of()), 400, "startDate");
        assertBad(client.raw("GET", path("?perPage=x"), null, Map.of()), 400, "perPage");
    }

    @Test
    void everyRouteNeedsThisProjectsKey() {
        MetaEvent event = seeds.metaEvent(project.id(), "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Map<String, String> noKey = new HashMap<>();
        noKey.put("Authorization", null);
        for (String p : List.of(path(""), path("/" + event.uid()))) {
            assertBad(client.raw("GET", p, null, noKey), 401, "");
            assertBad(server.client("CO.nope.nope").raw("GET", p, null, Map.of()), 401, "");
            assertBad(other.client().raw("GET", p, null, Map.of()), 403, "does not reach project");
        }
    }

    private String path(String rest) {
        return "/v1/projects/" + project.id() + "/meta-events" + rest;
    }

    private static List<String> ids(Page<MetaEvent> page) {
        return page.content().stream().map(MetaEvent::uid).toList();
    }
}
