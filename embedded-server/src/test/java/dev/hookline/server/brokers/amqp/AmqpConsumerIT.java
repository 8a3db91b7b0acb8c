package dev.hookline.server.brokers.amqp;

import static dev.hookline.server.brokers.amqp.RabbitMq.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.GetResponse;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link AmqpConsumer} against a real RabbitMQ, with a recording sink in place of the server. */
class AmqpConsumerIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private RabbitMq rabbit;
    private Running running;

    @BeforeEach
    void connect() throws Exception {
        rabbit = RabbitMq.require();
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (running != null) {
            running.consumer.close();
            running.ended.handle((r, e) -> null).get(20, TimeUnit.SECONDS);
        }
        if (rabbit != null) {
            rabbit.close();
        }
    }

    @Test
    void hands_every_message_to_the_sink_with_its_headers_and_acknowledges_it_after() throws Exception {
        String queue = rabbit.queue("plain");
        for (int i = 0; i < 20; i++) {
            rabbit.publish("", queue, "{\"n\":" + i + "}", Map.of("x-convoy-message-type", "single",
                    "x-bytes", "caf\u00e9".getBytes(StandardCharsets.UTF_8), "x-number", 42), "msg-" + i);
        }
        Recording sink = new Recording();
        running = start(settings(queue, 2), sink);
        await("20 messages", WAIT, () -> sink.accepted.size() == 20);

        BrokerMessage first = sink.accepted.stream().filter(m -> m.messageId().equals("msg-0")).findFirst()
                .orElseThrow();
        assertEquals("{\"n\":0}", first.body());
        assertEquals("single", first.headers().get("x-convoy-message-type"));
        assertEquals("caf\u00e9", first.headers().get("x-bytes"));
        assertEquals("42", first.headers().get("x-number"));

        stop(running);
        assertEquals(0, rabbit.ready(queue), "every message was acknowledged");
    }

    @Test
    void a_rejected_message_goes_to_the_dead_letter_exchange_with_the_reason_and_its_routing_key()
            throws Exception {
        String[] dead = rabbit.deadLetter();
        String queue = rabbit.queue("with-dlx");
        rabbit.publish("", queue, "{\"ok\":1}", Map.of(), "good-1");
        rabbit.publish("", queue, "not json", Map.of("x-trace", "t-1"), "bad-1");
        rabbit.publish("", queue, "{\"ok\":2}", Map.of(), "good-2");
        Recording sink = new Recording().rejecting("not json", "body is not JSON");
        running = start(settings(queue, 1).withDeadLetter(dead[0]), sink);
        await("3 messages", WAIT, () -> sink.seen.size() == 3);
        await("the rejected message in the dead-letter queue", WAIT, () -> ready(dead[1]) == 1);
        stop(running);

        assertEquals(0, rabbit.ready(queue));
        assertEquals(2, sink.accepted.size());
        GetResponse rejected = rabbit.take(dead[1]);
        assertEquals("not json", new String(rejected.getBody(), StandardCharsets.UTF_8));
        assertEquals("body is not JSON",
                rejected.getProps().getHeaders().get(AmqpConsumer.REJECTION_HEADER).toString());
        assertEquals("t-1", rejected.getProps().getHeaders().get("x-trace").toString());
        assertEquals("bad-1", rejected.getProps().getMessageId());
        assertEquals(queue, rejected.getEnvelope().getRoutingKey(), "the original routing key");
    }

    @Test
    void a_rejected_message_is_dropped_when_there_is_no_dead_letter_exchange() throws Exception {
        String queue = rabbit.queue("no-dlx");
        rabbit.publish("", queue, "garbage", Map.of(), "bad");
        rabbit.publish("", queue, "{}", Map.of(), "good");
        Recording sink = new Recording().rejecting("garbage", "not JSON");
        running = start(settings(queue, 1), sink);
        await("2 messages", WAIT, () -> sink.seen.size() == 2);
        stop(running);
        assertEquals(0, rabbit.ready(queue), "the rejected message is gone, not redelivered");
        assertEquals(1, sink.accepted.size());
        assertEquals(2, sink.seen.size(), "seen once each");
    }

    @Test
    void a_sink_failure_leaves_the_message_in_the_queue_and_ends_run_with_the_reason() throws Exception {
        String queue = rabbit.queue("sink-fails");
        rabbit.publish("", queue, "{\"a\":1}", Map.of(), "m1");
        MessageSink failing = message -> {
            throw new IllegalStateException("the server is stopping");
        };
        running = start(settings(queue, 1), failing);
        Throwable failure = running.failure();
        assertInstanceOf(BrokerException.class, failure);
        assertTrue(failure.getMessage().contains("could not store a message from queue " + queue)
                && failure.getMessage().contains("the server is stopping"), failure.getMessage());
        running = null;
        assertEquals(1, rabbit.ready(queue), "the message is back in the queue");

        Recording sink = new Recording();
        running = start(settings(queue, 1), sink);
        await("the message again", WAIT, () -> sink.accepted.size() == 1);
        stop(running);
        assertEquals(0, rabbit.ready(queue));
    }

    @Test
    void workers_store_messages_concurrently() throws Exception {
        String queue = rabbit.queue("workers");
        for (int i = 0; i < 8; i++) {
            rabbit.publish("", queue, "{\"n\":" + i + "}", Map.of(), null);
        }
        CyclicBarrier fourAtOnce = new CyclicBarrier(4);
        Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Recording sink = new Recording().before(message -> {
            threads.add(Thread.currentThread().getName());
            try {
                fourAtOnce.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("four workers did not meet: " + e);
            }
        });
        // prefetch 1: with more, the first worker to subscribe would take all eight
        running = start(settings(queue, 4).withPrefetch(1), sink);
        await("8 messages", WAIT, () -> sink.accepted.size() == 8);
        stop(running);
        assertEquals(4, threads.size(), threads.toString());
        assertEquals(0, rabbit.ready(queue));
    }

    @Test
    void binds_a_missing_queue_to_the_exchange_after_declaring_it_durable() throws Exception {
        String exchange = rabbit.exchange("topic", "topic");
        String queue = rabbit.forget(RabbitMq.unique("declared"));
        Recording sink = new Recording();
        running = start(settings(queue, 1).withExchange(exchange, "orders.*"), sink);
        running.consuming.get(10, TimeUnit.SECONDS);
        assertTrue(rabbit.exists(queue));
        rabbit.publish(exchange, "orders.created", "{\"id\":1}", Map.of(), "o1");
        rabbit.publish(exchange, "invoices.created", "{\"id\":2}", Map.of(), "i1");
        await("the order", WAIT, () -> sink.accepted.size() == 1);
        stop(running);
        assertEquals("o1", sink.accepted.getFirst().messageId());
    }

    @Test
    void close_stops_run_which_returns_normally() throws Exception {
        String queue = rabbit.queue("close");
        running = start(settings(queue, 3), new Recording());
        running.consuming.get(10, TimeUnit.SECONDS);
        running.consumer.close();
        assertNull(running.ended.get(10, TimeUnit.SECONDS));
        running.consumer.close(); // idempotent
        running = null;
    }

    @Test
    void close_lets_a_message_being_stored_finish_and_be_acknowledged() throws Exception {
        String queue = rabbit.queue("drain");
        rabbit.publish("", queue, "{}", Map.of(), "slow");
        CountDownLatch storing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Recording sink = new Recording().before(message -> {
            storing.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        running = start(settings(queue, 1), sink);
        assertTrue(storing.await(10, TimeUnit.SECONDS));
        running.consumer.close();
        assertFalse(running.ended.isDone(), "run waits for the message being stored");
        release.countDown();
        assertNull(running.ended.get(15, TimeUnit.SECONDS));
        running = null;
        assertEquals(1, sink.accepted.size());
        assertEquals(0, rabbit.ready(queue), "acknowledged before the connection closed");
    }

    @Test
    void wrong_password_is_an_authentication_failure_in_plain_words() throws Exception {
        String queue = rabbit.queue("auth");
        AmqpSettings wrong = settings(queue, 1).withAuth("guest", "not-the-password");
        String message = failureOf(wrong);
        assertEquals("authentication failed for user guest on vhost / at " + RabbitMq.HOST + ":" + RabbitMq.PORT,
                message);
        assertFalse(message.contains("not-the-password"));
    }

    @Test
    void a_missing_queue_is_named() throws Exception {
        String queue = RabbitMq.unique("missing");
        assertEquals("queue " + queue + " does not exist on vhost /", failureOf(settings(queue, 1)));
        assertFalse(rabbit.exists(queue), "not declared when there is no exchange to bind it to");
    }

    @Test
    void a_missing_vhost_is_named() throws Exception {
        String queue = rabbit.queue("vhost");
        String message = failureOf(settings(queue, 1).withVhost("hookline-no-such-vhost"));
        assertTrue(message.startsWith("vhost hookline-no-such-vhost does not exist")
                || message.startsWith("user guest may not use vhost hookline-no-such-vhost"), message);
    }

    @Test
    void a_missing_bind_exchange_is_named() throws Exception {
        String queue = rabbit.queue("bind");
        String exchange = RabbitMq.unique("no-exchange");
        assertEquals("exchange " + exchange + " (to bind queue " + queue + " to) does not exist on vhost /",
                failureOf(settings(queue, 1).withExchange(exchange, "k")));
    }

    @Test
    void a_missing_dead_letter_exchange_is_named_before_consuming() throws Exception {
        String queue = rabbit.queue("dlx-missing");
        String exchange = RabbitMq.unique("no-dlx");
        assertEquals("dead-letter exchange " + exchange + " does not exist on vhost /",
                failureOf(settings(queue, 1).withDeadLetter(exchange)));
    }

    @Test
    void a_user_who_may_not_create_the_missing_queue_is_told_so() throws Exception {
        String queue = rabbit.forget(RabbitMq.unique("not-allowed"));
        try (RabbitMq.User user = RabbitMq.user("^$", "^$", ".*")) {
            String message = failureOf(settings(queue, 1).withAuth(user.name(), user.password())
                    .withExchange("amq.topic", "orders.*"));
            assertTrue(message.startsWith("queue " + queue + " does not exist on vhost / and user " + user.name()
                    + " may not create it (ACCESS_REFUSED"), message);
            assertFalse(message.contains(user.password()));
        }
        assertFalse(rabbit.exists(queue));
    }

    @Test
    void a_user_who_may_not_read_the_queue_is_told_so() throws Exception {
        String queue = rabbit.queue("no-read");
        try (RabbitMq.User user = RabbitMq.user("^$", "^$", "^$")) {
            String message = failureOf(settings(queue, 1).withAuth(user.name(), user.password()));
            assertTrue(message.startsWith("user " + user.name() + " may not read queue " + queue + " on vhost /"
                    + " (ACCESS_REFUSED"), message);
        }
    }

    @Test
    void a_queue_deleted_while_consuming_ends_run_with_that_reason() throws Exception {
        String queue = rabbit.queue("deleted");
        running = start(settings(queue, 2), new Recording());
        running.consuming.get(10, TimeUnit.SECONDS);
        rabbit.deleteQueue(queue);
        assertEquals("queue " + queue + " was deleted from vhost / while consuming from it",
                running.failure().getMessage());
        running = null;
    }

    @Test
    void a_connection_the_broker_closes_ends_run_in_plain_words() throws Exception {
        String queue = rabbit.queue("forced");
        AmqpSettings settings = settings(queue, 2);
        running = start(settings, new Recording());
        running.consuming.get(10, TimeUnit.SECONDS);
        RabbitMq.forceClose(settings.connectionName(), "hookline test drill");
        assertEquals("connection to " + RabbitMq.HOST + ":" + RabbitMq.PORT + " lost: the broker closed it"
                + " (CONNECTION_FORCED - hookline test drill)", running.failure().getMessage());
        running = null;
    }

    @Test
    void amqps_against_a_plain_amqp_port_says_the_tls_handshake_failed() throws Exception {
        AmqpSettings tls = new AmqpSettings(true, RabbitMq.HOST, RabbitMq.PORT, "/", "guest", "guest", "q", null, "",
                null, 1, 1, "hookline-test-tls");
        String message = failureOf(tls);
        assertTrue(message.startsWith("cannot connect to " + RabbitMq.HOST + ":" + RabbitMq.PORT + " (TLS handshake"
                + " failed: "), message);
    }

    // --- helpers

    private static AmqpSettings settings(String queue, int workers) {
        return new AmqpSettings(false, RabbitMq.HOST, RabbitMq.PORT, "/", "guest", "guest", queue, null, "", null,
                workers, AmqpSettings.DEFAULT_PREFETCH, "hookline-test-" + queue);
    }

    private long ready(String queue) {
        try {
            return rabbit.ready(queue);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static String failureOf(AmqpSettings settings) throws Exception {
        Running r = start(settings, new Recording());
        Throwable failure = r.failure();
        assertInstanceOf(BrokerException.class, failure, String.valueOf(failure));
        assertFalse(r.consuming.isDone(), "never said it was consuming");
        return failure.getMessage();
    }

    /** A consumer running on a thread of its own, as the supervisor runs it. */
    record Running(AmqpConsumer consumer, CompletableFuture<Void> consuming, CompletableFuture<Void> ended) {

        Throwable failure() throws Exception {
            try {
                ended.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                return e.getCause();
            }
            throw new AssertionError("run returned normally");
        }
    }

    static Running start(AmqpSettings settings, MessageSink sink) {
        AmqpConsumer consumer = new AmqpConsumer(settings, "test");
        CompletableFuture<Void> consuming = new CompletableFuture<>();
        CompletableFuture<Void> ended = new CompletableFuture<>();
        Thread.ofPlatform().name("amqp-test-run").daemon().start(() -> {
            try {
                consumer.run(sink, () -> consuming.complete(null));
                ended.complete(null);
            } catch (Throwable t) {
                ended.completeExceptionally(t);
            }
        });
        return new Running(consumer, consuming, ended);
    }

    private static void stop(Running r) throws Exception {
        r.consumer.close();
        r.ended.get(20, TimeUnit.SECONDS);
    }

    /** Records what it is handed; rejects bodies containing a marker. */
    static final class Recording implements MessageSink {
        final List<BrokerMessage> accepted = new CopyOnWriteArrayList<>();
        final List<BrokerMessage> seen = new CopyOnWriteArrayList<>();
        private String rejectMarker;
        private String reason;
        private java.util.function.Consumer<BrokerMessage> before = m -> { };

        Recording rejecting(String marker, String why) {
            this.rejectMarker = marker;
            this.reason = why;
            return this;
        }

        Recording before(java.util.function.Consumer<BrokerMessage> action) {
            this.before = action;
            return this;
        }

        @Override
        public void accept(BrokerMessage message) throws RejectedMessageException {
            seen.add(message);
            before.accept(message);
            if (rejectMarker != null && message.body().contains(rejectMarker)) {
                throw new RejectedMessageException(reason);
            }
            accepted.add(message);
        }
    }
}
