package dev.hookline.server.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.Json;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner on stored events, through a real server: which subscriptions match and what gets stored. */
class DeliveryPlannerIT {

    @TempDir
    Path dataDir;
    TestServer server;
    EventSeeds seeds;
    DeliveryPlanner planner;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        seeds = new EventSeeds(server);
        planner = server.server().planner();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<EventDelivery> plan(Event event) {
        var planned = planner.planReplay(event);
        return server.server().store().db().write(c -> planner.storeReplay(c, planned));
    }

    @Test
    void outgoingEventIsDeliveredToEachTargetedEndpointWhoseSubscriptionTakesItsType() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        Endpoint b = fx.endpoint("b");
        Endpoint c = fx.endpoint("c");
        Subscription subA = fx.subscribe("sa", a.uid(), null, List.of("invoice.paid"));
        Subscription subB = fx.subscribe("sb", b.uid(), null, List.of("*"));
        fx.subscribe("sc", c.uid(), null, List.of("invoice.created"));
        Event event = seeds.event(project.id()).type("invoice.paid").endpoints(a.uid(), b.uid(), c.uid()).insert();

        List<EventDelivery> stored = plan(event);

        assertEquals(Set.of(a.uid(), b.uid()), stored.stream().map(EventDelivery::endpointId).collect(Collectors.toSet()));
        assertEquals(Set.of(subA.uid(), subB.uid()),
                stored.stream().map(EventDelivery::subscriptionId).collect(Collectors.toSet()));
        List<EventDelivery> listed = fx.deliveriesOf(event.uid());
        assertEquals(2, listed.size());
        for (EventDelivery d : listed) {
            assertEquals(EventDeliveryStatus.SCHEDULED, d.status());
            assertEquals("invoice.paid", d.eventType());
            assertEquals(StrategyType.LINEAR, d.metadata().strategy());
            assertEquals(100, d.metadata().intervalSeconds());
            assertEquals(10, d.metadata().retryLimit());
        }
        Event after = project.client().getEvent(event.uid());
        assertEquals(EventStatus.SUCCESS, after.status());
        assertEquals(Set.of(a.uid(), b.uid()), Set.copyOf(after.endpoints()));
    }

    @Test
    void incomingEventMatchesOnlyTheSubscriptionsOfItsSourceAndGainsTheirEndpoints() {
        TestProject project = server.newProject("in", ProjectType.INCOMING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Source s1 = project.client().createSource(new CreateSourceRequest("s1", SourceType.HTTP, null, null, null,
                null, null, null, null));
        Source s2 = project.client().createSource(new CreateSourceRequest("s2", SourceType.HTTP, null, null, null,
                null, null, null, null));
        Endpoint a = fx.endpoint("a");
        Endpoint b = fx.endpoint("b");
        fx.subscribe("sa", a.uid(), s1.uid(), List.of("*"));
        fx.subscribe("sb", b.uid(), s2.uid(), List.of("*"));
        Event event = seeds.event(project.id()).source(s1.uid()).insert();

        List<EventDelivery> stored = plan(event);

        assertEquals(List.of(a.uid()), stored.stream().map(EventDelivery::endpointId).toList());
        assertEquals(List.of(a.uid()), project.client().getEvent(event.uid()).endpoints());
        // the events list by endpoint (events_endpoints) and the search (events_search) both see the new endpoint
        assertEquals(List.of(event.uid()), project.client().listEvents(ListQuery.create()
                .with("endpointId", a.uid())).content().stream().map(Event::uid).toList());
        assertEquals(List.of(event.uid()), project.client().listEvents(ListQuery.create()
                .with("endpointId", a.uid()).with("query", "1")).content().stream().map(Event::uid).toList());
        assertTrue(project.client().listEvents(ListQuery.create().with("endpointId", b.uid())).content().isEmpty());
    }

    @Test
    void pausedEndpointGetsADiscardedDelivery() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("*"));
        project.client().pauseEndpoint(a.uid());
        Event event = seeds.event(project.id()).endpoints(a.uid()).insert();

        List<EventDelivery> stored = plan(event);

        assertEquals(List.of(EventDeliveryStatus.DISCARDED), stored.stream().map(EventDelivery::status).toList());
    }

    @Test
    void eventNoSubscriptionTakesFailsWithTheReasonAndGetsNoDeliveries() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("user.created"));
        Event event = seeds.event(project.id()).type("invoice.paid").endpoints(a.uid()).insert();

        assertTrue(plan(event).isEmpty());

        Event after = project.client().getEvent(event.uid());
        assertEquals(EventStatus.FAILURE, after.status());
        assertEquals(DeliveryPlanner.NO_MATCH, after.failureReason());
        assertEquals(List.of(a.uid()), after.endpoints());
        assertTrue(fx.deliveriesOf(event.uid()).isEmpty());
    }

    @Test
    void subscriptionChangesAreSeenByTheNextEvent() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        Subscription sub = fx.subscribe("sa", a.uid(), null, List.of("user.created"));
        assertTrue(plan(seeds.event(project.id()).type("invoice.paid").endpoints(a.uid()).insert()).isEmpty());

        project.client().updateSubscription(sub.uid(), new dev.hookline.api.model.SubscriptionRequest("sa", null,
                a.uid(), null, null, null, null, new dev.hookline.api.model.FilterConfig(List.of("invoice.paid"),
                null), null, null));

        assertEquals(1, plan(seeds.event(project.id()).type("invoice.paid").endpoints(a.uid()).insert()).size());
    }

    @Test
    void subscriptionFunctionMakesTheDeliveryPayload() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("*"), null,
                "function transform(payload) { payload.doubled = payload.n * 2; return payload; }");
        Event event = seeds.event(project.id()).endpoints(a.uid()).data("{\"n\":21}").insert();

        plan(event);

        EventDelivery delivery = fx.deliveriesOf(event.uid()).get(0);
        assertEquals(EventDeliveryStatus.SCHEDULED, delivery.status());
        assertEquals(42, delivery.metadata().data().path("doubled").asInt(), delivery.metadata().toString());
    }

    @Test
    void failingTransformIsRecordedAsAFailedDeliveryWithAnAttemptThatSentNothing() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("*"), null,
                "function transform(payload) { throw new Error('no amount'); }");
        Event event = seeds.event(project.id()).endpoints(a.uid()).insert();

        plan(event);

        EventDelivery delivery = fx.deliveriesOf(event.uid()).get(0);
        assertEquals(EventDeliveryStatus.FAILURE, delivery.status());
        assertTrue(delivery.description().startsWith(DeliveryPlanner.TRANSFORM_FAILED), delivery.description());
        assertTrue(delivery.description().contains("no amount"), delivery.description());
        List<DeliveryAttempt> attempts = project.client().listDeliveryAttempts(delivery.uid());
        assertEquals(1, attempts.size());
        assertTrue(attempts.get(0).error().contains("no request was sent"), attempts.get(0).error());
        assertTrue(attempts.get(0).httpStatus() == null || attempts.get(0).httpStatus().isEmpty());
        assertEquals(List.of(delivery.uid()), project.client().listEventDeliveries(ListQuery.create()
                .httpStatus(List.of(HttpStatusClass.NONE))).content().stream().map(EventDelivery::uid).toList(),
                "tried without an answer: listed under httpStatus=none (ADR 0033)");
    }

    @Test
    void bodyFilterSelectsWhichSubscriptionsMatch() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint big = fx.endpoint("big");
        Endpoint small = fx.endpoint("small");
        fx.subscribe("s-big", big.uid(), null, List.of("*"), "{\"amount\":{\"$gte\":100}}", null);
        fx.subscribe("s-small", small.uid(), null, List.of("*"), "{\"amount\":{\"$lt\":100}}", null);
        Event event = seeds.event(project.id()).endpoints(big.uid(), small.uid()).data("{\"amount\":250}")
                .insert();

        List<EventDelivery> stored = plan(event);

        assertEquals(List.of(big.uid()), stored.stream().map(EventDelivery::endpointId).toList());
        assertEquals(List.of(big.uid()), project.client().getEvent(event.uid()).endpoints());
    }

    @Test
    void perEventTypeFilterRowDecidesOverTheSubscriptionsOwnFilter() {
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint a = fx.endpoint("a");
        Subscription sub = fx.subscribe("sa", a.uid(), null, List.of("invoice.paid", "invoice.refunded"));
        // the subscription's rows (one per event type) hold its own filter; the refunded one is given its own
        var refunded = project.client().listSubscriptionFilters(sub.uid()).stream()
                .filter(row -> row.eventType().equals("invoice.refunded")).findFirst().orElseThrow();
        project.client().updateSubscriptionFilter(sub.uid(), refunded.uid(), new SubscriptionFilterRequest(null, null,
                null, null, Json.strict().createObjectNode().set("amount", Json.strict().createObjectNode()
                .put("$gt", 5)), null, null));

        List<EventDelivery> big = plan(seeds.event(project.id()).type("invoice.refunded").endpoints(a.uid())
                .data("{\"amount\":10}").insert());
        List<EventDelivery> small = plan(seeds.event(project.id()).type("invoice.refunded").endpoints(a.uid())
                .data("{\"amount\":1}").insert());

        assertEquals(1, big.size());
        assertTrue(small.isEmpty());
        // the other type's row still holds the subscription's own (empty) filter, which takes everything
        assertEquals(1, plan(seeds.event(project.id()).type("invoice.paid").endpoints(a.uid())
                .data("{\"amount\":1}").insert()).size());
    }
}
