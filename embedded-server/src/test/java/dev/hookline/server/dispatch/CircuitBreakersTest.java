package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.dispatch.CircuitBreakers.Admission;
import dev.hookline.server.dispatch.CircuitBreakers.State;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CircuitBreakersTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private final CircuitBreakers breakers = new CircuitBreakers(CircuitBreakers.Settings.DEFAULTS);

    private void record(int successes, int failures, Instant at) {
        for (int i = 0; i < successes; i++) {
            breakers.record("ep", "p", true, false, at);
        }
        for (int i = 0; i < failures; i++) {
            breakers.record("ep", "p", false, false, at);
        }
    }

    @Test
    void staysClosedBelowTheMinimumNumberOfTries() {
        record(0, 9, T0);
        assertEquals(State.CLOSED, breakers.state("ep", T0));
        assertEquals(Admission.SEND, breakers.admit("ep", T0));
    }

    @Test
    void opensAtSeventyPercentFailuresOverTenTries() {
        record(4, 6, T0);
        assertEquals(State.CLOSED, breakers.state("ep", T0), "60 % is below the threshold");
        record(0, 4, T0);
        assertEquals(State.OPEN, breakers.state("ep", T0), "10 of 14 = 71 %");
        assertEquals(Admission.WAIT, breakers.admit("ep", T0.plusSeconds(29)));
        assertEquals(Set.of("ep"), breakers.blocked(T0.plusSeconds(29)));
        assertEquals(T0.plusSeconds(30), breakers.reopensAt("ep", T0));
    }

    @Test
    void failuresOlderThanTheWindowDoNotCount() {
        record(0, 9, T0);
        record(0, 1, T0.plusSeconds(6 * 60));
        assertEquals(State.CLOSED, breakers.state("ep", T0.plusSeconds(6 * 60)));
    }

    @Test
    void halfOpenLetsOneProbeThroughAndItsSuccessCloses() {
        record(0, 10, T0);
        Instant later = T0.plusSeconds(30);
        assertEquals(State.HALF_OPEN, breakers.state("ep", later));
        assertEquals(Admission.PROBE, breakers.admit("ep", later));
        assertEquals(Admission.WAIT, breakers.admit("ep", later), "one probe at a time");
        assertTrue(breakers.blocked(later).contains("ep"));

        assertFalse(breakers.record("ep", "p", true, true, later));
        assertEquals(State.CLOSED, breakers.state("ep", later));
        assertEquals(Admission.SEND, breakers.admit("ep", later));
        assertEquals(0.0, breakers.describe(endpoint(), later).failureRate(), "history cleared");
    }

    @Test
    void aFailedProbeOpensAgainForAnotherTimeout() {
        record(0, 10, T0);
        Instant later = T0.plusSeconds(30);
        breakers.admit("ep", later);
        breakers.record("ep", "p", false, true, later);
        assertEquals(State.OPEN, breakers.state("ep", later.plusSeconds(29)));
        assertEquals(State.HALF_OPEN, breakers.state("ep", later.plusSeconds(30)));
    }

    @Test
    void anAbandonedProbeLetsTheNextOneThrough() {
        record(0, 10, T0);
        Instant later = T0.plusSeconds(30);
        assertEquals(Admission.PROBE, breakers.admit("ep", later));
        breakers.probeAbandoned("ep");
        assertEquals(Admission.PROBE, breakers.admit("ep", later));
    }

    @Test
    void tenOpeningsInARowAskForTheEndpointToBeDeactivated() {
        Instant at = T0;
        for (int trip = 1; trip <= 10; trip++) {
            boolean disable;
            if (trip == 1) {
                record(0, 9, at);
                disable = breakers.record("ep", "p", false, false, at);
            } else {
                at = at.plusSeconds(30);
                breakers.admit("ep", at);
                disable = breakers.record("ep", "p", false, true, at);
            }
            assertEquals(trip == 10, disable, "trip " + trip);
        }
    }

    @Test
    void resetForgetsEverything() {
        record(0, 10, T0);
        breakers.reset("ep");
        assertEquals(State.CLOSED, breakers.state("ep", T0));
        assertEquals(null, breakers.describe(endpoint(), T0).cbState());
    }

    @Test
    void describeShowsTheFailureRateInPercentAndTheState() {
        record(1, 3, T0);
        var shown = breakers.describe(endpoint(), T0);
        assertEquals(75.0, shown.failureRate());
        assertEquals("closed", shown.cbState());
    }

    @Test
    void aProjectsConfigChangesOnlyItsOwnEndpointsBreakers() {
        record(0, 3, T0);
        breakers.record("other-ep", "other", false, false, T0);
        breakers.configure("other", new ProjectConfig.CircuitBreaker(null, null, null, null, null, 1L, null));
        assertEquals(State.CLOSED, breakers.state("ep", T0), "project p keeps Convoy's 10 tries");
        breakers.record("other-ep", "other", false, false, T0);
        assertEquals(State.OPEN, breakers.state("other-ep", T0));

        breakers.configure("p", new ProjectConfig.CircuitBreaker(null, null, null, null, null, 4L, null));
        assertEquals(State.CLOSED, breakers.state("ep", T0), "a change opens nothing by itself");
        record(0, 1, T0);
        assertEquals(State.OPEN, breakers.state("ep", T0), "the 3 earlier failures still count: 4 of 4");
    }

    @Test
    void aNewWindowOrSampleRateRestartsTheCountsButKeepsAnOpenCircuitOpen() {
        record(0, 10, T0);
        breakers.configure("p", new ProjectConfig.CircuitBreaker(10L, null, null, null, 2L, null, null));
        assertEquals(State.OPEN, breakers.state("ep", T0));
        assertEquals(0.0, breakers.describe(endpoint(), T0).failureRate(), "counts restarted");
        assertEquals(State.HALF_OPEN, breakers.state("ep", T0.plusSeconds(30)));
    }

    private static dev.hookline.api.model.Endpoint endpoint() {
        return new dev.hookline.api.model.Endpoint("ep", "p", "", "http://x", "x", null, true, "", "", "", "",
                dev.hookline.api.model.EndpointStatus.ACTIVE, 10L, null, null, 0, 0L, null, null, null, null, null,
                null, null, null, T0, T0, null);
    }
}
