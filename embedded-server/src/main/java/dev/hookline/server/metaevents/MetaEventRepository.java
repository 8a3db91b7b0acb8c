package dev.hookline.server.metaevents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.DeliveryMetadata;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.store.Store;
import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import dev.hookline.server.store.RowMapper;
import dev.hookline.server.retry.Retry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Meta events (Convoy's notifications about the project itself: {@code endpoint.created},
 * {@code eventdelivery.failed}, ...) in the database. The body sent, {@code {"event_type":..., "data":...}}, is
 * {@code metadata.data}; {@code num_trials} and {@code next_send_time} are columns for the dispatcher.
 */
public final class MetaEventRepository {

    /** The columns {@link #map} reads. */
    public static final String COLUMNS = "id, project_id, event_type, metadata, attempt, status, num_trials, "
            + "next_send_time, created_at, updated_at, deleted_at";

    private final Store store;

    public MetaEventRepository(Store store) {
        this.store = store;
    }

    /** A meta event to store: its type, the {@code data} of the body, status, retry state, latest attempt. */
    public record NewMetaEvent(String projectId, String eventType, JsonNode data, EventDeliveryStatus status,
                               Retry retry, MetaEvent.Attempt attempt, long numTrials,
                               Instant nextSendTime) {

        public NewMetaEvent {
            Objects.requireNonNull(projectId, "projectId");
            Objects.requireNonNull(eventType, "eventType");
            status = status == null ? EventDeliveryStatus.SCHEDULED : status;
            retry = retry == null ? Retry.DEFAULT : retry;
        }
    }

    /** Stores a meta event in the caller's write transaction (e.g. with the endpoint change it reports). */
    public MetaEvent insert(Connection c, NewMetaEvent e) throws SQLException {
        String id = store.newId();
        Instant now = store.now();
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("event_type", e.eventType());
        body.set("data", e.data());
        ObjectNode metadata = JsonNodeFactory.instance.objectNode();
        metadata.set("data", body);
        metadata.put("raw", "");
        metadata.put("strategy", e.retry().strategy().wire());
        metadata.put("interval_seconds", e.retry().intervalSeconds());
        metadata.put("retry_limit", e.retry().retryLimit());
        metadata.put("max_retry_seconds", e.retry().maxRetrySeconds());
        try (PreparedStatement s = c.prepareStatement("INSERT INTO meta_events(" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)")) {
            s.setString(1, id);
            s.setString(2, e.projectId());
            s.setString(3, e.eventType());
            s.setString(4, JsonColumns.write(metadata));
            s.setString(5, JsonColumns.write(e.attempt()));
            s.setString(6, e.status().wire());
            s.setLong(7, e.numTrials());
            Times.set(s, 8, e.nextSendTime() == null ? now : e.nextSendTime());
            Times.set(s, 9, now);
            Times.set(s, 10, now);
            s.executeUpdate();
        }
        return find(c, e.projectId(), id);
    }

    /** The live meta event {@code id} of {@code projectId}, or null. */
    public MetaEvent find(String projectId, String id) {
        return store.db().read(c -> find(c, projectId, id));
    }

    public MetaEvent find(Connection c, String projectId, String id) throws SQLException {
        return ProjectRows.findById(c, "meta_events", COLUMNS, projectId, id, MetaEventRepository::map);
    }

    /**
     * Queues the live meta event {@code id} again: {@code Scheduled}, due {@code now}, tries so far kept. Returns
     * it, or null when unknown. Refused ({@link ConflictException}) while it is being sent (a second send would race
     * the first).
     */
    public MetaEvent reschedule(Connection c, String projectId, String id, Instant now) throws SQLException {
        MetaEvent current = find(c, projectId, id);
        if (current == null) {
            return null;
        }
        if (current.status() == EventDeliveryStatus.PROCESSING) {
            throw new ConflictException("meta event is being sent right now; resend it once this try is over");
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE meta_events SET status = ?, next_send_time = ?, "
                + "updated_at = ? WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            s.setString(1, EventDeliveryStatus.SCHEDULED.wire());
            Times.set(s, 2, now);
            Times.set(s, 3, now);
            s.setString(4, id);
            s.setString(5, projectId);
            s.executeUpdate();
        }
        return find(c, projectId, id);
    }

    /**
     * Up to {@code limit} live meta events due at {@code now} ({@code Scheduled} or {@code Retry}), the longest
     * waiting first; the dispatcher claims them in the same write.
     */
    public List<MetaEvent> due(Connection c, Instant now, int limit) throws SQLException {
        // the index's own condition, repeated word for word, is what lets SQLite use the partial index
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM meta_events INDEXED BY "
                + "meta_events_due WHERE status IN ('Scheduled', 'Retry', 'Processing') "
                + "AND status IN ('Scheduled', 'Retry') AND next_send_time <= ? AND deleted_at IS NULL "
                + "ORDER BY next_send_time LIMIT ?")) {
            Times.set(s, 1, now);
            s.setInt(2, limit);
            return RowMapper.all(s, MetaEventRepository::map);
        }
    }

    /** Sets the status of a meta event (claiming it, or discarding it unsent). */
    public void setStatus(Connection c, String id, EventDeliveryStatus status, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE meta_events SET status = ?, updated_at = ? "
                + "WHERE id = ?")) {
            s.setString(1, status.wire());
            Times.set(s, 2, now);
            s.setString(3, id);
            s.executeUpdate();
        }
    }

    /**
     * Records a try of a claimed meta event: its new status, tries, next time and latest attempt. Only a meta event
     * still {@code Processing} is changed; returns whether it was.
     */
    public boolean recordTry(Connection c, String id, EventDeliveryStatus status, long numTrials,
                                    Instant nextSendTime, MetaEvent.Attempt attempt, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE meta_events SET status = ?, num_trials = ?, "
                + "next_send_time = ?, attempt = ?, updated_at = ? WHERE id = ? AND status = 'Processing'")) {
            s.setString(1, status.wire());
            s.setLong(2, numTrials);
            Times.set(s, 3, nextSendTime);
            s.setString(4, JsonColumns.write(attempt));
            Times.set(s, 5, now);
            s.setString(6, id);
            return s.executeUpdate() == 1;
        }
    }

    /**
     * Meta events left {@code Processing} by a server that stopped mid-send go back to {@code Retry}, due now:
     * nothing recorded is ever dropped. Returns how many.
     */
    public int recoverInterrupted(Connection c, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE meta_events SET status = 'Retry', next_send_time = ?, "
                + "updated_at = ? WHERE status = 'Processing' AND deleted_at IS NULL")) {
            Times.set(s, 1, now);
            Times.set(s, 2, now);
            return s.executeUpdate();
        }
    }

    /**
     * The meta-event list's filters (Convoy has none but the date window): {@code statuses} empty for any,
     * {@code eventType} null for any.
     */
    public record Filter(List<EventDeliveryStatus> statuses, String eventType) {
        public Filter {
            statuses = statuses == null ? List.of() : List.copyOf(new java.util.LinkedHashSet<>(statuses));
            eventType = eventType == null || eventType.isBlank() ? null : eventType.strip();
        }

        public static Filter none() {
            return new Filter(List.of(), null);
        }
    }

    /** One page of the project's live meta events that {@code filter} keeps. */
    public Page<MetaEvent> list(String projectId, Filter filter, ListParams params) {
        KeysetQuery<MetaEvent> query = listQuery(projectId);
        // checked per row on the project's index: a project's meta events are few next to its deliveries
        query.whereIn("status", filter.statuses().stream().map(EventDeliveryStatus::wire).toList());
        if (filter.eventType() != null) {
            query.where("event_type = ?", filter.eventType());
        }
        return store.db().read(c -> query.page(c, params, MetaEvent::uid));
    }

    public static KeysetQuery<MetaEvent> listQuery(String projectId) {
        return new KeysetQuery<>("SELECT " + COLUMNS + " FROM meta_events INDEXED BY meta_events_project", "id",
                MetaEventRepository::map)
                .where("project_id = ?", projectId)
                .where("deleted_at IS NULL");
    }

    /** Maps a row selected with {@link #COLUMNS}. */
    public static MetaEvent map(ResultSet rs) throws SQLException {
        JsonNode stored = JsonColumns.tree(rs, "metadata");
        DeliveryMetadata metadata = new DeliveryMetadata(stored.get("data"), stored.path("raw").asText(""),
                StrategyType.fromWire(stored.path("strategy").asText()), Times.get(rs, "next_send_time"),
                rs.getLong("num_trials"), stored.path("interval_seconds").asLong(),
                stored.path("retry_limit").asLong(), stored.path("max_retry_seconds").asLong());
        return new MetaEvent(rs.getString("id"), rs.getString("project_id"), rs.getString("event_type"), metadata,
                JsonColumns.read(rs, "attempt", MetaEvent.Attempt.class),
                EventDeliveryStatus.fromWire(rs.getString("status")), Times.get(rs, "created_at"),
                Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
