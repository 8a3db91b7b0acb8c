package dev.hookline.server.http.subscriptions;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.subscriptions.SubscriptionService;
import java.util.List;

/**
 * {@code /api/v1/projects/{projectID}/subscriptions}: list, create, get, update, delete, and
 * {@code toggle_status} (active to inactive and back). Responses carry the endpoint
 * ({@code endpoint_metadata}) and the source ({@code source_metadata}) instead of their IDs, as Convoy's do.
 */
public final class SubscriptionRoutes {

    private final SubscriptionService subscriptions;

    public SubscriptionRoutes(SubscriptionService subscriptions) {
        this.subscriptions = subscriptions;
    }

    /** Filters: {@code endpointId} (repeated), {@code name} (contains, case-insensitive). */
    public void list(Exchange ex) throws Exception {
        List<String> endpointIds = ex.queryAll("endpointId");
        String name = ex.query("name").orElse(null);
        ListParams params = ListParamsReader.from(ex);
        ex.ok(200, "Subscriptions fetched successfully", subscriptions.list(ex.project(), endpointIds, name, params));
    }

    public void create(Exchange ex) throws Exception {
        SubscriptionRequest request = ex.body(SubscriptionRequest.class);
        ex.ok(201, "Subscription created successfully", subscriptions.create(ex.project(), request));
    }

    public void get(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Subscription fetched successfully", subscriptions.get(project, ex.pathParam("subscriptionID")));
    }

    public void update(Exchange ex) throws Exception {
        SubscriptionRequest request = ex.body(SubscriptionRequest.class);
        ex.ok(202, "Subscription updated successfully",
                subscriptions.update(ex.project(), ex.pathParam("subscriptionID"), request));
    }

    /** Active to inactive and back; answers the subscription with its new {@code status}. */
    public void toggleStatus(Exchange ex) throws Exception {
        ex.ok(202, "Subscription status updated successfully",
                subscriptions.toggleStatus(ex.project(), ex.pathParam("subscriptionID")));
    }

    public void delete(Exchange ex) throws Exception {
        subscriptions.delete(ex.projectId(), ex.pathParam("subscriptionID"));
        ex.ok(200, "Subscription deleted successfully", null);
    }
}
