package dev.hookline.server.brokers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.hookline.server.StandardBrokers;
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
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.EmbeddedKafka;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka pub_sub sources end to end: a real in-process KRaft broker, a real server (HTTP, SQLite, dispatcher) with
 * the standard consumers, sources made through the API, and a real receiver for the deliveries.
 */
class KafkaSourcesIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern N = Pattern.compile("\"n\":(\\d+)");

    private static EmbeddedKafka kafka;

    @TempDir
    Path dataDir;
    TestServer server;
    ApiClient client;
    Receiver receiver;
    Endpoint endpoint;

    @BeforeAll
    static void startKafka() {
        kafka = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopKafka() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @BeforeEach
    void start() throws Exception {
        receiver = Receiver.start();
        server = startServer();
        TestServer.TestProject project = server.newProject("kafka", ProjectType.OUTGOING);
        client = project.client();
        endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/hooks"), "orders"));
    }

    private TestServer startServer() throws Exception {
        Clock clock = Clock.systemUTC();
        return TestServer.start(dataDir, clock, new OkHttpWebhookSender(clock), StandardBrokers.consumers());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        receiver.close();
    }

    private Source createSource(String topic, int workers) {
        return client.createSource(new CreateSourceRequest("kafka " + topic, SourceType.PUB_SUB, null, null, null,
                new PubSubConfig(PubSubType.KAFKA, workers, null, null, new PubSubConfig.Kafka(
                        List.of(kafka.bootstrapServers()), null, topic, null), null), null, null, null));
    }

    private SourceConsumer awaitConsumer(String sourceId, String what, java.util.function.Predicate<SourceConsumer> ok) {
        return Await.value(WAIT, what, () -> client.getSource(sourceId).consumer(), c -> c != null && ok.test(c));
    }

    private String message(int n, String idempotencyKey) {
        return "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"order.paid\",\"data\":{\"n\":" + n + "}"
                + (idempotencyKey == null ? "" : ",\"idempotency_key\":\"" + idempotencyKey + "\"") + "}";
    }

    private List<Event> events() {
        return client.listEvents(ListQuery.ofPerPage(1000)).content();
    }

    private Set<Integer> deliveredNumbers() {
        return receiver.requests().stream().map(r -> N.matcher(r.bodyText())).filter(Matcher::find)
                .map(m -> Integer.parseInt(m.group(1))).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<Integer> numbers(int count) {
        return IntStream.range(0, count).boxed().collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void messagesOnATopicBecomeEventsOfTheSourceAndAreDelivered() {
        kafka.createTopic("e2e-orders", 3);
        Source source = createSource("e2e-orders", 2);
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        kafka.sendAll("e2e-orders", IntStream.range(0, 20).mapToObj(n -> message(n, null)).toList(),
                Map.of("x-convoy-message-type", "single"));

        receiver.awaitRequests(20, WAIT);
        assertEquals(numbers(20), deliveredNumbers());
        List<Event> events = events();
        assertEquals(20, events.size());
        assertTrue(events.stream().allMatch(e -> source.uid().equals(e.sourceId())
                && e.endpoints().equals(List.of(endpoint.uid())) && "order.paid".equals(e.eventType())));
        Await.until(WAIT, "offsets committed", () -> kafka.committedTotal("hookline-" + source.uid(),
                "e2e-orders") == 20);
        assertEquals(20, client.getSource(source.uid()).consumer().messagesReceived());
    }

    @Test
    void restartingTheServerMidStreamLosesNothing() throws Exception {
        int count = 2000;
        kafka.createTopic("e2e-restart", 2);
        kafka.sendAll("e2e-restart", IntStream.range(0, count).mapToObj(n -> message(n, "order-" + n)).toList(),
                Map.of());
        Source source = createSource("e2e-restart", 2);
        String group = "hookline-" + source.uid();
        awaitConsumer(source.uid(), "the first messages stored", c -> c.messagesReceived() > 0);

        server.close(); // mid-stream: the consumer stops with records read but not yet stored or committed
        server = null;
        long committedAtStop = kafka.committedTotal(group, "e2e-restart");
        assertTrue(committedAtStop < count, "stopped mid-stream, after " + committedAtStop + " of " + count);
        server = startServer();
        client = server.client(TestServer.INSTANCE_KEY).withProject(source.projectId());

        Await.until(WAIT, "every offset committed", () -> kafka.committedTotal(group, "e2e-restart") == count);
        List<Event> originals = allEvents().stream().filter(e -> !Boolean.TRUE.equals(e.isDuplicateEvent()))
                .toList();
        assertEquals(count, originals.size(), "one event per message; a message read twice is a duplicate");
        Await.until(WAIT, "every message delivered", () -> deliveredNumbers().size() == count);
        assertEquals(numbers(count), deliveredNumbers());
        assertEquals(ConsumerState.RUNNING, client.getSource(source.uid()).consumer().state());
    }

    private List<Event> allEvents() {
        List<Event> all = new java.util.ArrayList<>();
        ListQuery query = ListQuery.ofPerPage(1000);
        while (true) {
            dev.hookline.api.model.Page<Event> page = client.listEvents(query);
            all.addAll(page.content());
            if (!page.pagination().hasNextPage()) {
                return all;
            }
            query = ListQuery.ofPerPage(1000).nextPage(page.pagination());
        }
    }

    @Test
    void aMalformedMessageIsRejectedWithItsReasonOnTheSourceAndSkipped() {
        kafka.createTopic("e2e-malformed", 1);
        Source source = createSource("e2e-malformed", 1);
        kafka.send("e2e-malformed", "this is not json", Map.of());
        kafka.send("e2e-malformed", message(1, null), Map.of());

        receiver.awaitRequests(1, WAIT);
        SourceConsumer consumer = awaitConsumer(source.uid(), "one rejection", c -> c.messagesRejected() == 1);
        assertTrue(consumer.lastRejection().startsWith("the message is not JSON"), consumer.lastRejection());
        assertEquals(1, consumer.messagesReceived());
        Await.until(WAIT, "both offsets committed: the bad one is skipped for good",
                () -> kafka.committedTotal("hookline-" + source.uid(), "e2e-malformed") == 2);
        assertEquals(1, events().size());
    }

    @Test
    void theSameIdempotencyKeyTwiceIsADuplicateNotASecondDelivery() {
        kafka.createTopic("e2e-idempotent", 1);
        Source source = createSource("e2e-idempotent", 1);
        kafka.send("e2e-idempotent", message(7, "order-7"), Map.of());
        kafka.send("e2e-idempotent", message(7, "order-7"), Map.of());

        Await.until(WAIT, "two events", () -> events().size() == 2);
        Await.until(WAIT, "offsets committed", () -> kafka.committedTotal("hookline-" + source.uid(),
                "e2e-idempotent") == 2);
        assertEquals(1, events().stream().filter(e -> Boolean.TRUE.equals(e.isDuplicateEvent())).count());
        List<EventDelivery> deliveries = client.listEventDeliveries(ListQuery.ofPerPage(100)).content();
        assertEquals(1, deliveries.size());
        receiver.awaitRequests(1, WAIT);
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void aMissingTopicIsTheSourcesLastErrorUntilItExists() {
        Source source = createSource("e2e-later", 1);
        SourceConsumer retrying = awaitConsumer(source.uid(), "retrying",
                c -> c.state() == ConsumerState.RETRYING && c.lastError() != null);
        assertEquals("topic e2e-later does not exist on Kafka brokers " + kafka.bootstrapServers(),
                retrying.lastError());

        kafka.createTopic("e2e-later", 1);
        kafka.send("e2e-later", message(1, null), Map.of());

        receiver.awaitRequests(1, WAIT);
        assertEquals(ConsumerState.RUNNING, client.getSource(source.uid()).consumer().state());
    }
}
