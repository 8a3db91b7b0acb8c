package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The delivery list's filters ({@link DeliveryRepository}). {@code endpointIds} null: any endpoint; empty: none (an
 * empty scope). {@code statuses} empty:
 * any. {@code eventId}, {@code subscriptionId}, {@code idempotencyKey}, {@code eventType} null: not applied.
 * {@code httpClasses} (Hookline's {@code httpStatus}, ADR 0033) empty: any; else only deliveries whose last
 * attempt got a status of one of these classes ({@link HttpStatusClass#NONE}: no answer), so never-tried
 * deliveries are left out. {@code heldBy} (Hookline's {@code heldBy}, ADR 0008) empty: any; else only waiting
 * deliveries ({@code Scheduled}, {@code Retry}) of endpoints one of these holds now, resolved into endpoints and
 * statuses by {@link DeliveryRepository#resolveHolds} before a query (no per-row check, no index of its own).
 */
public record DeliveryFilter(List<String> endpointIds, String eventId, String subscriptionId, String idempotencyKey,
                             List<EventDeliveryStatus> statuses, String eventType, List<HttpStatusClass> httpClasses,
                             List<DeliveryHold> heldBy) {

    public DeliveryFilter {
        endpointIds = endpointIds == null ? null : List.copyOf(new LinkedHashSet<>(endpointIds));
        statuses = statuses == null ? List.of() : List.copyOf(new LinkedHashSet<>(statuses));
        eventId = blankToNull(eventId);
        subscriptionId = blankToNull(subscriptionId);
        idempotencyKey = blankToNull(idempotencyKey);
        eventType = blankToNull(eventType);
        httpClasses = httpClasses == null ? List.of() : List.copyOf(new LinkedHashSet<>(httpClasses));
        heldBy = heldBy == null ? List.of() : List.copyOf(new LinkedHashSet<>(heldBy));
    }

    /** Without a hold filter. */
    public DeliveryFilter(List<String> endpointIds, String eventId, String subscriptionId, String idempotencyKey,
                  List<EventDeliveryStatus> statuses, String eventType, List<HttpStatusClass> httpClasses) {
        this(endpointIds, eventId, subscriptionId, idempotencyKey, statuses, eventType, httpClasses, List.of());
    }

    /** Without an HTTP status filter. */
    public DeliveryFilter(List<String> endpointIds, String eventId, String subscriptionId, String idempotencyKey,
                  List<EventDeliveryStatus> statuses, String eventType) {
        this(endpointIds, eventId, subscriptionId, idempotencyKey, statuses, eventType, List.of());
    }

    public static DeliveryFilter none() {
        return new DeliveryFilter(null, null, null, null, List.of(), null);
    }

    DeliveryFilter withEvent(String id) {
        return new DeliveryFilter(endpointIds, id, subscriptionId, null, statuses, eventType, httpClasses, heldBy);
    }

    /** The {@code last_http_class} values the HTTP status filter matches (empty: any). */
    List<Integer> classValues() {
        return httpClasses.stream().map(HttpStatusClass::hundreds).toList();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
