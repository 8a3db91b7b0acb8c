package dev.hookline.server.brokers;

import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one pub_sub source consuming on a thread of its own: makes a consumer, runs it, and when it fails records
 * why and tries again after a backoff (1 s doubling up to a minute, reset once a try got as far as consuming). The
 * server keeps serving meanwhile. {@link #stop} ends it.
 */
final class SourceRunner {

    private static final Logger LOG = LoggerFactory.getLogger(SourceRunner.class);
    static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    static final Duration MAX_BACKOFF = Duration.ofMinutes(1);
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final Source source;
    private final BrokerConsumers consumers;
    private final MessageSink sink;
    private final ConsumerStats stats;
    private final Clock clock;
    private final Object lock = new Object();
    private final Thread thread;

    // guarded by lock
    private boolean stopped;
    private BrokerConsumer current;
    private ConsumerState state = ConsumerState.CONNECTING;
    private Instant since;
    private String lastError;
    private Instant lastErrorAt;
    private Instant nextRetryAt;

    SourceRunner(Source source, BrokerConsumers consumers, MessageIntake intake, ConsumerStats stats, Clock clock,
                 Instant lastErrorAt, String lastError) {
        this.source = source;
        this.consumers = consumers;
        this.stats = stats;
        this.clock = clock;
        this.since = now();
        this.lastError = lastError;
        this.lastErrorAt = lastErrorAt;
        this.sink = message -> {
            try {
                intake.accept(source, message);
                stats.received();
            } catch (RejectedMessageException e) {
                stats.rejected(e.reason(), now());
                // the reason names fields, never the payload: payloads stay out of logs
                LOG.warn("source {} rejected broker message {}: {}", source.uid(), message.messageId(), e.reason());
                throw e;
            }
        };
        this.thread = Thread.ofPlatform().daemon().name("broker-" + source.pubSub().type().wire() + "-"
                + source.uid()).unstarted(this::loop);
    }

    Source source() {
        return source;
    }

    void start() {
        thread.start();
    }

    private void loop() {
        Duration backoff = FIRST_BACKOFF;
        while (true) {
            boolean reachedConsuming = false;
            try {
                BrokerConsumer consumer = consumers.create(source);
                synchronized (lock) {
                    if (stopped) {
                        consumer.close();
                        return;
                    }
                    current = consumer;
                    enter(ConsumerState.CONNECTING);
                }
                boolean[] consuming = {false};
                try {
                    consumer.run(sink, () -> {
                        consuming[0] = true;
                        synchronized (lock) {
                            if (!stopped) {
                                enter(ConsumerState.RUNNING);
                            }
                        }
                        LOG.info("source {} consuming from {}", source.uid(), source.pubSub().type().wire());
                    });
                } finally {
                    reachedConsuming = consuming[0];
                    consumer.close();
                }
                if (isStopped()) {
                    return;
                }
                fail("the consumer stopped on its own", null);
            } catch (Exception | LinkageError e) {
                if (isStopped()) {
                    return;
                }
                fail(FailureDescriptions.describe(e), e);
            }
            if (reachedConsuming) {
                backoff = FIRST_BACKOFF;
            }
            if (!waitForRetry(backoff)) {
                return;
            }
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        }
    }

    /** Records why the try failed; {@link #waitForRetry} then shows it retrying, with when. */
    private void fail(String words, Throwable cause) {
        synchronized (lock) {
            lastError = words;
            lastErrorAt = now();
        }
        LOG.warn("source {} ({}) consumer failed: {}", source.uid(), source.pubSub().type().wire(), words);
        if (cause != null && !(cause instanceof BrokerException)) {
            LOG.debug("source {} consumer failure", source.uid(), cause);
        }
    }

    /** Sleeps the backoff (showing when the next try comes); false when stopped meanwhile. */
    private boolean waitForRetry(Duration backoff) {
        synchronized (lock) {
            // in one step, so a reader never sees a retrying consumer without its next try's time
            enter(ConsumerState.RETRYING);
            nextRetryAt = now().plus(backoff);
            long deadline = System.nanoTime() + backoff.toNanos();
            while (!stopped) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    nextRetryAt = null;
                    return true;
                }
                try {
                    lock.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return false;
        }
    }

    private void enter(ConsumerState next) {
        if (state != next) {
            state = next;
            since = now();
        }
        if (next != ConsumerState.RETRYING) {
            nextRetryAt = null;
        }
    }

    private boolean isStopped() {
        synchronized (lock) {
            return stopped;
        }
    }

    /** Stops consuming; returns without waiting (see {@link #awaitStopped}). */
    void stop() {
        BrokerConsumer consumer;
        synchronized (lock) {
            if (stopped) {
                return;
            }
            stopped = true;
            enter(ConsumerState.STOPPED);
            consumer = current;
            lock.notifyAll();
        }
        if (consumer != null) {
            try {
                consumer.close();
            } catch (RuntimeException e) {
                LOG.debug("closing the consumer of source {} failed", source.uid(), e);
            }
        }
    }

    /** Waits (bounded) until the runner's thread ended. */
    void awaitStopped() {
        try {
            if (!thread.join(STOP_WAIT)) {
                LOG.warn("the consumer of source {} did not stop within {} s", source.uid(),
                        STOP_WAIT.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    String lastError() {
        synchronized (lock) {
            return lastError;
        }
    }

    Instant lastErrorAt() {
        synchronized (lock) {
            return lastErrorAt;
        }
    }

    SourceConsumer snapshot() {
        ConsumerStats.Snapshot counts = stats.snapshot();
        synchronized (lock) {
            return new SourceConsumer(state, since, lastError, lastErrorAt, nextRetryAt, counts.received(),
                    counts.rejected(), counts.lastRejection(), counts.lastRejectionAt());
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
