package dev.hookline.server.brokers.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.hookline.server.StandardBrokers;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.GetResponse;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pub_sub sources of type amqp end to end: a real RabbitMQ, a real server (HTTP API, SQLite, dispatcher) consuming
 * it with {@link AmqpConsumer}, and a real receiver. Skipped, saying how to start RabbitMQ, when it does not answer.
 */
class AmqpSourcesIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataDir;
    RabbitMq rabbit;
    TestServer server;
    TestServer.TestProject project;
    ApiClient client;
    Receiver receiver;
    Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        rabbit = RabbitMq.require();
        receiver = Receiver.start();
        server = startServer();
        project = server.newProject("amqp", ProjectType.OUTGOING);
        client = project.client();
        endpoint = client.createEndpoint(new EndpointRequest(receiver.url("/hooks"), "orders", null, "owner-1", null,
                null, null, null, null, null, null, null, null, null, null, null, null));
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (receiver != null) {
            receiver.close();
        }
        if (rabbit != null) {
            rabbit.close();
        }
    }

    private TestServer startServer() throws Exception {
        Clock clock = Clock.systemUTC();
        return TestServer.start(dataDir, clock, new OkHttpWebhookSender(clock), StandardBrokers.consumers());
    }

    private static PubSubConfig amqp(String queue, int workers, String password, String deadLetter) {
        return new PubSubConfig(PubSubType.AMQP, workers, null, null, null, new PubSubConfig.Amqp("amqp",
                RabbitMq.HOST, Integer.toString(RabbitMq.PORT), queue, "/", new PubSubConfig.AmqpAuth("guest",
                password), null, null, null, deadLetter));
    }

    private Source createSource(PubSubConfig pubSub) {
        return client.createSource(new CreateSourceRequest("rabbit", SourceType.PUB_SUB, null, null, null, pubSub,
                null, null, null));
    }

    private SourceConsumer awaitConsumer(String sourceId, String what,
                                         java.util.function.Predicate<SourceConsumer> condition) {
        return Await.value(WAIT, what, () -> client.getSource(sourceId).consumer(),
                c -> c != null && condition.test(c));
    }

    private String message(int n, String key) {
        return "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"order.paid\",\"data\":{\"n\":" + n + "}"
                + (key == null ? "" : ",\"idempotency_key\":\"" + key + "\"") + "}";
    }

    /** Every event of the project (all pages). */
    private List<Event> allEvents() {
        List<Event> all = new ArrayList<>();
        ListQuery query = ListQuery.ofPerPage(100);
        while (true) {
            Page<Event> page = client.listEvents(query);
            all.addAll(page.content());
            if (!page.pagination().hasNextPage()) {
                return all;
            }
            query = ListQuery.ofPerPage(100).nextPage(page.pagination());
        }
    }

    private static int n(String body) {
        try {
            return JSON.readTree(body).path("n").asInt(-1);
        } catch (Exception e) {
            return -1;
        }
    }

    private Set<Integer> delivered() {
        Set<Integer> seen = new HashSet<>();
        receiver.requests().forEach(r -> seen.add(n(r.bodyText())));
        return seen;
    }

    @Test
    void published_messages_become_events_and_deliveries_and_leave_the_queue() throws Exception {
        String queue = rabbit.queue("e2e");
        Source source = createSource(amqp(queue, 4, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        int count = 50;
        for (int i = 0; i < count; i++) {
            rabbit.publish(queue, message(i, "order-" + i), Map.of("x-convoy-message-type", "single"));
        }

        receiver.awaitRequests(count, WAIT);
        Await.until(WAIT, count + " received on the source",
                () -> client.getSource(source.uid()).consumer().messagesReceived() == count);
        List<Event> events = allEvents();
        assertEquals(count, events.size());
        assertTrue(events.stream().allMatch(e -> source.uid().equals(e.sourceId()) && !e.isDuplicateEvent()));
        assertEquals(count, delivered().size());
        assertEquals(0, rabbit.ready(queue));
    }

    @Test
    void a_restart_mid_stream_loses_no_message() throws Exception {
        String queue = rabbit.queue("restart");
        Source source = createSource(amqp(queue, 2, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        int count = 400;
        CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> {
            try (RabbitMq publisher = RabbitMq.require()) {
                for (int i = 0; i < count; i++) {
                    publisher.publish(queue, message(i, "k" + i), Map.of());
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        receiver.awaitRequests(40, WAIT);
        server.close(); // while messages keep coming
        server = startServer();
        client = server.client(project.apiKey()).withProject(project.id());
        publishing.get(60, TimeUnit.SECONDS);

        Await.until(WAIT, "every message delivered", () -> delivered().size() == count);
        Await.until(WAIT, "the queue drained", () -> {
            try {
                return rabbit.ready(queue) == 0;
            } catch (Exception e) {
                return false;
            }
        });
        Map<String, Integer> originals = new HashMap<>();
        for (Event event : allEvents()) {
            if (!event.isDuplicateEvent()) {
                originals.merge(event.idempotencyKey(), 1, Integer::sum);
            }
        }
        assertEquals(count, originals.size(), "one event per message");
        assertTrue(originals.values().stream().allMatch(v -> v == 1), "redeliveries are only duplicates");
        for (int i = 0; i < count; i++) {
            assertTrue(originals.containsKey("k" + i), "k" + i);
        }
    }

    @Test
    void a_connection_dropped_mid_stream_loses_nothing_and_delivers_each_message_once() throws Exception {
        String queue = rabbit.queue("drop-mid-stream");
        Source source = createSource(amqp(queue, 4, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        int count = 300;
        for (int i = 0; i < count; i++) {
            rabbit.publish(queue, message(i, "d" + i), Map.of());
        }
        receiver.awaitRequests(30, WAIT);
        // acks of messages being stored when it drops are lost: those come again and may only become duplicates
        RabbitMq.forceClose("hookline-source-" + source.uid(), "drill");

        Await.until(WAIT, "every message delivered", () -> delivered().size() == count);
        awaitConsumer(source.uid(), "running again", c -> c.state() == ConsumerState.RUNNING);
        Await.until(WAIT, "the queue drained", () -> {
            try {
                return rabbit.ready(queue) == 0;
            } catch (Exception e) {
                return false;
            }
        });
        Map<String, Integer> originals = new HashMap<>();
        allEvents().stream().filter(e -> !e.isDuplicateEvent())
                .forEach(e -> originals.merge(e.idempotencyKey(), 1, Integer::sum));
        assertEquals(count, originals.size(), "one event per message");
        assertTrue(originals.values().stream().allMatch(v -> v == 1), "redeliveries are only duplicates");
        assertEquals(count, receiver.requests().size(), "a duplicate is delivered to nobody");
    }

    @Test
    void a_malformed_message_is_dead_lettered_with_its_reason_shown_on_the_source() throws Exception {
        String[] dead = rabbit.deadLetter();
        String queue = rabbit.queue("malformed");
        Source source = createSource(amqp(queue, 1, "guest", dead[0]));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        rabbit.publish(queue, "this is not json", Map.of("x-trace", "abc"));
        rabbit.publish(queue, message(1, null), Map.of());

        SourceConsumer consumer = awaitConsumer(source.uid(), "a rejection and a message",
                c -> c.messagesRejected() == 1 && c.messagesReceived() == 1);
        assertNotNull(consumer.lastRejection());
        assertTrue(consumer.lastRejection().startsWith("the message is not JSON"), consumer.lastRejection());
        Await.until(WAIT, "the dead-letter queue has it", () -> {
            try {
                return rabbit.ready(dead[1]) == 1;
            } catch (Exception e) {
                return false;
            }
        });
        GetResponse rejected = rabbit.take(dead[1]);
        assertEquals("this is not json", new String(rejected.getBody(), StandardCharsets.UTF_8));
        assertEquals(consumer.lastRejection(),
                rejected.getProps().getHeaders().get(AmqpConsumer.REJECTION_HEADER).toString());
        assertEquals("abc", rejected.getProps().getHeaders().get("x-trace").toString());
        receiver.awaitRequests(1, WAIT);
        assertEquals(1, allEvents().size(), "the malformed message left no event");
        assertEquals(0, rabbit.ready(queue));
    }

    @Test
    void a_malformed_message_without_dead_letter_exchange_is_dropped_with_its_reason() throws Exception {
        String queue = rabbit.queue("dropped");
        Source source = createSource(amqp(queue, 1, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        rabbit.publish(queue, "{\"event_type\":\"a\",\"data\":{}}", Map.of("x-convoy-message-type", "sideways"));

        SourceConsumer consumer = awaitConsumer(source.uid(), "a rejection", c -> c.messagesRejected() == 1);
        assertTrue(consumer.lastRejection().contains("must be single, fanout or broadcast"),
                consumer.lastRejection());
        assertEquals(0, rabbit.ready(queue), "dropped, not redelivered");
        assertEquals(0, allEvents().size());
    }

    @Test
    void the_same_idempotency_key_again_is_a_duplicate_not_a_second_delivery() throws Exception {
        String queue = rabbit.queue("dup");
        Source source = createSource(amqp(queue, 1, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        rabbit.publish(queue, message(7, "order-7"), Map.of());
        receiver.awaitRequests(1, WAIT);
        rabbit.publish(queue, message(7, "order-7"), Map.of());

        Await.until(WAIT, "two events", () -> allEvents().size() == 2);
        List<Event> events = allEvents();
        assertEquals(1, events.stream().filter(Event::isDuplicateEvent).count());
        assertEquals(1, client.listEventDeliveries(ListQuery.ofPerPage(100)).content().size());
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void a_wrong_password_shows_authentication_failed_while_the_server_keeps_serving() throws Exception {
        String queue = rabbit.queue("auth");
        Source source = createSource(amqp(queue, 1, "wrong-password", null));

        SourceConsumer retrying = awaitConsumer(source.uid(), "retrying",
                c -> c.state() == ConsumerState.RETRYING && c.lastError() != null);
        assertEquals("authentication failed for user guest on vhost / at " + RabbitMq.HOST + ":" + RabbitMq.PORT,
                retrying.lastError());
        assertNotNull(retrying.nextRetryAt());
        assertEquals(1, client.listSources(ListQuery.ofPerPage(10)).content().size(), "the API keeps answering");

        client.updateSource(source.uid(), new UpdateSourceRequest("rabbit", SourceType.PUB_SUB, null, null, null,
                null, amqp(queue, 1, "guest", null), null, null, null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);
        rabbit.publish(queue, message(1, null), Map.of());
        receiver.awaitRequests(1, WAIT);
    }

    @Test
    void a_connection_the_broker_drops_is_retried_and_consumption_resumes() throws Exception {
        String queue = rabbit.queue("dropped-connection");
        Source source = createSource(amqp(queue, 2, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        RabbitMq.forceClose("hookline-source-" + source.uid(), "broker maintenance");
        SourceConsumer after = awaitConsumer(source.uid(), "the loss reported and recovered from",
                c -> c.lastError() != null && c.state() == ConsumerState.RUNNING);
        assertEquals("connection to " + RabbitMq.HOST + ":" + RabbitMq.PORT + " lost: the broker closed it"
                + " (CONNECTION_FORCED - broker maintenance)", after.lastError());
        rabbit.publish(queue, message(5, null), Map.of());
        receiver.awaitRequests(1, WAIT);
    }

    @Test
    void a_queue_that_goes_away_is_retried_in_plain_words_and_consumed_again_once_back() throws Exception {
        String queue = rabbit.queue("goes-away");
        Source source = createSource(amqp(queue, 2, "guest", null));
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        rabbit.deleteQueue(queue);
        SourceConsumer missing = awaitConsumer(source.uid(), "the queue reported missing",
                c -> c.state() == ConsumerState.RETRYING
                        && ("queue " + queue + " does not exist on vhost /").equals(c.lastError()));
        assertNotNull(missing.nextRetryAt());
        assertEquals(1, client.listSources(ListQuery.ofPerPage(10)).content().size(), "the API keeps answering");

        rabbit.declare(queue);
        awaitConsumer(source.uid(), "running again", c -> c.state() == ConsumerState.RUNNING);
        rabbit.publish(queue, message(3, null), Map.of());
        receiver.awaitRequests(1, WAIT);
    }
}
