package dev.hookline.server.transforms;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The pause of a script that keeps overrunning its limits, on a clock the test moves. */
class OverrunBreakerTest {

    private static final String LOOP = "function transform(p) { while (true) {} }";

    private final AtomicLong now = new AtomicLong(1_000);
    private final OverrunBreaker breaker = new OverrunBreaker(3, Duration.ofSeconds(30), now::get);

    @Test
    void threeOverrunsInARowPauseTheScriptAndSaySoWithTheTimeLeft() {
        breaker.record("p1", LOOP, true);
        breaker.record("p1", LOOP, true);
        assertNull(breaker.refusal("p1", LOOP), "two overruns: still run");
        breaker.record("p1", LOOP, true);

        String refusal = breaker.refusal("p1", LOOP);
        assertNotNull(refusal);
        assertTrue(refusal.contains("last 3 runs in a row") && refusal.contains("paused for 30 s more"), refusal);
        now.addAndGet(Duration.ofSeconds(20).toNanos());
        assertTrue(breaker.refusal("p1", LOOP).contains("paused for 10 s more"));
    }

    @Test
    void afterThePauseTheNextCallRunsAndOneMoreOverrunPausesItAgainAtOnce() {
        for (int i = 0; i < 3; i++) {
            breaker.record("p1", LOOP, true);
        }
        now.addAndGet(Duration.ofSeconds(31).toNanos());
        assertNull(breaker.refusal("p1", LOOP), "paused long enough: tried again");
        breaker.record("p1", LOOP, true);
        assertTrue(breaker.refusal("p1", LOOP).contains("last 4 runs"));
    }

    @Test
    void aSuccessForgetsTheOverrunsAndOtherScriptsAndProjectsAreNotPaused() {
        breaker.record("p1", LOOP, true);
        breaker.record("p1", LOOP, true);
        breaker.record("p1", LOOP, false);
        breaker.record("p1", LOOP, true);
        breaker.record("p1", LOOP, true);
        assertNull(breaker.refusal("p1", LOOP), "the success broke the run of overruns");

        breaker.record("p1", LOOP, true);
        assertNotNull(breaker.refusal("p1", LOOP));
        assertNull(breaker.refusal("p2", LOOP), "another project's copy of the script");
        assertNull(breaker.refusal("p1", LOOP + " "), "an edited script starts afresh");
    }
}
