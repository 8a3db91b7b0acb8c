package dev.hookline.server.subscriptions;

import dev.hookline.server.subscriptions.SubscriptionRepository.StoredFilter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The per-event-type filter rows ({@code /subscriptions/{id}/filters}) a subscription's {@code filter_config} gives
 * rise to, as Convoy keeps them. Declared here and implemented by the filters feature, which already depends on this
 * package (so the two stay free of a cycle).
 */
public interface EventTypeFilterRows {

    /**
     * Brings the subscription's rows in step with what was just written, inside the caller's transaction
     * (docs/adr/0030): each of {@code current}'s event types without a row gets one holding {@code current}'s
     * filter. On an update ({@code previous} not null): when the event types changed, rows for types no longer
     * listed go; when the filter changed, rows still holding {@code previous}'s filter take the new one, and rows a
     * client set through the filters API keep theirs.
     */
    void follow(Connection c, String subscriptionId, StoredFilter previous, StoredFilter current, Instant now)
            throws SQLException;
}
