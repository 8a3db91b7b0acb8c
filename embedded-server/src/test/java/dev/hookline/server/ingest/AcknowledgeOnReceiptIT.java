package dev.hookline.server.ingest;

import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import dev.hookline.server.StandardBrokers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.InMemoryBroker;
import dev.hookline.server.testing.Planning;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acknowledge on durable receipt (ADR 0038), end to end through a real server: ingest, the event API and broker
 * messages are answered once the event is stored, whatever its subscriptions' transforms do; the planning stage
 * then gives every acknowledged event its deliveries or says why it has none, also after a stop in between.
 * "Before the plan" is made certain by transforms that loop under a limit longer than the test.
 */
class AcknowledgeOnReceiptIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration FOREVER = Duration.ofMinutes(5);
    private static final String LOOP = "function transform(p) { while (true) {} }";

    @TempDir
    Path dataDir;
    private Receiver receiver;
    private OkHttpWebhookSender sender;
    private TestServer server;

    @BeforeEach
    void start() {
        receiver = Receiver.start();
        sender = new OkHttpWebhookSender(Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        sender.close();
        receiver.close();
    }

    private RawResponse ingest(Source source, String body, Map<String, String> extra) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Authorization", null);
        headers.putAll(extra);
        return server.root("unused").raw("POST", "/ingest/" + source.maskId(), body, headers);
    }

    private static List<Event> eventsOf(TestProject project, Source source) {
        return project.client().listEvents(ListQuery.create().with("sourceId", source.uid())).content();
    }

    private static List<EventDelivery> deliveries(TestProject project) {
        return project.client().listEventDeliveries(ListQuery.ofPerPage(100)).content();
    }

    private void awaitStuck(TestProject project) {
        int share = server.server().scripts().settings().projectShare();
        Await.until(WAIT, "the project's transform running", () -> server.server().scripts().running(project.id())
                == share);
    }

    @Test
    void anEventAcknowledgedButNotPlannedWhenTheServerStopsIsPlannedAtTheNextStart() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, FOREVER, sender);
        TestProject project = server.newProject("p", ProjectType.INCOMING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint looping = fx.endpoint("looping");
        Endpoint plain = project.client().createEndpoint(EndpointRequest.of(receiver.url("/plain"), "plain"));
        Source source = project.client().createSource(new CreateSourceRequest("src", SourceType.HTTP, null, null,
                null, null, null, null, null));
        fx.subscribe("loops", looping.uid(), source.uid(), List.of("*"), null, LOOP);
        fx.subscribe("plain", plain.uid(), source.uid(), List.of("*"));

        assertEnvelope(ingest(source, "{\"order\":1}", Map.of()), 200, "Event received");
        awaitStuck(project);
        Event before = eventsOf(project, source).get(0);
        assertEquals(EventStatus.PENDING, before.status());
        assertTrue(deliveries(project).isEmpty(), "nothing planned before the stop");
        server.close();

        // the next start plans it; now the loop meets a one-second limit
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(1), sender);
        TestProject again = new TestProject(project.id(), project.apiKey(), server.client(project.apiKey())
                .withProject(project.id()));
        Event after = Planning.planned(again.client(), before.uid());
        receiver.awaitRequests(1, r -> r.path().equals("/plain"), WAIT);

        assertEquals(EventStatus.SUCCESS, after.status(), "the plain subscription's delivery was made");
        assertTrue(after.failureReason().contains("subscription loops")
                && after.failureReason().contains("exceeded its time limit of 1000 ms"), after.failureReason());
        List<EventDelivery> planned = Planning.deliveriesOf(again.client(), before.uid());
        assertEquals(2, planned.size(), "one delivery per subscription, planned once");
        EventDelivery failed = planned.stream().filter(d -> d.endpointId().equals(looping.uid())).findFirst()
                .orElseThrow();
        assertEquals(EventDeliveryStatus.FAILURE, failed.status());
        assertEquals(DeliveryPlanner.TRANSFORM_FAILED + "transform function exceeded its time limit of 1000 ms",
                failed.description());
    }

    @Test
    void aFanOutLargerThanOneWriteIsPlannedInSlicesWithOneDeliveryPerSubscription() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(1), sender);
        TestProject project = server.newProject("fan", ProjectType.INCOMING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Source source = project.client().createSource(new CreateSourceRequest("src", SourceType.HTTP, null, null,
                null, null, null, null, null));
        int endpoints = 2 * EventPlanning.SLICE + 44; // three slices, the last one short
        for (int i = 0; i < endpoints; i++) {
            Endpoint e = project.client().createEndpoint(EndpointRequest.of(receiver.url("/fan-" + i), "fan-" + i));
            fx.subscribe("fan-" + i, e.uid(), source.uid(), List.of("*"));
        }

        assertEnvelope(ingest(source, "{\"order\":1}", Map.of()), 200, "Event received");
        receiver.awaitRequests(endpoints, WAIT);
        Event event = Planning.planned(project.client(), eventsOf(project, source).get(0).uid());

        assertEquals(EventStatus.SUCCESS, event.status());
        assertEquals(endpoints, event.endpoints().size(), "the event lists every endpoint once its last slice is in");
        Thread.sleep(300); // anything sent twice would arrive meanwhile
        assertEquals(endpoints, receiver.requests().size(), "one delivery per subscription, none twice");
        assertEquals(endpoints, receiver.requests().stream().map(r -> r.path()).distinct().count());
    }

    @Test
    void anEventApiEventWhoseTransformLoopsIsAnsweredAtOnceAndLaterSaysWhy() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(1), sender);
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint endpoint = project.client().createEndpoint(EndpointRequest.of(receiver.url("/out"), "out"));
        fx.subscribe("loops", endpoint.uid(), null, List.of("*"), null, LOOP);

        Event answered = project.client().createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), "order.paid",
                JsonNodeFactory.instance.objectNode().put("n", 1)));
        assertEquals(EventStatus.PENDING, answered.status(), "answered on receipt, planned after");

        Event planned = Planning.planned(project.client(), answered.uid());
        assertEquals(EventStatus.FAILURE, planned.status());
        assertTrue(planned.failureReason().startsWith("the transform function of subscription loops")
                && planned.failureReason().endsWith("failed: transform function exceeded its time limit of 1000 ms"),
                planned.failureReason());
        List<EventDelivery> planned1 = fx.deliveriesOf(answered.uid());
        assertEquals(1, planned1.size());
        assertEquals(EventDeliveryStatus.FAILURE, planned1.get(0).status());
        assertTrue(receiver.requests().isEmpty());
    }

    @Test
    void aDuplicateIsStillDetectedWhileTheFirstEventWaitsForItsPlan() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, FOREVER, sender);
        TestProject project = server.newProject("p", ProjectType.INCOMING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint endpoint = fx.endpoint("e");
        Source source = project.client().createSource(new CreateSourceRequest("dedup", SourceType.HTTP, null, null,
                null, null, null, null, null));
        project.client().updateSource(source.uid(), new dev.hookline.api.model.UpdateSourceRequest(source.name(),
                SourceType.HTTP, null, null, null, null, null, List.of("request.header.X-Id"), null, null));
        fx.subscribe("loops", endpoint.uid(), source.uid(), List.of("*"), null, LOOP);

        assertEnvelope(ingest(source, "{}", Map.of("X-Id", "a")), 200, "Event received");
        awaitStuck(project);
        assertEnvelope(ingest(source, "{}", Map.of("X-Id", "a")), 200,
                "Duplicate event received, but will not be sent");

        List<Event> events = eventsOf(project, source); // newest first
        assertEquals(2, events.size());
        assertTrue(events.get(0).isDuplicateEvent());
        assertFalse(events.get(1).isDuplicateEvent());
        assertEquals(EventStatus.PENDING, events.get(1).status(), "the first is still being planned");
        assertTrue(Planning.deliveriesOf(project.client(), events.get(0).uid()).isEmpty(), "a duplicate is never "
                + "planned");
    }

    @Test
    void anEventWhoseEndpointIsDeletedBeforeItsPlanSaysSo() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(3), sender);
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint looping = fx.endpoint("looping");
        Endpoint doomed = fx.endpoint("doomed");
        fx.subscribe("loops", looping.uid(), null, List.of("*"), null, LOOP);
        fx.subscribe("plain", doomed.uid(), null, List.of("*"));

        // two looping events hold the project's planners; the third waits behind them
        for (int i = 0; i < EventPlanning.PROJECT_CAP; i++) {
            project.client().createEvent(CreateEventRequest.toEndpoint(looping.uid(), "t",
                    JsonNodeFactory.instance.objectNode().put("n", i)));
        }
        Event waiting = project.client().createEvent(CreateEventRequest.toEndpoint(doomed.uid(), "t",
                JsonNodeFactory.instance.objectNode().put("n", 9)));
        project.client().deleteEndpoint(doomed.uid());

        Event planned = Planning.planned(project.client(), waiting.uid());
        assertEquals(EventStatus.FAILURE, planned.status());
        assertEquals(EventPlanning.NOT_PLANNED + "its endpoint " + doomed.uid()
                + " was deleted before the event was planned", planned.failureReason());
        assertTrue(fx.deliveriesOf(waiting.uid()).isEmpty());
    }

    @Test
    void aReplayOfAnEventWaitingForItsPlanIsItsOnlyPlan() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(3), sender);
        TestProject project = server.newProject("out", ProjectType.OUTGOING);
        IngestFixtures fx = new IngestFixtures(project.client());
        Endpoint looping = fx.endpoint("looping");
        Endpoint plain = fx.endpoint("plain");
        fx.subscribe("loops", looping.uid(), null, List.of("*"), null, LOOP);
        fx.subscribe("plain", plain.uid(), null, List.of("*"));
        project.client().createEvent(CreateEventRequest.toEndpoint(looping.uid(), "t",
                JsonNodeFactory.instance.objectNode().put("n", 1))); // holds the project's planner
        Event waiting = project.client().createEvent(CreateEventRequest.toEndpoint(plain.uid(), "t",
                JsonNodeFactory.instance.objectNode().put("n", 2)));

        project.client().replayEvent(waiting.uid());
        server.awaitPlanned();

        assertEquals(1, fx.deliveriesOf(waiting.uid()).size(), "planned once, by the replay");
        assertEquals(EventStatus.SUCCESS, project.client().getEvent(waiting.uid()).status());
    }

    @Test
    void aBrokerMessageIsAcknowledgedToTheBrokerBeforeItsPlan() throws Exception {
        InMemoryBroker broker = new InMemoryBroker();
        HooklineServer started = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                TestServer.INSTANCE_KEY).withScriptTimeLimit(FOREVER), sender,
                StandardBrokers.consumers().with(PubSubType.AMQP, broker));
        server = TestServer.start(started);
        TestProject project = server.newProject("brokers", ProjectType.OUTGOING);
        Endpoint endpoint = project.client().createEndpoint(EndpointRequest.of(receiver.url("/b"), "b"));
        new IngestFixtures(project.client()).subscribe("loops", endpoint.uid(), null, List.of("*"), null, LOOP);
        project.client().createSource(new CreateSourceRequest("queue", SourceType.PUB_SUB, null, null, null,
                new PubSubConfig(PubSubType.AMQP, 1, null, null, null, new PubSubConfig.Amqp("amqp", "127.0.0.1",
                        "5672", "orders", "/", new PubSubConfig.AmqpAuth("guest", "guest"), null, null, null,
                        null)), null, null, null));
        String message = "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"order.paid\","
                + "\"data\":{\"order\":42},\"idempotency_key\":\"order-42\"}";

        broker.publish(message);
        Await.until(WAIT, "the message acknowledged to the broker", () -> broker.acknowledged().size() == 1);
        awaitStuck(project);
        broker.publish(message);
        Await.until(WAIT, "the redelivery acknowledged", () -> broker.acknowledged().size() == 2);

        List<Event> events = project.client().listEvents(ListQuery.create()).content(); // newest first
        assertEquals(2, events.size());
        assertEquals(EventStatus.PENDING, events.get(1).status(), "stored, its plan still running");
        assertTrue(events.get(0).isDuplicateEvent(), "the same idempotency key is a duplicate before any plan");
        assertTrue(deliveries(project).isEmpty());
    }
}
