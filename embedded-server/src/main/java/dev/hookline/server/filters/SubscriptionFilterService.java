package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.FilterMatchRequest;
import dev.hookline.api.model.FilterMatchResult;
import dev.hookline.api.model.FilterScopes;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.server.store.Store;
import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Filter use cases of subscriptions: an ad-hoc filter against a sample request, and the per-event-type filters of a
 * subscription (list, create, bulk create, get, update, bulk update, delete, and a test of what
 * {@link SubscriptionMatch} decides for an event type). As in Convoy, a filter may name any event type, one the
 * subscription does not (yet) receive included: only a second filter for the same type is refused. Such a row waits
 * unused until the type is added to {@code filter_config.event_types} (see {@link SubscriptionFilterRows}). Every
 * write is one transaction: a bulk request is stored whole or not at all. {@code json} arguments are the request body as a tree (to tell an absent member from null).
 */
public final class SubscriptionFilterService {

    private final Store store;
    private final SubscriptionRepository subscriptions;
    private final FilterRepository filters;
    private final SubscriptionMatch subscriptionMatch;
    private final FilterEngine engine;

    public SubscriptionFilterService(Store store, SubscriptionRepository subscriptions, FilterRepository filters,
                                     FilterEngine filterEngine, SubscriptionMatch subscriptionMatch) {
        this.store = store;
        this.subscriptions = subscriptions;
        this.filters = filters;
        this.subscriptionMatch = subscriptionMatch;
        this.engine = filterEngine;
    }

    /** Every part given in {@code schema} must accept the same part of {@code request}; data is the verdict. */
    public boolean testFilter(FilterTestRequest test) {
        FilterScopes schema = test.schema() == null ? FilterScopes.of(null, null) : test.schema();
        FilterScopes request = test.request() == null ? FilterScopes.of(null, null) : test.request();
        JsonNode bodyFilter = FilterRequests.flattened("schema.body", schema.body());
        JsonNode headerFilter = FilterRequests.flattened("schema.header", schema.effectiveHeaders());
        JsonNode queryFilter = FilterRequests.flattened("schema.query", schema.query());
        JsonNode pathFilter = FilterRequests.flattened("schema.path", schema.path());
        return engine.matches(bodyFilter, request.body())
                && engine.matchesHeaders(headerFilter, request.effectiveHeaders())
                && engine.matches(queryFilter, request.query())
                && engine.matches(pathFilter, request.path());
    }

    public List<SubscriptionFilter> list(String projectId, String subscriptionId) {
        return store.db().read(c -> {
            subscription(c, projectId, subscriptionId);
            return filters.list(c, subscriptionId);
        });
    }

    public SubscriptionFilter create(String projectId, String subscriptionId, SubscriptionFilterRequest request,
                                     JsonNode json) {
        SubscriptionFilter filter = FilterRequests.create("", request, json, store.newId(), subscriptionId,
                store.now());
        return store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            if (eventTypesInUse(c, subscriptionId, Set.of()).containsKey(filter.eventType())) {
                throw new ConflictException("filter with this event type already exists");
            }
            filters.insert(c, filter);
            return filter;
        });
    }

    public List<SubscriptionFilter> bulkCreate(String projectId, String subscriptionId,
                                               SubscriptionFilterRequest[] requests, JsonNode json) {
        if (requests.length == 0) {
            throw InvalidInputException.of("body:provide at least one filter");
        }
        Instant now = store.now();
        List<SubscriptionFilter> created = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] == null) {
                throw InvalidInputException.of("[" + i + "]:must be a filter object");
            }
            SubscriptionFilter filter = FilterRequests.create("[" + i + "].", requests[i], json.get(i),
                    store.newId(), subscriptionId, now);
            if (!seen.add(filter.eventType())) {
                throw InvalidInputException.of("[" + i + "].event_type:duplicate event type " + filter.eventType()
                        + " in request");
            }
            created.add(filter);
        }
        return store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            Map<String, String> inUse = eventTypesInUse(c, subscriptionId, Set.of());
            for (SubscriptionFilter filter : created) {
                if (inUse.containsKey(filter.eventType())) {
                    throw new ConflictException("filter for event type " + filter.eventType() + " already exists");
                }
            }
            for (SubscriptionFilter filter : created) {
                filters.insert(c, filter);
            }
            return created;
        });
    }

    public SubscriptionFilter get(String projectId, String subscriptionId, String filterId) {
        return store.db().read(c -> {
            subscription(c, projectId, subscriptionId);
            return filter(c, subscriptionId, filterId);
        });
    }

    public SubscriptionFilter update(String projectId, String subscriptionId, String filterId,
                                     SubscriptionFilterRequest request, JsonNode json) {
        Instant now = store.now();
        return store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            SubscriptionFilter was = filter(c, subscriptionId, filterId);
            SubscriptionFilter next = FilterRequests.update("", was, request, json, now);
            String holder = eventTypesInUse(c, subscriptionId, Set.of()).get(next.eventType());
            if (holder != null && !holder.equals(filterId)) {
                throw new ConflictException("filter with this event type already exists");
            }
            filters.update(c, next);
            return next;
        });
    }

    /**
     * Each request names its filter in {@code uid}. Checked against the state after every change, so two filters
     * may swap event types in one request.
     */
    public List<SubscriptionFilter> bulkUpdate(String projectId, String subscriptionId,
                                               SubscriptionFilterRequest[] requests, JsonNode json) {
        if (requests.length == 0) {
            throw InvalidInputException.of("body:provide at least one filter");
        }
        Instant now = store.now();
        return store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            Map<String, SubscriptionFilter> next = new LinkedHashMap<>();
            for (int i = 0; i < requests.length; i++) {
                SubscriptionFilterRequest request = requests[i];
                if (request == null || request.uid() == null || request.uid().isBlank()) {
                    throw InvalidInputException.of("[" + i + "].uid:please provide the uid of the filter to update");
                }
                if (next.containsKey(request.uid())) {
                    throw InvalidInputException.of("[" + i + "].uid:filter " + request.uid() + " appears twice");
                }
                SubscriptionFilter was = filters.find(c, subscriptionId, request.uid());
                if (was == null) {
                    throw new NotFoundException("filter " + request.uid() + " not found");
                }
                SubscriptionFilter changed = FilterRequests.update("[" + i + "].", was, request, json.get(i), now);
                next.put(request.uid(), changed);
            }
            Map<String, String> inUse = eventTypesInUse(c, subscriptionId, next.keySet());
            for (SubscriptionFilter filter : next.values()) {
                if (inUse.put(filter.eventType(), filter.uid()) != null) {
                    throw new ConflictException("filter for event type " + filter.eventType() + " already exists");
                }
            }
            for (SubscriptionFilter filter : next.values()) {
                filters.parkEventType(c, subscriptionId, filter.uid());
            }
            for (SubscriptionFilter filter : next.values()) {
                filters.update(c, filter);
            }
            return List.copyOf(next.values());
        });
    }

    public void delete(String projectId, String subscriptionId, String filterId) {
        store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            if (!filters.delete(c, subscriptionId, filterId)) {
                throw new NotFoundException("filter not found");
            }
            return null;
        });
    }

    /**
     * Would the subscription's filters let an event of this type, with this body ({@code request.body}, else
     * {@code payload}) and headers, through? The filters on their own, as Convoy's filter test: the row for the
     * type, else the {@code *} row, else {@code filter_config.filter} decides, whether or not the subscription
     * takes the type ({@link SubscriptionMatch#filtersAccept}; ingest also checks the type, ADR 0030).
     */
    public FilterMatchResult testMatch(String projectId, String subscriptionId, String eventType,
                                       FilterMatchRequest request) {
        FilterScopes scopes = request.request();
        JsonNode body = scopes != null && scopes.body() != null ? scopes.body() : request.payload();
        JsonNode headers = scopes == null ? null : scopes.effectiveHeaders();
        boolean matches = store.db().read(c -> subscriptionMatch.filtersAccept(c, subscription(c, projectId,
                subscriptionId), eventType, body, headers));
        return new FilterMatchResult(matches);
    }

    // ------------------------------------------------------------------------------------------ lookups

    private SubscriptionRepository.Row subscription(Connection c, String projectId, String subscriptionId)
            throws SQLException {
        SubscriptionRepository.Row row = subscriptions.find(c, projectId, subscriptionId);
        if (row == null) {
            throw new NotFoundException("subscription not found");
        }
        return row;
    }

    private SubscriptionFilter filter(Connection c, String subscriptionId, String filterId)
            throws SQLException {
        SubscriptionFilter filter = filters.find(c, subscriptionId, filterId);
        if (filter == null) {
            throw new NotFoundException("filter not found");
        }
        return filter;
    }

    /** Event type to filter ID for the subscription's filters, leaving out {@code except}. */
    private Map<String, String> eventTypesInUse(Connection c, String subscriptionId, Set<String> except)
            throws SQLException {
        Map<String, String> inUse = new HashMap<>();
        for (SubscriptionFilter filter : filters.list(c, subscriptionId)) {
            if (!except.contains(filter.uid())) {
                inUse.put(filter.eventType(), filter.uid());
            }
        }
        return inUse;
    }
}
