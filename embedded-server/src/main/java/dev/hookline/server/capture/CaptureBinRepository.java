package dev.hookline.server.capture;

import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The {@code capture_bins} table. Bins of a deleted project are invisible (the project join). */
public final class CaptureBinRepository {

    /** A stored bin; the URL and the request count are added by the service. */
    public record Row(String id, String projectId, String name, int responseStatus, long responseDelayMs,
                      Instant createdAt, Instant updatedAt) {
    }

    private static final String SELECT = "SELECT b.id, b.project_id, b.name, b.response_status, b.response_delay_ms, "
            + "b.created_at, b.updated_at FROM capture_bins b JOIN projects p ON p.id = b.project_id "
            + "AND p.deleted_at IS NULL ";

    /** The project's bins, oldest first. */
    public List<Row> list(Connection c, String projectId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SELECT + "WHERE b.project_id = ? ORDER BY b.id")) {
            s.setString(1, projectId);
            return all(s);
        }
    }

    /** The bin with this ID in any live project (what {@code /capture/{id}} needs), or null. */
    public Row find(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SELECT + "WHERE b.id = ?")) {
            s.setString(1, id);
            List<Row> rows = all(s);
            return rows.isEmpty() ? null : rows.getFirst();
        }
    }

    public void insert(Connection c, Row bin) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO capture_bins(id, project_id, name, response_status, "
                + "response_delay_ms, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, bin.id());
            s.setString(2, bin.projectId());
            s.setString(3, bin.name());
            s.setInt(4, bin.responseStatus());
            s.setLong(5, bin.responseDelayMs());
            Times.set(s, 6, bin.createdAt());
            Times.set(s, 7, bin.updatedAt());
            s.executeUpdate();
        }
    }

    /** Saves name and response settings; false when the project has no such bin. */
    public boolean update(Connection c, Row bin) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE capture_bins SET name = ?, response_status = ?, "
                + "response_delay_ms = ?, updated_at = ? WHERE id = ? AND project_id = ?")) {
            s.setString(1, bin.name());
            s.setInt(2, bin.responseStatus());
            s.setLong(3, bin.responseDelayMs());
            Times.set(s, 4, bin.updatedAt());
            s.setString(5, bin.id());
            s.setString(6, bin.projectId());
            return s.executeUpdate() == 1;
        }
    }

    /** False when the project has no such bin. */
    public boolean delete(Connection c, String projectId, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM capture_bins WHERE id = ? AND project_id = ?")) {
            s.setString(1, id);
            s.setString(2, projectId);
            return s.executeUpdate() == 1;
        }
    }

    /**
     * IDs of the project's live endpoints whose URL ends in {@code /capture/<binId>} (whatever host name they use
     * for this server), oldest first.
     */
    public List<String> endpointIdsUsing(Connection c, String projectId, String binId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM endpoints WHERE project_id = ? "
                + "AND deleted_at IS NULL AND (url LIKE ? ESCAPE '\\' OR url LIKE ? ESCAPE '\\') ORDER BY id")) {
            String suffix = "%/capture/" + EndpointRepository.escapeLike(binId);
            s.setString(1, projectId);
            s.setString(2, suffix);
            s.setString(3, suffix + "?%");
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        }
    }

    private static List<Row> all(PreparedStatement s) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                rows.add(new Row(rs.getString("id"), rs.getString("project_id"), rs.getString("name"),
                        rs.getInt("response_status"), rs.getLong("response_delay_ms"), Times.get(rs, "created_at"),
                        Times.get(rs, "updated_at")));
            }
        }
        return rows;
    }
}
