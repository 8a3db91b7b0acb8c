package dev.hookline.server.retry;

import dev.hookline.api.model.StrategyType;
import java.time.Duration;
import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * When a failed try is tried again, from the retry state copied onto the delivery (or meta event) from the
 * project's strategy. Pure: the caller passes the clock reading and the random source, so tests get exact times.
 *
 * <ul>
 *   <li>{@code linear}: every retry waits {@code interval_seconds}.</li>
 *   <li>{@code exponential}: the n-th retry (n = 1 after the first try failed) waits
 *       {@code min(interval_seconds x 2^(n-1), max_retry_seconds)} plus a jitter drawn uniformly from
 *       {@code [0, 5 s)}, so many deliveries that failed together do not all come back in the same instant.
 *       {@code max_retry_seconds} 0 means {@value #DEFAULT_MAX_RETRY_SECONDS} s, as in Convoy.</li>
 * </ul>
 *
 * <p>{@code num_trials} counts every try including the first, and a delivery is done when it reaches
 * {@code retry_limit} (so a limit of 10 is 10 tries in all, as in Convoy).
 */
public final class RetrySchedule {

    /** Convoy's cap on one exponential wait when the delivery carries none. */
    public static final long DEFAULT_MAX_RETRY_SECONDS = 7200;

    /** Exponential waits get a jitter in {@code [0, MAX_JITTER)}. */
    public static final Duration MAX_JITTER = Duration.ofSeconds(5);

    private RetrySchedule() {
    }

    /**
     * When to try again after {@code trialsSoFar} tries (at least 1: the one that just failed) have failed at
     * {@code now}. Does not say whether another try is allowed: see {@link #exhausted}.
     */
    public static Instant nextAttemptAt(Retry retry, long trialsSoFar, Instant now,
                                        RandomGenerator random) {
        return now.plus(delay(retry, trialsSoFar, random));
    }

    /** The wait before the next try after {@code trialsSoFar} failed tries. */
    public static Duration delay(Retry retry, long trialsSoFar, RandomGenerator random) {
        long interval = Math.max(0, retry.intervalSeconds());
        if (retry.strategy() != StrategyType.EXPONENTIAL) {
            return Duration.ofSeconds(interval);
        }
        long cap = retry.maxRetrySeconds() > 0 ? retry.maxRetrySeconds() : DEFAULT_MAX_RETRY_SECONDS;
        long doublings = Math.max(0, trialsSoFar - 1);
        long seconds = doublings >= 62 || interval > (cap >> Math.min(doublings, 62)) ? cap
                : Math.min(interval << doublings, cap);
        long jitterNanos = random.nextLong(MAX_JITTER.toNanos());
        return Duration.ofSeconds(seconds).plusNanos(jitterNanos);
    }

    /** Whether {@code trialsSoFar} tries used up the delivery's {@code retry_limit} (no further try). */
    public static boolean exhausted(Retry retry, long trialsSoFar) {
        return trialsSoFar >= Math.max(1, retry.retryLimit());
    }
}
