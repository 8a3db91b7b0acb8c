package dev.hookline.server.brokers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.hookline.server.StandardBrokers;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.InMemoryBroker;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pub_sub sources end to end through a real server (HTTP, SQLite, dispatcher, a real receiver), with the broker in
 * memory: consumers follow the source's life, broker messages become events and deliveries exactly as the event
 * API makes them, bad messages are rejected with a reason shown on the source, a broker that fails is retried.
 */
class BrokerSourcesIT {

    /** A deadline, not a speed target: the first script run (Rhino's set-up) took over 10 s on a loaded machine. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;
    InMemoryBroker broker;
    TestServer server;
    TestServer.TestProject project;
    ApiClient client;
    Receiver receiver;
    Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        broker = new InMemoryBroker();
        receiver = Receiver.start();
        server = start(broker);
        project = server.newProject("brokers", ProjectType.OUTGOING);
        client = project.client();
        endpoint = client.createEndpoint(new EndpointRequest(receiver.url("/hooks"), "orders", null, "owner-1", null,
                null, null, null, null, null, null, null, null, null, null, null, null));
    }

    private TestServer start(InMemoryBroker broker) throws Exception {
        Clock clock = Clock.systemUTC();
        return TestServer.start(dataDir, clock, new OkHttpWebhookSender(clock),
                StandardBrokers.consumers().with(PubSubType.AMQP, broker));
    }

    @AfterEach
    void stop() {
        server.close();
        receiver.close();
    }

    private Source createSource(String bodyFunction, String headerFunction) {
        return client.createSource(new CreateSourceRequest("orders-queue", SourceType.PUB_SUB, null, null, null,
                amqp("orders"), null, bodyFunction, headerFunction));
    }

    private static PubSubConfig amqp(String queue) {
        return new PubSubConfig(PubSubType.AMQP, 2, null, null, null, new PubSubConfig.Amqp("amqp", "127.0.0.1",
                "5672", queue, "/", new PubSubConfig.AmqpAuth("guest", "guest"), null, null, null, null));
    }

    private SourceConsumer awaitState(String sourceId, ConsumerState state) {
        return Await.value(WAIT, "consumer " + state.wire(), () -> client.getSource(sourceId).consumer(),
                c -> c != null && c.state() == state);
    }

    private List<Event> events() {
        return client.listEvents(ListQuery.ofPerPage(100)).content();
    }

    private String message(String eventType, String extra) {
        return "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"" + eventType
                + "\",\"data\":{\"order\":42}" + extra + "}";
    }

    @Test
    void aMessageBecomesAnEventOfTheSourceAndIsDeliveredSignedToTheEndpoint() {
        Source source = createSource(null, null);
        assertTrue(List.of(ConsumerState.CONNECTING, ConsumerState.RUNNING).contains(source.consumer().state()),
                "the answer already shows the consumer: " + source.consumer());
        awaitState(source.uid(), ConsumerState.RUNNING);

        broker.publish(message("order.paid", ",\"custom_headers\":{\"X-Tenant\":\"acme\"}"));

        Receiver.Request request = receiver.awaitRequests(1, WAIT).get(0);
        assertEquals("{\"order\":42}", request.bodyText());
        assertTrue(request.header("X-Convoy-Signature") != null, "signed like every delivery");
        assertEquals("acme", request.header("x-tenant"));
        Event event = events().get(0);
        assertEquals("order.paid", event.eventType());
        assertEquals(source.uid(), event.sourceId());
        assertEquals(List.of(endpoint.uid()), event.endpoints());
        Await.until(WAIT, "acknowledged", () -> broker.acknowledged().size() == 1);
        assertEquals(1, client.getSource(source.uid()).consumer().messagesReceived());
    }

    @Test
    void eventTypeLocationReadsTheEventTypeFromTheMessagesDataOrAHeader() {
        Source source = client.createSource(new CreateSourceRequest("typed-queue", SourceType.PUB_SUB, null, null,
                null, amqp("typed"), null, null, null, "request.body.kind"));
        assertEquals("request.body.kind", source.eventTypeLocation());
        awaitState(source.uid(), ConsumerState.RUNNING);

        broker.publish("{\"endpoint_id\":\"" + endpoint.uid() + "\",\"data\":{\"kind\":\"order.shipped\"}}");
        Await.until(WAIT, "the first event", () -> events().size() == 1);
        assertEquals("order.shipped", events().get(0).eventType(), "read from data.kind");

        client.updateSource(source.uid(), new UpdateSourceRequest("typed-queue", SourceType.PUB_SUB, null, null,
                null, null, amqp("typed"), null, null, null, "request.header.X-Event-Type"));
        awaitState(source.uid(), ConsumerState.RUNNING);
        broker.publish(message("ignored.type", ""), Map.of("x-event-type", "order.cancelled"));
        Await.until(WAIT, "the second event", () -> events().size() == 2);
        assertEquals("order.cancelled", events().get(0).eventType(), "the header wins over event_type");
        broker.publish(message("order.paid", ""));
        Await.until(WAIT, "the third event", () -> events().size() == 3);
        assertEquals("order.paid", events().get(0).eventType(), "no header: the message's event_type");
    }

    @Test
    void fanoutGoesToEveryEndpointOfTheOwnerAndBroadcastToEverySubscribedEndpoint() {
        Endpoint second = client.createEndpoint(new EndpointRequest(receiver.url("/second"), "second", null,
                "owner-1", null, null, null, null, null, null, null, null, null, null, null, null, null));
        client.createEndpoint(EndpointRequest.of(receiver.url("/unsubscribed"), "unsubscribed"));
        subscribe(endpoint);
        subscribe(second);
        createSource(null, null);

        broker.publish("{\"owner_id\":\"owner-1\",\"event_type\":\"a\",\"data\":{}}",
                Map.of("x-convoy-message-type", "fanout"));
        receiver.awaitRequests(2, WAIT);
        Event fanout = events().get(0);
        assertEquals(2, fanout.endpoints().size());
        assertTrue(fanout.endpoints().containsAll(List.of(endpoint.uid(), second.uid())));

        broker.publish("{\"event_type\":\"b\",\"data\":{}}", Map.of("X-Convoy-Message-Type", "broadcast"));

        List<Receiver.Request> all = receiver.awaitRequests(4, WAIT);
        assertEquals(List.of("/hooks", "/second"), all.subList(2, 4).stream().map(Receiver.Request::path).sorted()
                .toList(), "a broadcast reaches the subscribed endpoints only");
        Await.until(WAIT, "all acknowledged", () -> broker.acknowledged().size() == 2);
        assertEquals(4, receiver.requests().size());
    }

    private void subscribe(Endpoint target) {
        client.createSubscription(new SubscriptionRequest("all-" + target.name(), null, target.uid(), null, null,
                null, null, new FilterConfig(List.of("*"), null), DeliveryMode.AT_LEAST_ONCE, null));
    }

    @Test
    void malformedMessagesAreRejectedWithAReasonShownOnTheSourceAndNothingIsStored() {
        Source source = createSource(null, null);
        awaitState(source.uid(), ConsumerState.RUNNING);

        broker.publish("not json");
        broker.publish("{\"event_type\":\"a\",\"data\":{},\"endpoint_id\":\"" + endpoint.uid() + "\",\"extra\":1}");
        broker.publish("{\"endpoint_id\":\"" + endpoint.uid() + "\",\"data\":{}}");
        broker.publish("{\"endpoint_id\":\"nope\",\"event_type\":\"a\",\"data\":{}}");
        broker.publish("{\"event_type\":\"a\",\"data\":{}}", Map.of("x-convoy-message-type", "everyone"));

        Await.until(WAIT, "five rejections", () -> broker.rejections().size() == 5);
        assertTrue(broker.rejections().get(0).startsWith("the message is not JSON"), broker.rejections().get(0));
        assertTrue(broker.rejections().get(0).contains("line 1") && !broker.rejections().get(0).contains("'not'"),
                "says where, never quotes the payload: " + broker.rejections().get(0));
        assertTrue(broker.rejections().get(1).contains("unknown field \"extra\""), broker.rejections().get(1));
        assertEquals("the message has no event_type", broker.rejections().get(2));
        assertEquals("endpoint_id: failed to find endpoint by id", broker.rejections().get(3));
        assertTrue(broker.rejections().get(4).contains("must be single, fanout or broadcast"));
        SourceConsumer state = client.getSource(source.uid()).consumer();
        assertEquals(5, state.messagesRejected());
        assertEquals(broker.rejections().get(4), state.lastRejection());
        assertEquals(0, state.messagesReceived());
        assertTrue(events().isEmpty(), "a rejected message leaves nothing behind");
    }

    @Test
    void aRedeliveredMessageWithTheSameIdempotencyKeyIsADuplicateNotASecondDelivery() {
        createSource(null, null);

        broker.publish(message("order.paid", ",\"idempotency_key\":\"order-42\""));
        receiver.awaitRequests(1, WAIT);
        broker.publish(message("order.paid", ",\"idempotency_key\":\"order-42\""));

        Await.until(WAIT, "two events", () -> events().size() == 2);
        Event duplicate = events().get(0);
        assertTrue(duplicate.isDuplicateEvent());
        List<EventDelivery> deliveries = client.listEventDeliveries(ListQuery.ofPerPage(100)).content();
        assertEquals(1, deliveries.size());
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void bodyAndHeaderFunctionsReshapeEachMessage() {
        createSource("function transform(p) { return {endpoint_id: p.to, event_type: p.kind, data: p.body}; }",
                "function transform(h) { h['x-region'] = 'eu'; return h; }");

        broker.publish("{\"to\":\"" + endpoint.uid() + "\",\"kind\":\"order.shipped\",\"body\":{\"n\":7}}");

        Receiver.Request request = receiver.awaitRequests(1, WAIT).get(0);
        assertEquals("{\"n\":7}", request.bodyText());
        assertEquals("eu", request.header("x-region"));
        assertEquals("order.shipped", events().get(0).eventType());
    }

    @Test
    void consumersFollowTheSourceUpdatedRestartsDisabledStopsDeletedStops() {
        Source source = createSource(null, null);
        Await.until(WAIT, "first consumer", () -> broker.openConsumers() == 1);

        client.updateSource(source.uid(), new UpdateSourceRequest("orders-queue", SourceType.PUB_SUB, null, null,
                null, null, amqp("orders-v2"), null, null, null));
        Await.until(WAIT, "restarted", () -> broker.connectedSources().size() == 2 && broker.openConsumers() == 1);
        assertEquals("orders-v2", broker.connectedSources().get(1).pubSub().amqp().queue());

        Source disabled = client.updateSource(source.uid(), new UpdateSourceRequest("orders-queue",
                SourceType.PUB_SUB, true, null, null, null, null, null, null, null));
        assertEquals(ConsumerState.DISABLED, disabled.consumer().state());
        Await.until(WAIT, "stopped", () -> broker.openConsumers() == 0);
        broker.publish(message("order.paid", ""));
        assertEquals(1, broker.queued(), "a disabled source takes nothing");

        client.updateSource(source.uid(), new UpdateSourceRequest("orders-queue", SourceType.PUB_SUB, false, null,
                null, null, null, null, null, null));
        Await.until(WAIT, "enabled again", () -> broker.openConsumers() == 1 && broker.queued() == 0);

        client.deleteSource(source.uid());
        Await.until(WAIT, "stopped after delete", () -> broker.openConsumers() == 0);
    }

    @Test
    void aFailingBrokerIsRetriedWithItsErrorInPlainWordsWhileTheServerKeepsServing() {
        broker.failConnections(new BrokerException("cannot connect to 127.0.0.1:5672 (connection refused)"));
        Source source = createSource(null, null);

        SourceConsumer retrying = awaitState(source.uid(), ConsumerState.RETRYING);
        assertEquals("cannot connect to 127.0.0.1:5672 (connection refused)", retrying.lastError());
        assertTrue(retrying.nextRetryAt() != null);
        assertEquals(1, client.listSources(ListQuery.ofPerPage(10)).content().size(), "the API keeps answering");

        broker.failConnections(null);
        broker.publish(message("order.paid", ""));
        SourceConsumer running = awaitState(source.uid(), ConsumerState.RUNNING);
        assertNull(running.nextRetryAt());
        assertEquals("cannot connect to 127.0.0.1:5672 (connection refused)", running.lastError(),
                "the last error stays visible after the recovery");
        receiver.awaitRequests(1, WAIT);
    }

    @Test
    void consumersStartWithTheServerAndMessagesLeftInTheBrokerAreNotLost() throws Exception {
        Source source = createSource(null, null);
        awaitState(source.uid(), ConsumerState.RUNNING);
        server.close();
        for (int i = 0; i < 5; i++) {
            broker.publish(message("order.paid", ",\"idempotency_key\":\"k" + i + "\""));
        }

        server = start(broker);
        client = server.client(project.apiKey()).withProject(project.id());

        receiver.awaitRequests(5, WAIT);
        Await.until(WAIT, "all acknowledged", () -> broker.acknowledged().size() == 5);
        assertEquals(5, events().size());
    }

    @Test
    void otherSourcesShowNoConsumer() {
        Source http = client.createSource(new CreateSourceRequest("web", SourceType.HTTP, null, null, null, null,
                null, null, null));
        assertNull(http.consumer());
        assertNull(client.getSource(http.uid()).consumer());
    }
}
