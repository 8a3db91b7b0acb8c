package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.Page;
import dev.hookline.server.store.Store;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.paging.ListParams;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Delivery reads: list (with the filters the batch actions share), get, a delivery's attempts. Each takes an
 * {@link EventScope} so the portal API serves the same answers limited to a link's endpoints. Sending again by hand
 * is {@link DeliveryRecovery}'s.
 */
public final class DeliveryService {

    static final String NOT_FOUND = "event delivery not found";
    static final String ATTEMPT_NOT_FOUND = "event delivery attempt not found";

    private final Store store;
    private final DeliveryRepository deliveries;
    private final AttemptRepository attempts;
    private final DeliveryHolds deliveryHolds;

    public DeliveryService(Store store, DeliveryRepository deliveries, AttemptRepository attempts,
                           DeliveryHolds deliveryHolds) {
        this.store = store;
        this.deliveries = deliveries;
        this.attempts = attempts;
        this.deliveryHolds = deliveryHolds;
    }

    /** One page of the project's live deliveries matching {@code filter}, each with its embedded metadata. */
    public Page<EventDelivery> list(String projectId, DeliveryFilter filter, ListParams params) {
        return deliveries.list(projectId, filter, params);
    }

    /**
     * The list's filters, shared by the batch actions so they act on what the list shows: {@code endpointIds} (null
     * for all, limited to {@code scope}), {@code statuses} (wire values, matched without regard to case; an unknown
     * one is refused), {@code httpStatuses} ({@code 2xx}, {@code none}, ...: {@link #httpClasses}), the others exact
     * (null for any).
     */
    public static DeliveryFilter filter(EventScope scope, List<String> endpointIds, String eventId,
                                                   String subscriptionId, String idempotencyKey,
                                                   List<String> statuses, String eventType,
                                                   List<String> httpStatuses) {
        return filter(scope, endpointIds, eventId, subscriptionId, idempotencyKey, statuses, eventType, httpStatuses,
                List.of());
    }

    /** The same with Hookline's {@code heldBy} ({@code circuit_open}, ...: {@link #holds}). */
    public static DeliveryFilter filter(EventScope scope, List<String> endpointIds, String eventId,
                                                   String subscriptionId, String idempotencyKey,
                                                   List<String> statuses, String eventType,
                                                   List<String> httpStatuses, List<String> heldBy) {
        return new DeliveryFilter(scope.limit(endpointIds), eventId, subscriptionId, idempotencyKey,
                statuses(statuses), eventType, httpClasses(httpStatuses), holds(heldBy));
    }

    /**
     * The {@code heldBy} values ({@code circuit_open}, {@code rate_limited}, {@code endpoint_paused}; without regard to
     * case; also comma-separated in one value); an unknown one is refused, naming the parameter (as httpStatus).
     */
    static List<DeliveryHold> holds(List<String> values) {
        return commaSeparated("heldBy", values, part -> DeliveryHold.fromWire(part.strip().toLowerCase(Locale.ROOT)),
                DeliveryHold.values(), DeliveryHold::wire);
    }

    /** The delivery with its embedded metadata; 404 when unknown or outside {@code scope}. */
    public EventDelivery get(String projectId, String deliveryId, EventScope scope) {
        String baseUrl = store.baseUrl();
        return store.db().read(c -> {
            EventDelivery delivery = reachable(c, projectId, deliveryId, scope);
            return DeliveryViews.complete(c, projectId, List.of(delivery), baseUrl, deliveryHolds,
                    store.now()).get(0);
        });
    }

    /** The delivery's attempts, oldest first (a plain array, as in Convoy). */
    public List<DeliveryAttempt> attempts(String projectId, String deliveryId, EventScope scope) {
        return store.db().read(c -> {
            reachable(c, projectId, deliveryId, scope);
            return attempts.list(c, projectId, deliveryId);
        });
    }

    /** One attempt; 404 for an unknown delivery or attempt (Convoy answers 400 for the attempt). */
    public DeliveryAttempt attempt(String projectId, String deliveryId, String attemptId, EventScope scope) {
        return store.db().read(c -> {
            reachable(c, projectId, deliveryId, scope);
            DeliveryAttempt attempt = attempts.find(c, projectId, deliveryId, attemptId);
            if (attempt == null) {
                throw new NotFoundException(ATTEMPT_NOT_FOUND);
            }
            return attempt;
        });
    }

    /** The {@code status} values, matched without regard to case; an unknown one is refused, naming it. */
    static List<EventDeliveryStatus> statuses(List<String> values) {
        List<EventDeliveryStatus> out = new ArrayList<>();
        for (String value : values) {
            EventDeliveryStatus status = Arrays.stream(EventDeliveryStatus.values())
                    .filter(s -> s.wire().equalsIgnoreCase(value.strip())).findFirst().orElse(null);
            if (status == null) {
                throw InvalidInputException.of("status:unknown value \"" + value + "\", allowed values are "
                        + Arrays.stream(EventDeliveryStatus.values()).map(EventDeliveryStatus::wire)
                        .collect(Collectors.joining(", ")));
            }
            out.add(status);
        }
        return out;
    }

    /**
     * The {@code httpStatus} values ({@code 1xx} to {@code 5xx}, {@code none}; without regard to case; also
     * comma-separated in one value); an unknown one is refused, naming it.
     */
    static List<HttpStatusClass> httpClasses(List<String> values) {
        return commaSeparated("httpStatus", values, HttpStatusClass::fromWire, HttpStatusClass.values(),
                HttpStatusClass::wire);
    }

    /**
     * The values of a repeated parameter that may also hold several comma-separated values, each read by
     * {@code fromWire} (null: unknown, refused naming the parameter, the value and the {@code known} ones).
     */
    private static <T> List<T> commaSeparated(String parameter, List<String> values, Function<String, T> fromWire,
                                              T[] known, Function<T, String> wire) {
        List<T> out = new ArrayList<>();
        for (String value : values) {
            for (String part : value.split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                T parsed = fromWire.apply(part);
                if (parsed == null) {
                    throw InvalidInputException.of(parameter + ":unknown value \"" + part.strip()
                            + "\", allowed values are " + Arrays.stream(known).map(wire)
                            .collect(Collectors.joining(", ")));
                }
                out.add(parsed);
            }
        }
        return out;
    }

    /** The live delivery; 404 when unknown or outside {@code scope}. */
    private EventDelivery reachable(Connection c, String projectId, String deliveryId, EventScope scope)
            throws SQLException {
        EventDelivery delivery = deliveries.find(c, projectId, deliveryId);
        if (delivery == null || !scope.reachesAny(List.of(delivery.endpointId()))) {
            throw new NotFoundException(NOT_FOUND);
        }
        return delivery;
    }
}
