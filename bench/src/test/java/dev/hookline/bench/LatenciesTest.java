package dev.hookline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LatenciesTest {

    private static final long MS = 1_000_000;

    @Test
    void percentilesOfTwoHundredRequestsAreMeasuredValuesByNearestRank() {
        // 1 ms .. 200 ms: p95 is the 190th value, p99 the 198th
        long[] samples = LongStream.rangeClosed(1, 200).map(i -> i * MS).toArray();
        Latencies l = Latencies.of(samples);
        assertEquals(200, l.count());
        assertEquals(100.0, l.p50Ms());
        assertEquals(190.0, l.p95Ms());
        assertEquals(198.0, l.p99Ms());
        assertEquals(200.0, l.maxMs());
    }

    @Test
    void orderOfTheSamplesDoesNotMatter() {
        long[] samples = {9 * MS, 1 * MS, 5 * MS, 3 * MS, 7 * MS};
        Latencies l = Latencies.of(samples);
        assertEquals(5.0, l.p50Ms());
        assertEquals(9.0, l.p95Ms());
        assertEquals(9.0, l.maxMs());
        assertEquals(9 * MS, samples[0], "the caller's samples are left as they were");
    }

    @Test
    void oneSlowRequestInTwentyIsNotThePercentileNinetyFive() {
        long[] samples = new long[20];
        java.util.Arrays.fill(samples, 2 * MS);
        samples[7] = 500 * MS;
        Latencies l = Latencies.of(samples);
        assertEquals(2.0, l.p95Ms());
        assertEquals(500.0, l.p99Ms());
        assertEquals(500.0, l.maxMs());
    }

    @Test
    void aSingleSampleIsEveryPercentile() {
        Latencies l = Latencies.of(new long[] {1_500_000});
        assertEquals(1.5, l.p50Ms());
        assertEquals(1.5, l.p99Ms());
    }

    @Test
    void noSamplesIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Latencies.of(new long[0]));
    }
}
