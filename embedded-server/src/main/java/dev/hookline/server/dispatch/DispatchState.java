package dev.hookline.server.dispatch;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.server.deliveries.DeliveryHolds;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The dispatcher's memory, shared with the API: its leases (deliveries in flight, which are not written as
 * {@code Processing}: ADR 0008), its rate limit buckets and the circuit breakers, answering {@link DeliveryHolds}.
 *
 * <p>A lease is taken at claim and released only after the try's outcome committed, so a look never reads a
 * delivery as due while its try is unrecorded. A look's read may still predate a commit that released a lease during
 * the look: {@link #releasedDuring} tells the look to leave such a delivery alone (looks are numbered; a release
 * remembers the look it happened in).
 */
public final class DispatchState implements DeliveryHolds {

    private final CircuitBreakers breakers;
    private final RateLimits rateLimits = new RateLimits();
    /** Delivery ID to endpoint ID, for every delivery in flight. */
    private final ConcurrentHashMap<String, String> leases = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<String>> leasesByEndpoint = new ConcurrentHashMap<>();
    /** Delivery ID to the number of the look during which its lease was released. */
    private final ConcurrentHashMap<String, Long> released = new ConcurrentHashMap<>();
    private final AtomicLong look = new AtomicLong();

    public DispatchState(CircuitBreakers breakers) {
        this.breakers = breakers;
    }

    RateLimits rateLimits() {
        return rateLimits;
    }

    /** Starts a look: releases remembered from earlier looks are forgotten (their commits are visible now). */
    long startLook() {
        long current = look.incrementAndGet();
        released.values().removeIf(at -> at < current);
        return current;
    }

    /** Whether the delivery's lease was released during look {@code current} (its read may predate the commit). */
    boolean releasedDuring(String deliveryId, long current) {
        Long at = released.get(deliveryId);
        return at != null && at >= current;
    }

    void lease(String deliveryId, String endpointId) {
        leases.put(deliveryId, endpointId);
        leasesByEndpoint.computeIfAbsent(endpointId, e -> ConcurrentHashMap.newKeySet()).add(deliveryId);
    }

    /** Ends the lease (after the outcome committed, or when handed back without a write). */
    void release(String deliveryId) {
        String endpointId = leases.remove(deliveryId);
        if (endpointId != null) {
            released.put(deliveryId, look.get());
            Set<String> ids = leasesByEndpoint.get(endpointId);
            if (ids != null) {
                ids.remove(deliveryId);
            }
        }
    }

    void releaseAll(Collection<String> deliveryIds) {
        deliveryIds.forEach(this::release);
    }

    /** The deliveries of the endpoint in flight now. */
    Collection<String> leased(String endpointId) {
        Set<String> ids = leasesByEndpoint.get(endpointId);
        return ids == null ? List.of() : List.copyOf(ids);
    }

    int leaseCount() {
        return leases.size();
    }

    @Override
    public boolean inFlight(String deliveryId) {
        return leases.containsKey(deliveryId);
    }

    @Override
    public DeliveryHold holdOf(String endpointId, Instant now) {
        if (breakers.blocks(endpointId, now)) {
            return DeliveryHold.CIRCUIT_OPEN;
        }
        return rateLimits.limitedFor(endpointKey(endpointId), now).isZero() ? null : DeliveryHold.RATE_LIMITED;
    }

    @Override
    public Instant heldUntil(String endpointId, DeliveryHold hold, Instant now) {
        return switch (hold) {
            case CIRCUIT_OPEN -> {
                Instant at = breakers.reopensAt(endpointId, now);
                yield at.isAfter(now) ? at : now;
            }
            case RATE_LIMITED -> now.plus(rateLimits.limitedFor(endpointKey(endpointId), now));
            case ENDPOINT_PAUSED -> now;
        };
    }

    @Override
    public Set<String> endpointsHeldBy(DeliveryHold hold, Instant now) {
        return switch (hold) {
            case CIRCUIT_OPEN -> breakers.blocked(now);
            case RATE_LIMITED -> rateLimits.limited(now).stream().filter(k -> k.startsWith(ENDPOINT))
                    .map(k -> k.substring(ENDPOINT.length())).collect(java.util.stream.Collectors.toSet());
            case ENDPOINT_PAUSED -> Set.of();
        };
    }

    static final String ENDPOINT = "endpoint:";

    static String endpointKey(String endpointId) {
        return ENDPOINT + endpointId;
    }
}
