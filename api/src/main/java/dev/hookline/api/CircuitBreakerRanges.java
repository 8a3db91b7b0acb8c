package dev.hookline.api;

import dev.hookline.api.model.ProjectConfig;

/**
 * The ranges a project's {@link ProjectConfig.CircuitBreaker circuit breaker} thresholds must keep, in Convoy's units
 * (docs/adr/0034). One place for both sides: the server refuses a config outside them and the console names the
 * mistake next to its field before Save, so the two can never disagree.
 */
public final class CircuitBreakerRanges {

    /** An inclusive range of whole numbers. */
    public record Range(long min, long max) {

        public boolean contains(long value) {
            return value >= min && value <= max;
        }
    }

    /** Seconds per sample. */
    public static final Range SAMPLE_RATE = new Range(1, 3600);
    /** Seconds an open circuit waits before a probe. */
    public static final Range ERROR_TIMEOUT = new Range(1, 86_400);
    /** Percent of failed tries that opens the circuit. */
    public static final Range FAILURE_THRESHOLD = new Range(1, 100);
    /** Percent of successful probes that closes it. */
    public static final Range SUCCESS_THRESHOLD = new Range(1, 100);
    /** Minutes observed. */
    public static final Range OBSERVABILITY_WINDOW = new Range(1, 1440);
    /** Tries before the rate is judged. */
    public static final Range MINIMUM_REQUEST_COUNT = new Range(1, 100_000);
    /** Openings in a row that deactivate the endpoint. */
    public static final Range CONSECUTIVE_FAILURE_THRESHOLD = new Range(1, 1000);

    /**
     * The most samples an observation window may hold (window / sample rate): the server keeps them per endpoint,
     * 16 bytes a sample.
     */
    public static final long MAX_SAMPLES = 3600;

    private CircuitBreakerRanges() {
    }
}
