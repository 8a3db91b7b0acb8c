package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryHold;
import java.time.Instant;
import java.util.Set;

/**
 * What the dispatcher knows in memory about deliveries, for showing and selecting them (ADR 0008): which are in
 * flight (its leases: shown as {@code Processing}), and which endpoints it holds back (an open circuit, a used-up rate
 * limit) and until when. Read from the endpoint's state, never per delivery row, so {@code held_by} and the
 * {@code heldBy} filter cost nothing per row. A paused endpoint is the endpoints table's, not this.
 */
public interface DeliveryHolds {

    /** Whether the delivery is being sent right now (claimed and not yet recorded). */
    boolean inFlight(String deliveryId);

    /** What holds the endpoint's waiting deliveries now: circuit open or rate limited; null when nothing. */
    DeliveryHold holdOf(String endpointId, Instant now);

    /** When {@code hold} on the endpoint lets a delivery go (the breaker half-opens, the next token is earned). */
    Instant heldUntil(String endpointId, DeliveryHold hold, Instant now);

    /** The endpoints {@code hold} (circuit open or rate limited) holds now, over all projects. */
    Set<String> endpointsHeldBy(DeliveryHold hold, Instant now);
}
