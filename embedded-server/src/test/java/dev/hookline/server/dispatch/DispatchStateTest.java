package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.DeliveryHold;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The dispatcher's memory as the API and the claim loop read it: leases, and what holds an endpoint. */
class DispatchStateTest {

    private static final Instant NOW = Instant.parse("2026-12-02T04:00:00Z");
    private static final CircuitBreakers.Settings OPEN_AT_FIRST_FAILURE = new CircuitBreakers.Settings(
            Duration.ofMinutes(5), Duration.ofSeconds(30), 1, 0.5, 0.05, Duration.ofSeconds(30), 10);

    private final CircuitBreakers breakers = new CircuitBreakers(OPEN_AT_FIRST_FAILURE);
    private final DispatchState state = new DispatchState(breakers);

    @Test
    void aLeasedDeliveryIsInFlightAndLeftOutOfItsEndpointsDueReadUntilReleased() {
        state.lease("d1", "ep1");
        state.lease("d2", "ep1");
        assertTrue(state.inFlight("d1"));
        assertEquals(Set.of("d1", "d2"), Set.copyOf(state.leased("ep1")));
        assertEquals(List.of(), List.copyOf(state.leased("ep2")));

        state.release("d1");
        assertFalse(state.inFlight("d1"));
        assertEquals(List.of("d2"), List.copyOf(state.leased("ep1")));
        assertEquals(1, state.leaseCount());
    }

    @Test
    void aLeaseReleasedDuringALookIsLeftForTheNextLook() {
        long first = state.startLook();
        state.lease("d1", "ep1");
        state.release("d1"); // its outcome committed while this look was reading: the read may predate it
        assertTrue(state.releasedDuring("d1", first));

        long second = state.startLook(); // this look's read starts after that commit
        assertFalse(state.releasedDuring("d1", second));
    }

    @Test
    void anOpenCircuitHoldsTheEndpointUntilItHalfOpens() {
        assertNull(state.holdOf("ep1", NOW));
        breakers.record("ep1", "p1", false, false, NOW);

        assertEquals(DeliveryHold.CIRCUIT_OPEN, state.holdOf("ep1", NOW.plusSeconds(1)));
        assertEquals(NOW.plusSeconds(30), state.heldUntil("ep1", DeliveryHold.CIRCUIT_OPEN, NOW.plusSeconds(1)));
        assertEquals(Set.of("ep1"), state.endpointsHeldBy(DeliveryHold.CIRCUIT_OPEN, NOW.plusSeconds(1)));
        assertNull(state.holdOf("ep1", NOW.plusSeconds(30)), "half-open: the probe may go");
    }

    @Test
    void aUsedUpRateLimitHoldsTheEndpointUntilTheNextTokenWithoutTakingOne() {
        RateLimits limits = state.rateLimits();
        assertTrue(limits.tryTake(DispatchState.endpointKey("ep1"), 2, 10, NOW).isZero());
        assertTrue(limits.tryTake(DispatchState.endpointKey("ep1"), 2, 10, NOW).isZero());

        assertEquals(DeliveryHold.RATE_LIMITED, state.holdOf("ep1", NOW));
        assertEquals(NOW.plusSeconds(5), state.heldUntil("ep1", DeliveryHold.RATE_LIMITED, NOW));
        assertEquals(Set.of("ep1"), state.endpointsHeldBy(DeliveryHold.RATE_LIMITED, NOW));
        assertEquals(DeliveryHold.RATE_LIMITED, state.holdOf("ep1", NOW), "asking took no token");
        assertNull(state.holdOf("ep1", NOW.plusSeconds(5)));
    }
}
