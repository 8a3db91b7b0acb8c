package dev.hookline.server.brokers.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.hookline.server.StandardBrokers;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.brokers.BrokerConsumers;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pub_sub sources of type sqs end to end: a real server (HTTP API, SQLite, dispatcher, the standard consumers, so
 * the real {@link SqsConsumer}), ElasticMQ as the queue and a real receiver as the endpoint.
 */
class SqsSourcesIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final AtomicInteger QUEUES = new AtomicInteger();
    private static ElasticMq sqs;

    @TempDir
    Path dataDir;
    TestServer server;
    TestServer.TestProject project;
    ApiClient client;
    Receiver receiver;
    Endpoint endpoint;
    String queue;

    @BeforeAll
    static void startSqs() {
        sqs = ElasticMq.start();
    }

    @AfterAll
    static void stopSqs() {
        if (sqs != null) {
            sqs.close();
        }
    }

    @BeforeEach
    void start() throws Exception {
        receiver = Receiver.start();
        server = startServer();
        project = server.newProject("sqs", ProjectType.OUTGOING);
        client = project.client();
        endpoint = client.createEndpoint(new EndpointRequest(receiver.url("/hooks"), "orders", null, "owner-1", null,
                null, null, null, null, null, null, null, null, null, null, null, null));
        queue = "orders-" + QUEUES.incrementAndGet();
        sqs.createQueue(queue);
    }

    /** The standard consumers, SQS with 1 s long polls so that stopping the server is quick. */
    private TestServer startServer() throws Exception {
        return startServer(StandardBrokers.consumers().with(PubSubType.SQS, source -> new SqsConsumer(source, 1)));
    }

    private TestServer startServer(BrokerConsumers consumers) throws Exception {
        Clock clock = Clock.systemUTC();
        return TestServer.start(dataDir, clock, new OkHttpWebhookSender(clock), consumers);
    }

    @AfterEach
    void stop() {
        server.close();
        receiver.close();
    }

    private Source createSource(String queueName, String sqsEndpoint) {
        PubSubConfig pubSub = new PubSubConfig(PubSubType.SQS, 2, new PubSubConfig.Sqs(ElasticMq.ACCESS_KEY,
                ElasticMq.SECRET, ElasticMq.REGION, queueName, sqsEndpoint), null, null, null);
        return client.createSource(new CreateSourceRequest("orders-sqs", SourceType.PUB_SUB, null, null, null, pubSub,
                null, null, null));
    }

    private SourceConsumer awaitState(String sourceId, ConsumerState state) {
        return Await.value(WAIT, "consumer " + state.wire(), () -> client.getSource(sourceId).consumer(),
                c -> c != null && c.state() == state);
    }

    private List<Event> events() {
        return client.listEvents(ListQuery.ofPerPage(100)).content();
    }

    private String message(int n, String extra) {
        return "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"order.paid\",\"data\":{\"n\":" + n + "}"
                + extra + "}";
    }

    private Set<String> deliveredBodies() {
        return receiver.requests().stream().map(Receiver.Request::bodyText).collect(Collectors.toSet());
    }

    @Test
    void publishedMessagesBecomeEventsAndDeliveriesAndLeaveTheQueue() {
        Source source = createSource(queue, sqs.endpoint());
        awaitState(source.uid(), ConsumerState.RUNNING);

        int n = 20;
        for (int i = 0; i < n; i++) {
            sqs.send(queue, message(i, ",\"custom_headers\":{\"X-Tenant\":\"acme\"}"),
                    Map.of("x-convoy-message-type", "single"));
        }

        receiver.awaitRequests(n, WAIT);
        assertEquals(IntStream.range(0, n).mapToObj(i -> "{\"n\":" + i + "}").collect(Collectors.toSet()),
                deliveredBodies());
        assertEquals("acme", receiver.requests().get(0).header("x-tenant"));
        List<Event> events = events();
        assertEquals(n, events.size());
        assertTrue(events.stream().allMatch(e -> source.uid().equals(e.sourceId())));
        Await.until(WAIT, "queue empty", () -> sqs.count(queue) == 0);
        SourceConsumer consumer = client.getSource(source.uid()).consumer();
        assertEquals(ConsumerState.RUNNING, consumer.state());
        assertEquals(n, consumer.messagesReceived());
        assertNull(consumer.lastError());
    }

    @Test
    void theStandardConsumersConsumeSqsSourcesWithSqsConsumer() throws Exception {
        Source source = createSource(queue, sqs.endpoint());
        try (var consumer = StandardBrokers.consumers().create(source)) {
            assertInstanceOf(SqsConsumer.class, consumer);
        }
    }

    /**
     * With the standard consumer (5 s long polls, which stopping lets finish): a publisher keeps sending while the
     * server stops and starts again; every message becomes exactly one original event and one delivery.
     */
    @Test
    void aServerRestartMidStreamLosesNothing() throws Exception {
        server.close();
        server = startServer(StandardBrokers.consumers());
        client = server.client(project.apiKey()).withProject(project.id());
        Source source = createSource(queue, sqs.endpoint());
        awaitState(source.uid(), ConsumerState.RUNNING);

        int n = 60;
        java.util.concurrent.CountDownLatch closing = new java.util.concurrent.CountDownLatch(1);
        Thread publisher = Thread.ofPlatform().name("publisher").start(() -> {
            try {
                for (int i = 0; i < n; i++) {
                    if (i == n / 3) {
                        closing.await(); // the rest goes out while the server stops, is down and starts again
                    }
                    sqs.send(queue, message(i, ",\"idempotency_key\":\"k" + i + "\""), Map.of());
                    Thread.sleep(20); // pacing: a steady stream, not a wait for a condition
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Await.until(WAIT, "the first deliveries", () -> receiver.requests().size() >= 5);

        closing.countDown();
        server.close();
        server = startServer(StandardBrokers.consumers());
        client = server.client(project.apiKey()).withProject(project.id());

        publisher.join(WAIT.toMillis());
        Set<String> all = IntStream.range(0, n).mapToObj(i -> "{\"n\":" + i + "}").collect(Collectors.toSet());
        Await.until(WAIT, "every message delivered", () -> deliveredBodies().containsAll(all));
        Await.until(WAIT, "queue empty", () -> sqs.count(queue) == 0);
        List<Event> events = client.listEvents(ListQuery.ofPerPage(100)).content();
        assertEquals(n, events.stream().filter(e -> !Boolean.TRUE.equals(e.isDuplicateEvent())).count(),
                "one original event per message (a message redelivered around the restart would be a duplicate)");
        assertEquals(n, client.listEventDeliveries(ListQuery.ofPerPage(100)).content().size());
        assertEquals(n, receiver.requests().size(), "each delivered once");
    }

    @Test
    void aMalformedMessageIsRejectedWithTheReasonOnTheSourceAndDeleted() {
        Source source = createSource(queue, sqs.endpoint());
        awaitState(source.uid(), ConsumerState.RUNNING);

        sqs.send(queue, "not json", Map.of());
        sqs.send(queue, "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"data\":{}}", Map.of());

        SourceConsumer consumer = Await.value(WAIT, "two rejections", () -> client.getSource(source.uid()).consumer(),
                c -> c.messagesRejected() == 2);
        assertTrue(consumer.lastRejection() != null && !consumer.lastRejection().isBlank());
        assertEquals(0, consumer.messagesReceived());
        assertEquals(ConsumerState.RUNNING, consumer.state(), "a bad message does not stop the consumer");
        Await.until(WAIT, "rejected messages deleted", () -> sqs.count(queue) == 0);
        assertTrue(events().isEmpty());

        sqs.send(queue, "{\"event_type\":\"a\",\"data\":{}}", Map.of("x-convoy-message-type", "everyone"));
        SourceConsumer third = Await.value(WAIT, "third rejection", () -> client.getSource(source.uid()).consumer(),
                c -> c.messagesRejected() == 3);
        assertTrue(third.lastRejection().contains("must be single, fanout or broadcast"), third.lastRejection());
    }

    @Test
    void theSameIdempotencyKeyTwiceIsADuplicateNotASecondDelivery() {
        Source source = createSource(queue, sqs.endpoint());
        awaitState(source.uid(), ConsumerState.RUNNING);

        sqs.send(queue, message(1, ",\"idempotency_key\":\"order-1\""), Map.of());
        receiver.awaitRequests(1, WAIT);
        sqs.send(queue, message(1, ",\"idempotency_key\":\"order-1\""), Map.of());

        Await.until(WAIT, "two events", () -> events().size() == 2);
        assertTrue(events().get(0).isDuplicateEvent());
        List<EventDelivery> deliveries = client.listEventDeliveries(ListQuery.ofPerPage(100)).content();
        assertEquals(1, deliveries.size());
        Await.until(WAIT, "queue empty", () -> sqs.count(queue) == 0);
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void aMissingQueueIsShownAndRetriedUntilItExists() {
        String later = "created-later-" + QUEUES.incrementAndGet();
        Source source = createSource(later, sqs.endpoint());

        SourceConsumer retrying = awaitState(source.uid(), ConsumerState.RETRYING);
        assertEquals("queue " + later + " does not exist in region us-east-1 at " + sqs.endpoint(),
                retrying.lastError());

        sqs.createQueue(later);
        sqs.send(later, message(7, ""), Map.of());
        awaitState(source.uid(), ConsumerState.RUNNING);
        receiver.awaitRequests(1, WAIT);
        Await.until(WAIT, "queue empty", () -> sqs.count(later) == 0);
    }

    @Test
    void aQueueServerThatGoesAwayIsRetriedWhileTheServerKeepsServing() {
        ElasticMq own = ElasticMq.start();
        int port = own.port();
        own.createQueue("orders");
        Source source = createSource("orders", own.endpoint());
        awaitState(source.uid(), ConsumerState.RUNNING);

        own.close();
        SourceConsumer retrying = awaitState(source.uid(), ConsumerState.RETRYING);
        assertTrue(retrying.lastError().startsWith("cannot connect to http://127.0.0.1:" + port),
                retrying.lastError());
        assertEquals(1, client.listSources(ListQuery.ofPerPage(10)).content().size(), "the API keeps answering");

        try (ElasticMq back = ElasticMq.start(port)) {
            back.createQueue("orders");
            back.send("orders", message(3, ""), Map.of());
            awaitState(source.uid(), ConsumerState.RUNNING);
            receiver.awaitRequests(1, WAIT);
            Await.until(WAIT, "queue empty", () -> back.count("orders") == 0);
        }
    }
}
