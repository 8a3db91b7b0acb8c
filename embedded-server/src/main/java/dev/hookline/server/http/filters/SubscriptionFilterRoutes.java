package dev.hookline.server.http.filters;

import dev.hookline.api.model.FilterMatchRequest;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.server.filters.SubscriptionFilterService;
import dev.hookline.server.http.Exchange;

/**
 * The filter routes of subscriptions: {@code POST /subscriptions/test_filter} (an ad-hoc filter against a sample
 * request) and the per-event-type filters {@code /subscriptions/{id}/filters} (list, create, bulk create, get,
 * update, bulk update, delete, and a test of what ingest decides for an event type).
 */
public final class SubscriptionFilterRoutes {

    private final SubscriptionFilterService filters;

    public SubscriptionFilterRoutes(SubscriptionFilterService filters) {
        this.filters = filters;
    }

    /** Every part given in {@code schema} must accept the same part of {@code request}; data is the verdict. */
    public void testFilter(Exchange ex) throws Exception {
        ex.project();
        FilterTestRequest test = ex.body(FilterTestRequest.class);
        ex.ok(200, "Filter validated successfully", filters.testFilter(test));
    }

    public void list(Exchange ex) throws Exception {
        ex.ok(200, "Filters retrieved successfully", filters.list(ex.projectId(), ex.pathParam("subscriptionID")));
    }

    public void create(Exchange ex) throws Exception {
        SubscriptionFilterRequest request = ex.body(SubscriptionFilterRequest.class);
        ex.ok(201, "Filter created successfully", filters.create(ex.projectId(), ex.pathParam("subscriptionID"),
                request, ex.bodyTree()));
    }

    public void bulkCreate(Exchange ex) throws Exception {
        SubscriptionFilterRequest[] requests = ex.body(SubscriptionFilterRequest[].class);
        ex.ok(201, "Filters created successfully", filters.bulkCreate(ex.projectId(), ex.pathParam("subscriptionID"),
                requests, ex.bodyTree()));
    }

    public void get(Exchange ex) throws Exception {
        ex.ok(200, "Filter retrieved successfully", filters.get(ex.projectId(), ex.pathParam("subscriptionID"),
                ex.pathParam("filterID")));
    }

    public void update(Exchange ex) throws Exception {
        SubscriptionFilterRequest request = ex.body(SubscriptionFilterRequest.class);
        ex.ok(200, "Filter updated successfully", filters.update(ex.projectId(), ex.pathParam("subscriptionID"),
                ex.pathParam("filterID"), request, ex.bodyTree()));
    }

    /**
     * Each request names its filter in {@code uid}. Checked against the state after every change, so two filters
     * may swap event types in one request.
     */
    public void bulkUpdate(Exchange ex) throws Exception {
        SubscriptionFilterRequest[] requests = ex.body(SubscriptionFilterRequest[].class);
        ex.ok(200, "Filters updated successfully", filters.bulkUpdate(ex.projectId(), ex.pathParam("subscriptionID"),
                requests, ex.bodyTree()));
    }

    public void delete(Exchange ex) throws Exception {
        filters.delete(ex.projectId(), ex.pathParam("subscriptionID"), ex.pathParam("filterID"));
        ex.ok(200, "Filter deleted successfully", null);
    }

    /**
     * Would an event of this type, with this body ({@code request.body}, else {@code payload}) and headers, reach
     * the subscription? The same decision ingest makes.
     */
    public void testMatch(Exchange ex) throws Exception {
        FilterMatchRequest request = ex.body(FilterMatchRequest.class);
        ex.ok(200, "Filter test completed", filters.testMatch(ex.projectId(), ex.pathParam("subscriptionID"),
                ex.pathParam("eventType"), request));
    }
}
