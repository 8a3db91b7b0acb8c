package dev.hookline.server.ingest;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.events.EventRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Stores a new event and its deliveries, for every way events come in (ingest, the event API, broker messages), in
 * two steps (ADR 0023): the event is planned on the caller's thread ({@link DeliveryPlanner#plan}: matching,
 * filters, transforms, all off the writer), then handed to the {@link IngestBatcher}, whose write job only inserts.
 * A duplicate (its idempotency key is already on a live event of the project, checked in the write job so two
 * concurrent events with one key cannot both pass) is stored with {@code is_duplicate_event=true} and gets no
 * deliveries. Callers get their answer only after the commit; the dispatcher is woken when something is due.
 */
final class EventIntake {

    private final ServerContext context;
    private final ConfigCache cache;
    private final DeliveryPlanner planner;
    private final IngestBatcher batcher;

    EventIntake(ServerContext context, ConfigCache cache, DeliveryPlanner planner) {
        this.context = context;
        this.cache = cache;
        this.planner = planner;
        this.batcher = new IngestBatcher(context);
    }

    /** An event to store. {@code endpointIds} are the endpoints an outgoing event targets (empty for a source). */
    record Draft(String projectId, String eventType, String sourceId, DeliveryPlanner.Target target,
                 List<String> endpointIds, Map<String, List<String>> headers, IngestPayload payload,
                 String urlQueryParams, String urlPath, String idempotencyKey) {

        String key() {
            return idempotencyKey == null ? "" : idempotencyKey;
        }
    }

    /** A draft and its deliveries, worked out before the write. */
    record Planned(Draft draft, DeliveryPlanner.Plan plan) {
    }

    /** What was stored. */
    record Stored(Event event, List<EventDelivery> deliveries) {

        boolean duplicate() {
            return Boolean.TRUE.equals(event.isDuplicateEvent());
        }
    }

    /**
     * Checks {@code d} against its type's schema (when the project asks for it), plans it here, then stores it with
     * whatever else is waiting; returns once committed. A refused event is never written.
     */
    Stored submit(Draft d) {
        checkSchema(d.projectId(), d.eventType(), d.payload());
        DeliveryPlanner.Plan plan = planner.plan(new DeliveryPlanner.Subject(d.projectId(), d.target(),
                d.eventType(), d.payload().text(), d.payload().tree(), d.headers(), d.sourceId()));
        Stored stored = batcher.store(new Planned(d, plan));
        signalIfDue(context, stored.deliveries());
        return stored;
    }

    /**
     * With {@code validate_event_schemas} on, an event whose type is catalogued with a JSON Schema must follow it
     * (ADR 0029): a 400 naming the failing field otherwise. Deprecated types are still checked.
     */
    void checkSchema(String projectId, String eventType, IngestPayload payload) {
        Project project = cache.project(projectId);
        if (project == null || project.config() == null || !project.config().validatesEventSchemas()) {
            return;
        }
        EventType type = cache.eventType(projectId, eventType);
        if (type != null) {
            context.eventSchemas().check(type, payload.tree());
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

    /** In the caller's write transaction: inserts only (the plan was made before the job). */
    static Stored store(Connection c, ServerContext context, Planned planned) throws SQLException {
        Draft d = planned.draft();
        DeliveryPlanner.Plan plan = planned.plan();
        Instant now = context.now();
        String key = d.key();
        if (!key.isEmpty() && EventRepository.firstWithIdempotencyKey(c, d.projectId(), key) != null) {
            Event event = context.events().insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                    d.sourceId(), d.endpointIds(), d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(),
                    key, true, EventStatus.SUCCESS, "", now));
            return new Stored(event, List.of());
        }
        List<String> endpoints = plan.matches().isEmpty() ? d.endpointIds() : plan.endpointIds();
        Event event = context.events().insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                d.sourceId(), endpoints, d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(), key,
                false, plan.eventStatus(), plan.failureReason(), now));
        List<EventDelivery> deliveries = DeliveryPlanner.insert(c, context, new DeliveryPlanner.StoredEvent(
                d.projectId(), event.uid(), d.eventType(), d.sourceId(), key, d.urlQueryParams(), now), plan);
        return new Stored(event, deliveries);
    }
}
