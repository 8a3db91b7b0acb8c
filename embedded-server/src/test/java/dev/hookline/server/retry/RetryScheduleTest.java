package dev.hookline.server.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.StrategyType;
import dev.hookline.server.retry.Retry;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

    /** A random source that always draws the same value (as a fraction of the bound). */
    private static RandomGenerator fixed(double fraction) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return 0;
            }

            @Override
            public long nextLong(long bound) {
                return (long) (bound * fraction);
            }
        };
    }

    @Test
    void linearWaitsTheIntervalEveryTime() {
        Retry linear = new Retry(StrategyType.LINEAR, 100, 10, 0);
        for (long trials = 1; trials <= 9; trials++) {
            assertEquals(NOW.plusSeconds(100), RetrySchedule.nextAttemptAt(linear, trials, NOW, fixed(0.9)));
        }
    }

    @Test
    void exponentialDoublesFromTheIntervalWithoutJitterAtZero() {
        Retry exponential = new Retry(StrategyType.EXPONENTIAL, 10, 10, 0);
        assertEquals(NOW.plusSeconds(10), RetrySchedule.nextAttemptAt(exponential, 1, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(20), RetrySchedule.nextAttemptAt(exponential, 2, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(40), RetrySchedule.nextAttemptAt(exponential, 3, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(80), RetrySchedule.nextAttemptAt(exponential, 4, NOW, fixed(0)));
    }

    @Test
    void exponentialIsCappedAtMaxRetrySeconds() {
        Retry exponential = new Retry(StrategyType.EXPONENTIAL, 10, 50, 300);
        assertEquals(NOW.plusSeconds(160), RetrySchedule.nextAttemptAt(exponential, 5, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(300), RetrySchedule.nextAttemptAt(exponential, 6, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(300), RetrySchedule.nextAttemptAt(exponential, 40, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(300), RetrySchedule.nextAttemptAt(exponential, 1000, NOW, fixed(0)));
    }

    @Test
    void exponentialWithoutACapStopsAtTwoHours() {
        Retry exponential = new Retry(StrategyType.EXPONENTIAL, 100, 50, 0);
        assertEquals(NOW.plusSeconds(6400), RetrySchedule.nextAttemptAt(exponential, 7, NOW, fixed(0)));
        assertEquals(NOW.plusSeconds(7200), RetrySchedule.nextAttemptAt(exponential, 8, NOW, fixed(0)));
    }

    @Test
    void exponentialJitterStaysWithinZeroToFiveSeconds() {
        Retry exponential = new Retry(StrategyType.EXPONENTIAL, 10, 10, 0);
        assertEquals(NOW.plusSeconds(20).plusMillis(2500), RetrySchedule.nextAttemptAt(exponential, 2, NOW,
                fixed(0.5)));
        SplittableRandom random = new SplittableRandom(42);
        Duration smallest = Duration.ofDays(1);
        Duration largest = Duration.ZERO;
        for (int i = 0; i < 10_000; i++) {
            Duration jitter = Duration.between(NOW.plusSeconds(20),
                    RetrySchedule.nextAttemptAt(exponential, 2, NOW, random));
            assertFalse(jitter.isNegative(), "jitter " + jitter);
            assertTrue(jitter.compareTo(RetrySchedule.MAX_JITTER) < 0, "jitter " + jitter);
            smallest = jitter.compareTo(smallest) < 0 ? jitter : smallest;
            largest = jitter.compareTo(largest) > 0 ? jitter : largest;
        }
        assertTrue(smallest.compareTo(Duration.ofMillis(100)) < 0, "draws spread down to 0, smallest " + smallest);
        assertTrue(largest.compareTo(Duration.ofMillis(4900)) > 0, "draws spread up to 5 s, largest " + largest);
    }

    @Test
    void linearHasNoJitter() {
        Retry linear = new Retry(StrategyType.LINEAR, 30, 3, 0);
        assertEquals(NOW.plusSeconds(30), RetrySchedule.nextAttemptAt(linear, 2, NOW, fixed(0.99)));
    }

    @Test
    void retryLimitCountsEveryTryIncludingTheFirst() {
        Retry three = new Retry(StrategyType.LINEAR, 10, 3, 0);
        assertFalse(RetrySchedule.exhausted(three, 1));
        assertFalse(RetrySchedule.exhausted(three, 2));
        assertTrue(RetrySchedule.exhausted(three, 3));
        assertTrue(RetrySchedule.exhausted(new Retry(StrategyType.LINEAR, 10, 0, 0), 1),
                "a limit of 0 still allows the first try only");
    }
}
