package dev.hookline.server.brokers.kafka;

import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes the topic of one Kafka {@code pub_sub} source with {@code workers} {@link KafkaConsumer}s in the source's
 * consumer group, each on a thread of its own (Kafka spreads the topic's partitions over them; workers beyond the
 * partition count stay idle). Every record goes to the sink, up to {@link #IN_FLIGHT} per worker at once; its offset
 * is committed only after the sink returned (the event is committed) or rejected it for good (skipped: Kafka has no
 * dead-letter), and never past a record that is not yet stored. Any other sink failure stops all workers, so the
 * group reads that record again on the next try. (ADR 0017.)
 *
 * <p>Before consuming, one bounded metadata look-up turns Kafka's silent, endless reconnecting into plain words:
 * cannot connect, authentication failed, topic missing. While running, a worker whose group coordinator has had no
 * heartbeat for {@link Timing#lostAfter} stops the consumer with "lost connection", and the supervisor retries.
 */
public final class KafkaConsumerRunner implements BrokerConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaConsumerRunner.class);
    /** Records of one worker handed to the sink at once. */
    static final int IN_FLIGHT = 64;
    private static final ClassLoader KAFKA_LOADER = KafkaConsumer.class.getClassLoader();

    /**
     * How long to wait. {@code connectTimeout}: the first metadata look-up; {@code lostAfter}: no connection to any
     * broker while running; {@code poll}: one poll (also how soon a worker notices it should stop).
     */
    public record Timing(Duration connectTimeout, Duration lostAfter, Duration poll) {

        public static final Timing STANDARD = new Timing(Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofMillis(500));

        public Timing {
            Objects.requireNonNull(connectTimeout);
            Objects.requireNonNull(lostAfter);
            Objects.requireNonNull(poll);
        }
    }

    private final Source source;
    private final KafkaClientSettings settings;
    private final int workers;
    private final Timing timing;
    private final List<KafkaConsumer<byte[], byte[]>> consumers = new CopyOnWriteArrayList<>();
    private final ExecutorService recordThreads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("kafka-record-", 0).factory());
    private volatile boolean closing;
    private volatile boolean stopping;

    public KafkaConsumerRunner(Source source) {
        this(source, Timing.STANDARD);
    }

    public KafkaConsumerRunner(Source source, Timing timing) {
        this.source = source;
        this.settings = new KafkaClientSettings(source);
        Integer configured = source.pubSub().workers();
        this.workers = configured == null || configured < 1 ? 1 : configured;
        this.timing = timing;
    }

    @Override
    public void run(MessageSink sink, Runnable consuming) throws Exception {
        // Kafka loads its configured classes (deserializers, login modules, SASL callbacks) through the thread's
        // context class loader when there is one; the thread that started this one may have a loader that does not
        // see Kafka (a plugin or exec:java class loader), so use the one that loaded Kafka for as long as this runs
        Thread self = Thread.currentThread();
        ClassLoader previous = self.getContextClassLoader();
        self.setContextClassLoader(KAFKA_LOADER);
        try {
            consume(sink, consuming);
        } finally {
            self.setContextClassLoader(previous);
            recordThreads.shutdown();
        }
    }

    private void consume(MessageSink sink, Runnable consuming) throws Exception {
        int partitions = preflight();
        if (stopping) {
            return;
        }
        LOG.info("source {}: consuming {} with {} worker(s) over {} partition(s){}", source.uid(), settings, workers,
                partitions, workers > partitions ? "; " + (workers - partitions) + " worker(s) stay idle" : "");
        AtomicInteger threadNumber = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, task -> {
            Thread thread = new Thread(task, "kafka-" + source.uid() + "-" + threadNumber.getAndIncrement());
            thread.setDaemon(true);
            thread.setContextClassLoader(KAFKA_LOADER);
            return thread;
        });
        Throwable failure = null;
        boolean interrupted = false;
        try {
            ExecutorCompletionService<Void> done = new ExecutorCompletionService<>(pool);
            for (int i = 0; i < workers; i++) {
                int worker = i;
                done.submit(() -> {
                    work(worker, sink);
                    return null;
                });
            }
            consuming.run();
            for (int finished = 0; finished < workers; ) {
                Future<Void> result;
                try {
                    result = done.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                    close();
                    continue;
                }
                finished++;
                try {
                    result.get();
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause();
                        stopWorkers();
                    } else {
                        failure.addSuppressed(e.getCause());
                    }
                }
            }
        } finally {
            pool.shutdown();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure == null || closing) {
            return;
        }
        if (failure instanceof SinkFailure sinkFailure) {
            throw (RuntimeException) sinkFailure.getCause(); // the server's own failure: the supervisor describes it
        }
        if (failure instanceof BrokerException plainWords) {
            throw plainWords;
        }
        throw KafkaFailures.describe(failure, settings);
    }

    @Override
    public void close() {
        closing = true;
        stopWorkers();
    }

    private void stopWorkers() {
        stopping = true;
        for (KafkaConsumer<byte[], byte[]> consumer : consumers) {
            try {
                consumer.wakeup();
            } catch (RuntimeException alreadyClosed) {
                // nothing left to wake
            }
        }
    }

    /** The bounded first look-up: brokers reachable, credentials accepted, topic present. Returns its partitions. */
    private int preflight() throws BrokerException {
        KafkaConsumer<byte[], byte[]> probe;
        try {
            probe = new KafkaConsumer<>(settings.consumerProperties(-1));
        } catch (RuntimeException e) {
            throw KafkaFailures.describe(e, settings);
        }
        consumers.add(probe);
        try {
            if (stopping) {
                return 0;
            }
            List<PartitionInfo> partitions = probe.partitionsFor(settings.topic(), timing.connectTimeout());
            if (partitions == null || partitions.isEmpty()) {
                throw new BrokerException("topic " + settings.topic() + " does not exist on Kafka brokers "
                        + settings.brokerList());
            }
            return partitions.size();
        } catch (WakeupException e) {
            return 0;
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new BrokerException("cannot connect to Kafka brokers " + settings.brokerList() + " (no answer within "
                    + timing.connectTimeout().toSeconds() + " s)", e);
        } catch (RuntimeException e) {
            throw KafkaFailures.describe(e, settings);
        } finally {
            consumers.remove(probe);
            probe.close(CloseOptions.timeout(Duration.ofSeconds(1)));
        }
    }

    private void work(int worker, MessageSink sink) throws Exception {
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(settings.consumerProperties(worker));
        consumers.add(consumer);
        Duration leaveGroupWithin = Duration.ofSeconds(1); // when the broker is gone, do not wait long to say goodbye
        try {
            if (stopping) {
                return;
            }
            consumer.subscribe(List.of(settings.topic()));
            ConnectionWatch watch = new ConnectionWatch(consumer);
            while (!stopping) {
                ConsumerRecords<byte[], byte[]> records;
                try {
                    records = consumer.poll(timing.poll());
                } catch (WakeupException e) {
                    continue; // close() or another worker's failure: the loop condition decides
                }
                if (records.isEmpty()) {
                    watch.check();
                    continue;
                }
                watch.connected();
                handBatch(consumer, records, sink);
            }
            leaveGroupWithin = Duration.ofSeconds(5);
        } finally {
            consumers.remove(consumer);
            consumer.close(CloseOptions.timeout(leaveGroupWithin));
        }
    }

    /**
     * Hands one poll's records to the sink, up to {@link #IN_FLIGHT} at once (on virtual threads: the server commits
     * concurrent events together, so this is what makes a consumer fast), then commits per partition the offset
     * after the longest run of records from the batch's start that the sink stored or rejected. A record the sink
     * failed on is never committed past: records after it that were stored meanwhile are read again later (stored as
     * duplicates where the messages carry idempotency keys). The failure is rethrown after the commit. Events of one
     * partition are therefore not necessarily created in offset order (neither are Convoy's).
     */
    private void handBatch(KafkaConsumer<byte[], byte[]> consumer, ConsumerRecords<byte[], byte[]> records,
                           MessageSink sink) throws SinkFailure {
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>(records.count());
        records.forEach(batch::add);
        AtomicIntegerArray outcomes = new AtomicIntegerArray(batch.size()); // 0 not handed, 1 done, 2 failed
        AtomicReference<SinkFailure> failure = new AtomicReference<>();
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        List<Future<?>> handed = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size() && !stopping && failure.get() == null; i++) {
            inFlight.acquireUninterruptibly();
            int index = i;
            handed.add(recordThreads.submit(() -> {
                try {
                    hand(batch.get(index), sink);
                    outcomes.set(index, 1);
                } catch (SinkFailure failed) {
                    outcomes.set(index, 2);
                    failure.compareAndSet(null, failed);
                } finally {
                    inFlight.release();
                }
            }));
        }
        for (Future<?> future : handed) {
            awaitHanded(future);
        }
        Map<TopicPartition, OffsetAndMetadata> stored = new HashMap<>();
        Set<TopicPartition> stopped = new HashSet<>();
        for (int i = 0; i < batch.size(); i++) {
            ConsumerRecord<byte[], byte[]> record = batch.get(i);
            TopicPartition partition = new TopicPartition(record.topic(), record.partition());
            if (stopped.contains(partition)) {
                continue;
            }
            if (outcomes.get(i) == 1) {
                stored.put(partition, new OffsetAndMetadata(record.offset() + 1));
            } else {
                stopped.add(partition);
            }
        }
        // what the sink stored (or rejected) is acknowledged, even when another record failed
        commit(consumer, stored);
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    /** Waits for a handed record, through interrupts: the batch's commit must not be lost. */
    private static void awaitHanded(Future<?> future) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    future.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException runtime ? runtime
                            : new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Hands one record to the sink; a rejection is final (skipped), any other failure stops the consumer. */
    private void hand(ConsumerRecord<byte[], byte[]> record, MessageSink sink) throws SinkFailure {
        String id = record.topic() + "-" + record.partition() + "-" + record.offset();
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), header.value() == null ? "" : new String(header.value(), StandardCharsets.UTF_8));
        }
        String body = record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8);
        try {
            sink.accept(new BrokerMessage(body, headers, id));
        } catch (RejectedMessageException rejected) {
            // the supervisor's sink already logged the reason and counts it on the source; Kafka has no dead-letter
            LOG.debug("source {}: rejected Kafka message {} ({} bytes) skipped; its offset is committed", source.uid(),
                    id, record.serializedValueSize());
        } catch (RuntimeException failed) {
            if (!closing) {
                LOG.warn("source {}: could not store Kafka message {} ({}); not committed, it is read again on the "
                        + "next try", source.uid(), id, failed.toString());
            }
            throw new SinkFailure(failed);
        }
    }

    /** Commits what was stored; a wake-up (close) interrupts nothing that matters, so it tries once more. */
    private void commit(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, OffsetAndMetadata> stored) {
        if (stored.isEmpty()) {
            return;
        }
        try {
            try {
                consumer.commitSync(stored);
            } catch (WakeupException woken) {
                consumer.commitSync(stored, Duration.ofSeconds(5));
            }
        } catch (CommitFailedException | RebalanceInProgressException rebalanced) {
            LOG.warn("source {}: offsets not committed, the group rebalanced meanwhile; {} partition(s) will be read "
                    + "again from their last commit (stored as duplicates where idempotency keys are set)",
                    source.uid(), stored.size());
        }
    }

    /**
     * Notices when a consumer has lost its broker: its group coordinator (a broker) gets a heartbeat every second
     * while it is reachable, so no heartbeat for {@link Timing#lostAfter} means no broker is answering
     * (Kafka's client itself would only keep reconnecting, silently).
     */
    private final class ConnectionWatch {

        private final Metric lastHeartbeatSecondsAgo;
        private long quietSinceNanos = System.nanoTime();

        ConnectionWatch(KafkaConsumer<byte[], byte[]> consumer) {
            Metric found = null;
            for (var entry : consumer.metrics().entrySet()) {
                if (entry.getKey().name().equals("last-heartbeat-seconds-ago")
                        && entry.getKey().group().equals("consumer-coordinator-metrics")) {
                    found = entry.getValue();
                }
            }
            this.lastHeartbeatSecondsAgo = found;
        }

        /** Records arrived: the broker is there. */
        void connected() {
            quietSinceNanos = System.nanoTime();
        }

        void check() throws BrokerException {
            long quietNanos = System.nanoTime() - quietSinceNanos;
            Object value = lastHeartbeatSecondsAgo == null ? null : lastHeartbeatSecondsAgo.metricValue();
            // negative or NaN: no heartbeat sent yet; then the time since start (or the last records) decides
            if (value instanceof Number secondsAgo && secondsAgo.doubleValue() >= 0) {
                quietNanos = Math.min(quietNanos, (long) (secondsAgo.doubleValue() * 1e9));
            }
            if (quietNanos >= timing.lostAfter().toNanos()) {
                throw new BrokerException("lost connection to Kafka brokers " + settings.brokerList()
                        + ": no broker answered for " + timing.lostAfter().toSeconds() + " s");
            }
        }
    }

    /** The sink failed for a reason other than a rejection: the consumer stops and rethrows the cause. */
    private static final class SinkFailure extends Exception {
        SinkFailure(RuntimeException cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }
}
