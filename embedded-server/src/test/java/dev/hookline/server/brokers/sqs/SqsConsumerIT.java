package dev.hookline.server.brokers.sqs;

import static dev.hookline.server.brokers.sqs.ElasticMq.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/** {@link SqsConsumer} against ElasticMQ, with a sink that records (no Hookline server). */
class SqsConsumerIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static ElasticMq sqs;
    private final List<Running> started = new CopyOnWriteArrayList<>();
    private static final AtomicInteger QUEUES = new AtomicInteger();

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

    @AfterEach
    void stopConsumers() {
        started.forEach(r -> r.consumer.close());
    }

    private static String newQueue() {
        String name = "orders-" + QUEUES.incrementAndGet();
        sqs.createQueue(name);
        return name;
    }

    /** A consumer running on its own thread, as the supervisor runs it. */
    private final class Running {
        final SqsConsumer consumer;
        final CountDownLatch consuming = new CountDownLatch(1);
        final CountDownLatch ended = new CountDownLatch(1);
        final AtomicReference<Throwable> thrown = new AtomicReference<>();

        Running(SqsConsumer consumer, MessageSink sink) {
            this.consumer = consumer;
            started.add(this);
            Thread.ofPlatform().name("test-consumer").start(() -> {
                try {
                    consumer.run(sink, consuming::countDown);
                } catch (Throwable t) {
                    thrown.set(t);
                } finally {
                    ended.countDown();
                }
            });
        }

        Running awaitConsuming() throws InterruptedException {
            assertTrue(consuming.await(WAIT.toSeconds(), TimeUnit.SECONDS), "consumer did not start");
            assertEquals(1, ended.getCount(), () -> "consumer ended early: " + thrown.get());
            return this;
        }

        Throwable awaitEnd() throws InterruptedException {
            assertTrue(ended.await(WAIT.toSeconds(), TimeUnit.SECONDS), "run did not return");
            return thrown.get();
        }
    }

    private Running run(String queue, int workers, MessageSink sink) {
        return new Running(new SqsConsumer(sqs.source(queue, workers), 1), sink);
    }

    /** Records what it accepted. */
    private static final class Recording implements MessageSink {
        final List<BrokerMessage> accepted = new CopyOnWriteArrayList<>();

        @Override
        public void accept(BrokerMessage message) throws RejectedMessageException {
            accepted.add(message);
        }

        Set<String> bodies() {
            return accepted.stream().map(BrokerMessage::body).collect(Collectors.toSet());
        }
    }

    @Test
    void handsEveryMessageToTheSinkWithItsAttributesAndDeletesIt() throws Exception {
        String queue = newQueue();
        Recording sink = new Recording();
        run(queue, 2, sink).awaitConsuming();
        for (int i = 0; i < 25; i++) {
            sqs.send(queue, "{\"n\":" + i + "}", Map.of("x-convoy-message-type", "single"));
        }
        String binaryId = sqs.client().sendMessage(b -> b.queueUrl(sqs.queueUrl(queue)).messageBody("{\"bin\":1}")
                .messageAttributes(Map.of("blob", MessageAttributeValue.builder().dataType("Binary")
                        .binaryValue(SdkBytes.fromUtf8String("hi")).build()))).messageId();

        await("26 messages accepted", WAIT, () -> sink.accepted.size() >= 26);
        await("queue empty", WAIT, () -> sqs.count(queue) == 0);
        assertEquals(26, sink.accepted.size());
        assertEquals(26, sink.bodies().size());
        BrokerMessage first = sink.accepted.stream().filter(m -> m.body().equals("{\"n\":0}")).findFirst().orElseThrow();
        assertEquals("single", first.headers().get("x-convoy-message-type"));
        assertFalse(first.messageId().isBlank());
        BrokerMessage binary = sink.accepted.stream().filter(m -> m.messageId().equals(binaryId)).findFirst()
                .orElseThrow();
        assertEquals("aGk=", binary.headers().get("blob"));
    }

    @Test
    void deletesOnlyAfterTheSinkReturned() throws Exception {
        String queue = newQueue();
        CountDownLatch inSink = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Recording recording = new Recording();
        run(queue, 1, message -> {
            inSink.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            recording.accept(message);
        }).awaitConsuming();
        sqs.send(queue, "{\"a\":1}", Map.of());

        assertTrue(inSink.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, sqs.inFlight(queue), "received, still in the queue while the sink works");
        release.countDown();
        await("deleted after accept", WAIT, () -> sqs.count(queue) == 0);
        assertEquals(1, recording.accepted.size());
    }

    @Test
    void aSinkFailureLeavesTheMessageInTheQueueAndEndsRun() throws Exception {
        String queue = newQueue();
        Running failing = run(queue, 1, message -> {
            throw new IllegalStateException("disk full");
        }).awaitConsuming();
        String id = sqs.send(queue, "{\"a\":1}", Map.of());

        Throwable thrown = failing.awaitEnd();
        BrokerException broker = assertInstanceOf(BrokerException.class, thrown);
        assertEquals("could not store message " + id + " from queue " + queue + ": disk full", broker.getMessage());
        assertEquals(1, sqs.count(queue), "not deleted");

        // made visible again at once: the next consumer gets it without waiting out the 30 s visibility timeout
        Recording sink = new Recording();
        run(queue, 1, sink).awaitConsuming();
        await("redelivered", WAIT, () -> sink.accepted.size() == 1);
        assertEquals(id, sink.accepted.get(0).messageId());
        await("deleted", WAIT, () -> sqs.count(queue) == 0);
    }

    @Test
    void aRejectedMessageIsDeletedAndNotRedelivered() throws Exception {
        String queue = newQueue();
        Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
        Recording sink = new Recording();
        Running running = run(queue, 1, message -> {
            calls.computeIfAbsent(message.body(), b -> new AtomicInteger()).incrementAndGet();
            if (message.body().startsWith("not json")) {
                throw new RejectedMessageException("body is not JSON");
            }
            sink.accept(message);
        }).awaitConsuming();
        sqs.send(queue, "not json", Map.of());
        await("rejected", WAIT, () -> calls.containsKey("not json"));
        sqs.send(queue, "{\"ok\":true}", Map.of());
        await("accepted", WAIT, () -> sink.accepted.size() == 1);
        await("queue empty", WAIT, () -> sqs.count(queue) == 0);

        assertEquals(1, calls.get("not json").get());
        assertNull(running.thrown.get());
        assertEquals(1, running.ended.getCount(), "still consuming");
    }

    @Test
    void aRejectedMessageGoesToTheQueuesDeadLetterQueueWithTheReason() throws Exception {
        String queue = "with-dlq-" + QUEUES.incrementAndGet();
        sqs.createQueueWithDeadLetterQueue(queue, queue + "-dlq");
        run(queue, 1, message -> {
            throw new RejectedMessageException("no event_type");
        }).awaitConsuming();
        sqs.send(queue, "{\"data\":{}}", Map.of("x-convoy-message-type", "single"));

        await("moved to the DLQ", WAIT, () -> sqs.count(queue + "-dlq") == 1);
        await("gone from the queue", WAIT, () -> sqs.count(queue) == 0);
        var dead = sqs.drain(queue + "-dlq");
        assertEquals(1, dead.size());
        assertEquals("{\"data\":{}}", dead.get(0).body());
        assertEquals("no event_type", dead.get(0).messageAttributes().get(SqsConsumer.REJECTION_REASON_ATTRIBUTE)
                .stringValue());
        assertEquals("single", dead.get(0).messageAttributes().get("x-convoy-message-type").stringValue());
    }

    @Test
    void aRejectedMessageThatCannotReachTheDeadLetterQueueStaysInTheQueueAndEndsRun() throws Exception {
        String queue = "lost-dlq-" + QUEUES.incrementAndGet();
        sqs.createQueueWithDeadLetterQueue(queue, queue + "-dlq");
        Running running = run(queue, 1, message -> {
            throw new RejectedMessageException("no event_type");
        }).awaitConsuming();
        sqs.client().deleteQueue(b -> b.queueUrl(sqs.queueUrl(queue + "-dlq")));
        String id = sqs.send(queue, "{\"data\":{}}", Map.of());

        Throwable thrown = running.awaitEnd();
        assertInstanceOf(BrokerException.class, thrown);
        assertEquals("could not copy rejected message " + id + " to the dead-letter queue " + queue
                + "-dlq: it does not exist", thrown.getMessage());
        assertEquals(1, sqs.count(queue), "not deleted: never lost silently");
        assertEquals(0, sqs.inFlight(queue), "and visible again at once");
    }

    @Test
    void aMissingDeadLetterQueueIsSaidInPlainWords() throws Exception {
        String queue = "gone-dlq-" + QUEUES.incrementAndGet();
        sqs.createQueueWithDeadLetterQueue(queue, queue + "-dlq");
        sqs.client().deleteQueue(b -> b.queueUrl(sqs.queueUrl(queue + "-dlq")));

        Throwable thrown = run(queue, 1, new Recording()).awaitEnd();
        assertInstanceOf(BrokerException.class, thrown);
        assertEquals("dead-letter queue " + queue + "-dlq (from the redrive policy of queue " + queue
                + ") does not exist", thrown.getMessage());
    }

    @Test
    void aMissingQueueIsSaidInPlainWords() throws Exception {
        Running running = run("nope", 1, new Recording());
        Throwable thrown = running.awaitEnd();
        assertInstanceOf(BrokerException.class, thrown);
        assertEquals("queue nope does not exist in region us-east-1 at " + sqs.endpoint(), thrown.getMessage());
        assertEquals(1, running.consuming.getCount(), "never said it was consuming");
    }

    @Test
    void anUnreachableEndpointIsSaidInPlainWords() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String endpoint = "http://127.0.0.1:" + port;
        Running running = new Running(new SqsConsumer(ElasticMq.source("orders", 1, ElasticMq.ACCESS_KEY,
                ElasticMq.SECRET, endpoint), 1), new Recording());
        Throwable thrown = running.awaitEnd();
        assertInstanceOf(BrokerException.class, thrown);
        assertTrue(thrown.getMessage().startsWith("cannot connect to " + endpoint + " ("), thrown.getMessage());
    }

    /** ElasticMQ accepts any credentials: a stub answers as SQS does to an unknown access key. */
    @Test
    void wrongCredentialsAreSaidInPlainWordsWithoutTheSecret() throws Exception {
        HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stub.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body = ("{\"__type\":\"com.amazon.coral.service#InvalidClientTokenId\","
                    + "\"message\":\"The security token included in the request is invalid.\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
            exchange.getResponseHeaders().add("x-amzn-query-error", "InvalidClientTokenId;Sender");
            exchange.sendResponseHeaders(403, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stub.start();
        try {
            String endpoint = "http://127.0.0.1:" + stub.getAddress().getPort();
            Running running = new Running(new SqsConsumer(ElasticMq.source("orders", 1, "AKIAWRONGKEY00000000",
                    "s3cr3t-never-shown", endpoint), 1), new Recording());
            Throwable thrown = running.awaitEnd();
            assertInstanceOf(BrokerException.class, thrown);
            assertEquals("authentication failed for access key AKIA…0000 (check the access key and secret; "
                    + "SQS said InvalidClientTokenId)", thrown.getMessage());
            assertFalse(thrown.getMessage().contains("s3cr3t"));
        } finally {
            stub.stop(0);
        }
    }

    @Test
    void closeLetsThePollInFlightFinishAndRunReturnsNormallySoonAfter() throws Exception {
        String queue = newQueue();
        Running running = new Running(new SqsConsumer(sqs.source(queue, 3), 2), new Recording()); // 2 s long polls
        running.awaitConsuming();
        long start = System.nanoTime();
        running.consumer.close();
        assertNull(running.awaitEnd());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < 6000, "run returned " + millis + " ms after close (2 s poll + 3 s grace at most)");
    }

    @Test
    void messagesArrivingWhileClosingAreHandledOrLeftVisibleNeverStranded() throws Exception {
        String queue = newQueue();
        Recording sink = new Recording();
        Running running = new Running(new SqsConsumer(sqs.source(queue, 2), 2), sink);
        running.awaitConsuming();
        running.consumer.close(); // the polls in flight are still waiting
        for (int i = 0; i < 5; i++) {
            sqs.send(queue, "{\"n\":" + i + "}", Map.of());
        }
        assertNull(running.awaitEnd());
        assertEquals(0, sqs.inFlight(queue), "nothing received and left invisible");
        assertEquals(5, sink.accepted.size() + sqs.count(queue));
    }

    @Test
    void aBrokerThatGoesAwayEndsRunWithCannotConnect() throws Exception {
        try (ElasticMq own = ElasticMq.start()) {
            own.createQueue("orders");
            Running running = new Running(new SqsConsumer(own.source("orders", 1), 1), new Recording());
            running.awaitConsuming();
            own.close();
            Throwable thrown = running.awaitEnd();
            assertInstanceOf(BrokerException.class, thrown);
            assertTrue(thrown.getMessage().startsWith("cannot connect to " + own.endpoint()), thrown.getMessage());
        }
    }
}
