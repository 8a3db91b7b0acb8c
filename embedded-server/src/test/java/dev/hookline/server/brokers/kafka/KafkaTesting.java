package dev.hookline.server.brokers.kafka;

import dev.hookline.server.testing.Await;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;

/** Sources, sinks and waiting for the Kafka consumer's tests. */
final class KafkaTesting {

    static final Duration PATIENCE = Duration.ofSeconds(30);

    /** Short waits so failure tests finish in seconds. */
    static final KafkaConsumerRunner.Timing QUICK = new KafkaConsumerRunner.Timing(Duration.ofSeconds(2),
            Duration.ofSeconds(4), Duration.ofMillis(200));

    private KafkaTesting() {
    }

    static Source source(String uid, String brokers, String topic, String group, int workers,
                         PubSubConfig.KafkaAuth auth) {
        PubSubConfig pubSub = new PubSubConfig(PubSubType.KAFKA, workers, null, null,
                new PubSubConfig.Kafka(List.of(brokers.split(",")), group, topic, auth), null);
        return new Source(uid, "project-1", "mask-" + uid, "kafka " + topic, null, SourceType.PUB_SUB, null, false,
                null, null, null, null, pubSub, null, null, null, null, null, null, null);
    }

    static void awaitTrue(BooleanSupplier condition, String what) {
        Await.until(PATIENCE, what, condition);
    }

    /** A consumer running on a thread of its own: its {@code run} result, and a latch for "consuming". */
    record Running(BrokerConsumer consumer, CompletableFuture<Void> result, CountDownLatch consuming) {

        static Running start(BrokerConsumer consumer, MessageSink sink) {
            return start(consumer, sink, Thread.currentThread().getContextClassLoader());
        }

        /** The same, on a thread whose context class loader is {@code contextLoader}. */
        static Running start(BrokerConsumer consumer, MessageSink sink, ClassLoader contextLoader) {
            CountDownLatch consuming = new CountDownLatch(1);
            CompletableFuture<Void> result = new CompletableFuture<>();
            Thread thread = Thread.ofPlatform().daemon().name("test-kafka-run").unstarted(() -> {
                try {
                    consumer.run(sink, consuming::countDown);
                    result.complete(null);
                } catch (Throwable t) {
                    result.completeExceptionally(t);
                }
            });
            thread.setContextClassLoader(contextLoader);
            thread.start();
            return new Running(consumer, result, consuming);
        }

        /** Closes the consumer and waits for {@code run} to return normally. */
        void stop() {
            consumer.close();
            result.orTimeout(PATIENCE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS).join();
        }
    }

    /** Records what it is handed; rejects bodies that do not start with '{' like the real intake rejects non-JSON. */
    static class RecordingSink implements MessageSink {

        final List<BrokerMessage> accepted = new CopyOnWriteArrayList<>();
        final List<BrokerMessage> rejected = new CopyOnWriteArrayList<>();

        @Override
        public void accept(BrokerMessage message) throws RejectedMessageException {
            if (!message.body().startsWith("{")) {
                rejected.add(message);
                throw new RejectedMessageException("body is not JSON");
            }
            accepted.add(message);
        }

        List<String> bodies() {
            return accepted.stream().map(BrokerMessage::body).toList();
        }
    }
}
