package dev.hookline.server.http.filters;

import dev.hookline.api.model.FilterMatchRequest;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.server.filters.SubscriptionFilterService;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;

/**
 * The filter routes of subscriptions: {@code POST /subscriptions/test_filter} (an ad-hoc filter against a sample
 * request) and the per-event-type filters {@code /subscriptions/{id}/filters} (list, create, bulk create, get,
 * update, bulk update, delete, and a test of what ingest decides for an event type).
 */
public final class SubscriptionFilterRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/subscriptions";
    private static final String FILTERS = BASE + "/{subscriptionID}/filters";

    private final SubscriptionFilterService filters;

    public SubscriptionFilterRoutes(SubscriptionFilterService filters) {
        this.filters = filters;
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
        ex.ok(200, "Filter validated successfully", filters.testFilter(test));
    }

    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Filters retrieved successfully", filters.list(project.uid(), ex.pathParam("subscriptionID")));
    }

    private void create(Exchange ex) throws Exception {
        Project project = ex.project();
        SubscriptionFilterRequest request = ex.body(SubscriptionFilterRequest.class);
        ex.ok(201, "Filter created successfully", filters.create(project.uid(), ex.pathParam("subscriptionID"),
                request, ex.bodyTree()));
    }

    private void bulkCreate(Exchange ex) throws Exception {
        Project project = ex.project();
        SubscriptionFilterRequest[] requests = ex.body(SubscriptionFilterRequest[].class);
        ex.ok(201, "Filters created successfully", filters.bulkCreate(project.uid(), ex.pathParam("subscriptionID"),
                requests, ex.bodyTree()));
    }

    private void get(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Filter retrieved successfully", filters.get(project.uid(), ex.pathParam("subscriptionID"),
                ex.pathParam("filterID")));
    }

    private void update(Exchange ex) throws Exception {
        Project project = ex.project();
        SubscriptionFilterRequest request = ex.body(SubscriptionFilterRequest.class);
        ex.ok(200, "Filter updated successfully", filters.update(project.uid(), ex.pathParam("subscriptionID"),
                ex.pathParam("filterID"), request, ex.bodyTree()));
    }

    /**
     * Each request names its filter in {@code uid}. Checked against the state after every change, so two filters
     * may swap event types in one request.
     */
    private void bulkUpdate(Exchange ex) throws Exception {
        Project project = ex.project();
        SubscriptionFilterRequest[] requests = ex.body(SubscriptionFilterRequest[].class);
        ex.ok(200, "Filters updated successfully", filters.bulkUpdate(project.uid(), ex.pathParam("subscriptionID"),
                requests, ex.bodyTree()));
    }

    private void delete(Exchange ex) throws Exception {
        Project project = ex.project();
        filters.delete(project.uid(), ex.pathParam("subscriptionID"), ex.pathParam("filterID"));
        ex.ok(200, "Filter deleted successfully", null);
    }

    /**
     * Would an event of this type, with this body ({@code request.body}, else {@code payload}) and headers, reach
     * the subscription? The same decision ingest makes.
     */
    private void testMatch(Exchange ex) throws Exception {
        Project project = ex.project();
        FilterMatchRequest request = ex.body(FilterMatchRequest.class);
        ex.ok(200, "Filter test completed", filters.testMatch(project.uid(), ex.pathParam("subscriptionID"),
                ex.pathParam("eventType"), request));
    }
}
