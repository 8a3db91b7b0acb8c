package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.FilterMatchRequest;
import dev.hookline.api.model.FilterMatchResult;
import dev.hookline.api.model.FilterScopes;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.subscriptions.SubscriptionStore;
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
 * The filter routes of subscriptions: {@code POST /subscriptions/test_filter} (an ad-hoc filter against a sample
 * request) and the per-event-type filters {@code /subscriptions/{id}/filters} (list, create, bulk create, get,
 * update, bulk update, delete, and a test of what {@link SubscriptionMatch} decides for an event type). Every write
 * is one transaction: a bulk request is stored whole or not at all.
 */
public final class SubscriptionFilterRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/subscriptions";
    private static final String FILTERS = BASE + "/{subscriptionID}/filters";

    private final ServerContext context;

    public SubscriptionFilterRoutes(ServerContext context) {
        this.context = context;
    }

    public void register(Router router) {
        router.post(BASE + "/test_filter", Access.API_KEY, this::testFilter);
        router.get(FILTERS, Access.API_KEY, this::list);
        router.post(FILTERS, Access.API_KEY, this::create);
        router.post(FILTERS + "/bulk", Access.API_KEY, this::bulkCreate);
        router.put(FILTERS + "/bulk_update", Access.API_KEY, this::bulkUpdate);
        router.post(FILTERS + "/test/{eventType}", Access.API_KEY, this::testMatch);
        router.get(FILTERS + "/{filterID}", Access.API_KEY, this::get);
        router.put(FILTERS + "/{filterID}", Access.API_KEY, this::update);
        router.delete(FILTERS + "/{filterID}", Access.API_KEY, this::delete);
    }

    /** Every part given in {@code schema} must accept the same part of {@code request}; data is the verdict. */
    private void testFilter(Exchange ex) throws Exception {
        ex.project();
        FilterTestRequest test = ex.body(FilterTestRequest.class);
        FilterScopes schema = test.schema() == null ? FilterScopes.of(null, null) : test.schema();
        FilterScopes request = test.request() == null ? FilterScopes.of(null, null) : test.request();
        JsonNode bodyFilter = FilterRequests.flattened("schema.body", schema.body());
        JsonNode headerFilter = FilterRequests.flattened("schema.header", schema.effectiveHeaders());
        JsonNode queryFilter = FilterRequests.flattened("schema.query", schema.query());
        JsonNode pathFilter = FilterRequests.flattened("schema.path", schema.path());
        boolean matches = FilterEngine.matches(bodyFilter, request.body())
                && FilterEngine.matchesHeaders(headerFilter, request.effectiveHeaders())
                && FilterEngine.matches(queryFilter, request.query())
                && FilterEngine.matches(pathFilter, request.path());
        ex.ok(200, "Filter validated successfully", matches);
    }

    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        List<SubscriptionFilter> filters = context.db().read(c -> {
            subscription(c, project.uid(), subscriptionId);
            return FilterStore.list(c, subscriptionId);
        });
        ex.ok(200, "Filters retrieved successfully", filters);
    }

    private void create(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        SubscriptionFilterRequest request = ex.body(SubscriptionFilterRequest.class);
        SubscriptionFilter filter = FilterRequests.create("", request, ex.bodyTree(), context.newId(), subscriptionId,
                context.now());
        SubscriptionFilter created = context.db().write(c -> {
            checkReceives(subscription(c, project.uid(), subscriptionId), "", filter.eventType());
            if (eventTypesInUse(c, subscriptionId, Set.of()).containsKey(filter.eventType())) {
                throw ApiError.badRequest("filter with this event type already exists");
            }
            FilterStore.insert(c, filter);
            return filter;
        });
        ex.ok(201, "Filter created successfully", created);
    }

    private void bulkCreate(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        SubscriptionFilterRequest[] requests = ex.body(SubscriptionFilterRequest[].class);
        JsonNode json = ex.bodyTree();
        if (requests.length == 0) {
            throw ApiError.badRequest("body:provide at least one filter");
        }
        Instant now = context.now();
        List<SubscriptionFilter> filters = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] == null) {
                throw ApiError.badRequest("[" + i + "]:must be a filter object");
            }
            SubscriptionFilter filter = FilterRequests.create("[" + i + "].", requests[i], json.get(i),
                    context.newId(), subscriptionId, now);
            if (!seen.add(filter.eventType())) {
                throw ApiError.badRequest("[" + i + "].event_type:duplicate event type " + filter.eventType()
                        + " in request");
            }
            filters.add(filter);
        }
        List<SubscriptionFilter> created = context.db().write(c -> {
            SubscriptionStore.Row subscription = subscription(c, project.uid(), subscriptionId);
            for (int i = 0; i < filters.size(); i++) {
                checkReceives(subscription, "[" + i + "].", filters.get(i).eventType());
            }
            Map<String, String> inUse = eventTypesInUse(c, subscriptionId, Set.of());
            for (SubscriptionFilter filter : filters) {
                if (inUse.containsKey(filter.eventType())) {
                    throw ApiError.badRequest("filter for event type " + filter.eventType() + " already exists");
                }
            }
            for (SubscriptionFilter filter : filters) {
                FilterStore.insert(c, filter);
            }
            return filters;
        });
        ex.ok(201, "Filters created successfully", created);
    }

    private void get(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        SubscriptionFilter filter = context.db().read(c -> {
            subscription(c, project.uid(), subscriptionId);
            return filter(c, subscriptionId, ex.pathParam("filterID"));
        });
        ex.ok(200, "Filter retrieved successfully", filter);
    }

    private void update(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        String filterId = ex.pathParam("filterID");
        SubscriptionFilterRequest request = ex.body(SubscriptionFilterRequest.class);
        JsonNode json = ex.bodyTree();
        Instant now = context.now();
        SubscriptionFilter updated = context.db().write(c -> {
            SubscriptionStore.Row subscription = subscription(c, project.uid(), subscriptionId);
            SubscriptionFilter was = filter(c, subscriptionId, filterId);
            SubscriptionFilter next = FilterRequests.update("", was, request, json, now);
            if (!next.eventType().equals(was.eventType())) {
                checkReceives(subscription, "", next.eventType());
            }
            String holder = eventTypesInUse(c, subscriptionId, Set.of()).get(next.eventType());
            if (holder != null && !holder.equals(filterId)) {
                throw ApiError.badRequest("filter with this event type already exists");
            }
            FilterStore.update(c, next);
            return next;
        });
        ex.ok(200, "Filter updated successfully", updated);
    }

    /**
     * Each request names its filter in {@code uid}. Checked against the state after every change, so two filters
     * may swap event types in one request.
     */
    private void bulkUpdate(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        SubscriptionFilterRequest[] requests = ex.body(SubscriptionFilterRequest[].class);
        JsonNode json = ex.bodyTree();
        if (requests.length == 0) {
            throw ApiError.badRequest("body:provide at least one filter");
        }
        Instant now = context.now();
        List<SubscriptionFilter> updated = context.db().write(c -> {
            SubscriptionStore.Row subscription = subscription(c, project.uid(), subscriptionId);
            Map<String, SubscriptionFilter> next = new LinkedHashMap<>();
            for (int i = 0; i < requests.length; i++) {
                SubscriptionFilterRequest request = requests[i];
                if (request == null || request.uid() == null || request.uid().isBlank()) {
                    throw ApiError.badRequest("[" + i + "].uid:please provide the uid of the filter to update");
                }
                if (next.containsKey(request.uid())) {
                    throw ApiError.badRequest("[" + i + "].uid:filter " + request.uid() + " appears twice");
                }
                SubscriptionFilter was = FilterStore.find(c, subscriptionId, request.uid());
                if (was == null) {
                    throw ApiError.notFound("filter " + request.uid() + " not found");
                }
                SubscriptionFilter changed = FilterRequests.update("[" + i + "].", was, request, json.get(i), now);
                if (!changed.eventType().equals(was.eventType())) {
                    checkReceives(subscription, "[" + i + "].", changed.eventType());
                }
                next.put(request.uid(), changed);
            }
            Map<String, String> inUse = eventTypesInUse(c, subscriptionId, next.keySet());
            for (SubscriptionFilter filter : next.values()) {
                if (inUse.put(filter.eventType(), filter.uid()) != null) {
                    throw ApiError.badRequest("filter for event type " + filter.eventType() + " already exists");
                }
            }
            for (SubscriptionFilter filter : next.values()) {
                FilterStore.parkEventType(c, subscriptionId, filter.uid());
            }
            for (SubscriptionFilter filter : next.values()) {
                FilterStore.update(c, filter);
            }
            return List.copyOf(next.values());
        });
        ex.ok(200, "Filters updated successfully", updated);
    }

    private void delete(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        String filterId = ex.pathParam("filterID");
        context.db().write(c -> {
            subscription(c, project.uid(), subscriptionId);
            if (!FilterStore.delete(c, subscriptionId, filterId)) {
                throw ApiError.notFound("filter not found");
            }
            return null;
        });
        ex.ok(200, "Filter deleted successfully", null);
    }

    /**
     * Would an event of this type, with this body ({@code request.body}, else {@code payload}) and headers, reach
     * the subscription? The same decision ingest makes ({@link SubscriptionMatch}).
     */
    private void testMatch(Exchange ex) throws Exception {
        Project project = ex.project();
        String subscriptionId = ex.pathParam("subscriptionID");
        String eventType = ex.pathParam("eventType");
        FilterMatchRequest request = ex.body(FilterMatchRequest.class);
        FilterScopes scopes = request.request();
        JsonNode body = scopes != null && scopes.body() != null ? scopes.body() : request.payload();
        JsonNode headers = scopes == null ? null : scopes.effectiveHeaders();
        boolean matches = context.db().read(c -> SubscriptionMatch.matches(c, subscription(c, project.uid(),
                subscriptionId), eventType, body, headers));
        ex.ok(200, "Filter test completed", new FilterMatchResult(matches));
    }

    // ------------------------------------------------------------------------------------------ lookups

    private static SubscriptionStore.Row subscription(Connection c, String projectId, String subscriptionId)
            throws SQLException {
        SubscriptionStore.Row row = SubscriptionStore.find(c, projectId, subscriptionId);
        if (row == null) {
            throw ApiError.notFound("subscription not found");
        }
        return row;
    }

    private static SubscriptionFilter filter(Connection c, String subscriptionId, String filterId)
            throws SQLException {
        SubscriptionFilter filter = FilterStore.find(c, subscriptionId, filterId);
        if (filter == null) {
            throw ApiError.notFound("filter not found");
        }
        return filter;
    }

    /**
     * A filter row refines the events the subscription's event types let through; one for a type it does not
     * receive could never apply, so it is refused ({@code "*"} is always allowed).
     */
    private static void checkReceives(SubscriptionStore.Row subscription, String prefix, String eventType) {
        FilterConfig config = subscription.subscription().filterConfig();
        List<String> types = config == null ? null : config.eventTypes();
        if (FilterStore.ALL_TYPES.equals(eventType) || SubscriptionMatch.acceptsType(types, eventType)) {
            return;
        }
        throw ApiError.badRequest(prefix + "event_type:the subscription does not receive \"" + eventType
                + "\" (its event types: " + String.join(", ", types) + "); add it to filter_config.event_types first");
    }

    /** Event type to filter ID for the subscription's filters, leaving out {@code except}. */
    private static Map<String, String> eventTypesInUse(Connection c, String subscriptionId, Set<String> except)
            throws SQLException {
        Map<String, String> inUse = new HashMap<>();
        for (SubscriptionFilter filter : FilterStore.list(c, subscriptionId)) {
            if (!except.contains(filter.uid())) {
                inUse.put(filter.eventType(), filter.uid());
            }
        }
        return inUse;
    }
}
