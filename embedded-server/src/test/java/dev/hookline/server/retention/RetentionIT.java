package dev.hookline.server.retention;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StorageInfo;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention policies through a real server and SQLite file: events older than the policy go with their deliveries,
 * attempts and search rows once every delivery is settled; newer events, unsettled ones, other projects and projects
 * whose policy is off keep everything. The clock is moved forward by hand instead of waiting 30 days.
 */
class RetentionIT {

    private static final Duration MONTH = Duration.ofDays(31);
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    @TempDir
    Path dataDir;
    MutableClock clock = new MutableClock();
    TestServer server;
    EventSeeds seeds;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        seeds = new EventSeeds(server);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void oldSettledEventsGoWithTheirDeliveriesAttemptsAndSearchRowsNewerOnesStay() throws Exception {
        TestProject p = server.newProject("shop", ProjectType.OUTGOING);
        Event delivered = seeds.event(p.id()).endpoints("E1").data("{\"word\":\"aubergine\"}").insert();
        EventDelivery success = seeds.delivery(delivered, "E1").status(EventDeliveryStatus.SUCCESS).insert();
        seeds.attempt(success, "200 OK", true, Map.of(), Map.of());
        Event failed = seeds.event(p.id()).insert();
        EventDelivery failure = seeds.delivery(failed, "E1").status(EventDeliveryStatus.FAILURE).insert();
        seeds.attempt(failure, "500 Internal Server Error", false, Map.of(), Map.of());
        Event discarded = seeds.event(p.id()).insert();
        seeds.delivery(discarded, "E2").status(EventDeliveryStatus.DISCARDED).insert();
        Event retrying = seeds.event(p.id()).insert();
        EventDelivery retry = seeds.delivery(retrying, "E1").status(EventDeliveryStatus.RETRY).insert();
        seeds.attempt(retry, "503 Service Unavailable", false, Map.of(), Map.of());
        Event scheduled = seeds.event(p.id()).insert();
        seeds.delivery(scheduled, "E1").status(EventDeliveryStatus.SCHEDULED).insert();
        Event undelivered = seeds.event(p.id()).insert();
        Event replayed = seeds.event(p.id()).insert();
        seeds.delivery(replayed, "E1").status(EventDeliveryStatus.SUCCESS).insert();
        assertTrue(search(p.client(), "aubergine").contains(delivered.uid()), "indexed before the sweep");

        enableAndSettle(p, "720h");
        clock.advance(MONTH);
        seeds.delivery(replayed, "E1").status(EventDeliveryStatus.SUCCESS).insert(); // a replay made it today
        Event recent = seeds.event(p.id()).data("{\"word\":\"aubergine\"}").insert();
        seeds.delivery(recent, "E1").status(EventDeliveryStatus.SUCCESS).insert();

        StorageInfo.Cleanup cleanup = server.server().retention().sweep().get(p.id());

        for (Event gone : List.of(delivered, failed, discarded, undelivered)) {
            assertEquals(404, assertThrows(ApiException.class, () -> p.client().getEvent(gone.uid())).status(),
                    gone.uid() + " deleted");
        }
        assertEquals(404, assertThrows(ApiException.class, () -> p.client().getEventDelivery(success.uid()))
                .status(), "its delivery with it");
        assertEquals(404, assertThrows(ApiException.class, () -> p.client().listDeliveryAttempts(success.uid()))
                .status(), "and its attempts");
        for (Event kept : List.of(retrying, scheduled, replayed, recent)) {
            assertEquals(kept.uid(), p.client().getEvent(kept.uid()).uid(), kept.uid() + " kept");
        }
        assertEquals(1, p.client().listDeliveryAttempts(retry.uid()).size(), "an unsettled delivery keeps its tries");
        assertEquals(List.of(recent.uid()), search(p.client(), "aubergine"), "the search row went with the event");
        assertEquals(4, cleanup.events());
        assertEquals(3, cleanup.deliveries());
        assertEquals(2, cleanup.attempts());
        assertEquals(3, cleanup.kept(), "retrying, scheduled and the replayed event");
        assertEquals(0, rows("SELECT COUNT(*) FROM events_endpoints WHERE event_id = '" + delivered.uid() + "'"));
    }

    @Test
    void otherProjectsAndProjectsWhosePolicyIsOffOrLongerKeepEverything() throws Exception {
        TestProject swept = server.newProject("swept", ProjectType.OUTGOING);
        TestProject off = server.newProject("off", ProjectType.OUTGOING);
        TestProject longer = server.newProject("longer", ProjectType.OUTGOING);
        Event sweptEvent = settledEvent(swept);
        Event offEvent = settledEvent(off);
        Event longerEvent = settledEvent(longer);
        enableAndSettle(swept, "720h");
        enableAndSettle(longer, "1000h");
        clock.advance(MONTH);
        seeds.event(swept.id()).insert(); // the database's newest event: see theNewestEventOfTheDatabaseStays
        Project offProject = off.client().updateProject(off.id(), new UpdateProjectRequest("off", null,
                config(new ProjectConfig.RetentionPolicy("1h", false))));
        assertEquals(new ProjectConfig.RetentionPolicy("1h", false), offProject.config().retentionPolicy());

        Map<String, StorageInfo.Cleanup> cleanups = server.server().retention().sweep();

        assertEquals(404, assertThrows(ApiException.class, () -> swept.client().getEvent(sweptEvent.uid())).status());
        assertEquals(offEvent.uid(), off.client().getEvent(offEvent.uid()).uid(), "policy off");
        assertEquals(longerEvent.uid(), longer.client().getEvent(longerEvent.uid()).uid(), "1000h not reached");
        assertFalse(cleanups.containsKey(off.id()), "a project whose policy is off is not swept");
        assertEquals(0, cleanups.get(longer.id()).events());
    }

    @Test
    void theDefaultPolicyIsConvoysThirtyDaysOffAndAnUpdateMayGiveEitherMember() {
        TestProject p = server.newProject("defaults", ProjectType.INCOMING);
        assertEquals(new ProjectConfig.RetentionPolicy("720h", false),
                p.client().getProject(p.id()).config().retentionPolicy());
        Project enabled = p.client().updateProject(p.id(), new UpdateProjectRequest("defaults", null,
                config(new ProjectConfig.RetentionPolicy(null, true))));
        assertEquals(new ProjectConfig.RetentionPolicy("720h", true), enabled.config().retentionPolicy());
        Project shorter = p.client().updateProject(p.id(), new UpdateProjectRequest("defaults", null,
                config(new ProjectConfig.RetentionPolicy("168h", null))));
        assertEquals(new ProjectConfig.RetentionPolicy("168h", true), shorter.config().retentionPolicy());
        assertEquals(new ProjectConfig.RetentionPolicy("168h", true),
                server.admin().getProject(p.id()).config().retentionPolicy(), "stored");
    }

    @Test
    void anInvalidPolicyIsRefusedAndNothingChanges() {
        TestProject p = server.newProject("strict", ProjectType.OUTGOING);
        String path = "/v1/projects/" + p.id();
        for (String policy : List.of("abc", "30d", "", "30s", "-720h")) {
            assertBad(p.client().raw("PUT", path, "{\"name\":\"strict\",\"config\":{\"retention_policy\":"
                    + "{\"policy\":\"" + policy + "\",\"enabled\":true}}}", JSON), 400, "retention_policy.policy");
        }
        assertBad(p.client().raw("PUT", path, "{\"name\":\"strict\",\"config\":{\"retention_policy\":"
                + "{\"policy\":\"720h\",\"enabled\":\"yes\"}}}", JSON), 400, "enabled");
        assertEquals(new ProjectConfig.RetentionPolicy("720h", false),
                p.client().getProject(p.id()).config().retentionPolicy(), "nothing half-written");
        assertBad(server.admin().raw("POST", "/v1/projects", "{\"name\":\"new\",\"type\":\"outgoing\",\"config\":"
                + "{\"retention_policy\":{\"policy\":\"abc\"}}}", JSON), 400, "retention_policy.policy");
    }

    @Test
    void turningThePolicyOnWakesTheBackgroundSweep() {
        TestProject p = server.newProject("background", ProjectType.OUTGOING);
        Event old = settledEvent(p);
        clock.advance(MONTH);
        seeds.event(p.id()).insert();
        enable(p, "720h");
        // the sweep reports once it has also given the freed pages back, a moment after the event is gone
        Await.until(Duration.ofSeconds(20), "the background sweep deletes the old event and reports it", () ->
                server.server().retention().lastCleanup(p.id()) != null);
        assertEquals(404, assertThrows(ApiException.class, () -> p.client().getEvent(old.uid())).status());
        StorageInfo storage = p.client().storage();
        assertNotNull(storage.lastCleanup(), "the sweep reports what it did");
        assertEquals(1, storage.lastCleanup().events());
    }

    @Test
    void settledMetaEventsOlderThanThePolicyGoUnsettledOnesStay() throws Exception {
        TestProject p = server.newProject("meta", ProjectType.OUTGOING);
        MetaEvent sent = seeds.metaEvent(p.id(), "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
        MetaEvent waiting = seeds.metaEvent(p.id(), "endpoint.created", "{}", EventDeliveryStatus.RETRY);
        enableAndSettle(p, "720h");
        clock.advance(MONTH);
        MetaEvent recent = seeds.metaEvent(p.id(), "endpoint.updated", "{}", EventDeliveryStatus.FAILURE);

        assertEquals(1, server.server().retention().sweep().get(p.id()).metaEvents());

        assertEquals(404, assertThrows(ApiException.class, () -> p.client().getMetaEvent(sent.uid())).status());
        assertEquals(waiting.uid(), p.client().getMetaEvent(waiting.uid()).uid());
        assertEquals(recent.uid(), p.client().getMetaEvent(recent.uid()).uid());
    }

    @Test
    void theNewestEventOfTheDatabaseStaysSoNewEventsAreStillIndexedForSearch() throws Exception {
        TestProject p = server.newProject("quiet", ProjectType.OUTGOING);
        Event first = settledEvent(p);
        Event last = settledEvent(p);
        enableAndSettle(p, "720h");
        clock.advance(MONTH);
        server.server().retention().sweep();
        assertEquals(404, assertThrows(ApiException.class, () -> p.client().getEvent(first.uid())).status());
        assertEquals(last.uid(), p.client().getEvent(last.uid()).uid(), "its rowid is not handed out again");

        Event fresh = seeds.event(p.id()).data("{\"word\":\"parsnip\"}").insert();
        assertEquals(List.of(fresh.uid()), search(p.client(), "parsnip"), "a new event is indexed for search");
        server.server().retention().sweep();
        assertEquals(404, assertThrows(ApiException.class, () -> p.client().getEvent(last.uid())).status(),
                "once a newer event exists it goes");
    }

    @Test
    void aBatchThatDoesNotCommitLeavesEveryEventWhole() {
        TestProject p = server.newProject("crash", ProjectType.OUTGOING);
        Event first = settledEvent(p);
        Event second = settledEvent(p);
        enableAndSettle(p, "720h");
        clock.advance(MONTH);
        seeds.event(p.id()).insert();
        java.time.Instant cutoff = server.server().store().now().minus(Duration.ofHours(720));
        String cutoffId = dev.hookline.server.store.Ulid.lowerBound(cutoff.toEpochMilli());

        assertThrows(IllegalStateException.class, () -> server.server().store().db().write(c -> {
            RetentionSweeper.Batch batch = server.server().retention().deleteBatch(c, p.id(), "", cutoffId, cutoff);
            assertEquals(2, batch.events(), "both deleted inside the transaction");
            throw new IllegalStateException("the process dies before the commit");
        }));

        for (Event kept : List.of(first, second)) {
            assertEquals(kept.uid(), p.client().getEvent(kept.uid()).uid());
            assertEquals(1, rows("SELECT COUNT(*) FROM event_deliveries WHERE event_id = '" + kept.uid() + "'"));
            assertEquals(1, rows("SELECT COUNT(*) FROM delivery_attempts a JOIN event_deliveries d "
                    + "ON d.id = a.event_delivery_id WHERE d.event_id = '" + kept.uid() + "'"));
            assertEquals(1, rows("SELECT COUNT(*) FROM events_endpoints WHERE event_id = '" + kept.uid() + "'"));
        }
    }

    @Test
    void theStorageRouteTellsTheDataDirectorySizeAndTheOldestKeptEvent() throws Exception {
        TestProject p = server.newProject("storage", ProjectType.OUTGOING);
        TestProject empty = server.newProject("empty", ProjectType.OUTGOING);
        Event oldest = settledEvent(p);
        clock.advance(MONTH);
        Event kept = settledEvent(p);

        StorageInfo before = p.client().storage();
        assertTrue(before.dataDirectoryBytes() >= before.databaseBytes() && before.databaseBytes() > 0, before
                .toString());
        assertTrue(before.freeDiskBytes() > 0);
        assertEquals(oldest.uid(), before.oldestEventId());
        assertEquals(oldest.createdAt(), before.oldestEventAt());
        assertEquals(new ProjectConfig.RetentionPolicy("720h", false), before.retentionPolicy());
        assertNull(before.lastCleanup(), "no sweep yet");
        assertNull(empty.client().storage().oldestEventId());

        clock.advance(Duration.ofDays(-40)); // the background sweep the change starts finds nothing old yet
        enableAndSettle(p, "720h");
        clock.advance(Duration.ofDays(40));
        server.server().retention().sweep();
        StorageInfo after = p.client().storage();
        assertEquals(kept.uid(), after.oldestEventId());
        assertEquals(1, after.lastCleanup().events());
        assertEquals(403, empty.client().raw("GET", "/v1/projects/" + p.id() + "/storage", null, Map.of())
                .status(), "another project's key");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private Event settledEvent(TestProject p) {
        Event event = seeds.event(p.id()).endpoints("E1").insert();
        EventDelivery delivery = seeds.delivery(event, "E1").status(EventDeliveryStatus.SUCCESS).insert();
        seeds.attempt(delivery, "200 OK", true, Map.of(), Map.of());
        return event;
    }

    private static void enable(TestProject p, String policy) {
        Project updated = p.client().updateProject(p.id(), new UpdateProjectRequest(p.client().getProject(p.id())
                .name(), null, config(new ProjectConfig.RetentionPolicy(policy, true))));
        assertEquals(new ProjectConfig.RetentionPolicy(policy, true), updated.config().retentionPolicy());
    }

    /**
     * Turns the policy on and waits for the background sweep the change started, so that the test's own sweep (after
     * it moved the clock) is the one that deletes.
     */
    private void enableAndSettle(TestProject p, String policy) {
        enable(p, policy);
        Await.until(Duration.ofSeconds(20), "the sweep started by the change", () ->
                server.server().retention().lastCleanup(p.id()) != null);
    }

    private static ProjectConfig config(ProjectConfig.RetentionPolicy retention) {
        return ProjectConfig.builder().retentionPolicy(retention).build();
    }

    /** The IDs of the project's events (of any age) whose payload has {@code word}. */
    private List<String> search(ApiClient client, String word) {
        SearchIndexer indexer = server.server().searchIndexer();
        assertTrue(indexer.awaitCaughtUp(Duration.ofSeconds(10)));
        return client.listEvents(ListQuery.create().with("query", word)
                        .startDate(Instant.parse("2000-01-01T00:00:00Z")).endDate(Instant.parse("2999-01-01T00:00:00Z")))
                .content().stream().map(Event::uid).toList();
    }

    private long rows(String sql) {
        return server.server().store().db().read(c -> {
            try (var s = c.createStatement(); var rs = s.executeQuery(sql)) {
                return rs.next() ? rs.getLong(1) : -1L;
            }
        });
    }
}
