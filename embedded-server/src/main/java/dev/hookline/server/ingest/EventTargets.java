package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.ServerContext;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How an event created by a caller (the event API, a broker message) is validated, targeted and stored: to one
 * endpoint or an owner's endpoints, to an owner's endpoints (fanout), or to every subscribed endpoint (broadcast).
 * One rule set for both ways in, so a broker message becomes exactly the event the API would make.
 */
final class EventTargets {

    private EventTargets() {
    }

    /** The parts every created event shares, validated. */
    record Common(String eventType, IngestPayload payload, Map<String, List<String>> headers, String key) {
    }

    /** Work that picks the targets inside the write; the event is then stored in the same transaction. */
    interface Targeting {
        EventIntake.Draft draft(Connection c) throws SQLException;
    }

    static Common common(String eventType, JsonNode data, Map<String, String> customHeaders, String key) {
        if (data == null || data.isNull() || data.isMissingNode()) {
            throw ApiError.badRequest("data:please provide your data");
        }
        if (blank(eventType)) {
            throw ApiError.badRequest("event_type:please provide an event type");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (customHeaders != null) {
            customHeaders.forEach((name, value) -> {
                if (blank(name)) {
                    throw ApiError.badRequest("custom_headers:header names must not be empty");
                }
                headers.put(name.strip(), List.of(value == null ? "" : value));
            });
        }
        return new Common(eventType.strip(), new IngestPayload(data.toString(), data), headers,
                key == null ? "" : key.strip());
    }

    /** {@code POST /events}: to {@code endpointId} when given, else to the endpoints of {@code ownerId}. */
    static Targeting toEndpointOrOwner(ServerContext context, Project project, Common common, String endpointId,
                                       String ownerId, String sourceId) {
        String endpoint = blank(endpointId) ? null : endpointId.strip();
        if (endpoint == null && blank(ownerId)) {
            throw ApiError.badRequest("endpoint_id:please provide an endpoint ID");
        }
        return c -> {
            List<String> endpointIds;
            if (endpoint != null) {
                Endpoint found = context.endpoints().find(c, project.uid(), endpoint);
                if (found == null) {
                    throw ApiError.badRequest("endpoint_id:failed to find endpoint by id");
                }
                if (project.type() == ProjectType.OUTGOING) {
                    ensureCatchAllSubscription(c, context, project.uid(), found);
                }
                endpointIds = List.of(found.uid());
            } else {
                endpointIds = ownerEndpoints(c, context, project.uid(), ownerId.strip());
            }
            return draft(project, common, new DeliveryPlanner.Target.ToEndpoints(endpointIds), endpointIds,
                    sourceId);
        };
    }

    /** {@code POST /events/fanout}: to every endpoint of {@code ownerId}. */
    static Targeting toOwner(ServerContext context, Project project, Common common, String ownerId,
                             String sourceId) {
        if (blank(ownerId)) {
            throw ApiError.badRequest("owner_id:please provide an owner id");
        }
        return c -> {
            List<String> endpointIds = ownerEndpoints(c, context, project.uid(), ownerId.strip());
            return draft(project, common, new DeliveryPlanner.Target.ToEndpoints(endpointIds), endpointIds,
                    sourceId);
        };
    }

    /** {@code POST /events/broadcast}: to every endpoint subscribed to the event type. */
    static Targeting broadcast(Project project, Common common, String sourceId) {
        return c -> draft(project, common, new DeliveryPlanner.Target.Broadcast(), List.of(), sourceId);
    }

    /** Stores the targeted event and its deliveries in one write (committed on return) and wakes the dispatcher. */
    static EventIntake.Stored write(ServerContext context, Targeting targeting) {
        EventIntake.Stored stored = context.db().write(c -> {
            try {
                return EventIntake.store(c, context, targeting.draft(c));
            } catch (RuntimeException | SQLException e) {
                // the job's savepoint is rolled back: config it created must not stay cached
                ConfigCache.forWriter(context, c).invalidateWriter();
                throw e;
            }
        });
        EventIntake.signalIfDue(context, stored.deliveries());
        return stored;
    }

    static EventIntake.Draft draft(Project project, Common common, DeliveryPlanner.Target target,
                                   List<String> endpointIds, String sourceId) {
        return new EventIntake.Draft(project.uid(), common.eventType(), sourceId, target, endpointIds,
                common.headers(), common.payload(), "", "", common.key());
    }

    private static List<String> ownerEndpoints(Connection c, ServerContext context, String projectId,
                                               String ownerId) throws SQLException {
        List<String> ids = context.endpoints().findByOwner(c, projectId, ownerId).stream().map(Endpoint::uid).toList();
        if (ids.isEmpty()) {
            throw ApiError.badRequest("owner_id:owner ID has no configured endpoints");
        }
        return ids;
    }

    /**
     * Convoy: an event sent to an endpoint without any subscription gets a catch-all one named after it. Only in
     * outgoing projects: an incoming project's subscriptions need a source.
     */
    private static void ensureCatchAllSubscription(Connection c, ServerContext context, String projectId,
                                                   Endpoint endpoint) throws SQLException {
        if (context.subscriptions().countForEndpoint(c, projectId, endpoint.uid(), null) > 0) {
            return;
        }
        context.subscriptions().insert(c, context.newId(), projectId, subscriptionValues(endpoint.name()
                + "-subscription", endpoint.uid(), List.of("*")), context.now());
    }

    static SubscriptionRepository.Values subscriptionValues(String name, String endpointId, List<String> types) {
        ObjectNode[] empty = new ObjectNode[4];
        ObjectNode[] emptyFlat = new ObjectNode[4];
        for (int i = 0; i < 4; i++) {
            empty[i] = JsonNodeFactory.instance.objectNode();
            emptyFlat[i] = JsonNodeFactory.instance.objectNode();
        }
        return new SubscriptionRepository.Values(name, endpointId, null, null, null, null,
                new SubscriptionRepository.StoredFilter(types, empty, emptyFlat), null, DeliveryMode.AT_LEAST_ONCE);
    }

    static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
