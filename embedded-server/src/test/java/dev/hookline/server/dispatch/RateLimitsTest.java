package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RateLimitsTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private final RateLimits limits = new RateLimits();

    @Test
    void aFullBucketGrantsABurstOfCountThenSaysWhenTheNextTokenComes() {
        assertEquals(Duration.ZERO, limits.tryTake("e", 3, 60, T0));
        assertEquals(Duration.ZERO, limits.tryTake("e", 3, 60, T0));
        assertEquals(Duration.ZERO, limits.tryTake("e", 3, 60, T0));
        assertEquals(Duration.ofSeconds(20), limits.tryTake("e", 3, 60, T0));
        assertEquals(Duration.ofSeconds(5), limits.tryTake("e", 3, 60, T0.plusSeconds(15)));
        assertEquals(Duration.ZERO, limits.tryTake("e", 3, 60, T0.plusSeconds(20)));
    }

    @Test
    void zeroCountOrDurationIsUnlimited() {
        for (int i = 0; i < 1000; i++) {
            assertEquals(Duration.ZERO, limits.tryTake("a", 0, 60, T0));
            assertEquals(Duration.ZERO, limits.tryTake("b", 5, 0, T0));
        }
    }

    @Test
    void aTokenGivenBackCanBeTakenAgain() {
        assertEquals(Duration.ZERO, limits.tryTake("e", 1, 10, T0));
        limits.giveBack("e");
        assertEquals(Duration.ZERO, limits.tryTake("e", 1, 10, T0));
        assertEquals(Duration.ofSeconds(10), limits.tryTake("e", 1, 10, T0));
    }

    @Test
    void aChangedLimitStartsAFreshBucket() {
        assertEquals(Duration.ZERO, limits.tryTake("e", 1, 60, T0));
        assertEquals(Duration.ofSeconds(60), limits.tryTake("e", 1, 60, T0));
        assertEquals(Duration.ZERO, limits.tryTake("e", 2, 60, T0), "raised limit: full bucket of the new size");
    }

    @Test
    void keysHaveTheirOwnBuckets() {
        assertEquals(Duration.ZERO, limits.tryTake("endpoint:a", 1, 60, T0));
        assertEquals(Duration.ZERO, limits.tryTake("endpoint:b", 1, 60, T0));
    }
}
