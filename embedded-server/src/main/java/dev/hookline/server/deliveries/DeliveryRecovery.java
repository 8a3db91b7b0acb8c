package dev.hookline.server.deliveries;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.BatchOutcome;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.ProjectRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sending deliveries again by hand: resend one failed delivery, force-resend delivered ones, and retry every failed
 * delivery a list filter matches. A delivery sent again becomes {@code Scheduled}, due now, and the dispatcher is
 * woken; its earlier attempts stay. Each action is one write transaction: either every chosen delivery is queued
 * again or none is.
 *
 * <p>Only deliveries whose endpoint is active are queued again (Convoy's rule): a paused endpoint gets nothing,
 * which is why Discarded deliveries made while it was paused are sent by resuming it and then retrying them.
 */
public final class DeliveryRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryRecovery.class);

    /** What a batch retry sends again: deliveries that ended without being delivered. */
    static final Set<EventDeliveryStatus> RETRYABLE = EnumSet.of(EventDeliveryStatus.FAILURE,
            EventDeliveryStatus.DISCARDED);

    private final Store store;
    private final Signals signals;
    private final EndpointRepository endpoints;
    private final DeliveryRepository deliveries;
    private final DeliveryHolds deliveryHolds;

    public DeliveryRecovery(Store store, Signals signals, EndpointRepository endpoints, DeliveryRepository deliveries,
                            DeliveryHolds deliveryHolds) {
        this.store = store;
        this.signals = signals;
        this.endpoints = endpoints;
        this.deliveries = deliveries;
        this.deliveryHolds = deliveryHolds;
    }

    /**
     * Sends one failed or discarded delivery again and returns it (now {@code Scheduled}) with its embedded
     * metadata. Not found when unknown or outside {@code scope}; a conflict, with Convoy's message, when it was
     * delivered, is still on its way, or its endpoint is paused, inactive or gone.
     */
    public EventDelivery resend(String projectId, String deliveryId, EventScope scope) {
        String baseUrl = store.baseUrl();
        Instant now = store.now();
        EventDelivery resent = store.db().write(c -> {
            EventDelivery delivery = deliveries.find(c, projectId, deliveryId);
            if (delivery == null || !scope.reachesAny(List.of(delivery.endpointId()))) {
                throw new NotFoundException(DeliveryService.NOT_FOUND);
            }
            switch (delivery.status()) {
                case SUCCESS -> throw new ConflictException("event already sent");
                case SCHEDULED, PROCESSING, RETRY ->
                        throw new ConflictException("cannot resend event that did not fail previously");
                default -> {
                    // Failure or Discarded: may be sent again
                }
            }
            Endpoint endpoint = endpoints.find(c, projectId, delivery.endpointId());
            if (endpoint == null) {
                throw new ConflictException("endpoint not found");
            }
            if (endpoint.status() == EndpointStatus.PAUSED) {
                throw new ConflictException("the endpoint is currently paused");
            }
            if (endpoint.status() == EndpointStatus.INACTIVE) {
                throw new ConflictException("the endpoint is currently inactive");
            }
            deliveries.reschedule(c, projectId, List.of(deliveryId), DeliveryLifecycle.Transition.RESENT,
                    now);
            return DeliveryViews.complete(c, projectId, List.of(deliveries.find(c, projectId, deliveryId)),
                    baseUrl, deliveryHolds, now).get(0);
        });
        LOG.info("delivery {} of project {} queued again by hand", deliveryId, projectId);
        signals.deliveriesRequeued();
        signals.deliveriesDue();
        return resent;
    }

    /**
     * Sends delivered ({@code Success}) deliveries again. A conflict "only successful events can be force resent" (and
     * nothing queued) when one of them is not delivered; an unknown ID (or one outside {@code scope}), or one whose
     * endpoint is not active, counts as failed.
     */
    public BatchOutcome forceResend(String projectId, List<String> ids, EventScope scope) {
        List<String> wanted = List.copyOf(new LinkedHashSet<>(ids));
        Instant now = store.now();
        BatchOutcome outcome = store.db().write(c -> {
            Map<String, EventDelivery> found = ProjectRows.findByIds(c, "event_deliveries", DeliveryRepository.COLUMNS,
                    projectId, wanted, DeliveryRepository::map, EventDelivery::uid);
            found.values().removeIf(d -> !scope.reachesAny(List.of(d.endpointId())));
            for (EventDelivery delivery : found.values()) {
                if (delivery.status() != EventDeliveryStatus.SUCCESS) {
                    throw new ConflictException("only successful events can be force resent");
                }
            }
            return requeue(c, projectId, found.values().stream()
                    .map(d -> new DeliveryRepository.Matched(d.uid(), d.endpointId())).toList(),
                    wanted.size() - found.size(), DeliveryLifecycle.Transition.FORCE_RESENT, now);
        });
        return done("force resend", projectId, outcome);
    }

    /**
     * Sends again every {@code Failure} and {@code Discarded} delivery the deliveries list matches for
     * {@code filter} in {@code window}'s date window (a {@code status} filter narrows these two; other statuses in
     * it match nothing). Synchronous: the answer says how many were queued.
     */
    public BatchOutcome batchRetry(String projectId, DeliveryFilter filter, ListParams window) {
        DeliveryFilter retryable = retryable(filter);
        if (retryable == null) {
            return new BatchOutcome(0, 0);
        }
        Instant now = store.now();
        BatchOutcome outcome = store.db().write(c -> {
            List<DeliveryRepository.Matched> matching = new ArrayList<>();
            deliveries.forEachMatching(c, projectId, retryable, window, matching::addAll);
            return requeue(c, projectId, matching, 0, DeliveryLifecycle.Transition.BATCH_RETRIED, now);
        });
        return done("batch retry", projectId, outcome);
    }

    /** How many deliveries {@link #batchRetry} would try for the same filter and window. */
    public long countBatchRetry(String projectId, DeliveryFilter filter, ListParams window) {
        DeliveryFilter retryable = retryable(filter);
        if (retryable == null) {
            return 0;
        }
        return store.db().read(c -> {
            long[] count = {0};
            deliveries.forEachMatching(c, projectId, retryable, window, page -> count[0] += page.size());
            return count[0];
        });
    }

    /** {@code filter} limited to the retryable statuses, or null when it asks only for others. */
    static DeliveryFilter retryable(DeliveryFilter filter) {
        List<EventDeliveryStatus> statuses = filter.statuses().isEmpty() ? List.copyOf(RETRYABLE)
                : filter.statuses().stream().filter(RETRYABLE::contains).toList();
        if (statuses.isEmpty()) {
            return null;
        }
        return new DeliveryFilter(filter.endpointIds(), filter.eventId(), filter.subscriptionId(),
                filter.idempotencyKey(), statuses, filter.eventType(), filter.httpClasses(), filter.heldBy());
    }

    /**
     * Queues again those of {@code deliveries} whose endpoint is active; the rest (and {@code missing}) failed. When
     * none could be queued and some were refused for their endpoint (paused, inactive, deleted), nothing is written
     * and the action is refused (400) saying why (only unknown IDs stay Convoy's 200 "0 successful, N failed")
     * (Hookline: Convoy answers "0 successful, N failed" without a reason; ADR 0006).
     */
    private BatchOutcome requeue(Connection c, String projectId, List<DeliveryRepository.Matched> matched,
                                 int missing, DeliveryLifecycle.Transition transition, Instant now)
            throws SQLException {
        Map<String, Endpoint> targets = endpoints.findAll(c, projectId,
                matched.stream().map(DeliveryRepository.Matched::endpointId).distinct().toList());
        List<String> queued = new ArrayList<>();
        Map<String, Integer> refused = new java.util.LinkedHashMap<>();
        for (DeliveryRepository.Matched delivery : matched) {
            Endpoint endpoint = targets.get(delivery.endpointId());
            String why = refusal(endpoint);
            if (why == null) {
                queued.add(delivery.id());
            } else {
                refused.merge(why, 1, Integer::sum);
            }
        }
        boolean refusedByState = !refused.isEmpty();
        if (missing > 0) {
            refused.merge("not found", missing, Integer::sum);
        }
        if (queued.isEmpty() && refusedByState) {
            throw new ConflictException(refusedMessage(matched.size() + missing, refused));
        }
        deliveries.reschedule(c, projectId, queued, transition, now);
        return new BatchOutcome(queued.size(), matched.size() - queued.size() + missing);
    }

    /** Why a delivery to {@code endpoint} cannot be sent again now, in words; null when it can. */
    static String refusal(Endpoint endpoint) {
        if (endpoint == null) {
            return "the endpoint was deleted";
        }
        return switch (endpoint.status()) {
            case PAUSED -> "the endpoint is paused (resume it, then retry)";
            case INACTIVE -> "the endpoint is inactive (activate it, then retry)";
            default -> null;
        };
    }

    /** "none of the 2 deliveries was sent again: 2 the endpoint is paused (resume it, then retry)". */
    static String refusedMessage(int total, Map<String, Integer> refused) {
        StringBuilder out = new StringBuilder("none of the ").append(total)
                .append(total == 1 ? " delivery was" : " deliveries were").append(" sent again: ");
        String separator = "";
        for (var entry : refused.entrySet()) {
            out.append(separator).append(entry.getValue())
                    .append(entry.getValue() == 1 ? " delivery: " : " deliveries: ")
                    .append(entry.getKey());
            separator = "; ";
        }
        return out.toString();
    }

    /** Logs what a batch action did and, when it queued any delivery, tells the dispatcher; returns its outcome. */
    private BatchOutcome done(String action, String projectId, BatchOutcome outcome) {
        LOG.info("{} in project {}: {}", action, projectId, outcome.message());
        if (outcome.successful() > 0) {
            signals.deliveriesRequeued();
            signals.deliveriesDue();
        }
        return outcome;
    }
}
