package dev.hookline.server.deliveries;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.DeliveryTimeSeries;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code .../eventdeliveries/statustotals} and {@code .../timeseries} through real HTTP: the counts are those of the
 * deliveries the list shows for the same filters, and a portal link counts only its own endpoints' deliveries.
 */
class DeliveryStatisticsIT {

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String acme1;
    String acme2;
    String globex;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        acme1 = endpoint("acme-1", "acme");
        acme2 = endpoint("acme-2", "acme");
        globex = endpoint("globex", "globex");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void eventsSentThroughTheApiAreCountedWithEverySixStatusesAnswered() {
        for (int i = 0; i < 3; i++) {
            client.createEvent(CreateEventRequest.toEndpoint(acme1, "invoice.paid", Json.strict().createObjectNode()
                    .put("n", i)));
        }
        client.createEvent(CreateEventRequest.toEndpoint(globex, "invoice.paid", Json.strict().createObjectNode()));
        server.awaitPlanned(); // deliveries are planned after the answer (ADR 0038)

        JsonNode data = assertEnvelope(client.raw("GET", path("statustotals"), null, Map.of()), 200,
                "event delivery status totals fetched successfully");
        Map<String, Long> expected = new LinkedHashMap<>();
        for (EventDeliveryStatus status : EventDeliveryStatus.values()) {
            expected.put(status.wire(), status == EventDeliveryStatus.SCHEDULED ? 4L : 0L);
        }
        assertEquals(expected, Json.strict().convertValue(data.get("totals"),
                new com.fasterxml.jackson.core.type.TypeReference<Map<String, Long>>() {
                }), "no dispatcher runs here: every delivery the API made waits, Scheduled; the others are 0");
        assertEquals(4, data.get("total").asLong());
        assertEquals(3, client.eventDeliveryStatusTotals(ListQuery.create().with("endpointId", acme1)).total());
    }

    @Test
    void theListsFiltersAndDatesApplyAndTheTotalIsWhatTheListShows() {
        Event paid = seeds.event(project.id()).type("invoice.paid").endpoints(acme1, globex).idempotencyKey("k-1")
                .insert();
        seed(paid, acme1, "sub-a", EventDeliveryStatus.SUCCESS);
        seed(paid, globex, "sub-g", EventDeliveryStatus.FAILURE);
        clock.advance(Duration.ofHours(2));
        Instant later = clock.instant();
        Event refunded = seeds.event(project.id()).type("invoice.refunded").endpoints(acme1, acme2).insert();
        seed(refunded, acme1, "sub-a", EventDeliveryStatus.FAILURE);
        seed(refunded, acme2, "sub-b", EventDeliveryStatus.DISCARDED);
        seed(refunded, acme2, "sub-b", EventDeliveryStatus.RETRY);

        ListQuery all = ListQuery.create();
        assertTotals(all, Map.of(EventDeliveryStatus.SUCCESS, 1L, EventDeliveryStatus.FAILURE, 2L,
                EventDeliveryStatus.DISCARDED, 1L, EventDeliveryStatus.RETRY, 1L));
        assertTotals(all.with("endpointId", acme1), Map.of(EventDeliveryStatus.SUCCESS, 1L,
                EventDeliveryStatus.FAILURE, 1L));
        assertTotals(all.withAll("endpointId", List.of(acme1, acme2)).with("status", "Failure"),
                Map.of(EventDeliveryStatus.FAILURE, 1L));
        assertTotals(all.withAll("status[]", List.of("Failure", "Discarded")), Map.of(EventDeliveryStatus.FAILURE,
                2L, EventDeliveryStatus.DISCARDED, 1L));
        assertTotals(all.with("eventType", "invoice.paid"), Map.of(EventDeliveryStatus.SUCCESS, 1L,
                EventDeliveryStatus.FAILURE, 1L));
        assertTotals(all.with("eventId", refunded.uid()).with("endpointId", acme2),
                Map.of(EventDeliveryStatus.DISCARDED, 1L, EventDeliveryStatus.RETRY, 1L));
        assertTotals(all.with("subscriptionId", "sub-a").with("event_type", "invoice.refunded"),
                Map.of(EventDeliveryStatus.FAILURE, 1L));
        assertTotals(all.with("idempotencyKey", "k-1"), Map.of(EventDeliveryStatus.SUCCESS, 1L,
                EventDeliveryStatus.FAILURE, 1L));
        assertTotals(all.with("idempotencyKey", "unknown"), Map.of());
        assertTotals(all.startDate(later.truncatedTo(ChronoUnit.SECONDS)), Map.of(EventDeliveryStatus.FAILURE, 1L,
                EventDeliveryStatus.DISCARDED, 1L, EventDeliveryStatus.RETRY, 1L));
        assertTotals(all.endDate(later.minusSeconds(60)), Map.of(EventDeliveryStatus.SUCCESS, 1L,
                EventDeliveryStatus.FAILURE, 1L));

        for (ListQuery query : List.of(all, all.with("endpointId", acme2), all.with("status", "Failure"),
                all.startDate(later.truncatedTo(ChronoUnit.SECONDS)))) {
            assertEquals(client.listEventDeliveries(query.perPage(100)).content().size(),
                    client.eventDeliveryStatusTotals(query).total(), "the total is the list's row count: " + query);
        }
        assertBad(client.raw("GET", path("statustotals") + "?status=Gone", null, Map.of()), 400,
                "status:unknown value \\\"Gone\\\", allowed values are Scheduled, Processing, Discarded, Failure, "
                        + "Success, Retry");
        assertBad(client.raw("GET", path("statustotals") + "?startDate=yesterday", null, Map.of()), 400,
                "please specify a startDate in the format 2006-01-02T15:04:05 or RFC 3339, got \\\"yesterday\\\"");
    }

    @Test
    void theTimeSeriesCountsEachHourOfTheWindowEmptyHoursIncluded() {
        Instant hour0 = clock.instant().truncatedTo(ChronoUnit.HOURS);
        Event first = seeds.event(project.id()).endpoints(acme1).insert();
        seed(first, acme1, "", EventDeliveryStatus.SUCCESS);
        seed(first, acme1, "", EventDeliveryStatus.FAILURE);
        clock.advance(Duration.ofHours(2));
        Event third = seeds.event(project.id()).endpoints(acme1, globex).insert();
        seed(third, acme1, "", EventDeliveryStatus.SUCCESS);
        seed(third, globex, "", EventDeliveryStatus.SUCCESS);
        seed(third, globex, "", EventDeliveryStatus.SCHEDULED);

        ListQuery window = ListQuery.create().startDate(hour0).endDate(hour0.plus(Duration.ofHours(3))
                .minusSeconds(1));
        DeliveryTimeSeries series = client.eventDeliveryTimeSeries(window, "hour");
        assertEquals("hour", series.bucket());
        assertEquals(List.of(hour0, hour0.plus(Duration.ofHours(1)), hour0.plus(Duration.ofHours(2))),
                series.buckets().stream().map(DeliveryTimeSeries.Bucket::start).toList());
        assertEquals(List.of(1L, 0L, 2L), series.buckets().stream().map(DeliveryTimeSeries.Bucket::success).toList());
        assertEquals(List.of(1L, 0L, 0L), series.buckets().stream().map(DeliveryTimeSeries.Bucket::failure).toList());
        assertEquals(List.of(0L, 0L, 1L), series.buckets().stream().map(DeliveryTimeSeries.Bucket::scheduled)
                .toList());

        DeliveryTimeSeries acmeOnly = client.eventDeliveryTimeSeries(window.with("endpointId", acme1), "hour");
        assertEquals(List.of(2L, 0L, 1L), acmeOnly.buckets().stream().map(DeliveryTimeSeries.Bucket::total).toList());
        DeliveryTimeSeries byDay = client.eventDeliveryTimeSeries(ListQuery.create()
                .startDate(hour0.truncatedTo(ChronoUnit.DAYS)).endDate(hour0.plus(Duration.ofHours(3))), "day");
        assertEquals(5, byDay.buckets().stream().mapToLong(DeliveryTimeSeries.Bucket::total).sum());
        assertEquals(hour0.truncatedTo(ChronoUnit.DAYS), byDay.buckets().get(0).start());

        assertBad(client.raw("GET", path("timeseries") + "?bucket=week", null, Map.of()), 400,
                "bucket must be hour or day, got \\\"week\\\"");
        assertBad(client.raw("GET", path("timeseries") + "?bucket=hour&startDate=2020-01-01&endDate=2020-12-31",
                null, Map.of()), 400, "the window holds 8784 hours; at most 1000 buckets are answered: narrow the "
                + "window or use bucket=day");
    }

    @Test
    void theCountsFollowEveryStatusChangeWhicheverIndexCountsThem() {
        // no filter counts the status index, an event type filter the type's index: with one event type in the
        // project both must answer the same, before and after deliveries change status
        Event early = seeds.event(project.id()).type("order.created").endpoints(acme1, acme2).insert();
        seed(early, acme1, "", EventDeliveryStatus.FAILURE);
        seed(early, acme2, "", EventDeliveryStatus.DISCARDED);
        clock.advance(Duration.ofMinutes(90));
        Event late = seeds.event(project.id()).type("order.created").endpoints(acme1).insert();
        String failed = seeds.delivery(late, acme1).status(EventDeliveryStatus.FAILURE).insert().uid();
        seed(late, acme1, "", EventDeliveryStatus.SUCCESS);
        clock.advance(Duration.ofHours(2));

        ListQuery byIndex = ListQuery.create().with("eventType", "order.created");
        assertEquals(client.eventDeliveryStatusTotals(byIndex), client.eventDeliveryStatusTotals(ListQuery.create()));
        client.resendEventDelivery(failed);
        client.batchRetryEventDeliveries(ListQuery.create().with("status", "Discarded"));
        DeliveryStatusTotals after = client.eventDeliveryStatusTotals(ListQuery.create());
        assertEquals(2, after.count(EventDeliveryStatus.SCHEDULED), "both sent again: " + after);
        assertEquals(1, after.count(EventDeliveryStatus.FAILURE));
        assertEquals(0, after.count(EventDeliveryStatus.DISCARDED));
        assertEquals(client.eventDeliveryStatusTotals(byIndex), after);
        Instant window = clock.instant().minus(Duration.ofHours(4));
        assertEquals(client.eventDeliveryTimeSeries(byIndex.startDate(window), "hour"),
                client.eventDeliveryTimeSeries(ListQuery.create().startDate(window), "hour"));

        client.deleteEndpoint(acme2);
        assertEquals(client.listEventDeliveries(ListQuery.create().perPage(100)).content().size(),
                client.eventDeliveryStatusTotals(ListQuery.create()).total(), "a deleted endpoint's deliveries");
    }

    @Test
    void pastHoursAreCountedAgainUntilNothingInThemIsInFlight() {
        Event event = seeds.event(project.id()).endpoints(acme1).insert();
        String waiting = seeds.delivery(event, acme1).status(EventDeliveryStatus.RETRY).insert().uid();
        seed(event, acme1, "", EventDeliveryStatus.FAILURE);
        clock.advance(Duration.ofHours(3));
        ListQuery endpoint = ListQuery.create().with("endpointId", acme1);
        assertEquals(1, client.eventDeliveryStatusTotals(endpoint).count(EventDeliveryStatus.RETRY));

        // what the dispatcher does when the retry succeeds: a status change no one announces
        seeds.store().db().write(c -> {
            try (var s = c.prepareStatement("UPDATE event_deliveries SET status = 'Success' WHERE id = ?")) {
                s.setString(1, waiting);
                return s.executeUpdate();
            }
        });
        for (ListQuery query : List.of(ListQuery.create(), endpoint)) {
            DeliveryStatusTotals totals = client.eventDeliveryStatusTotals(query);
            assertEquals(0, totals.count(EventDeliveryStatus.RETRY), "an hour with a delivery in flight is never "
                    + "kept: " + totals);
            assertEquals(1, totals.count(EventDeliveryStatus.SUCCESS));
            assertEquals(1, totals.count(EventDeliveryStatus.FAILURE));
        }
    }

    @Test
    void aDeliveryDiscardedBecauseItsEndpointIsPausedSaysWhyAndIsCounted() {
        client.pauseEndpoint(acme2);
        client.createEvent(CreateEventRequest.toEndpoint(acme2, "invoice.paid", Json.strict().createObjectNode()));
        server.awaitPlanned(); // deliveries are planned after the answer (ADR 0038)

        var discarded = client.listEventDeliveries(ListQuery.create().with("endpointId", acme2)).content();
        assertEquals(1, discarded.size());
        assertEquals(EventDeliveryStatus.DISCARDED, discarded.get(0).status());
        assertEquals("Discarded: the endpoint was paused when the event arrived", discarded.get(0).description(),
                "the reason the console shows");
        assertEquals(1, client.eventDeliveryStatusTotals(ListQuery.create()).count(EventDeliveryStatus.DISCARDED));
    }

    @Test
    void aPortalLinkCountsOnlyItsOwnEndpointsDeliveries() {
        Event event = seeds.event(project.id()).endpoints(acme1, acme2, globex).insert();
        seed(event, acme1, "", EventDeliveryStatus.SUCCESS);
        seed(event, acme2, "", EventDeliveryStatus.FAILURE);
        seed(event, globex, "", EventDeliveryStatus.FAILURE);
        seed(event, globex, "", EventDeliveryStatus.DISCARDED);
        ApiClient portal = server.client(client.createPortalLink(new PortalLinkRequest("acme", "acme", null, false,
                null)).token());

        DeliveryStatusTotals totals = portal.portalEventDeliveryStatusTotals(ListQuery.create());
        assertEquals(2, totals.total());
        assertEquals(1, totals.count(EventDeliveryStatus.FAILURE));
        assertEquals(0, totals.count(EventDeliveryStatus.DISCARDED), "globex's Discarded delivery is not acme's");
        assertEquals(0, portal.portalEventDeliveryStatusTotals(ListQuery.create().with("endpointId", globex))
                .total(), "asking for another owner's endpoint counts nothing");
        assertEquals(4, client.eventDeliveryStatusTotals(ListQuery.create()).total(), "the project sees all");

        DeliveryTimeSeries series = portal.portalEventDeliveryTimeSeries(ListQuery.create()
                .startDate(clock.instant().minusSeconds(60)), "hour");
        assertEquals(2, series.buckets().stream().mapToLong(DeliveryTimeSeries.Bucket::total).sum());
        assertEquals(1, series.buckets().stream().mapToLong(DeliveryTimeSeries.Bucket::failure).sum());
    }

    private void assertTotals(ListQuery query, Map<EventDeliveryStatus, Long> nonZero) {
        DeliveryStatusTotals totals = client.eventDeliveryStatusTotals(query);
        assertEquals(EventDeliveryStatus.values().length, totals.totals().size(), "all six: " + totals);
        for (EventDeliveryStatus status : EventDeliveryStatus.values()) {
            assertEquals(nonZero.getOrDefault(status, 0L), totals.count(status), status + " for " + query);
        }
        assertTrue(totals.total() == nonZero.values().stream().mapToLong(Long::longValue).sum(), "sum: " + totals);
    }

    private void seed(Event event, String endpointId, String subscriptionId, EventDeliveryStatus status) {
        seeds.delivery(event, endpointId).subscription(subscriptionId).status(status).insert();
    }

    private String endpoint(String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name + ".example/h", name, null, owner, null,
                null, null, null, null, null, null, null, null, null, null, null, null)).uid();
    }

    /** Path for {@code raw} on a client based at {@code /api}. */
    private String path(String route) {
        return "/v1/projects/" + project.id() + "/eventdeliveries/" + route;
    }
}
