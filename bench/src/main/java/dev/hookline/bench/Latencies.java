package dev.hookline.bench;

import java.util.Arrays;

/**
 * Percentiles of measured request times, by the nearest-rank method: the p-th percentile of n samples is the
 * smallest sample that at least p % of the samples do not exceed (sorted[ceil(p / 100 * n) - 1]). It is always a
 * measured value, never an interpolation, so "p95 = 12 ms" means 95 % of the requests took 12 ms or less.
 */
public record Latencies(int count, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

    /** Summarises request times in nanoseconds (at least one). */
    public static Latencies of(long[] nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Latencies(sorted.length, millis(percentile(sorted, 50)), millis(percentile(sorted, 95)),
                millis(percentile(sorted, 99)), millis(sorted[sorted.length - 1]));
    }

    /** The nearest-rank percentile {@code p} (0 < p <= 100) of ascending {@code sorted} samples. */
    static long percentile(long[] sorted, double p) {
        if (p <= 0 || p > 100) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + p);
        }
        // p * n first: exact for whole percentiles (95 * 200 / 100 is 190, 0.95 * 200 need not be)
        int rank = (int) Math.ceil(p * sorted.length / 100.0);
        return sorted[Math.max(rank, 1) - 1];
    }

    private static double millis(long nanos) {
        return nanos / 1_000_000.0;
    }
}
