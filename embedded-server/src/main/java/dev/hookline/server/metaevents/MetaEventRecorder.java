package dev.hookline.server.metaevents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.retry.Retry;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Records meta events (Convoy's notifications about the project itself) in the caller's write transaction, so a
 * meta event exists exactly when the change it reports was committed. A meta event is recorded only when the
 * project's {@code meta_event} config is enabled and lists its type; it starts {@code Scheduled}, due now, with the
 * project's retry strategy, and the meta-event dispatcher sends it.
 *
 * <p>The services whose changes the events report build the data and call this: {@code endpoints.EndpointMetaEvents}
 * ({@code endpoint.created|updated|deleted}: the endpoint, redacted as the endpoints API shows it) and
 * {@code deliveries.DeliveryMetaEvents} ({@code eventdelivery.success|failed}: the delivery as the deliveries API
 * shows it, plus its latest attempt). This package knows neither endpoints nor deliveries, so the features that
 * report through it do not form a cycle with it. One per server, made where the server is wired.
 */
public final class MetaEventRecorder {

    public static final String ENDPOINT_CREATED = "endpoint.created";
    public static final String ENDPOINT_UPDATED = "endpoint.updated";
    public static final String ENDPOINT_DELETED = "endpoint.deleted";
    public static final String DELIVERY_SUCCESS = "eventdelivery.success";
    public static final String DELIVERY_FAILED = "eventdelivery.failed";
    /**
     * A Hookline extension (Convoy has no such meta event): a webhook loop was cut; its data is the cut event plus
     * {@code loop} (ADR 0039). Recorded by {@code ingest.LoopCuts}, at most once a minute per source.
     */
    public static final String EVENT_LOOP_CUT = "event.loop_cut";

    private final Store store;
    private final Signals signals;
    private final ProjectRepository projects;
    private final MetaEventRepository metaEvents;

    public MetaEventRecorder(Store store, Signals signals, ProjectRepository projects,
                             MetaEventRepository metaEvents) {
        this.store = store;
        this.signals = signals;
        this.projects = projects;
        this.metaEvents = metaEvents;
    }

    /**
     * Records a meta event of {@code eventType} with body {@code {"event_type": eventType, "data": data}} when the
     * project subscribes to it; returns it, or null when the project does not (nothing is written).
     */
    public MetaEvent record(Connection c, String projectId, String eventType, JsonNode data) throws SQLException {
        Project project = subscribed(c, projectId, eventType);
        if (project == null) {
            return null;
        }
        // the project's retry strategy, copied as onto a delivery
        MetaEvent recorded = metaEvents.insert(c, new MetaEventRepository.NewMetaEvent(projectId,
                eventType, data, EventDeliveryStatus.SCHEDULED, Retry.of(project), null, 0,
                store.now()));
        // the dispatcher claims through the same single writer, so it sees this row once this write commits
        signals.metaEventsDue();
        return recorded;
    }

    /**
     * True when the project's meta events are enabled and list {@code eventType}: a caller with costly data asks
     * first (read on the caller's connection).
     */
    public boolean subscribes(Connection c, String projectId, String eventType)
            throws SQLException {
        return subscribed(c, projectId, eventType) != null;
    }

    /** The meta-event type a delivery now in {@code status} reports, or null (a retry is not an outcome yet). */
    public static String deliveryEventType(EventDeliveryStatus status) {
        return switch (status) {
            case SUCCESS -> DELIVERY_SUCCESS;
            case FAILURE -> DELIVERY_FAILED;
            default -> null;
        };
    }

    /** The project when its meta events are enabled and list {@code eventType}; otherwise null. */
    private Project subscribed(Connection c, String projectId, String eventType)
            throws SQLException {
        Project project = projects.find(c, projectId);
        ProjectConfig.MetaEventConfig meta = project == null || project.config() == null ? null
                : project.config().metaEvent();
        boolean enabled = meta != null && Boolean.TRUE.equals(meta.isEnabled());
        return enabled && meta.eventType() != null && meta.eventType().contains(eventType) ? project : null;
    }
}
