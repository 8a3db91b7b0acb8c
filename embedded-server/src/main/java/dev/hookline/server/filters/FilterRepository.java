package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code filters} table: per-event-type filters of a subscription, one per (subscription, event type). Rows are
 * the wire record itself; callers have checked that the subscription belongs to the project. One instance per
 * server (made by {@code HooklineServer}), so what it knows about its database is its own state.
 */
public final class FilterRepository {

    /** The catch-all event type of a filter row. */
    public static final String ALL_TYPES = "*";

    /**
     * Null until first asked, then false while the database is known to hold no filter rows, so that matching,
     * which runs for every event x subscription on the writer thread, skips the lookup in the common case of nobody
     * using filter rows. Only ever turns true (set before a row is inserted, so a concurrent "none" answer cannot
     * hide it).
     */
    private final AtomicReference<Boolean> mayHaveFilters = new AtomicReference<>();

    private static final String COLUMNS = "id, subscription_id, event_type, enabled_at, headers, body, query, path, "
            + "raw_headers, raw_body, raw_query, raw_path, created_at, updated_at";


    /** Every filter of the subscription, oldest first. */
    public List<SubscriptionFilter> list(Connection c, String subscriptionId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM filters WHERE subscription_id = ? "
                + "ORDER BY id")) {
            s.setString(1, subscriptionId);
            return all(s);
        }
    }

    /** The subscription's filter with this ID, or null. */
    public SubscriptionFilter find(Connection c, String subscriptionId, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM filters WHERE id = ? "
                + "AND subscription_id = ?")) {
            s.setString(1, id);
            s.setString(2, subscriptionId);
            List<SubscriptionFilter> found = all(s);
            return found.isEmpty() ? null : found.get(0);
        }
    }

    /** What matching needs of the filter row that decides: whether it is on, and its header and body filters. */
    public record DecidingFilter(boolean enabled, JsonNode headers, JsonNode body) {
    }

    /**
     * The filter that decides for an event type: the one for exactly that type, else the {@code "*"} one, else
     * null (then the subscription's own filter_config decides). One indexed lookup reading three columns: it runs
     * for every event and candidate subscription, and every subscription has rows (ADR 0030).
     */
    public DecidingFilter mostSpecific(Connection c, String subscriptionId, String eventType)
            throws SQLException {
        if (!mayHaveFilters(c)) {
            return null;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT enabled_at IS NOT NULL, headers, body FROM filters "
                + "WHERE subscription_id = ? AND event_type IN (?, ?) ORDER BY event_type = ? DESC LIMIT 1")) {
            s.setString(1, subscriptionId);
            s.setString(2, eventType);
            s.setString(3, ALL_TYPES);
            s.setString(4, eventType);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new DecidingFilter(rs.getBoolean(1), JsonColumns.tree(rs, "headers"),
                        JsonColumns.tree(rs, "body")) : null;
            }
        }
    }

    public void insert(Connection c, SubscriptionFilter f) throws SQLException {
        mayHaveFilters.set(true);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO filters(" + COLUMNS + ") "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, f.uid());
            s.setString(2, f.subscriptionId());
            s.setString(3, f.eventType());
            bindValues(s, f, 4);
            Times.set(s, 13, f.createdAt());
            Times.set(s, 14, f.updatedAt());
            s.executeUpdate();
        }
    }

    /** Writes every value of a stored filter (its ID and subscription stay). */
    public void update(Connection c, SubscriptionFilter f) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE filters SET event_type = ?, enabled_at = ?, headers = ?, "
                + "body = ?, query = ?, path = ?, raw_headers = ?, raw_body = ?, raw_query = ?, raw_path = ?, "
                + "updated_at = ? WHERE id = ? AND subscription_id = ?")) {
            s.setString(1, f.eventType());
            bindValues(s, f, 2);
            Times.set(s, 11, f.updatedAt());
            s.setString(12, f.uid());
            s.setString(13, f.subscriptionId());
            s.executeUpdate();
        }
    }

    /**
     * Moves a filter's event type out of the way inside a bulk update, so that two filters can swap types without
     * tripping the unique index before both are written.
     */
    void parkEventType(Connection c, String subscriptionId, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE filters SET event_type = ? WHERE id = ? "
                + "AND subscription_id = ?")) {
            s.setString(1, "\u0000parked:" + id);
            s.setString(2, id);
            s.setString(3, subscriptionId);
            s.executeUpdate();
        }
    }

    /** False if the subscription has no such filter. */
    public boolean delete(Connection c, String subscriptionId, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM filters WHERE id = ? AND subscription_id = ?")) {
            s.setString(1, id);
            s.setString(2, subscriptionId);
            return s.executeUpdate() > 0;
        }
    }

    private boolean mayHaveFilters(Connection c) throws SQLException {
        Boolean known = mayHaveFilters.get();
        if (known != null) {
            return known;
        }
        boolean any;
        try (PreparedStatement s = c.prepareStatement("SELECT EXISTS (SELECT 1 FROM filters)");
             ResultSet rs = s.executeQuery()) {
            any = rs.next() && rs.getBoolean(1);
        }
        return mayHaveFilters.accumulateAndGet(any, (was, now) -> was == null ? now : was || now);
    }

    /** enabled_at .. raw_path (9 columns) from {@code at}. */
    private static void bindValues(PreparedStatement s, SubscriptionFilter f, int at) throws SQLException {
        Times.set(s, at, f.enabledAt());
        s.setString(at + 1, f.headers().toString());
        s.setString(at + 2, f.body().toString());
        s.setString(at + 3, f.query().toString());
        s.setString(at + 4, f.path().toString());
        s.setString(at + 5, f.rawHeaders().toString());
        s.setString(at + 6, f.rawBody().toString());
        s.setString(at + 7, f.rawQuery().toString());
        s.setString(at + 8, f.rawPath().toString());
    }

    private static List<SubscriptionFilter> all(PreparedStatement s) throws SQLException {
        List<SubscriptionFilter> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                rows.add(new SubscriptionFilter(rs.getString("id"), rs.getString("subscription_id"),
                        rs.getString("event_type"), Times.get(rs, "enabled_at"), JsonColumns.tree(rs, "headers"),
                        JsonColumns.tree(rs, "body"), JsonColumns.tree(rs, "query"), JsonColumns.tree(rs, "path"),
                        JsonColumns.tree(rs, "raw_headers"), JsonColumns.tree(rs, "raw_body"),
                        JsonColumns.tree(rs, "raw_query"), JsonColumns.tree(rs, "raw_path"),
                        Times.get(rs, "created_at"), Times.get(rs, "updated_at")));
            }
        }
        return rows;
    }
}
