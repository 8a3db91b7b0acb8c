package dev.hookline.server.dispatch;

import dev.hookline.api.model.Endpoint;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * One circuit breaker per endpoint, in memory, fed by every try's result and asked before every send.
 *
 * <p>Closed: everything is sent, and results are counted in time buckets over the observation window. When at
 * least {@code minimumRequests} tries in the window failed at {@code failureThreshold} or more, the circuit
 * opens: nothing is sent to the endpoint (its due deliveries wait, no try is counted) until {@code errorTimeout}
 * has passed. Then it is half-open: one delivery goes out as a probe; its success closes the circuit, its failure
 * opens it again. {@code tripsToDisable} openings in a row without a success in between mark the endpoint for
 * deactivation (done only when the project's {@code disable_endpoint} asks for it). Activating the endpoint
 * resets its breaker. Thresholds are Convoy's defaults.
 */
public final class CircuitBreakers {

    /**
     * @param window           how far back failures count
     * @param bucket           the window's resolution
     * @param minimumRequests  tries in the window before the rate is judged
     * @param failureThreshold failure rate (0..1) that opens the circuit
     * @param errorTimeout     how long an open circuit waits before a probe
     * @param tripsToDisable   consecutive openings after which the endpoint may be deactivated
     */
    public record Settings(Duration window, Duration bucket, int minimumRequests, double failureThreshold,
                           Duration errorTimeout, int tripsToDisable) {

        public static final Settings DEFAULTS = new Settings(Duration.ofMinutes(5), Duration.ofSeconds(30), 10, 0.7,
                Duration.ofSeconds(30), 10);
    }

    /** Convoy's {@code cb_state} values. */
    public enum State {
        CLOSED("closed"), OPEN("open"), HALF_OPEN("half-open");

        final String wire;

        State(String wire) {
            this.wire = wire;
        }
    }

    /** What the breaker says about sending now. */
    enum Admission { SEND, PROBE, WAIT }

    private final Settings settings;
    private final ConcurrentHashMap<String, Breaker> breakers = new ConcurrentHashMap<>();

    public CircuitBreakers(Settings settings) {
        this.settings = settings;
    }

    /** Whether a delivery to {@code endpointId} may go out now ({@code PROBE}: yes, as the half-open probe). */
    Admission admit(String endpointId, Instant now) {
        Breaker breaker = breakers.get(endpointId);
        return breaker == null ? Admission.SEND : breaker.admit(now);
    }

    /** Endpoints nothing may be sent to right now (open, or half-open with the probe out). */
    Set<String> blocked(Instant now) {
        return breakers.entrySet().stream().filter(e -> e.getValue().blocks(now)).map(java.util.Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    /** When an open circuit lets a probe through (now if it is not open). */
    Instant reopensAt(String endpointId, Instant now) {
        Breaker breaker = breakers.get(endpointId);
        return breaker == null ? now : breaker.reopensAt(now);
    }

    /**
     * Counts a try's result; true when this result opened the circuit for the {@code tripsToDisable}-th time in a
     * row (the endpoint should be deactivated if the project says so).
     */
    boolean record(String endpointId, boolean success, boolean probe, Instant now) {
        return breakers.computeIfAbsent(endpointId, id -> new Breaker(settings)).record(success, probe, now);
    }

    /** A probe that was admitted but not sent after all. */
    void probeAbandoned(String endpointId) {
        Breaker breaker = breakers.get(endpointId);
        if (breaker != null) {
            breaker.probeAbandoned();
        }
    }

    /** Forgets the endpoint's history: the circuit is closed (endpoint activated). */
    public void reset(String endpointId) {
        breakers.remove(endpointId);
    }

    /** The breaker's state of the endpoint; {@code CLOSED} when nothing was sent to it yet. */
    public State state(String endpointId, Instant now) {
        Breaker breaker = breakers.get(endpointId);
        return breaker == null ? State.CLOSED : breaker.state(now);
    }

    /**
     * The endpoint with {@code failure_rate} (percent of failed tries in the window) and {@code cb_state} filled
     * from its breaker; unchanged (both null, as Convoy leaves them) when nothing was sent to it since start.
     */
    public Endpoint describe(Endpoint e, Instant now) {
        Breaker breaker = e == null ? null : breakers.get(e.uid());
        if (breaker == null) {
            return e;
        }
        double rate = breaker.failureRate(now);
        return e.toBuilder().failureRate(Math.round(rate * 10000) / 100.0).cbState(breaker.state(now).wire).build();
    }

    private static final class Breaker {
        private final Settings settings;
        private final long bucketNanos;
        private final int bucketCount;
        private final long[] bucketStart;
        private final int[] successes;
        private final int[] failures;
        private State state = State.CLOSED;
        private Instant openedAt;
        private boolean probeOut;
        private int consecutiveTrips;

        Breaker(Settings settings) {
            this.settings = settings;
            this.bucketNanos = settings.bucket().toNanos();
            this.bucketCount = (int) Math.max(1, settings.window().toNanos() / bucketNanos);
            this.bucketStart = new long[bucketCount];
            this.successes = new int[bucketCount];
            this.failures = new int[bucketCount];
            java.util.Arrays.fill(bucketStart, Long.MIN_VALUE);
        }

        synchronized Admission admit(Instant now) {
            switch (state(now)) {
                case CLOSED:
                    return Admission.SEND;
                case HALF_OPEN:
                    if (probeOut) {
                        return Admission.WAIT;
                    }
                    state = State.HALF_OPEN;
                    probeOut = true;
                    return Admission.PROBE;
                default:
                    return Admission.WAIT;
            }
        }

        synchronized boolean blocks(Instant now) {
            State current = state(now);
            return current == State.OPEN || (current == State.HALF_OPEN && probeOut);
        }

        synchronized Instant reopensAt(Instant now) {
            return state == State.OPEN ? openedAt.plus(settings.errorTimeout()) : now;
        }

        /** The state at {@code now}: an open circuit whose timeout passed reads as half-open. */
        synchronized State state(Instant now) {
            if (state == State.OPEN && !now.isBefore(openedAt.plus(settings.errorTimeout()))) {
                return State.HALF_OPEN;
            }
            return state;
        }

        synchronized boolean record(boolean success, boolean probe, Instant now) {
            if (probe) {
                probeOut = false;
            }
            count(success, now);
            if (state != State.CLOSED && (probe || state(now) == State.HALF_OPEN)) {
                if (success) {
                    close();
                    return false;
                }
                return open(now);
            }
            if (state == State.CLOSED) {
                if (success) {
                    consecutiveTrips = 0;
                    return false;
                }
                long total = 0;
                long failed = 0;
                long from = now.toEpochMilli() * 1_000_000 - settings.window().toNanos();
                for (int i = 0; i < bucketCount; i++) {
                    if (bucketStart[i] >= from) {
                        total += successes[i] + failures[i];
                        failed += failures[i];
                    }
                }
                if (total >= settings.minimumRequests() && failed >= settings.failureThreshold() * total) {
                    return open(now);
                }
            }
            return false;
        }

        synchronized void probeAbandoned() {
            probeOut = false;
        }

        synchronized double failureRate(Instant now) {
            long total = 0;
            long failed = 0;
            long from = now.toEpochMilli() * 1_000_000 - settings.window().toNanos();
            for (int i = 0; i < bucketCount; i++) {
                if (bucketStart[i] >= from) {
                    total += successes[i] + failures[i];
                    failed += failures[i];
                }
            }
            return total == 0 ? 0 : (double) failed / total;
        }

        private void count(boolean success, Instant now) {
            long nanos = now.toEpochMilli() * 1_000_000;
            long start = nanos - Math.floorMod(nanos, bucketNanos);
            int slot = (int) Math.floorMod(start / bucketNanos, (long) bucketCount);
            if (bucketStart[slot] != start) {
                bucketStart[slot] = start;
                successes[slot] = 0;
                failures[slot] = 0;
            }
            if (success) {
                successes[slot]++;
            } else {
                failures[slot]++;
            }
        }

        private boolean open(Instant now) {
            state = State.OPEN;
            openedAt = now;
            consecutiveTrips++;
            return consecutiveTrips == settings.tripsToDisable();
        }

        private void close() {
            state = State.CLOSED;
            probeOut = false;
            consecutiveTrips = 0;
            java.util.Arrays.fill(bucketStart, Long.MIN_VALUE);
        }
    }
}
