package dev.hookline.server.deliveries;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.DeliveryTimeSeries;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hookline's {@code httpStatus} filter (ADR 0033) through real HTTP: the deliveries list, its status totals and time
 * series, and the batch retry keep exactly the deliveries whose last attempt got a status of the classes asked;
 * never-tried deliveries match none; the dispatcher keeps the class up to date as it tries.
 */
class HttpStatusFilterIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String shop;
    String crm;
    /** What each seeded delivery is: its ID, endpoint, status and the class of its last attempt (null: never tried). */
    final List<Seeded> seeded = new ArrayList<>();

    record Seeded(String id, String endpointId, EventDeliveryStatus status, HttpStatusClass lastClass) {
    }

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        shop = client.createEndpoint(EndpointRequest.of("https://shop.example/h", "shop")).uid();
        crm = client.createEndpoint(EndpointRequest.of("https://crm.example/h", "crm")).uid();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /**
     * Two hours of traffic to two endpoints, every class, and deliveries tried more than once (only the last attempt
     * counts); the clock then moves on so the first hour is settled (its counts come from the cache).
     */
    private void seedTraffic() {
        for (int hour = 0; hour < 2; hour++) {
            for (String endpoint : List.of(shop, crm)) {
                seed(endpoint, EventDeliveryStatus.SUCCESS, "200 OK");
                seed(endpoint, EventDeliveryStatus.SUCCESS, "500 Internal Server Error", "204 No Content");
                seed(endpoint, EventDeliveryStatus.FAILURE, "404 Not Found");
                seed(endpoint, EventDeliveryStatus.FAILURE, "503 Service Unavailable");
                seed(endpoint, EventDeliveryStatus.FAILURE, "200 OK", "502 Bad Gateway");
                seed(endpoint, EventDeliveryStatus.FAILURE, "");
                seed(endpoint, EventDeliveryStatus.DISCARDED, "301 Moved Permanently");
                if (hour == 1) {
                    // in flight: only the second hour (the first one is then settled, its counts cached)
                    seed(endpoint, EventDeliveryStatus.SCHEDULED);
                    seed(endpoint, EventDeliveryStatus.RETRY, "429 Too Many Requests");
                }
            }
            clock.advance(Duration.ofMinutes(70));
        }
        clock.advance(Duration.ofHours(2));
    }

    @Test
    void eachClassListsExactlyTheDeliveriesWhoseLastAttemptGotIt() {
        seedTraffic();
        for (HttpStatusClass c : HttpStatusClass.values()) {
            assertEquals(expected(s -> s.lastClass() == c), listed(all().httpStatus(List.of(c))), c.wire());
        }
        assertEquals(expected(s -> s.lastClass() == HttpStatusClass.CLIENT_ERROR
                        || s.lastClass() == HttpStatusClass.SERVER_ERROR),
                listed(all().withAll("httpStatus", List.of("4xx", "5XX"))), "several classes, any case");
        assertEquals(expected(s -> s.lastClass() == HttpStatusClass.NONE || s.lastClass() == HttpStatusClass.REDIRECTION),
                listed(all().with("httpStatus", "none,3xx")), "comma-separated in one value");
        assertEquals(expected(s -> true), listed(all()), "without the filter every delivery, never-tried too");
        List<String> neverTried = expected(s -> s.lastClass() == null);
        assertEquals(2, neverTried.size());
        for (HttpStatusClass c : HttpStatusClass.values()) {
            assertTrue(listed(all().httpStatus(List.of(c))).stream().noneMatch(neverTried::contains),
                    "a never-tried delivery has no last status: " + c);
        }
    }

    @Test
    void theFilterCombinesWithTheOthersAndPagesLikeTheList() {
        seedTraffic();
        ListQuery failed5xxToShop = all().httpStatus(List.of(HttpStatusClass.SERVER_ERROR)).with("status", "Failure")
                .with("endpointId", shop);
        assertEquals(expected(s -> s.lastClass() == HttpStatusClass.SERVER_ERROR
                && s.status() == EventDeliveryStatus.FAILURE && s.endpointId().equals(shop)), listed(failed5xxToShop));
        assertEquals(4, listed(failed5xxToShop).size());
        ListQuery twoEndpoints = all().withAll("endpointId", List.of(shop, crm))
                .httpStatus(List.of(HttpStatusClass.SUCCESSFUL, HttpStatusClass.NONE));
        assertEquals(expected(s -> s.lastClass() == HttpStatusClass.SUCCESSFUL || s.lastClass() == HttpStatusClass.NONE),
                listed(twoEndpoints));
        String retrying = client.listEventDeliveries(all().with("endpointId", crm).with("status", "Retry")).content()
                .get(0).eventId();
        assertEquals(List.of(), listed(all().with("eventId", retrying).httpStatus(List.of(HttpStatusClass.SUCCESSFUL))),
                "by event: checked per row");
        assertEquals(1, listed(all().with("eventId", retrying).httpStatus(List.of(HttpStatusClass.CLIENT_ERROR)))
                .size());
        assertEquals(expected(s -> s.lastClass() == HttpStatusClass.SERVER_ERROR),
                listed(all().with("eventType", "order.paid").httpStatus(List.of(HttpStatusClass.SERVER_ERROR))),
                "by event type: checked per row");

        for (ListQuery query : List.of(all().httpStatus(List.of(HttpStatusClass.SERVER_ERROR)),
                all().with("endpointId", crm).httpStatus(List.of(HttpStatusClass.SUCCESSFUL, HttpStatusClass.NONE)),
                all().httpStatus(List.of(HttpStatusClass.CLIENT_ERROR)).sort(ListQuery.Sort.ASC))) {
            List<String> inOrder = client.listEventDeliveries(query.perPage(100)).content().stream()
                    .map(EventDelivery::uid).toList();
            KeysetWalk.assertWalks(inOrder, query.perPage(3), client::listEventDeliveries, EventDelivery::uid);
        }
    }

    @Test
    void totalsAndTimeSeriesCountWhatTheListShows() {
        seedTraffic();
        List<ListQuery> queries = new ArrayList<>();
        for (HttpStatusClass c : HttpStatusClass.values()) {
            queries.add(all().httpStatus(List.of(c)));
            queries.add(all().httpStatus(List.of(c)).with("endpointId", shop));
        }
        queries.add(all().httpStatus(List.of(HttpStatusClass.CLIENT_ERROR, HttpStatusClass.SERVER_ERROR)));
        queries.add(all().httpStatus(List.of(HttpStatusClass.SERVER_ERROR)).with("status", "Failure"));
        queries.add(all().httpStatus(List.of(HttpStatusClass.SERVER_ERROR)).withAll("endpointId", List.of(shop, crm)));
        queries.add(all().httpStatus(List.of(HttpStatusClass.SUCCESSFUL)).with("eventType", "order.paid"));
        queries.add(all().httpStatus(List.of(HttpStatusClass.NONE)).with("subscriptionId", "sub-" + shop));
        // twice: the second time the settled hours come from the cache
        for (int round = 0; round < 2; round++) {
            for (ListQuery query : queries) {
                Map<EventDeliveryStatus, Long> listed = byStatus(client.listEventDeliveries(query.perPage(100))
                        .content());
                DeliveryStatusTotals totals = client.eventDeliveryStatusTotals(query);
                for (EventDeliveryStatus status : EventDeliveryStatus.values()) {
                    assertEquals(listed.getOrDefault(status, 0L), totals.count(status), status + " for " + query);
                }
                DeliveryTimeSeries series = client.eventDeliveryTimeSeries(query, "hour");
                assertEquals(totals.total(), series.buckets().stream().mapToLong(DeliveryTimeSeries.Bucket::total)
                        .sum(), "series for " + query);
            }
        }
        assertEquals(4, client.eventDeliveryStatusTotals(all().httpStatus(List.of(HttpStatusClass.NONE))).total(),
                "no answer: two per endpoint");
        // a filter without classes is still answered as before, from its own cache entries
        assertEquals(seeded.size(), client.eventDeliveryStatusTotals(all()).total());
    }

    @Test
    void anUnknownClassIsRefusedEverywhereTheFilterIsRead() {
        String base = "/v1/projects/" + project.id() + "/eventdeliveries";
        for (String route : List.of("", "/statustotals", "/timeseries", "/countbatchretryevents")) {
            assertBad(client.raw("GET", base + route + "?httpStatus=2xx&httpStatus=6xx", null, Map.of()), 400,
                    "httpStatus:unknown value \\\"6xx\\\", allowed values are 1xx, 2xx, 3xx, 4xx, 5xx, none");
        }
        assertTrue(client.supportsDeliveryHttpStatusFilter(), "the probe a console makes");
    }

    @Test
    void batchRetryActsOnTheFilteredDeliveriesOnly() {
        seedTraffic();
        ListQuery failed5xx = all().httpStatus(List.of(HttpStatusClass.SERVER_ERROR)).with("endpointId", crm);
        List<String> matched = expected(s -> s.endpointId().equals(crm) && s.lastClass() == HttpStatusClass.SERVER_ERROR
                && (s.status() == EventDeliveryStatus.FAILURE || s.status() == EventDeliveryStatus.DISCARDED));
        assertEquals(matched.size(), client.countBatchRetryEventDeliveries(failed5xx));
        BatchOutcome outcome = client.batchRetryEventDeliveries(failed5xx);
        assertEquals(matched.size(), outcome.successful());
        List<String> nowScheduled = client.listEventDeliveries(all().with("status", "Scheduled").perPage(100))
                .content().stream().map(EventDelivery::uid).toList();
        assertTrue(nowScheduled.containsAll(matched), "requeued");
        assertEquals(expected(s -> s.lastClass() == null).size() + matched.size(), nowScheduled.size(),
                "nothing else was requeued");
        assertEquals(matched, listed(failed5xx.with("status", "Scheduled")),
                "a requeued delivery keeps its last attempt's status until it is tried again");
    }

    @Test
    void theDispatcherRecordsTheStatusEachTryGot() throws Exception {
        server.close();
        try (Receiver receiver = Receiver.start();
             OkHttpWebhookSender sender = new OkHttpWebhookSender(clock)) {
            server = TestServer.start(dataDir, clock, sender);
            client = server.client(project.apiKey()).withProject(project.id());
            receiver.answerBy(request -> request.path().equals("/down") ? Receiver.Answer.status(503)
                    : Receiver.Answer.ok());
            String up = client.createEndpoint(EndpointRequest.of(receiver.url("/up"), "up")).uid();
            String down = client.createEndpoint(EndpointRequest.of(receiver.url("/down"), "down")).uid();
            client.createEvent(CreateEventRequest.toEndpoint(up, "order.paid", Json.strict().createObjectNode()));
            client.createEvent(CreateEventRequest.toEndpoint(down, "order.paid", Json.strict().createObjectNode()));
            receiver.awaitRequests(2, WAIT);

            ListQuery serverErrors = ListQuery.create().httpStatus(List.of(HttpStatusClass.SERVER_ERROR));
            ListQuery successes = ListQuery.create().httpStatus(List.of(HttpStatusClass.SUCCESSFUL));
            long deadline = System.nanoTime() + WAIT.toNanos();
            while ((client.listEventDeliveries(serverErrors).content().isEmpty()
                    || client.listEventDeliveries(successes).content().isEmpty()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(List.of(down), client.listEventDeliveries(serverErrors).content().stream()
                    .map(EventDelivery::endpointId).toList());
            assertEquals(List.of(up), client.listEventDeliveries(successes).content().stream()
                    .map(EventDelivery::endpointId).toList());
            assertEquals(1, client.eventDeliveryStatusTotals(serverErrors).total());
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** Every delivery of the last day (the seeded ones are all in it), newest first. */
    private ListQuery all() {
        return ListQuery.create().startDate(clock.instant().minus(Duration.ofDays(1)));
    }

    private List<String> listed(ListQuery query) {
        return client.listEventDeliveries(query.perPage(100)).content().stream().map(EventDelivery::uid).toList();
    }

    /** The IDs of the seeded deliveries that {@code which} keeps, newest first (the list's default order). */
    private List<String> expected(Predicate<Seeded> which) {
        return seeded.stream().filter(which).map(Seeded::id).sorted(java.util.Comparator.reverseOrder()).toList();
    }

    private static Map<EventDeliveryStatus, Long> byStatus(List<EventDelivery> deliveries) {
        Map<EventDeliveryStatus, Long> out = new EnumMap<>(EventDeliveryStatus.class);
        deliveries.forEach(d -> out.merge(d.status(), 1L, Long::sum));
        return out;
    }

    /** A delivery to {@code endpoint} in {@code status} whose attempts got {@code statusLines}, in order. */
    private void seed(String endpoint, EventDeliveryStatus status, String... statusLines) {
        Event event = seeds.event(project.id()).type("order.paid").endpoints(endpoint).insert();
        EventDelivery delivery = seeds.delivery(event, endpoint).subscription("sub-" + endpoint).status(status)
                .insert();
        for (String line : statusLines) {
            seeds.attempt(delivery, line, line.startsWith("2"), Map.of(), Map.of());
        }
        HttpStatusClass last = statusLines.length == 0 ? null
                : HttpStatusClass.ofCode(AttemptRepository.statusCodeOf(statusLines[statusLines.length - 1]));
        seeded.add(new Seeded(delivery.uid(), endpoint, status, last));
        clock.advance(Duration.ofSeconds(1));
    }
}
