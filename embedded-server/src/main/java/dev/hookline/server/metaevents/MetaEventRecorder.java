package dev.hookline.server.metaevents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.ServerContext;
import dev.hookline.server.deliveries.AttemptStore;
import dev.hookline.server.deliveries.DeliveryStore;
import dev.hookline.server.deliveries.DeliveryViews;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.ingest.DeliveryPlanner;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Records meta events (Convoy's notifications about the project itself) in the caller's write transaction, so a
 * meta event exists exactly when the change it reports was committed. A meta event is recorded only when the
 * project's {@code meta_event} config is enabled and lists its type; it starts {@code Scheduled}, due now, with the
 * project's retry strategy, and the meta-event dispatcher sends it.
 *
 * <p>Types: {@code endpoint.created|updated|deleted} (data: the endpoint, redacted as the endpoints API shows it)
 * and {@code eventdelivery.success|failed} (data: the delivery as the deliveries API shows it, plus
 * {@code attempt}, its latest attempt).
 */
public final class MetaEventRecorder {

    public static final String ENDPOINT_CREATED = "endpoint.created";
    public static final String ENDPOINT_UPDATED = "endpoint.updated";
    public static final String ENDPOINT_DELETED = "endpoint.deleted";
    public static final String DELIVERY_SUCCESS = "eventdelivery.success";
    public static final String DELIVERY_FAILED = "eventdelivery.failed";

    private MetaEventRecorder() {
    }

    /**
     * Records a meta event of {@code eventType} with body {@code {"event_type": eventType, "data": data}} when the
     * project subscribes to it; returns it, or null when the project does not (nothing is written).
     */
    public static MetaEvent record(Connection c, ServerContext context, String projectId, String eventType,
                                   JsonNode data) throws SQLException {
        Project project = subscribed(c, context, projectId, eventType);
        if (project == null) {
            return null;
        }
        // the project's retry strategy, copied as onto a delivery
        MetaEvent recorded = MetaEventStore.insert(c, context, new MetaEventStore.NewMetaEvent(projectId, eventType,
                data, EventDeliveryStatus.SCHEDULED, DeliveryPlanner.retryOf(project), null, 0, context.now()));
        // the dispatcher claims through the same single writer, so it sees this row once this write commits
        context.signalMetaEventsDue();
        return recorded;
    }

    /** {@code endpoint.created|updated|deleted} for {@code endpoint} as it now is (secrets redacted). */
    public static MetaEvent recordEndpoint(Connection c, ServerContext context, String eventType, Endpoint endpoint)
            throws SQLException {
        return record(c, context, endpoint.projectId(), eventType,
                Json.strict().valueToTree(EndpointRedaction.redact(endpoint)));
    }

    /**
     * {@code endpoint.updated} for an endpoint changed outside {@code EndpointService} (the dispatcher deactivating
     * it), read on the caller's connection; null when it is gone or not subscribed.
     */
    public static MetaEvent recordEndpointChanged(Connection c, ServerContext context, String projectId,
                                                  String endpointId) throws SQLException {
        Endpoint endpoint = context.endpoints().find(c, projectId, endpointId);
        return endpoint == null ? null : recordEndpoint(c, context, ENDPOINT_UPDATED, endpoint);
    }

    /** A delivery outcome just written: the delivery and the status it now has. */
    public record DeliveryOutcome(String projectId, String deliveryId, EventDeliveryStatus status) {
    }

    /**
     * The delivery dispatcher's one call in its outcome write: for each outcome, {@code eventdelivery.success}
     * when the delivery is now {@code Success} and {@code eventdelivery.failed} when it is {@code Failure}; other
     * statuses (a retry is not an outcome yet) record nothing. Each project's config is read once per call, and a
     * delivery's data only when its project subscribes, so a batch of outcomes costs next to nothing when meta
     * events are off. Deliveries are read on the caller's connection: the state it just wrote. Returns how many
     * meta events were recorded.
     */
    public static int recordDeliveryOutcomes(Connection c, ServerContext context,
                                             Collection<DeliveryOutcome> outcomes) throws SQLException {
        Map<String, Optional<ProjectConfig.MetaEventConfig>> configs = new HashMap<>();
        int recorded = 0;
        for (DeliveryOutcome outcome : outcomes) {
            String eventType = switch (outcome.status()) {
                case SUCCESS -> DELIVERY_SUCCESS;
                case FAILURE -> DELIVERY_FAILED;
                default -> null;
            };
            if (eventType == null) {
                continue;
            }
            Optional<ProjectConfig.MetaEventConfig> meta = configs.get(outcome.projectId());
            if (meta == null) {
                meta = Optional.ofNullable(metaEventConfig(context.projects().find(c, outcome.projectId())));
                configs.put(outcome.projectId(), meta);
            }
            if (meta.isEmpty() || !lists(meta.get(), eventType)) {
                continue;
            }
            EventDelivery delivery = DeliveryStore.find(c, outcome.projectId(), outcome.deliveryId());
            if (delivery != null && delivery.status() == outcome.status()
                    && record(c, context, outcome.projectId(), eventType, deliveryData(c, context, delivery)) != null) {
                recorded++;
            }
        }
        return recorded;
    }

    /** The delivery as the deliveries API shows it, plus {@code attempt}: its latest attempt (Convoy's shape). */
    private static ObjectNode deliveryData(Connection c, ServerContext context, EventDelivery delivery)
            throws SQLException {
        EventDelivery complete = DeliveryViews.complete(c, delivery.projectId(), List.of(delivery),
                context.baseUrl()).get(0);
        ObjectNode data = Json.strict().valueToTree(complete);
        List<DeliveryAttempt> attempts = AttemptStore.list(c, delivery.projectId(), delivery.uid());
        data.set("attempt", attempts.isEmpty() ? null : Json.strict().valueToTree(attempts.getLast()));
        return data;
    }

    /** The project when its meta events are enabled and list {@code eventType}; otherwise null. */
    private static Project subscribed(Connection c, ServerContext context, String projectId, String eventType) throws SQLException {
        Project project = context.projects().find(c, projectId);
        ProjectConfig.MetaEventConfig meta = metaEventConfig(project);
        return meta != null && lists(meta, eventType) ? project : null;
    }

    /** The project's meta-event config when meta events are enabled, else null. */
    private static ProjectConfig.MetaEventConfig metaEventConfig(Project project) {
        ProjectConfig.MetaEventConfig meta = project == null || project.config() == null ? null
                : project.config().metaEvent();
        return meta != null && Boolean.TRUE.equals(meta.isEnabled()) ? meta : null;
    }

    private static boolean lists(ProjectConfig.MetaEventConfig meta, String eventType) {
        return meta.eventType() != null && meta.eventType().contains(eventType);
    }
}
