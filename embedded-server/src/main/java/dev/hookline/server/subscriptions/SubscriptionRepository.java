package dev.hookline.server.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.AlertConfig;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionStatus;
import dev.hookline.api.model.SubscriptionType;
import dev.hookline.server.store.Store;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.Times;
import dev.hookline.server.store.RowMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of subscriptions (one instance per server, made by {@code HooklineServer}; write methods take the writer's
 * connection, the use cases are {@link SubscriptionService}'s). The filter is stored flattened ({@link FilterFlattener}) for matching, next to the
 * filter as the client sent it ({@code raw_*} members of the {@code filter_config} JSON).
 */
public final class SubscriptionRepository {

    /** Columns for {@link #map}; select them from {@code subscriptions}. */
    public static final String COLUMNS = "id, project_id, name, type, endpoint_id, source_id, device_id, function, "
            + "alert_config, retry_config, filter_config, rate_limit_config, delivery_mode, created_at, updated_at, "
            + "deleted_at, status";

    private static final String[] PARTS = {"headers", "body", "query", "path"};
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Store store;

    public SubscriptionRepository(Store store) {
        this.store = store;
    }

    /**
     * One stored subscription: the wire object without endpoint/source metadata (its filter flattened,
     * {@code is_flattened:true}), the IDs it points to, and the filter as it was sent.
     */
    public record Row(Subscription subscription, String endpointId, String sourceId, FilterConfig.Filter rawFilter) {
        public String uid() {
            return subscription.uid();
        }
    }

    /**
     * A filter ready to store: event types, the parts as sent and flattened ({@code headers, body, query, path},
     * each an object).
     */
    public record StoredFilter(List<String> eventTypes, ObjectNode[] raw, ObjectNode[] flat) {

        FilterConfig.Filter rawFilter() {
            return new FilterConfig.Filter(false, raw[0], raw[1], raw[2], raw[3]);
        }

        FilterConfig.Filter flatFilter() {
            return new FilterConfig.Filter(true, flat[0], flat[1], flat[2], flat[3]);
        }
    }

    /** What a subscription holds besides its identity, as validated by the routes. */
    public record Values(String name, String endpointId, String sourceId, String function, AlertConfig alertConfig,
                         Subscription.RetryConfig retryConfig, StoredFilter filter, RateLimitConfig rateLimitConfig,
                         DeliveryMode deliveryMode) {

        /**
         * A subscription the server makes itself (dynamic events, fanout to an owner, onboarding): an endpoint and
         * its event types, no source, filter, function or limits, at least once.
         */
        public static Values plain(String name, String endpointId, List<String> eventTypes) {
            ObjectNode[] raw = new ObjectNode[PARTS.length];
            ObjectNode[] flat = new ObjectNode[PARTS.length];
            for (int i = 0; i < PARTS.length; i++) {
                raw[i] = NODES.objectNode();
                flat[i] = NODES.objectNode();
            }
            return new Values(name, endpointId, null, null, null, null,
                    new StoredFilter(List.copyOf(eventTypes), raw, flat), null, DeliveryMode.AT_LEAST_ONCE);
        }
    }

    public Row find(String projectId, String id) {
        return store.db().read(c -> find(c, projectId, id));
    }

    public Row find(Connection c, String projectId, String id) throws SQLException {
        return ProjectRows.findById(c, "subscriptions", COLUMNS, projectId, id, SubscriptionRepository::map);
    }

    /** One page of the project's live subscriptions, optionally only those of {@code endpointIds} / a name part. */
    public Page<Row> list(String projectId, List<String> endpointIds, String nameContains, ListParams params) {
        KeysetQuery<Row> query = new KeysetQuery<>("SELECT " + COLUMNS + " FROM subscriptions", "id",
                SubscriptionRepository::map)
                .where("project_id = ?", projectId)
                .where("deleted_at IS NULL")
                .anyOf("endpoint_id", endpointIds);
        if (nameContains != null) {
            query.where("name LIKE ? ESCAPE '\\'", "%" + escapeLike(nameContains) + "%");
        }
        return store.db().read(c -> query.page(c, params, Row::uid));
    }

    /** How many live subscriptions of the project point at {@code endpointId}, not counting {@code exceptId}. */
    public int countForEndpoint(Connection c, String projectId, String endpointId, String exceptId)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM subscriptions WHERE project_id = ? "
                + "AND endpoint_id = ? AND deleted_at IS NULL AND id <> ?")) {
            s.setString(1, projectId);
            s.setString(2, endpointId);
            s.setString(3, exceptId == null ? "" : exceptId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The live subscriptions of the project attached to {@code sourceId} (incoming matching), oldest first. */
    public List<Row> findBySource(Connection c, String projectId, String sourceId) throws SQLException {
        return findWhere(c, "INDEXED BY subscriptions_source WHERE project_id = ? AND source_id = ?", projectId,
                sourceId);
    }

    /** The live subscriptions of the project that deliver to {@code endpointId} (outgoing matching), oldest first. */
    public List<Row> findByEndpoint(Connection c, String projectId, String endpointId) throws SQLException {
        return findWhere(c, "INDEXED BY subscriptions_endpoint WHERE project_id = ? AND endpoint_id = ?", projectId,
                endpointId);
    }

    /** Every live subscription of the project that delivers to an endpoint (broadcast matching), oldest first. */
    public List<Row> findWithEndpoint(Connection c, String projectId) throws SQLException {
        return findWhere(c, "INDEXED BY subscriptions_project WHERE project_id = ? AND endpoint_id IS NOT NULL "
                + "AND endpoint_id <> ''", projectId);
    }

    private static List<Row> findWhere(Connection c, String where, String... args) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM subscriptions " + where
                + " AND deleted_at IS NULL ORDER BY id")) {
            for (int i = 0; i < args.length; i++) {
                s.setString(i + 1, args[i]);
            }
            return RowMapper.all(s, SubscriptionRepository::map);
        }
    }

    /** Inserts a subscription (type {@code api}) in the caller's write transaction and returns it as stored. */
    public Row insert(Connection c, String id, String projectId, Values values, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO subscriptions(" + COLUMNS
                + ") VALUES (?, ?, ?, 'api', ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 'active')")) {
            s.setString(1, id);
            s.setString(2, projectId);
            int next = bindValues(s, values, 3);
            Times.set(s, next, now);
            Times.set(s, next + 1, now);
            s.executeUpdate();
        }
        return find(c, projectId, id);
    }

    /** Replaces every value of a live subscription in the caller's write transaction; returns it as stored. */
    public Row replace(Connection c, String projectId, String id, Values values, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE subscriptions SET name = ?, endpoint_id = ?, "
                + "source_id = ?, function = ?, alert_config = ?, retry_config = ?, filter_config = ?, "
                + "rate_limit_config = ?, delivery_mode = ?, updated_at = ? "
                + "WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            int next = bindValues(s, values, 1);
            Times.set(s, next, now);
            s.setString(next + 1, id);
            s.setString(next + 2, projectId);
            s.executeUpdate();
        }
        return find(c, projectId, id);
    }

    /** Sets the status of a live subscription in the caller's write transaction; returns it as stored, or null. */
    public Row setStatus(Connection c, String projectId, String id, SubscriptionStatus status, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE subscriptions SET status = ?, updated_at = ? "
                + "WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            s.setString(1, status.wire());
            Times.set(s, 2, now);
            s.setString(3, id);
            s.setString(4, projectId);
            s.executeUpdate();
        }
        return find(c, projectId, id);
    }

    /** Soft-deletes a subscription; false if there was no such live subscription. */
    public boolean softDelete(Connection c, String projectId, String id, Instant at) throws SQLException {
        return ProjectRows.softDelete(c, "subscriptions", "id", id, projectId, Times.toMicros(at)) > 0;
    }

    /** Binds name .. delivery_mode (9 columns) from {@code at}; returns the next position. */
    private static int bindValues(PreparedStatement s, Values v, int at) throws SQLException {
        int i = at;
        s.setString(i++, v.name());
        s.setString(i++, v.endpointId());
        s.setString(i++, v.sourceId());
        s.setString(i++, v.function());
        s.setString(i++, JsonColumns.write(v.alertConfig()));
        s.setString(i++, JsonColumns.write(v.retryConfig()));
        s.setString(i++, JsonColumns.write(filterJson(v.filter())));
        s.setString(i++, JsonColumns.write(v.rateLimitConfig()));
        s.setString(i++, (v.deliveryMode() == null ? DeliveryMode.AT_LEAST_ONCE : v.deliveryMode()).wire());
        return i;
    }

    /** {@code {event_types, filter{is_flattened, headers, body, query, path, raw_headers, ...}}}. */
    static ObjectNode filterJson(StoredFilter filter) {
        ObjectNode root = NODES.objectNode();
        ArrayNode types = root.putArray("event_types");
        filter.eventTypes().forEach(types::add);
        ObjectNode f = root.putObject("filter");
        f.put("is_flattened", true);
        for (int i = 0; i < PARTS.length; i++) {
            f.set(PARTS[i], filter.flat()[i]);
        }
        for (int i = 0; i < PARTS.length; i++) {
            f.set("raw_" + PARTS[i], filter.raw()[i]);
        }
        return root;
    }

    /** The stored filter back as a {@link StoredFilter}. */
    static StoredFilter filterOf(JsonNode root) {
        List<String> types = new ArrayList<>();
        root.path("event_types").forEach(t -> types.add(t.asText()));
        JsonNode f = root.path("filter");
        ObjectNode[] flat = new ObjectNode[PARTS.length];
        ObjectNode[] raw = new ObjectNode[PARTS.length];
        for (int i = 0; i < PARTS.length; i++) {
            flat[i] = f.path(PARTS[i]).isObject() ? (ObjectNode) f.get(PARTS[i]) : NODES.objectNode();
            raw[i] = f.path("raw_" + PARTS[i]).isObject() ? (ObjectNode) f.get("raw_" + PARTS[i]) : flat[i];
        }
        return new StoredFilter(List.copyOf(types), raw, flat);
    }

    /** The values a row holds, for a partial update to start from. */
    public static Values valuesOf(Row row) {
        Subscription s = row.subscription();
        return new Values(s.name(), row.endpointId(), row.sourceId(), s.function(), s.alertConfig(), s.retryConfig(),
                storedFilterOf(row), s.rateLimitConfig(), s.deliveryMode());
    }

    private static StoredFilter storedFilterOf(Row row) {
        FilterConfig.Filter flat = row.subscription().filterConfig().filter();
        FilterConfig.Filter raw = row.rawFilter();
        return new StoredFilter(row.subscription().filterConfig().eventTypes(),
                new ObjectNode[] {obj(raw.headers()), obj(raw.body()), obj(raw.query()), obj(raw.path())},
                new ObjectNode[] {obj(flat.headers()), obj(flat.body()), obj(flat.query()), obj(flat.path())});
    }

    private static ObjectNode obj(JsonNode node) {
        return node != null && node.isObject() ? (ObjectNode) node : NODES.objectNode();
    }

    /** Maps a row selected with {@link #COLUMNS}; metadata members are left null. */
    public static Row map(ResultSet rs) throws SQLException {
        JsonNode filterJson = JsonColumns.tree(rs, "filter_config");
        StoredFilter filter = filterOf(filterJson == null ? NODES.objectNode() : filterJson);
        Subscription subscription = new Subscription(rs.getString("id"), rs.getString("name"),
                SubscriptionType.fromWire(rs.getString("type")), rs.getString("project_id"), rs.getString("function"),
                null, null, null, JsonColumns.read(rs, "alert_config", AlertConfig.class),
                JsonColumns.read(rs, "retry_config", Subscription.RetryConfig.class),
                new FilterConfig(filter.eventTypes(), filter.flatFilter()),
                JsonColumns.read(rs, "rate_limit_config", RateLimitConfig.class),
                DeliveryMode.fromWire(rs.getString("delivery_mode")),
                SubscriptionStatus.fromWire(rs.getString("status")), Times.get(rs, "created_at"),
                Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
        return new Row(subscription, rs.getString("endpoint_id"), rs.getString("source_id"), filter.rawFilter());
    }

    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
