package dev.hookline.server.paging;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paging inside a date window, as the console pages (it always sends dates): the window and the cursors bound the
 * same ID, and every walk forward and back must still show each row of the window once, in order, at every page
 * size, for the plain, branched and full-text list statements.
 */
class DateWindowPagingIT {

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    ApiClient client;
    EventSeeds seeds;
    String epA;
    String epB;
    final List<Event> events = new ArrayList<>();
    final List<EventDelivery> deliveries = new ArrayList<>();
    Instant windowStart;
    Instant windowEnd;

    @BeforeEach
    void seedFiveDays() throws Exception {
        server = TestServer.start(dataDir, clock);
        TestServer.TestProject project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        epA = client.createEndpoint(EndpointRequest.of("https://a.example", "a")).uid();
        epB = client.createEndpoint(EndpointRequest.of("https://b.example", "b")).uid();
        Instant first = clock.instant();
        for (int i = 0; i < 20; i++) {
            Event event = seeds.event(project.id()).endpoints(epA, epB)
                    .data("{\"word\":\"" + (i % 3 == 0 ? "beta" : "alpha") + "\"}").insert();
            events.add(event);
            for (String endpoint : List.of(epA, epB)) {
                deliveries.add(seeds.delivery(event, endpoint).status(i % 2 == 0 ? EventDeliveryStatus.SUCCESS
                        : EventDeliveryStatus.FAILURE).insert());
            }
            clock.advance(Duration.ofHours(6));
        }
        // days 2 to 4 of the 5: rows on both sides of the window stay out
        windowStart = first.plus(Duration.ofDays(1)).minusSeconds(1);
        windowEnd = first.plus(Duration.ofDays(3)).plusSeconds(1);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private ListQuery window() {
        return ListQuery.create().startDate(windowStart).endDate(windowEnd);
    }

    private boolean inWindow(Instant createdAt) {
        return !createdAt.isBefore(windowStart) && !createdAt.isAfter(windowEnd);
    }

    @Test
    void deliveriesPageThroughTheWindowOnceEachWay() {
        Map<ListQuery, Predicate<EventDelivery>> shapes = new LinkedHashMap<>();
        shapes.put(window(), d -> true);
        shapes.put(window().with("endpointId", epA), d -> d.endpointId().equals(epA));
        shapes.put(window().with("status", "Failure"), d -> d.status() == EventDeliveryStatus.FAILURE);
        shapes.put(window().withAll("endpointId", List.of(epA, epB)).withAll("status", List.of("Success",
                "Failure")), d -> true);
        for (Map.Entry<ListQuery, Predicate<EventDelivery>> shape : shapes.entrySet()) {
            List<String> asc = deliveries.stream().filter(d -> inWindow(d.createdAt())).filter(shape.getValue())
                    .map(EventDelivery::uid).sorted().toList();
            assertWalksBothWays(asc, shape.getKey(), true);
        }
    }

    @Test
    void eventsPageThroughTheWindowOnceEachWayAlsoWhenSearching() {
        Map<ListQuery, Predicate<Event>> shapes = new LinkedHashMap<>();
        shapes.put(window(), e -> true);
        shapes.put(window().with("endpointId", epA), e -> true);
        shapes.put(window().with("query", "alpha"), e -> e.data().toString().contains("alpha"));
        for (Map.Entry<ListQuery, Predicate<Event>> shape : shapes.entrySet()) {
            List<String> asc = events.stream().filter(e -> inWindow(e.createdAt())).filter(shape.getValue())
                    .map(Event::uid).sorted().toList();
            assertWalksBothWays(asc, shape.getKey(), false);
        }
    }

    private void assertWalksBothWays(List<String> asc, ListQuery shape, boolean deliveriesList) {
        List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
        if (asc.size() < 4) {
            throw new IllegalStateException("the window should hold several pages for " + shape);
        }
        for (int perPage : new int[] {1, 3}) {
            if (deliveriesList) {
                KeysetWalk.assertWalks(asc, shape.perPage(perPage).sort(ListQuery.Sort.ASC),
                        client::listEventDeliveries, EventDelivery::uid);
                KeysetWalk.assertWalks(desc, shape.perPage(perPage).sort(ListQuery.Sort.DESC),
                        client::listEventDeliveries, EventDelivery::uid);
            } else {
                KeysetWalk.assertWalks(asc, shape.perPage(perPage).sort(ListQuery.Sort.ASC), client::listEvents,
                        Event::uid);
                KeysetWalk.assertWalks(desc, shape.perPage(perPage).sort(ListQuery.Sort.DESC), client::listEvents,
                        Event::uid);
            }
        }
    }
}
