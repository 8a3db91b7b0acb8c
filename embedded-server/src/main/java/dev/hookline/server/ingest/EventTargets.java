package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.store.Store;
import dev.hookline.server.subscriptions.EventTypeFilterRows;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How an event created by a caller (the event API, a broker message) is validated, targeted and stored: to one
 * endpoint or an owner's endpoints, to an owner's endpoints (fanout), or to every subscribed endpoint (broadcast).
 * One rule set for both ways in, so a broker message becomes exactly the event the API would make.
 */
final class EventTargets {

    private final Store store;
    private final EndpointRepository endpoints;
    private final SubscriptionRepository subscriptions;
    private final EventTypeFilterRows filterRows;

    EventTargets(Store store, EndpointRepository endpoints, SubscriptionRepository subscriptions,
                 EventTypeFilterRows filterRows) {
        this.store = store;
        this.endpoints = endpoints;
        this.subscriptions = subscriptions;
        this.filterRows = filterRows;
    }

    /** The parts every created event shares, validated. */
    record Common(String eventType, IngestPayload payload, Map<String, List<String>> headers, String key) {
    }

    /**
     * Picks an event's targets before it is planned: reads committed data, and writes only the configuration the
     * event needs first (Convoy's catch-all subscription, a dynamic event's endpoint), committed on its own.
     */
    interface Targeting {
        EventIntake.Draft draft();
    }

    static Common common(String eventType, JsonNode data, Map<String, String> customHeaders, String key) {
        if (data == null || data.isNull() || data.isMissingNode()) {
            throw new InvalidInputException("data:please provide your data");
        }
        if (blank(eventType)) {
            throw new InvalidInputException("event_type:please provide an event type");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (customHeaders != null) {
            customHeaders.forEach((name, value) -> {
                if (blank(name)) {
                    throw new InvalidInputException("custom_headers:header names must not be empty");
                }
                headers.put(name.strip(), List.of(value == null ? "" : value));
            });
        }
        return new Common(eventType.strip(), new IngestPayload(data.toString(), data), headers,
                key == null ? "" : key.strip());
    }

    /** {@code POST /events}: to {@code endpointId} when given, else to the endpoints of {@code ownerId}. */
    Targeting toEndpointOrOwner(Project project, Common common, String endpointId, String ownerId, String sourceId) {
        String endpoint = blank(endpointId) ? null : endpointId.strip();
        if (endpoint == null && blank(ownerId)) {
            throw new InvalidInputException("endpoint_id:please provide an endpoint ID");
        }
        return () -> {
            List<String> endpointIds;
            if (endpoint != null) {
                Endpoint found = store.db().read(c -> endpoints.find(c, project.uid(), endpoint));
                if (found == null) {
                    throw new InvalidInputException("endpoint_id:failed to find endpoint by id");
                }
                if (project.type() == ProjectType.OUTGOING) {
                    ensureCatchAllSubscription(project.uid(), found);
                }
                endpointIds = List.of(found.uid());
            } else {
                endpointIds = ownerEndpoints(project.uid(), ownerId.strip());
            }
            return draft(project, common, new DeliveryPlanner.Target.ToEndpoints(endpointIds), endpointIds,
                    sourceId);
        };
    }

    /** {@code POST /events/fanout}: to every endpoint of {@code ownerId}. */
    Targeting toOwner(Project project, Common common, String ownerId, String sourceId) {
        if (blank(ownerId)) {
            throw new InvalidInputException("owner_id:please provide an owner id");
        }
        return () -> {
            List<String> endpointIds = ownerEndpoints(project.uid(), ownerId.strip());
            return draft(project, common, new DeliveryPlanner.Target.ToEndpoints(endpointIds), endpointIds,
                    sourceId);
        };
    }

    /** {@code POST /events/broadcast}: to every endpoint subscribed to the event type. */
    static Targeting broadcast(Project project, Common common, String sourceId) {
        return () -> draft(project, common, new DeliveryPlanner.Target.Broadcast(), List.of(), sourceId);
    }

    static EventIntake.Draft draft(Project project, Common common, DeliveryPlanner.Target target,
                                   List<String> endpointIds, String sourceId) {
        return new EventIntake.Draft(project.uid(), common.eventType(), sourceId, target, endpointIds,
                common.headers(), common.payload(), "", "", common.key());
    }

    private List<String> ownerEndpoints(String projectId, String ownerId) {
        List<String> ids = store.db().read(c -> endpoints.findByOwner(c, projectId, ownerId)).stream()
                .map(Endpoint::uid).toList();
        if (ids.isEmpty()) {
            throw new InvalidInputException("owner_id:owner ID has no configured endpoints");
        }
        return ids;
    }

    /**
     * Convoy: an event sent to an endpoint without any subscription gets a catch-all one named after it. Only in
     * outgoing projects: an incoming project's subscriptions need a source. Looked for on a read connection first
     * (the usual case: it exists), then made in a write of its own that looks again (two first events at once make
     * one), committed before the event is planned so the plan sees it.
     */
    private void ensureCatchAllSubscription(String projectId, Endpoint endpoint) {
        if (store.db().read(c -> subscriptions.countForEndpoint(c, projectId, endpoint.uid(), null)) > 0) {
            return;
        }
        store.db().write(c -> {
            if (subscriptions.countForEndpoint(c, projectId, endpoint.uid(), null) == 0) {
                SubscriptionRepository.Values values = subscriptionValues(endpoint.name() + "-subscription",
                        endpoint.uid(), List.of("*"));
                String id = store.newId();
                subscriptions.insert(c, id, projectId, values, store.now());
                filterRows.follow(c, id, null, values.filter(), store.now()); // ADR 0030
            }
            return null;
        });
    }

    static SubscriptionRepository.Values subscriptionValues(String name, String endpointId, List<String> types) {
        return SubscriptionRepository.Values.plain(name, endpointId, types);
    }

    static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
