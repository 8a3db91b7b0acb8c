package dev.hookline.server.ingest;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.server.ServerContext;
import dev.hookline.server.events.EventRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Stores a new event and its deliveries in one write transaction, for every way events come in (ingest, the event
 * API). A duplicate (its idempotency key is already on a live event of the project) is stored with
 * {@code is_duplicate_event=true} and gets no deliveries. Callers answer only after the commit, and wake the
 * dispatcher when something is due ({@link #signalIfDue}).
 */
final class EventIntake {

    private EventIntake() {
    }

    /** An event to store. {@code endpointIds} are the endpoints an outgoing event targets (empty for a source). */
    record Draft(String projectId, String eventType, String sourceId, DeliveryPlanner.Target target,
                 List<String> endpointIds, Map<String, List<String>> headers, IngestPayload payload,
                 String urlQueryParams, String urlPath, String idempotencyKey) {
    }

    /** What was stored. */
    record Stored(Event event, List<EventDelivery> deliveries) {

        boolean duplicate() {
            return Boolean.TRUE.equals(event.isDuplicateEvent());
        }
    }

    static void signalIfDue(ServerContext context, List<EventDelivery> deliveries) {
        for (EventDelivery d : deliveries) {
            if (d.status() == EventDeliveryStatus.SCHEDULED) {
                context.signalDeliveriesDue();
                return;
            }
        }
    }

    /** In the caller's write transaction. */
    static Stored store(Connection c, ServerContext context, Draft d) throws SQLException {
        Instant now = context.now();
        String key = d.idempotencyKey() == null ? "" : d.idempotencyKey();
        if (!key.isEmpty() && EventRepository.firstWithIdempotencyKey(c, d.projectId(), key) != null) {
            Event event = context.events().insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                    d.sourceId(), d.endpointIds(), d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(),
                    key, true, EventStatus.SUCCESS, "", now));
            return new Stored(event, List.of());
        }
        DeliveryPlanner.Plan plan = DeliveryPlanner.plan(c, context, d.projectId(), d.target(), d.eventType(),
                d.payload().text(), d.payload().tree(), d.headers(), d.sourceId());
        List<String> endpoints = plan.matches().isEmpty() ? d.endpointIds() : plan.endpointIds();
        Event event = context.events().insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                d.sourceId(), endpoints, d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(), key,
                false, plan.eventStatus(), plan.failureReason(), now));
        List<EventDelivery> deliveries = DeliveryPlanner.insert(c, context, d.projectId(), event.uid(),
                d.eventType(), d.sourceId(), key, d.urlQueryParams(), now, plan);
        return new Stored(event, deliveries);
    }
}
