package dev.hookline.server.retention;

import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of retention (ADR 0032): which old events may go, deleting one event with everything that hangs off it, old
 * settled meta events, and the figures the storage route reports. Every delete runs in the caller's write
 * transaction, so an event goes with its deliveries, attempts, endpoint rows and search row, or not at all.
 */
public final class RetentionRepository {

    /** Delivery states the dispatcher still acts on: an event with a delivery in one of them is never deleted. */
    static final String UNSETTLED = "('Scheduled', 'Retry', 'Processing')";

    /**
     * Old events of a project after a cursor, in ID order, each with whether it must stay: a delivery of it is not
     * settled, or changed (was tried, resent, or made by a replay) on or after the cutoff. The newest event of the
     * whole database (the highest rowid) is never offered: SQLite would hand its rowid out again, and the search
     * indexer's watermark and the search index's order rely on rowids only growing.
     */
    public static final String CANDIDATES = "SELECT e.rowid, e.id, EXISTS (SELECT 1 FROM event_deliveries d "
            + "WHERE d.event_id = e.id AND (d.status IN " + UNSETTLED + " OR d.updated_at >= ?)) AS busy "
            + "FROM events e WHERE e.project_id = ? AND e.deleted_at IS NULL AND e.id > ? AND e.id < ? "
            + "AND e.rowid < ? ORDER BY e.id LIMIT ?";
    public static final String DELETE_ATTEMPTS = "DELETE FROM delivery_attempts WHERE event_delivery_id IN "
            + "(SELECT id FROM event_deliveries WHERE event_id = ?)";
    public static final String DELETE_DELIVERIES = "DELETE FROM event_deliveries WHERE event_id = ?";
    public static final String DELETE_EVENT_ENDPOINTS = "DELETE FROM events_endpoints WHERE event_id = ?";
    public static final String DELETE_SEARCH_ROW = "DELETE FROM events_search WHERE rowid = ?";
    public static final String DELETE_EVENT = "DELETE FROM events WHERE id = ?";
    /**
     * Settled meta events older than the cutoff, oldest first (read, then deleted by ID: as one {@code DELETE ... IN
     * (SELECT ...)} the planner may scan the whole table once it has statistics).
     */
    public static final String OLD_META_EVENTS = "SELECT id FROM meta_events WHERE project_id = ? "
            + "AND deleted_at IS NULL AND id < ? AND status NOT IN " + UNSETTLED + " AND updated_at < ? "
            + "ORDER BY id LIMIT ?";
    public static final String DELETE_META_EVENT = "DELETE FROM meta_events WHERE id = ?";
    public static final String OLDEST_EVENT = "SELECT id, created_at FROM events WHERE project_id = ? "
            + "AND deleted_at IS NULL ORDER BY id LIMIT 1";
    private static final String HIGHEST_ROWID = "SELECT COALESCE(MAX(rowid), 0) FROM events";

    private final Database db;

    public RetentionRepository(Database db) {
        this.db = db;
    }

    /** An old event of the project: its rowid, ID, and whether a delivery of it keeps it. */
    public record Candidate(long rowid, String id, boolean busy) {
    }

    /** What deleting one event removed with it. */
    public record Deleted(long deliveries, long attempts) {
    }

    /** The project's oldest kept event, if any. */
    public record OldestEvent(String id, Instant createdAt) {
    }

    /**
     * Up to {@code limit} events of {@code projectId} created before {@code cutoffId} and after {@code afterId}, oldest
     * first; {@code busy} for those a delivery keeps ({@code changedSince}: the cutoff time).
     */
    public List<Candidate> candidates(Connection c, String projectId, String afterId, String cutoffId,
                                      Instant changedSince, int limit) throws SQLException {
        long highest;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(HIGHEST_ROWID)) {
            highest = rs.next() ? rs.getLong(1) : 0;
        }
        List<Candidate> out = new ArrayList<>(limit);
        try (PreparedStatement s = c.prepareStatement(CANDIDATES)) {
            Times.set(s, 1, changedSince);
            s.setString(2, projectId);
            s.setString(3, afterId);
            s.setString(4, cutoffId);
            s.setLong(5, highest);
            s.setInt(6, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Candidate(rs.getLong(1), rs.getString(2), rs.getBoolean(3)));
                }
            }
        }
        return out;
    }

    /**
     * Deletes {@code event} with its attempts, deliveries, endpoint rows and search row (if the indexer wrote it:
     * {@code indexedUpTo} is its watermark), in the caller's transaction.
     */
    public Deleted delete(Connection c, Candidate event, long indexedUpTo) throws SQLException {
        long attempts = update(c, DELETE_ATTEMPTS, event.id());
        long deliveries = update(c, DELETE_DELIVERIES, event.id());
        update(c, DELETE_EVENT_ENDPOINTS, event.id());
        if (event.rowid() <= indexedUpTo) {
            try (Database.Reusable r = db.reusable(c, DELETE_SEARCH_ROW)) {
                r.statement().setLong(1, event.rowid());
                r.statement().executeUpdate();
            }
        }
        update(c, DELETE_EVENT, event.id());
        return new Deleted(deliveries, attempts);
    }

    /** The search indexer's watermark as {@code c} sees it (events at or below it have a search row). */
    public long indexedUpTo(Connection c) throws SQLException {
        return SearchIndexer.watermark(c);
    }

    /** Deletes up to {@code limit} settled meta events of the project made before {@code cutoffId}; how many. */
    public int deleteMetaEvents(Connection c, String projectId, String cutoffId, Instant changedSince, int limit)
            throws SQLException {
        List<String> ids = new ArrayList<>(limit);
        try (PreparedStatement s = c.prepareStatement(OLD_META_EVENTS)) {
            s.setString(1, projectId);
            s.setString(2, cutoffId);
            Times.set(s, 3, changedSince);
            s.setInt(4, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        for (String id : ids) {
            update(c, DELETE_META_EVENT, id);
        }
        return ids.size();
    }

    /** The project's oldest kept event, or null when it has none. */
    public OldestEvent oldestEvent(Connection c, String projectId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(OLDEST_EVENT)) {
            s.setString(1, projectId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new OldestEvent(rs.getString("id"), Times.get(rs, "created_at")) : null;
            }
        }
    }

    /** Bytes of free pages inside the database file (what deletes left for new rows to fill). */
    public long reusableBytes(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            long pages;
            try (ResultSet rs = s.executeQuery("PRAGMA freelist_count")) {
                pages = rs.next() ? rs.getLong(1) : 0;
            }
            try (ResultSet rs = s.executeQuery("PRAGMA page_size")) {
                return pages * (rs.next() ? rs.getLong(1) : 0);
            }
        }
    }

    /** Runs one of the per-event deletes, kept prepared on the writer (a sweep runs each once per event). */
    private long update(Connection c, String sql, String id) throws SQLException {
        try (Database.Reusable r = db.reusable(c, sql)) {
            r.statement().setString(1, id);
            return r.statement().executeUpdate();
        }
    }
}
