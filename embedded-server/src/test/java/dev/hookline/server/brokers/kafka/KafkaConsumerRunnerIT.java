package dev.hookline.server.brokers.kafka;

import static dev.hookline.server.brokers.kafka.KafkaTesting.PATIENCE;
import static dev.hookline.server.brokers.kafka.KafkaTesting.QUICK;
import static dev.hookline.server.brokers.kafka.KafkaTesting.awaitTrue;
import static dev.hookline.server.brokers.kafka.KafkaTesting.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.kafka.KafkaTesting.RecordingSink;
import dev.hookline.server.brokers.kafka.KafkaTesting.Running;
import dev.hookline.server.testing.EmbeddedKafka;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Kafka consumer against a real in-process KRaft broker, with a recording sink in place of the server. */
class KafkaConsumerRunnerIT {

    private static EmbeddedKafka kafka;

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

    private static List<String> messages(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> "{\"n\":\"" + prefix + i + "\"}").toList();
    }

    @Test
    void everyRecordReachesTheSinkWithItsHeadersAndIsCommittedAfterwards() {
        kafka.createTopic("orders", 3);
        kafka.sendAll("orders", messages("o", 30), Map.of("x-convoy-message-type", "single", "tenant", "acme"));
        RecordingSink sink = new RecordingSink();
        Running running = Running.start(new KafkaConsumerRunner(
                source("src-all", kafka.bootstrapServers(), "orders", "", 2, null), QUICK), sink);

        awaitTrue(() -> sink.accepted.size() == 30, "30 messages at the sink, got " + sink.accepted.size());
        awaitTrue(() -> kafka.committedTotal("hookline-src-all", "orders") == 30, "30 offsets committed");
        assertEquals(0, running.consuming().getCount(), "consuming was signalled");
        assertEquals(new HashSet<>(messages("o", 30)), new HashSet<>(sink.bodies()));
        BrokerMessage first = sink.accepted.getFirst();
        assertEquals(Map.of("x-convoy-message-type", "single", "tenant", "acme"), first.headers());
        assertTrue(first.messageId().matches("orders-[0-2]-\\d+"), first.messageId());

        running.stop();
        assertEquals(30, sink.accepted.size(), "nothing read twice");
    }

    @Test
    void nothingPastARecordTheSinkFailedOnIsCommittedAndTheNextConsumerReadsFromIt() {
        kafka.createTopic("payments", 1);
        kafka.sendAll("payments", messages("p", 10), Map.of());
        String poison = messages("p", 10).get(5);
        Set<String> stored = ConcurrentHashMap.newKeySet();
        MessageSink failsOnTheSixth = message -> {
            if (message.body().equals(poison)) {
                throw new IllegalStateException("disk full");
            }
            stored.add(message.body());
        };
        Running failing = Running.start(new KafkaConsumerRunner(
                source("src-fail", kafka.bootstrapServers(), "payments", "payments-group", 1, null), QUICK),
                failsOnTheSixth);

        CompletionException thrown = assertThrows(CompletionException.class,
                () -> failing.result().orTimeout(PATIENCE.toSeconds(), TimeUnit.SECONDS).join());
        assertInstanceOf(IllegalStateException.class, thrown.getCause(), "the sink's failure is what run throws");
        assertTrue(stored.containsAll(messages("p", 5)), "the five before it were stored: " + stored);
        assertEquals(5, kafka.committedTotal("payments-group", "payments"), "committed up to the failed one only");

        RecordingSink next = new RecordingSink();
        Running again = Running.start(new KafkaConsumerRunner(
                source("src-fail", kafka.bootstrapServers(), "payments", "payments-group", 1, null), QUICK), next);
        awaitTrue(() -> next.accepted.size() == 5, "the failed one and those after it, again");
        again.stop();
        assertEquals(new HashSet<>(messages("p", 10).subList(5, 10)), new HashSet<>(next.bodies()));
        assertEquals(10, kafka.committedTotal("payments-group", "payments"));
    }

    @Test
    void closingMidStreamCommitsWhatWasStoredAndTheNextConsumerReadsExactlyTheRest() {
        int count = 300;
        kafka.createTopic("refunds", 1);
        kafka.sendAll("refunds", messages("r", count), Map.of());
        Set<String> stored = ConcurrentHashMap.newKeySet();
        AtomicReference<KafkaConsumerRunner> self = new AtomicReference<>();
        MessageSink closesOnTheThird = message -> {
            stored.add(message.body());
            if (stored.size() == 3) {
                self.get().close(); // the server stops while messages are being stored
            }
        };
        KafkaConsumerRunner first = new KafkaConsumerRunner(
                source("src-close", kafka.bootstrapServers(), "refunds", null, 1, null), QUICK);
        self.set(first);
        Running running = Running.start(first, closesOnTheThird);
        running.result().orTimeout(PATIENCE.toSeconds(), TimeUnit.SECONDS).join(); // returns normally
        assertTrue(stored.size() < count, "stopped mid-stream after " + stored.size());
        assertEquals(stored.size(), kafka.committedTotal("hookline-src-close", "refunds"), "all stored, committed");

        RecordingSink next = new RecordingSink();
        Running again = Running.start(new KafkaConsumerRunner(
                source("src-close", kafka.bootstrapServers(), "refunds", null, 1, null), QUICK), next);
        int rest = count - stored.size();
        awaitTrue(() -> next.accepted.size() >= rest, "the other " + rest);
        awaitTrue(() -> kafka.committedTotal("hookline-src-close", "refunds") == count, "all committed");
        again.stop();
        Set<String> all = new HashSet<>(stored);
        all.addAll(next.bodies());
        assertEquals(new HashSet<>(messages("r", count)), all, "nothing lost");
        assertEquals(rest, next.accepted.size(), "nothing read twice");
    }

    @Test
    void aRejectedMessageIsSkippedAndCommittedAndTheRestFlows() {
        kafka.createTopic("mixed", 1);
        kafka.send("mixed", "{\"n\":1}", Map.of());
        kafka.send("mixed", "this is not json", Map.of());
        kafka.send("mixed", "{\"n\":3}", Map.of());
        RecordingSink sink = new RecordingSink();
        Running running = Running.start(new KafkaConsumerRunner(
                source("src-mixed", kafka.bootstrapServers(), "mixed", null, 1, null), QUICK), sink);

        awaitTrue(() -> kafka.committedTotal("hookline-src-mixed", "mixed") == 3, "all three committed");
        running.stop();
        assertEquals(Set.of("{\"n\":1}", "{\"n\":3}"), new HashSet<>(sink.bodies()));
        assertEquals(List.of("this is not json"), sink.rejected.stream().map(BrokerMessage::body).toList());
        assertEquals("mixed-0-1", sink.rejected.getFirst().messageId());
    }

    @Test
    void aMissingTopicIsSaidInPlainWords() {
        Running running = Running.start(new KafkaConsumerRunner(
                source("src-missing", kafka.bootstrapServers(), "no-such-topic", null, 1, null), QUICK),
                new RecordingSink());
        BrokerException failure = failure(running);
        assertEquals("topic no-such-topic does not exist on Kafka brokers " + kafka.bootstrapServers(),
                failure.getMessage());
        assertEquals(1, running.consuming().getCount(), "never said it was consuming");
    }

    @Test
    void unreachableBrokersAreSaidInPlainWords() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String brokers = "127.0.0.1:" + closedPort;
        Running running = Running.start(new KafkaConsumerRunner(
                source("src-nowhere", brokers, "orders", null, 1, null), QUICK), new RecordingSink());
        BrokerException failure = failure(running);
        assertEquals("cannot connect to Kafka brokers " + brokers + " (no answer within 2 s)", failure.getMessage());
    }

    @Test
    void closeStopsAnIdleConsumerAndRunReturns() {
        kafka.createTopic("quiet", 2);
        Running running = Running.start(new KafkaConsumerRunner(
                source("src-quiet", kafka.bootstrapServers(), "quiet", null, 3, null), QUICK), new RecordingSink());
        awaitTrue(() -> running.consuming().getCount() == 0, "consuming");
        running.stop();
        assertTrue(running.result().isDone() && !running.result().isCompletedExceptionally());
    }

    @Test
    void consumesWhenStartedFromAThreadWhoseClassLoaderCannotSeeKafka() {
        kafka.createTopic("loaders", 1);
        kafka.send("loaders", "{\"n\":1}", Map.of());
        RecordingSink sink = new RecordingSink();
        ClassLoader blind = new java.net.URLClassLoader(new java.net.URL[0], ClassLoader.getPlatformClassLoader());
        Running running = Running.start(new KafkaConsumerRunner(
                source("src-loaders", kafka.bootstrapServers(), "loaders", null, 1, null), QUICK), sink, blind);
        awaitTrue(() -> sink.accepted.size() == 1 || running.result().isDone(), "the message (or a failure)");
        running.stop();
        assertEquals(1, sink.accepted.size());
    }

    static BrokerException failure(Running running) {
        CompletionException thrown = assertThrows(CompletionException.class,
                () -> running.result().orTimeout(PATIENCE.toSeconds(), TimeUnit.SECONDS).join());
        return assertInstanceOf(BrokerException.class, thrown.getCause());
    }
}
