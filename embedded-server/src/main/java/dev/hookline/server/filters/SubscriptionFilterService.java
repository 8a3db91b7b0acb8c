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
import java.util.LinkedHashSet;
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
            refuseTakenType(c, subscriptionId, filter);
            filters.insert(c, filter);
            return filter;
        });
    }

    public List<SubscriptionFilter> bulkCreate(String projectId, String subscriptionId,
                                               SubscriptionFilterRequest[] requests, JsonNode json) {
        requireSome(requests);
        Instant now = store.now();
        Set<String> types = new HashSet<>();
        List<SubscriptionFilter> created = readEach(requests, json, (i, prefix, request, body) -> {
            if (request == null) {
                throw InvalidInputException.of("[" + i + "]:must be a filter object");
            }
            SubscriptionFilter filter = FilterRequests.create(prefix, request, body, store.newId(), subscriptionId,
                    now);
            if (!types.add(filter.eventType())) {
                throw InvalidInputException.of(prefix + "event_type:duplicate event type " + filter.eventType()
                        + " in request");
            }
            return filter;
        });
        return store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            storeBatch(c, subscriptionId, created, Set.of());
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
            refuseTakenType(c, subscriptionId, next);
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
        requireSome(requests);
        Instant now = store.now();
        return store.db().write(c -> {
            subscription(c, projectId, subscriptionId);
            Set<String> uids = new LinkedHashSet<>();
            List<SubscriptionFilter> changed = readEach(requests, json, (i, prefix, request, body) -> {
                if (request == null || request.uid() == null || request.uid().isBlank()) {
                    throw InvalidInputException.of(prefix + "uid:please provide the uid of the filter to update");
                }
                if (!uids.add(request.uid())) {
                    throw InvalidInputException.of(prefix + "uid:filter " + request.uid() + " appears twice");
                }
                SubscriptionFilter was = filters.find(c, subscriptionId, request.uid());
                if (was == null) {
                    throw new NotFoundException("filter " + request.uid() + " not found");
                }
                return FilterRequests.update(prefix, was, request, body, now);
            });
            storeBatch(c, subscriptionId, changed, uids);
            return changed;
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

    // ------------------------------------------------------------------------------------------ bulk requests

    /** Reads the {@code i}th filter of a bulk body; {@code prefix} ({@code [i].}) starts its field errors. */
    @FunctionalInterface
    private interface BulkItem<E extends Exception> {
        SubscriptionFilter read(int i, String prefix, SubscriptionFilterRequest request, JsonNode json) throws E;
    }

    private static void requireSome(SubscriptionFilterRequest[] requests) {
        if (requests.length == 0) {
            throw InvalidInputException.of("body:provide at least one filter");
        }
    }

    /** The filters of a bulk body, in its order, each read by {@code item}. */
    private static <E extends Exception> List<SubscriptionFilter> readEach(SubscriptionFilterRequest[] requests,
                                                                          JsonNode json, BulkItem<E> item) throws E {
        List<SubscriptionFilter> out = new ArrayList<>(requests.length);
        for (int i = 0; i < requests.length; i++) {
            out.add(item.read(i, "[" + i + "].", requests[i], json.get(i)));
        }
        return List.copyOf(out);
    }

    /**
     * Stores a bulk request's filters, all or none (409 when one takes an event type another filter of the
     * subscription holds): those whose ID is in {@code replaced} are updated, the others inserted. The updated ones
     * give up their event types first, so two filters may swap types in one request.
     */
    private void storeBatch(Connection c, String subscriptionId, List<SubscriptionFilter> batch, Set<String> replaced)
            throws SQLException {
        Map<String, String> inUse = eventTypesInUse(c, subscriptionId, replaced);
        for (SubscriptionFilter filter : batch) {
            if (inUse.put(filter.eventType(), filter.uid()) != null) {
                throw new ConflictException("filter for event type " + filter.eventType() + " already exists");
            }
        }
        for (String uid : replaced) {
            filters.parkEventType(c, subscriptionId, uid);
        }
        for (SubscriptionFilter filter : batch) {
            if (replaced.contains(filter.uid())) {
                filters.update(c, filter);
            } else {
                filters.insert(c, filter);
            }
        }
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

    /** 409 when another filter of the subscription than {@code filter} holds its event type. */
    private void refuseTakenType(Connection c, String subscriptionId, SubscriptionFilter filter) throws SQLException {
        String holder = eventTypesInUse(c, subscriptionId, Set.of()).get(filter.eventType());
        if (holder != null && !holder.equals(filter.uid())) {
            throw new ConflictException("filter with this event type already exists");
        }
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
