package dev.hookline.server.dispatch;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.ProjectConfig;
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
 * has passed. Then it is half-open: one delivery goes out as a probe; its failure opens the circuit again, its
 * success closes it when the window's success rate reached {@code successThreshold} (else the next probe goes).
 * {@code tripsToDisable} openings in a row without the circuit closing in between mark the endpoint for
 * deactivation (done only when the project's {@code disable_endpoint} asks for it). Activating the endpoint resets its breaker.
 *
 * <p>The thresholds are the project's {@code circuit_breaker} config (docs/adr/0034): {@link #configure} is told
 * when a project's config is saved and applies it at once to the project's breakers; a project not configured
 * since start is learnt from the config the dispatcher read ({@link #learn}). What a change does to a breaker
 * that is open or has history is {@link Breaker#apply}'s.
 */
public final class CircuitBreakers {

    /**
     * @param window           how far back failures count
     * @param bucket           the window's resolution (Convoy's {@code sample_rate})
     * @param minimumRequests  tries in the window before the rate is judged
     * @param failureThreshold failure rate (0..1) that opens the circuit
     * @param successThreshold success rate (0..1) in the window a successful probe needs to close the circuit
     * @param errorTimeout     how long an open circuit waits before a probe
     * @param tripsToDisable   consecutive openings after which the endpoint may be deactivated
     */
    public record Settings(Duration window, Duration bucket, int minimumRequests, double failureThreshold,
                           double successThreshold, Duration errorTimeout, int tripsToDisable) {

        /** Convoy's defaults: 5 min window of 30 s samples, 10 tries, 70 % to open, 5 % to close, 30 s, 10 trips. */
        public static final Settings DEFAULTS = of(ProjectConfig.CircuitBreaker.DEFAULTS);

        /** A project's {@code circuit_breaker} config (validated; a missing member takes Convoy's default). */
        public static Settings of(ProjectConfig.CircuitBreaker config) {
            ProjectConfig.CircuitBreaker d = ProjectConfig.CircuitBreaker.DEFAULTS;
            ProjectConfig.CircuitBreaker c = config == null ? d : config;
            return new Settings(Duration.ofMinutes(or(c.observabilityWindow(), d.observabilityWindow())),
                    Duration.ofSeconds(or(c.sampleRate(), d.sampleRate())),
                    (int) or(c.minimumRequestCount(), d.minimumRequestCount()),
                    or(c.failureThreshold(), d.failureThreshold()) / 100.0,
                    or(c.successThreshold(), d.successThreshold()) / 100.0,
                    Duration.ofSeconds(or(c.errorTimeout(), d.errorTimeout())),
                    (int) or(c.consecutiveFailureThreshold(), d.consecutiveFailureThreshold()));
        }

        private static long or(Long value, Long fallback) {
            return value != null ? value : fallback;
        }
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

    private final Settings defaults;
    private final ConcurrentHashMap<String, Settings> projectSettings = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Breaker> breakers = new ConcurrentHashMap<>();

    /** @param defaults the settings of a project nothing was learnt about */
    public CircuitBreakers(Settings defaults) {
        this.defaults = defaults;
    }

    /**
     * The project's config was saved: its breakers use {@code config} from now on (the next admission, result and
     * {@code cb_state} already).
     */
    public void configure(String projectId, ProjectConfig.CircuitBreaker config) {
        Settings settings = Settings.of(config);
        projectSettings.put(projectId, settings);
        breakers.values().forEach(b -> b.applyIfOf(projectId, settings));
    }

    /**
     * The config the dispatcher read for a project, used only when nothing was configured for it since start (a
     * save that raced the read already put the newer config).
     */
    void learn(String projectId, ProjectConfig.CircuitBreaker config) {
        projectSettings.computeIfAbsent(projectId, id -> Settings.of(config));
    }

    /** The settings the project's breakers use now. */
    Settings settings(String projectId) {
        return projectSettings.getOrDefault(projectId, defaults);
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

    /** Whether nothing may be sent to the endpoint right now (open, or half-open with the probe out). */
    boolean blocks(String endpointId, Instant now) {
        Breaker breaker = breakers.get(endpointId);
        return breaker != null && breaker.blocks(now);
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
    boolean record(String endpointId, String projectId, boolean success, boolean probe, Instant now) {
        Settings settings = settings(projectId);
        Breaker breaker = breakers.computeIfAbsent(endpointId, id -> new Breaker(projectId, settings));
        breaker.applyIfOf(projectId, settings(projectId)); // a configure() that ran while the breaker was made
        return breaker.record(success, probe, now);
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
        private final String projectId;
        private Settings settings;
        private long bucketNanos;
        private int bucketCount;
        private long[] bucketStart;
        private int[] successes;
        private int[] failures;
        private State state = State.CLOSED;
        private Instant openedAt;
        private boolean probeOut;
        private int consecutiveTrips;

        Breaker(String projectId, Settings settings) {
            this.projectId = projectId;
            this.settings = settings;
            cutWindow();
        }

        /**
         * New thresholds for an endpoint of {@code project} (others are left alone). The state stays: an open
         * circuit stays open and its new {@code errorTimeout} counts from when it opened (shortened, the probe may
         * go at once); rates are judged against the new thresholds at the next result, not at the change (nothing
         * opens or closes without a try). The count of openings in a row stays. Only a new window or sample rate
         * restarts the counts, as the old buckets cannot be cut into the new ones.
         */
        synchronized void applyIfOf(String project, Settings next) {
            if (!projectId.equals(project) || settings.equals(next)) {
                return;
            }
            boolean recut = !settings.window().equals(next.window()) || !settings.bucket().equals(next.bucket());
            settings = next;
            if (recut) {
                cutWindow();
            }
        }

        /** Empty buckets covering the window (rounded up, so the whole window is kept). */
        private void cutWindow() {
            bucketNanos = settings.bucket().toNanos();
            long window = settings.window().toNanos();
            bucketCount = (int) Math.max(1, (window + bucketNanos - 1) / bucketNanos);
            bucketStart = new long[bucketCount];
            successes = new int[bucketCount];
            failures = new int[bucketCount];
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
                if (!success) {
                    return open(now);
                }
                if (successRate(now) >= settings.successThreshold()) {
                    close();
                } else {
                    state = State.HALF_OPEN; // not enough yet: the next delivery is the next probe
                }
                return false;
            }
            if (state == State.CLOSED) {
                if (success) {
                    consecutiveTrips = 0;
                    return false;
                }
                long[] counted = counted(now);
                long total = counted[0] + counted[1];
                if (total >= settings.minimumRequests() && counted[1] >= settings.failureThreshold() * total) {
                    return open(now);
                }
            }
            return false;
        }

        synchronized void probeAbandoned() {
            probeOut = false;
        }

        synchronized double failureRate(Instant now) {
            long[] counted = counted(now);
            long total = counted[0] + counted[1];
            return total == 0 ? 0 : (double) counted[1] / total;
        }

        private double successRate(Instant now) {
            long[] counted = counted(now);
            long total = counted[0] + counted[1];
            return total == 0 ? 0 : (double) counted[0] / total;
        }

        /** Successful and failed tries in the window: {@code {successes, failures}}. */
        private long[] counted(Instant now) {
            long succeeded = 0;
            long failed = 0;
            long from = now.toEpochMilli() * 1_000_000 - settings.window().toNanos();
            for (int i = 0; i < bucketCount; i++) {
                if (bucketStart[i] >= from) {
                    succeeded += successes[i];
                    failed += failures[i];
                }
            }
            return new long[] {succeeded, failed};
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
            // >=: a threshold lowered below the openings so far deactivates at the next opening
            return consecutiveTrips >= settings.tripsToDisable();
        }

        private void close() {
            state = State.CLOSED;
            probeOut = false;
            consecutiveTrips = 0;
            java.util.Arrays.fill(bucketStart, Long.MIN_VALUE);
        }
    }
}
