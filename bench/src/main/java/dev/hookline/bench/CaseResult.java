package dev.hookline.bench;

/**
 * The measurement of one case: the rows the pages held (fewest and most) and the request times.
 */
public record CaseResult(BenchCase benchCase, int minRows, int maxRows, Latencies latencies) {

    /** True if the case's p95 is within {@code targetMs}. */
    public boolean meets(double targetMs) {
        return latencies.p95Ms() <= targetMs;
    }
}
