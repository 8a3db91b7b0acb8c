package dev.hookline.app.subscriptions;

import dev.hookline.api.client.ListQuery;
import java.util.List;
import java.util.Objects;

/**
 * The server-side filters of the subscriptions list; blank means "no filter".
 *
 * @param name        {@code name}: part of the subscription's name
 * @param endpointIds repeated {@code endpointId} keys: subscriptions of these endpoints
 */
public record SubscriptionFilter(String name, List<String> endpointIds) {

    public SubscriptionFilter {
        name = name == null || name.isBlank() ? null : name.strip();
        endpointIds = endpointIds == null ? List.of() : endpointIds.stream().filter(Objects::nonNull)
                .map(String::strip).filter(id -> !id.isEmpty()).distinct().toList();
    }

    public static SubscriptionFilter none() {
        return new SubscriptionFilter(null, List.of());
    }

    /** The filters as query parameters (the table adds paging). */
    public ListQuery toQuery() {
        return ListQuery.create().with("name", name).withAll("endpointId", endpointIds);
    }
}
