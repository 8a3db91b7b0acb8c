package dev.hookline.server.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The pacing rule on a clock the test moves: who is held back, how much, and when it is let go. */
class FloodPacingTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final FloodPacing pacing = new FloodPacing(clock::get);

    /** A window in which "flood" claims 200 (2,000 a second) while "quiet" claims 2 and waits 30 ms; then the next. */
    private void floodWhileQuietLags() {
        pacing.took("flood", 200);
        pacing.took("quiet", 2);
        pacing.lagged("quiet", 30 * MS);
        nextWindow();
    }

    /** Moves to the next window and lets the pacing close the last one (any call does). */
    private void nextWindow() {
        clock.addAndGet(FloodPacing.WINDOW_NANOS);
        pacing.rate("anyone");
    }

    @Test
    void aProjectAloneIsNeverPacedHoweverLateItsOwnWorkIs() {
        pacing.took("flood", 500);
        pacing.lagged("flood", 900 * MS);
        nextWindow();

        assertEquals(Integer.MAX_VALUE, pacing.room("flood"));
        assertEquals(0, pacing.rate("flood"));
    }

    @Test
    void aFloodIsPacedAtHalfItsRateWhileAnotherProjectsNewDeliveriesLag() {
        pacing.took("flood", 200); // 2,000 a second
        pacing.took("quiet", 2);
        pacing.lagged("quiet", 30 * MS);
        nextWindow();

        assertEquals(1_000, pacing.rate("flood"), 0.001);
        assertEquals(0, pacing.rate("quiet"), "the lagging project itself is not held back");
        assertEquals(Integer.MAX_VALUE, pacing.room("quiet"));
        assertEquals(0, pacing.room("flood"), "a flood starts its pace with nothing saved");

        clock.addAndGet(50 * MS);
        assertEquals(50, pacing.room("flood"), "50 ms at 1,000 a second");
    }

    @Test
    void aProjectNotFourTimesAsBusyAsTheLaggingOneIsLeftAlone() {
        pacing.took("busier", 7);
        pacing.took("quiet", 2);
        pacing.lagged("quiet", 30 * MS);
        nextWindow();

        assertEquals(Integer.MAX_VALUE, pacing.room("busier"));
    }

    @Test
    void aLagWithinTheTargetPacesNobody() {
        pacing.took("flood", 200);
        pacing.took("quiet", 2);
        pacing.lagged("quiet", FloodPacing.LAG_TARGET_NANOS);
        nextWindow();

        assertEquals(Integer.MAX_VALUE, pacing.room("flood"));
    }

    @Test
    void aPacedFloodSpeedsUpWhileNobodyLagsAndIsLetGoOnceItNoLongerUsesItsPace() {
        floodWhileQuietLags();
        assertEquals(1_000, pacing.rate("flood"), 0.001);

        pacing.took("flood", 100); // does what its pace allows; nobody lags
        nextWindow();
        assertEquals(1_000 * FloodPacing.SPEED_UP, pacing.rate("flood"), 0.001, "faster after a window without lag");

        for (int quiet = 2; quiet <= 2 * FloodPacing.RELEASE_WINDOWS; quiet++) {
            pacing.took("flood", (int) (pacing.rate("flood") / 10)); // still a flood: uses its pace, is not let go
            nextWindow();
        }
        assertTrue(pacing.rate("flood") > 0, "a flood that keeps going stays paced (just ever faster)");

        for (int quiet = 1; quiet < FloodPacing.RELEASE_WINDOWS; quiet++) {
            pacing.took("flood", 1); // its flood is over
            nextWindow();
        }
        pacing.took("flood", 1);
        nextWindow();
        assertEquals(0, pacing.rate("flood"), 0.001, "let go once it no longer uses its pace");
        assertEquals(Integer.MAX_VALUE, pacing.room("flood"));
    }

    @Test
    void aLagResetsTheWayToBeingLetGo() {
        floodWhileQuietLags();
        for (int quiet = 1; quiet < FloodPacing.RELEASE_WINDOWS; quiet++) {
            pacing.took("flood", 1);
            nextWindow();
        }
        pacing.took("flood", 1); // not busier than the lagging one now: not slowed down, but not let go either
        pacing.took("other", 100); // another flood is what the lagging one waited for
        pacing.took("quiet", 2);
        pacing.lagged("quiet", 30 * MS);
        nextWindow();
        assertTrue(pacing.rate("other") > 0);
        pacing.took("flood", 1);
        nextWindow();
        assertTrue(pacing.rate("flood") > 0, "a window with a lag starts the count again");
    }

    @Test
    void aLagAgainHalvesThePaceDownToTheFloor() {
        for (int i = 0; i < 10; i++) {
            pacing.took("flood", 200);
            pacing.took("quiet", 2);
            pacing.lagged("quiet", 30 * MS);
            nextWindow();
        }
        assertEquals(FloodPacing.FLOOR_PER_SECOND, pacing.rate("flood"), 0.001);
    }

    @Test
    void aLargeWriteGoesIntoDebtAndTheNextWaitsItOff() {
        floodWhileQuietLags();
        clock.addAndGet(50 * MS); // 50 saved at 1,000 a second

        pacing.awaitRoom("flood", 600, () -> false); // more than its savings: goes ahead, 550 in debt
        assertEquals(50, pacing.room("flood"), "its writes' debt is not its sends': two buckets");

        AtomicLong asked = new AtomicLong();
        pacing.awaitRoom("flood", 10, () -> asked.incrementAndGet() > 3); // waits (the clock stands still) until stopped
        assertTrue(asked.get() > 3, "it waited for its debt to be paid off until its caller stopped");

        long before = clock.get();
        pacing.awaitRoom("quiet", 5, () -> false); // not paced: never waits
        assertEquals(before, clock.get());
    }

    @Test
    void aNewDeliverysLagCountsFromItsProjectsLastPlan() {
        pacing.took("flood", 200);
        pacing.took("quiet", 2);
        pacing.planned("quiet");
        clock.addAndGet(30 * MS);
        pacing.startedNew("quiet"); // its send started 30 ms after its plan committed
        nextWindow();

        assertEquals(1_000, pacing.rate("flood"), 0.001);
    }

    @Test
    void aProjectStartsWithFewSendsInFlightAndDoublesThemEachWindowNobodyWaited() {
        assertEquals(FloodPacing.FIRST_IN_FLIGHT, pacing.inFlightLimit("flood"), "a flood's first look");
        pacing.took("flood", 200);
        nextWindow();
        assertEquals(2 * FloodPacing.FIRST_IN_FLIGHT, pacing.inFlightLimit("flood"));
        for (int i = 0; i < 4; i++) {
            pacing.took("flood", 200);
            nextWindow();
        }
        assertEquals(32 * FloodPacing.FIRST_IN_FLIGHT, pacing.inFlightLimit("flood"),
                "alone, it reaches a dispatcher's cap (1,536) within half a second");
    }

    @Test
    void aFloodThatMakesAnotherProjectWaitHasItsSendsInFlightHalvedDownToTheLeast() {
        floodWhileQuietLags();
        assertEquals(FloodPacing.FIRST_IN_FLIGHT / 2, pacing.inFlightLimit("flood"));
        assertTrue(pacing.inFlightLimit("quiet") > FloodPacing.FIRST_IN_FLIGHT, "the one that waited is not held");
        for (int i = 0; i < 5; i++) {
            floodWhileQuietLags();
        }
        assertEquals(FloodPacing.LEAST_IN_FLIGHT, pacing.inFlightLimit("flood"));

        pacing.took("flood", 200); // nobody waits any more
        nextWindow();
        assertEquals(2 * FloodPacing.LEAST_IN_FLIGHT, pacing.inFlightLimit("flood"));
    }

    @Test
    void aProjectsLastPlanIsForgottenOnceItCanNoLongerDateAClaim() {
        pacing.planned("deleted");
        nextWindow();
        assertEquals(1, pacing.remembered());

        clock.addAndGet(TimeUnit.SECONDS.toNanos(5));
        nextWindow();
        assertEquals(0, pacing.remembered(), "a deleted or idle project leaves no entry behind");
        pacing.startedNew("deleted"); // and a late claim counts no lag
        pacing.took("flood", 200);
        nextWindow();
        assertEquals(0, pacing.rate("flood"));
    }
}
