package dev.hookline.server.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full-text rows are written by the background indexer (ADR 0024): an ingested event becomes searchable without
 * anyone asking, a search right after the acknowledgement finds it, a restart indexes what the last run left behind,
 * and a replay that changes an event's endpoints keeps its search row right whether or not it was indexed yet.
 */
class SearchIndexerIT {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    Source source;
    Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("in", ProjectType.INCOMING);
        client = project.client();
        source = client.createSource(new CreateSourceRequest("shop", SourceType.HTTP, null, null, null, null, null,
                null, null));
        endpoint = endpoint("receiver");
        subscribe(endpoint.uid());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anIngestedEventIsIndexedInTheBackgroundAndFoundByQuery() {
        ingest("{\"order\":\"R-1\",\"customer\":\"gretchen@example.com\"}");
        server.awaitPlanned(); // the event's endpoints are set by its plan, after the answer (ADR 0038)
        Event event = only(client.listEvents(ListQuery.create()).content());
        long rowid = rowidOf(event.uid());

        // nobody searches: the indexer gets there by itself
        Await.until(DEADLINE, "the indexer to reach the event",
                () -> server.server().searchIndexer().indexedRowid() >= rowid);
        assertEquals(List.of(event.uid()), search("gretchen"));
        assertEquals(List.of(event.uid()), search("gretchen", endpoint.uid()));
        assertEquals(List.of(), search("nobody"));
    }

    @Test
    void aSearchRightAfterTheAcknowledgementFindsTheEvent() {
        for (int i = 0; i < 20; i++) {
            ingest("{\"order\":\"R-" + i + "\",\"word\":\"w" + i + "\"}");
            // no waiting between the 200 and the search
            assertEquals(1, search("w" + i).size(), "event " + i + " found right after its acknowledgement");
        }
    }

    @Test
    void aRestartIndexesTheEventsTheLastRunLeftUnindexed() throws Exception {
        server.server().searchIndexer().close(); // as if the process stopped before the indexer ran
        for (int i = 0; i < 30; i++) {
            ingest("{\"batch\":\"backlog\",\"n\":" + i + "}");
        }
        long highest = server.server().store().db().read(c -> {
            try (var s = c.createStatement(); var rs = s.executeQuery("SELECT MAX(rowid) FROM events")) {
                rs.next();
                return rs.getLong(1);
            }
        });
        assertTrue(server.server().store().db().read(SearchIndexer::watermark) < highest,
                "the backlog is unindexed before the restart");
        server.close();

        server = TestServer.start(dataDir);
        client = server.client(project.apiKey()).withProject(project.id());
        SearchIndexer indexer = server.server().searchIndexer();
        Await.until(DEADLINE, "the restarted indexer to catch up", () -> indexer.indexedRowid() >= highest);
        assertEquals(30, searchAll("backlog").size());
        assertEquals(highest, (long) server.server().store().db().read(SearchIndexer::watermark),
                "the watermark is persisted");
    }

    @Test
    void aReplayThatChangesTheEndpointsKeepsTheSearchRowRightIndexedOrNot() throws Exception {
        Endpoint other = endpoint("other");
        EventSeeds seeds = new EventSeeds(server);
        // stored without endpoints (as if its subscription came later); indexed before the replay
        Event indexed = seeds.event(project.id()).source(source.uid()).data("{\"word\":\"indexedfirst\"}").insert();
        Await.until(DEADLINE, "the indexer to reach the first event",
                () -> server.server().searchIndexer().indexedRowid() >= rowidOf(indexed.uid()));
        assertEquals(List.of(), search("indexedfirst", endpoint.uid()));

        client.replayEvent(indexed.uid());
        assertEquals(List.of(indexed.uid()), search("indexedfirst", endpoint.uid()));
        assertEquals(List.of(), search("indexedfirst", other.uid()));

        // replayed before the indexer got to it: the indexer writes the row with the endpoints the replay set
        server.server().searchIndexer().close();
        Event unindexed = seeds.event(project.id()).source(source.uid()).data("{\"word\":\"replayedfirst\"}")
                .insert();
        client.replayEvent(unindexed.uid());
        assertTrue(server.server().store().db().read(SearchIndexer::watermark) < rowidOf(unindexed.uid()));
        server.close();
        server = TestServer.start(dataDir);
        client = server.client(project.apiKey()).withProject(project.id());
        assertEquals(List.of(unindexed.uid()), search("replayedfirst", endpoint.uid()));
        assertEquals(List.of(), search("replayedfirst", other.uid()));
        assertEquals(List.of(unindexed.uid()), search("replayedfirst"));
    }

    private Endpoint endpoint(String name) {
        return client.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/" + name, name));
    }

    private void subscribe(String endpointId) {
        client.createSubscription(new SubscriptionRequest("sub-" + endpointId, source.uid(), endpointId, null, null,
                null, null, new FilterConfig(List.of("*"), null), DeliveryMode.AT_LEAST_ONCE, null));
    }

    private void ingest(String body) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Authorization", null);
        RawResponse response = server.root("unused").raw("POST", "/ingest/" + source.maskId(), body, headers);
        assertEquals(200, response.status(), response.body());
    }

    private List<String> search(String query) {
        return client.listEvents(ListQuery.create().with("query", query)).content().stream().map(Event::uid)
                .toList();
    }

    private List<String> searchAll(String query) {
        return client.listEvents(ListQuery.ofPerPage(100).with("query", query)).content().stream().map(Event::uid)
                .toList();
    }

    private List<String> search(String query, String endpointId) {
        return client.listEvents(ListQuery.create().with("query", query).with("endpointId", endpointId)).content()
                .stream().map(Event::uid).toList();
    }

    private long rowidOf(String eventId) {
        return server.server().store().db().read(c -> {
            try (var s = c.prepareStatement("SELECT rowid FROM events WHERE id = ?")) {
                s.setString(1, eventId);
                try (var rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    private static Event only(List<Event> events) {
        assertEquals(1, events.size(), "events: " + events);
        return events.get(0);
    }
}
