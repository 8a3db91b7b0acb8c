package dev.hookline.server.ingest;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.Project;
import dev.hookline.server.store.Store;
import dev.hookline.server.pacing.FloodPacing;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.eventtypes.EventSchemas;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.outbound.Hops;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Stores a new event for every way events come in (ingest, the event API, broker messages) and acknowledges it on
 * durable receipt (ADR 0038): the write job inserts the event, with its idempotency check, and its durable "to plan"
 * marker; the caller is answered once that is committed. Matching, filters, transforms and the deliveries follow in
 * the planning stage ({@link EventPlanning}), off the caller's thread. A duplicate (its idempotency key is already on
 * a live event of the project, checked in the write job so two concurrent events with one key cannot both pass) is
 * stored with {@code is_duplicate_event=true}, gets no marker and no deliveries.
 */
final class EventIntake implements AutoCloseable {

    private final Store store;
    private final Signals signals;
    private final EventRepository events;
    private final EventSchemas eventSchemas;
    private final ConfigCache cache;
    private final IngestBatcher batcher;
    private final PlanQueueRepository markers;
    private final EventPlanning planning;
    private final LoopCuts loopCuts = new LoopCuts();

    EventIntake(Store store, Signals signals, EventRepository events, EventSchemas eventSchemas,
                MetaEventRecorder metaEvents, ConfigCache cache, DeliveryPlanner planner, FloodPacing pacing) {
        this.store = store;
        this.signals = signals;
        this.events = events;
        this.eventSchemas = eventSchemas;
        this.cache = cache;
        this.markers = new PlanQueueRepository(store.db());
        this.planning = new EventPlanning(store, signals, events, cache, planner, markers, pacing);
        this.batcher = new IngestBatcher(store, events, metaEvents, markers);
    }

    /** An event to store. {@code endpointIds} are the endpoints an outgoing event targets (empty for a source). */
    record Draft(String projectId, String eventType, String sourceId, DeliveryPlanner.Target target,
                 List<String> endpointIds, Map<String, List<String>> headers, IngestPayload payload,
                 String urlQueryParams, String urlPath, String idempotencyKey) {

        String key() {
            return idempotencyKey == null ? "" : idempotencyKey;
        }
    }

    /** What was stored (not yet planned unless a duplicate, which is never planned). */
    record Stored(Event event) {

        boolean duplicate() {
            return Boolean.TRUE.equals(event.isDuplicateEvent());
        }
    }

    /** Plans what the last run left unplanned and starts the planning stage. */
    void start() {
        planning.start();
    }

    @Override
    public void close() {
        planning.close();
    }

    /** Events acknowledged and not yet planned. */
    int planningBacklog() {
        return planning.backlog();
    }

    /**
     * Checks {@code d} against its type's schema (when the project asks for it), then stores it with whatever else
     * is waiting and queues it for planning; returns once committed. A refused event is never written, except a
     * webhook loop's: see {@link #cutLoop}.
     */
    Stored submit(Draft d) {
        int hops = Hops.of(d.headers());
        if (Hops.isLoop(hops)) {
            cutLoop(d, hops);
        }
        checkSchema(d.projectId(), d.eventType(), d.payload());
        Stored stored = batcher.store(d);
        if (!stored.duplicate()) {
            Event e = stored.event();
            planning.enqueue(new EventPlanning.Job(e.uid(), d.projectId(), d.target(), d, e.acknowledgedAt(),
                    d.endpointIds(), 0, System.nanoTime()));
        }
        return stored;
    }

    /**
     * Cuts a webhook loop (issue 29, ADR 0039): the request is answered with the 400 it always got, so the delivery
     * that sent it records why it failed, and the event is stored {@code Failure} with the loop's reason and no
     * deliveries, so the project sees where the loop was cut; a meta event reports the loop, at most once a minute
     * per source ({@link LoopCuts}). Always throws.
     */
    private void cutLoop(Draft d, int hops) {
        Stored cut = batcher.store(d, loopCuts.cut(d, hops, store.now()));
        throw InvalidInputException.of(Hops.refusal(hops, cut.event().uid()));
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
            eventSchemas.check(type, payload.tree());
        }
    }

    static void signalIfDue(Signals signals, List<EventDelivery> deliveries) {
        for (EventDelivery d : deliveries) {
            if (d.status() == EventDeliveryStatus.SCHEDULED) {
                signals.deliveriesDue();
                return;
            }
        }
    }

    /** In the caller's write transaction: the event (Pending) and its marker, or a duplicate. Inserts only. */
    static Stored store(Connection c, Store store, EventRepository events, PlanQueueRepository markers, Draft d)
            throws SQLException {
        Instant now = store.now();
        String key = d.key();
        if (!key.isEmpty() && EventRepository.firstWithIdempotencyKey(c, d.projectId(), key) != null) {
            Event event = events.insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                    d.sourceId(), d.endpointIds(), d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(),
                    key, true, EventStatus.SUCCESS, "", now));
            return new Stored(event);
        }
        Event event = events.insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                d.sourceId(), d.endpointIds(), d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(), key,
                false, EventStatus.PENDING, "", now));
        markers.insert(c, event.uid(), d.projectId(), d.target());
        return new Stored(event);
    }
}
