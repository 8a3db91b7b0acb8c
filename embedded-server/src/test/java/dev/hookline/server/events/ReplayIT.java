package dev.hookline.server.events;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replay and batch replay: events run through today's subscriptions again, over real HTTP. */
class ReplayIT {

    @TempDir
    Path dataDir;
    TestServer server;
    OkHttpWebhookSender sender;
    Receiver receiver;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String epA;
    String epB;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        receiver = Receiver.start();
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        epA = client.createEndpoint(EndpointRequest.of(receiver.url("/a"), "a")).uid();
        epB = client.createEndpoint(EndpointRequest.of(receiver.url("/b"), "b")).uid();
    }

    @AfterEach
    void stop() {
        server.close();
        if (sender != null) {
            sender.close();
        }
        receiver.close();
    }

    @Test
    void aReplayedEventIsDeliveredThroughTheSubscriptionItMatchesToday() throws Exception {
        Event event = seeds.event(project.id()).endpoints(epA).data("{\"order\":\"B-7\"}").insert();
        subscribe(epA, null);
        server.close();
        sender = new OkHttpWebhookSender();
        server = TestServer.start(dataDir, Clock.systemUTC(), sender);
        client = server.client(project.apiKey()).withProject(project.id());

        client.replayEvent(event.uid());

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(10)).get(0);
        assertEquals("/a", got.path());
        assertEquals("{\"order\":\"B-7\"}", got.bodyText(), "the payload as received");
        assertTrue(got.header("X-Convoy-Signature") != null, "signed like any delivery");
    }

    @Test
    void replayMakesANewDeliveryThroughASubscriptionAddedAfterTheEventAndKeepsTheOldOnes() {
        Event event = seeds.event(project.id()).endpoints(epA).status(EventStatus.FAILURE,
                "no subscription matched this event").insert();
        assertEquals(0, deliveriesOf(event).size());
        String subscription = subscribe(epA, null);

        JsonNode answer = assertEnvelope(client.raw("PUT", "/v1/projects/" + project.id() + "/events/"
                + event.uid() + "/replay", null, Map.of()), 200, "Endpoint event replayed successfully");

        assertEquals(event.uid(), answer.path("uid").asText());
        assertEquals("Failure", answer.path("status").asText(), "answered as loaded, before the replay");
        List<EventDelivery> first = deliveriesOf(event);
        assertEquals(1, first.size());
        assertEquals(epA, first.get(0).endpointId());
        assertEquals(subscription, first.get(0).subscriptionId());
        assertEquals(EventDeliveryStatus.SCHEDULED, first.get(0).status());
        assertEquals(EventStatus.SUCCESS, client.getEvent(event.uid()).status(), "deliveries were made");

        client.replayEvent(event.uid());
        List<EventDelivery> both = deliveriesOf(event);
        assertEquals(2, both.size(), "a replay adds deliveries, it never replaces them");
        assertTrue(both.stream().anyMatch(d -> d.uid().equals(first.get(0).uid())));
    }

    @Test
    void replayOfAnIncomingEventGoesThroughItsSourcesSubscriptionsOfToday() {
        TestProject incoming = server.newProject("inbox", ProjectType.INCOMING);
        ApiClient in = incoming.client();
        String endpoint = in.createEndpoint(EndpointRequest.of(receiver.url("/in"), "in")).uid();
        String source = in.createSource(new CreateSourceRequest("github", SourceType.HTTP, null, null, null, null,
                null, null, null)).uid();
        Event event = seeds.event(incoming.id()).source(source).insert();
        in.createSubscription(new SubscriptionRequest("github-to-in", source, endpoint, null, null, null, null, null,
                null, null));

        in.replayEvent(event.uid());

        List<EventDelivery> deliveries = in.listEventDeliveries(ListQuery.create().with("eventId", event.uid()))
                .content();
        assertEquals(1, deliveries.size());
        assertEquals(endpoint, deliveries.get(0).endpointId());
    }

    @Test
    void replayToAPausedEndpointMakesADiscardedDeliveryAndUnmatchedTypesMakeNone() {
        Event event = seeds.event(project.id()).type("invoice.paid").endpoints(epA, epB).insert();
        subscribe(epA, null);
        subscribe(epB, List.of("invoice.refunded"));
        client.pauseEndpoint(epA);

        client.replayEvent(event.uid());

        List<EventDelivery> deliveries = deliveriesOf(event);
        assertEquals(1, deliveries.size(), "endpoint b's subscription does not take invoice.paid");
        assertEquals(EventDeliveryStatus.DISCARDED, deliveries.get(0).status(), "Convoy's rule for paused endpoints");
    }

    @Test
    void replayOfAnUnknownEventIsConvoys400AndMakesNothing() {
        assertBad(client.raw("PUT", "/v1/projects/" + project.id() + "/events/01ARZ3NDEKTSV4RRFFQ69G5FAV/replay",
                null, Map.of()), 400, "event not found");
    }

    @Test
    void batchReplayReplaysExactlyWhatTheListFilterMatchesAndTheCountSaysSo() {
        List<Event> toA = List.of(seeds.event(project.id()).endpoints(epA).insert(),
                seeds.event(project.id()).endpoints(epA).insert(),
                seeds.event(project.id()).endpoints(epA, epB).insert());
        Event onlyB = seeds.event(project.id()).endpoints(epB).insert();
        subscribe(epA, null);
        subscribe(epB, null);
        ListQuery filterA = ListQuery.create().with("endpointId", epA).perPage(1);

        assertEquals(3, client.countBatchReplayEvents(filterA), "every match, not one page");
        assertEquals(new BatchOutcome("3 successful, 0 failed", 3, 0), client.batchReplayEvents(filterA));

        for (Event e : toA) {
            assertTrue(deliveriesOf(e).stream().anyMatch(d -> d.endpointId().equals(epA)), e.uid());
        }
        assertEquals(2, deliveriesOf(toA.get(2)).size(), "replayed through every subscription of its endpoints");
        assertEquals(0, deliveriesOf(onlyB).size(), "not in the filter");
    }

    @Test
    void batchReplayTakesTheSearchFilterOfTheList() {
        Event order = seeds.event(project.id()).endpoints(epA).data("{\"order\":\"A-1001\",\"note\":\"gift\"}")
                .insert();
        Event other = seeds.event(project.id()).endpoints(epA).data("{\"order\":\"A-2002\"}").insert();
        subscribe(epA, null);
        ListQuery search = ListQuery.create().with("query", "gift");

        assertEquals(1, client.countBatchReplayEvents(search));
        assertEquals(new BatchOutcome("1 successful, 0 failed", 1, 0), client.batchReplayEvents(search));

        assertEquals(1, deliveriesOf(order).size());
        assertEquals(0, deliveriesOf(other).size());
    }

    @Test
    void batchReplayWithABadFilterAnswers400AndReplaysNothing() {
        Event event = seeds.event(project.id()).endpoints(epA).insert();
        subscribe(epA, null);
        assertBad(client.raw("POST", "/v1/projects/" + project.id() + "/events/batchreplay?perPage=0", null,
                Map.of()), 400, "perPage");
        assertBad(client.raw("GET", "/v1/projects/" + project.id() + "/events/countbatchreplayevents?endDate=x",
                null, Map.of()), 400, "endDate");
        assertEquals(0, deliveriesOf(event).size());
    }

    @Test
    void countAnswersConvoysEnvelopeWithNum() {
        seeds.event(project.id()).endpoints(epA).insert();
        JsonNode data = assertEnvelope(client.raw("GET", "/v1/projects/" + project.id()
                + "/events/countbatchreplayevents", null, Map.of()), 200, "events count successful");
        assertEquals(1, data.path("num").asLong());
    }

    private String subscribe(String endpointId, List<String> eventTypes) {
        return client.createSubscription(new SubscriptionRequest("to-" + endpointId, null, endpointId, null, null,
                null, null, eventTypes == null ? null : new FilterConfig(eventTypes, null), null, null)).uid();
    }

    private List<EventDelivery> deliveriesOf(Event event) {
        return client.listEventDeliveries(ListQuery.create().with("eventId", event.uid())).content();
    }
}
