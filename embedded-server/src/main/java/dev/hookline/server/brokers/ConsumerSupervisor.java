package dev.hookline.server.brokers;

import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.sources.SourceConsumers;
import dev.hookline.server.sources.SourceRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one consumer per enabled {@code pub_sub} source: started with the server and when a source is created,
 * restarted when it is updated, stopped when it is disabled or deleted (or its project is). It matches the running
 * consumers to the stored sources when told that sources changed (the source API tells it before answering) and
 * every few seconds besides, so nothing that changes sources another way is missed.
 */
public final class ConsumerSupervisor implements SourceConsumers, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerSupervisor.class);
    static final Duration RECONCILE_EVERY = Duration.ofSeconds(5);

    private final SourceRepository sources;
    private final BrokerConsumers consumers;
    private final MessageIntake intake;
    private final Clock clock;
    private final Map<String, SourceRunner> running = new HashMap<>();
    private final Map<String, ConsumerStats> stats = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("broker-supervisor").factory());
    private boolean closed;

    public ConsumerSupervisor(SourceRepository sources, BrokerConsumers consumers, MessageIntake intake, Clock clock) {
        this.sources = sources;
        this.consumers = consumers;
        this.intake = intake;
        this.clock = clock;
    }

    /** Starts the consumers of the stored sources, then keeps matching them. */
    public void start() {
        sourcesChanged();
        ticker.scheduleWithFixedDelay(this::reconcileQuietly, RECONCILE_EVERY.toMillis(),
                RECONCILE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void sourcesChanged() {
        List<SourceRunner> stopping = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            Map<String, Source> wanted = new HashMap<>();
            Set<String> stored = new HashSet<>();
            for (Source source : sources.pubSubSources()) {
                stored.add(source.uid());
                if (!Boolean.TRUE.equals(source.isDisabled()) && source.pubSub() != null) {
                    wanted.put(source.uid(), source);
                }
            }
            for (var it = running.entrySet().iterator(); it.hasNext(); ) {
                var entry = it.next();
                Source want = wanted.get(entry.getKey());
                if (want == null || !sameVersion(want, entry.getValue().source())) {
                    entry.getValue().stop();
                    stopping.add(entry.getValue());
                    it.remove();
                }
            }
            for (Source source : wanted.values()) {
                if (!running.containsKey(source.uid())) {
                    SourceRunner previous = stopping.stream().filter(r -> r.source().uid().equals(source.uid()))
                            .findFirst().orElse(null);
                    SourceRunner runner = new SourceRunner(source, consumers, intake,
                            stats.computeIfAbsent(source.uid(), id -> new ConsumerStats()), clock,
                            previous == null ? null : previous.lastErrorAt(),
                            previous == null ? null : previous.lastError());
                    running.put(source.uid(), runner);
                    runner.start();
                    LOG.info("source {} ({}): consumer {}", source.uid(), source.pubSub().type().wire(),
                            previous == null ? "started" : "restarted");
                }
            }
            // counts stay with a disabled source and go with a deleted one
            stats.keySet().removeIf(id -> !stored.contains(id));
        }
        // outside the lock: a consumer that is slow to close must not hold up the state of the others
        stopping.forEach(SourceRunner::awaitStopped);
    }

    private static boolean sameVersion(Source a, Source b) {
        return Objects.equals(a.updatedAt(), b.updatedAt()) && Objects.equals(a.pubSub(), b.pubSub());
    }

    private void reconcileQuietly() {
        try {
            sourcesChanged();
        } catch (RuntimeException e) {
            LOG.warn("matching broker consumers to sources failed: {}", e.toString());
        }
    }

    @Override
    public SourceConsumer stateOf(Source source) {
        if (source.type() != SourceType.PUB_SUB) {
            return null;
        }
        if (Boolean.TRUE.equals(source.isDisabled())) {
            ConsumerStats.Snapshot counts = stats.getOrDefault(source.uid(), new ConsumerStats()).snapshot();
            return new SourceConsumer(ConsumerState.DISABLED, source.updatedAt(), null, null, null,
                    counts.received(), counts.rejected(), counts.lastRejection(), counts.lastRejectionAt());
        }
        SourceRunner runner;
        synchronized (this) {
            runner = running.get(source.uid());
        }
        if (runner == null) {
            return new SourceConsumer(closed ? ConsumerState.STOPPED : ConsumerState.CONNECTING, now(), null, null,
                    null, 0, 0, null, null);
        }
        return runner.snapshot();
    }

    /** Stops every consumer (each closes its broker connection; unacknowledged messages stay in the broker). */
    @Override
    public void close() {
        List<SourceRunner> stopping;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            stopping = new ArrayList<>(running.values());
            running.clear();
        }
        ticker.shutdownNow();
        stopping.forEach(SourceRunner::stop);
        stopping.forEach(SourceRunner::awaitStopped);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
