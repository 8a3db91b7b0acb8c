package dev.hookline.server.ingest;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.FanoutEventRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Subscription;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The event creation API through real HTTP and a real SQLite file: targets, subscriptions, answers, messages. */
class EventApiIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    ApiClient root;
    IngestFixtures fx;
    String events;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("out", ProjectType.OUTGOING);
        client = project.client();
        root = server.root(project.apiKey());
        fx = new IngestFixtures(client);
        events = "/api/v1/projects/" + project.id() + "/events";
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static ObjectNode data(int amount) {
        ObjectNode data = Json.strict().createObjectNode();
        data.put("amount", amount);
        return data;
    }

    private static Set<String> endpointsOf(List<EventDelivery> deliveries) {
        return deliveries.stream().map(EventDelivery::endpointId).collect(Collectors.toSet());
    }

    @Test
    void eventToAnEndpointIsStoredAndAnsweredWithItsIdAndCustomHeadersGoOnTheDelivery() {
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("invoice.paid"));

        Event event = client.createEvent(new CreateEventRequest(a.uid(), null, null, "invoice.paid", data(10),
                Map.of("X-Tenant", "acme"), null));

        assertFalse(event.uid().isEmpty());
        // answered on durable receipt: stored, its deliveries still to plan (ADR 0038)
        assertEquals(EventStatus.PENDING, event.status());
        assertEquals(List.of(a.uid()), event.endpoints());
        assertEquals(10, event.data().path("amount").asInt());
        Event planned = dev.hookline.server.testing.Planning.planned(client, event.uid());
        assertEquals(EventStatus.SUCCESS, planned.status());
        assertEquals(List.of(a.uid()), planned.endpoints());
        List<EventDelivery> deliveries = fx.deliveriesOf(event.uid());
        assertEquals(1, deliveries.size());
        assertEquals(EventDeliveryStatus.SCHEDULED, deliveries.get(0).status());
        assertEquals(Map.of("X-Tenant", List.of("acme")), deliveries.get(0).headers());
    }

    @Test
    void createAnswers201WithConvoysMessage() {
        Endpoint a = fx.endpoint("a");
        JsonNode data = assertEnvelope(root.raw("POST", events, "{\"endpoint_id\":\"" + a.uid()
                + "\",\"event_type\":\"x\",\"data\":{\"n\":1}}", Map.of()), 201, "Event queued successfully");
        assertEquals("x", data.path("event_type").asText());
    }

    @Test
    void endpointWithoutSubscriptionGetsACatchAllSubscriptionNamedAfterIt() {
        Endpoint a = fx.endpoint("lonely");

        Event event = client.createEvent(CreateEventRequest.toEndpoint(a.uid(), "anything", data(1)));

        assertEquals(1, fx.deliveriesOf(event.uid()).size());
        List<Subscription> subscriptions = client.listSubscriptions(ListQuery.create()).content();
        assertEquals(List.of("lonely-subscription"), subscriptions.stream().map(Subscription::name).toList());
        assertEquals(List.of("*"), subscriptions.get(0).filterConfig().eventTypes());
    }

    @Test
    void eventByOwnerAndFanoutGoToEveryEndpointOfTheOwner() {
        Endpoint a = fx.endpointOwnedBy("a", "owner-1");
        Endpoint b = fx.endpointOwnedBy("b", "owner-1");
        Endpoint other = fx.endpointOwnedBy("c", "owner-2");
        for (Endpoint e : List.of(a, b, other)) {
            fx.subscribe("s-" + e.name(), e.uid(), null, List.of("*"));
        }

        Event byOwner = client.createEvent(new CreateEventRequest(null, "owner-1", null, "t", data(1), null, null));
        Event fanout = client.fanoutEvent(new FanoutEventRequest("owner-1", "t", data(2), null, null));

        assertEquals(Set.of(a.uid(), b.uid()), endpointsOf(fx.deliveriesOf(byOwner.uid())));
        assertEquals(Set.of(a.uid(), b.uid()), endpointsOf(fx.deliveriesOf(fanout.uid())));
        assertEquals(Set.of(a.uid(), b.uid()), Set.copyOf(fanout.endpoints()));
    }

    @Test
    void broadcastGoesToEveryEndpointSubscribedToTheType() {
        Endpoint a = fx.endpoint("a");
        Endpoint b = fx.endpoint("b");
        Endpoint c = fx.endpoint("c");
        fx.subscribe("sa", a.uid(), null, List.of("user.created"));
        fx.subscribe("sb", b.uid(), null, List.of("*"));
        fx.subscribe("sc", c.uid(), null, List.of("user.deleted"));

        Event event = client.broadcastEvent(new BroadcastEventRequest("user.created", data(1), null, null));

        assertEquals(Set.of(a.uid(), b.uid()), endpointsOf(fx.deliveriesOf(event.uid())));
        // a broadcast's endpoints are known once it is planned, after the answer (ADR 0038)
        assertEquals(Set.of(a.uid(), b.uid()), Set.copyOf(dev.hookline.server.testing.Planning.planned(client,
                event.uid()).endpoints()));
    }

    @Test
    void dynamicEventCreatesTheEndpointAndSubscriptionOnceThenReusesThem() {
        String url = "http://127.0.0.1:9/dynamic";

        Event first = client.dynamicEvent(new DynamicEventRequest(url, "s3cret", List.of("order.created"),
                "order.created", data(1), null, null));
        Event second = client.dynamicEvent(new DynamicEventRequest(url, null, null, "order.created", data(2), null,
                null));
        Event otherType = client.dynamicEvent(new DynamicEventRequest(url, null, null, "order.deleted", data(3),
                null, null));

        List<Endpoint> endpoints = client.listEndpoints(ListQuery.create()).content();
        assertEquals(1, endpoints.size());
        assertEquals(url, endpoints.get(0).url());
        assertEquals(1, client.listSubscriptions(ListQuery.create()).content().size());
        assertEquals(1, fx.deliveriesOf(first.uid()).size());
        assertEquals(1, fx.deliveriesOf(second.uid()).size());
        assertTrue(fx.deliveriesOf(otherType.uid()).isEmpty());
        assertEquals(EventStatus.FAILURE, client.getEvent(otherType.uid()).status());

        client.dynamicEvent(new DynamicEventRequest(url, null, List.of("order.deleted"), "order.deleted", data(4),
                null, null));
        assertEquals(List.of("order.deleted"),
                client.listSubscriptions(ListQuery.create()).content().get(0).filterConfig().eventTypes());
    }

    @Test
    void invalidRequestsNameTheFieldAndStoreNothing() {
        Endpoint a = fx.endpoint("a");
        assertBad(root.raw("POST", events, "{\"endpoint_id\":\"" + a.uid() + "\",\"event_type\":\"t\"}", Map.of()),
                400, "data:please provide your data");
        assertBad(root.raw("POST", events, "{\"endpoint_id\":\"" + a.uid() + "\",\"data\":{}}", Map.of()), 400,
                "event_type:please provide an event type");
        assertBad(root.raw("POST", events, "{\"event_type\":\"t\",\"data\":{}}", Map.of()), 400,
                "endpoint_id:please provide an endpoint ID");
        assertBad(root.raw("POST", events, "{\"endpoint_id\":\"01J00000000000000000000000\",\"event_type\":\"t\","
                + "\"data\":{}}", Map.of()), 400, "endpoint_id:failed to find endpoint by id");
        assertBad(root.raw("POST", events + "/fanout", "{\"event_type\":\"t\",\"data\":{}}", Map.of()), 400,
                "owner_id:please provide an owner id");
        assertBad(root.raw("POST", events + "/fanout", "{\"owner_id\":\"nobody\",\"event_type\":\"t\",\"data\":{}}",
                Map.of()), 400, "owner_id:owner ID has no configured endpoints");
        assertBad(root.raw("POST", events + "/dynamic", "{\"event_type\":\"t\",\"data\":{}}", Map.of()), 400,
                "url:please provide a url");
        assertBad(root.raw("POST", events + "/dynamic", "{\"url\":\"ftp://x\",\"event_type\":\"t\",\"data\":{}}",
                Map.of()), 400, "url:");
        assertBad(root.raw("POST", events + "/broadcast", "{\"event_type\":\"t\",\"data\":{}", Map.of()), 400, "");

        assertTrue(client.listEvents(ListQuery.create()).content().isEmpty());
        assertTrue(client.listSubscriptions(ListQuery.create()).content().isEmpty());
        assertEquals(1, client.listEndpoints(ListQuery.create()).content().size());
    }

    @Test
    void repeatedIdempotencyKeyIsStoredAsADuplicateWithoutDeliveries() {
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("*"));
        String body = "{\"endpoint_id\":\"" + a.uid() + "\",\"event_type\":\"t\",\"data\":{},"
                + "\"idempotency_key\":\"k-1\"}";

        JsonNode first = assertEnvelope(root.raw("POST", events, body, Map.of()), 201, "Event queued successfully");
        JsonNode second = assertEnvelope(root.raw("POST", events, body, Map.of()), 201,
                "Duplicate event received, but will not be sent");

        assertFalse(first.path("is_duplicate_event").asBoolean());
        assertTrue(second.path("is_duplicate_event").asBoolean());
        assertEquals(1, fx.deliveriesOf(first.path("uid").asText()).size());
        assertTrue(fx.deliveriesOf(second.path("uid").asText()).isEmpty());
    }

    @Test
    void pausedEndpointGetsADiscardedDelivery() {
        Endpoint a = fx.endpoint("a");
        fx.subscribe("sa", a.uid(), null, List.of("*"));
        client.pauseEndpoint(a.uid());

        Event event = client.createEvent(CreateEventRequest.toEndpoint(a.uid(), "t", data(1)));

        assertEquals(List.of(EventDeliveryStatus.DISCARDED),
                fx.deliveriesOf(event.uid()).stream().map(EventDelivery::status).toList());
    }

    @Test
    void eventTypesMatchExactlyOrByStar() {
        Endpoint exact = fx.endpoint("exact");
        Endpoint star = fx.endpoint("star");
        Endpoint other = fx.endpoint("other");
        fx.subscribe("s1", exact.uid(), null, List.of("invoice.paid"));
        fx.subscribe("s2", star.uid(), null, List.of("*"));
        fx.subscribe("s3", other.uid(), null, List.of("Invoice.Paid", "invoice.*"));

        Event event = client.broadcastEvent(new BroadcastEventRequest("invoice.paid", data(1), null, null));

        assertEquals(Set.of(exact.uid(), star.uid()), endpointsOf(fx.deliveriesOf(event.uid())));
    }

    @Test
    void filtersSelectWhichEndpointsGetTheEvent() {
        Endpoint eu = fx.endpoint("eu");
        Endpoint us = fx.endpoint("us");
        fx.subscribe("s-eu", eu.uid(), null, List.of("*"), "{\"region\":\"eu\"}", null);
        fx.subscribe("s-us", us.uid(), null, List.of("*"), "{\"region\":{\"$in\":[\"us\",\"ca\"]}}", null);
        ObjectNode payload = Json.strict().createObjectNode().put("region", "ca");

        Event event = client.broadcastEvent(new BroadcastEventRequest("t", payload, null, null));

        assertEquals(Set.of(us.uid()), endpointsOf(fx.deliveriesOf(event.uid())));
    }

    @Test
    void incomingProjectGetsNoCatchAllSubscriptionWithoutASource() {
        TestProject incoming = server.newProject("in", ProjectType.INCOMING);
        IngestFixtures inFx = new IngestFixtures(incoming.client());
        Endpoint a = inFx.endpoint("a");

        Event event = incoming.client().createEvent(CreateEventRequest.toEndpoint(a.uid(), "t", data(1)));

        assertTrue(incoming.client().listSubscriptions(ListQuery.create()).content().isEmpty());
        assertEquals(EventStatus.FAILURE,
                dev.hookline.server.testing.Planning.planned(incoming.client(), event.uid()).status());
        assertTrue(inFx.deliveriesOf(event.uid()).isEmpty());
    }
}
