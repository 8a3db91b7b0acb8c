package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.server.subscriptions.EventTypeFilterRows;
import dev.hookline.server.subscriptions.SubscriptionRepository.StoredFilter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Keeps a subscription's filter rows in step with its {@code filter_config} (the rule is on
 * {@link EventTypeFilterRows#follow}). Matching is unchanged by it: a row copied from {@code filter_config.filter}
 * decides exactly as that filter would ({@link SubscriptionMatch}). One instance per server (made by {@code HooklineServer}).
 */
public final class SubscriptionFilterRows implements EventTypeFilterRows {

    private final FilterRepository filters;
    private final Supplier<String> ids;

    public SubscriptionFilterRows(FilterRepository filters, Supplier<String> ids) {
        this.filters = filters;
        this.ids = ids;
    }

    @Override
    public void follow(Connection c, String subscriptionId, StoredFilter previous, StoredFilter current,
                       Instant now) throws SQLException {
        Set<String> types = new LinkedHashSet<>(current.eventTypes());
        boolean typesChanged = previous != null && !new HashSet<>(previous.eventTypes()).equals(types);
        boolean filterChanged = previous != null && !sameParts(previous.flat(), current.flat());
        Set<String> covered = new HashSet<>();
        for (SubscriptionFilter row : filters.list(c, subscriptionId)) {
            if (typesChanged && !types.contains(row.eventType())) {
                filters.delete(c, subscriptionId, row.uid());
                continue;
            }
            if (filterChanged && holds(row, previous)) {
                filters.update(c, copyOf(row.uid(), subscriptionId, row.eventType(), row.enabledAt(), current,
                        row.createdAt(), now));
            }
            covered.add(row.eventType());
        }
        for (String type : types) {
            if (!covered.contains(type)) {
                filters.insert(c, copyOf(ids.get(), subscriptionId, type, now, current, now, now));
            }
        }
    }

    /** True if the row still holds the subscription's filter (no client changed it through the filters API). */
    private static boolean holds(SubscriptionFilter row, StoredFilter filter) {
        return sameParts(new JsonNode[] {row.headers(), row.body(), row.query(), row.path()}, filter.flat());
    }

    private static boolean sameParts(JsonNode[] a, JsonNode[] b) {
        for (int i = 0; i < 4; i++) {
            if (!a[i].equals(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static SubscriptionFilter copyOf(String id, String subscriptionId, String eventType, Instant enabledAt,
                                             StoredFilter filter, Instant createdAt, Instant now) {
        JsonNode[] flat = filter.flat();
        JsonNode[] raw = filter.raw();
        return new SubscriptionFilter(id, subscriptionId, eventType, enabledAt, flat[0].deepCopy(),
                flat[1].deepCopy(), flat[2].deepCopy(), flat[3].deepCopy(), raw[0].deepCopy(), raw[1].deepCopy(),
                raw[2].deepCopy(), raw[3].deepCopy(), createdAt, now);
    }
}
