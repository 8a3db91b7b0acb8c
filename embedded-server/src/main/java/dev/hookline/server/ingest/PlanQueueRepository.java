package dev.hookline.server.ingest;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.JsonColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The durable "to plan" markers of acknowledged events ({@code events_to_plan}, ADR 0038): written with the event,
 * deleted with its deliveries, read at start to plan what a stop or a crash left. SQL only.
 */
final class PlanQueueRepository {

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };
    private static final String INSERT = "INSERT INTO events_to_plan(event_id, project_id, target_kind, target_ids) "
            + "VALUES (?, ?, ?, ?)";
    private static final String DELETE = "DELETE FROM events_to_plan WHERE event_id = ?";
    private static final String HOLDS = "SELECT 1 FROM events_to_plan WHERE event_id = ?";
    private static final String PAGE = "SELECT event_id, project_id, target_kind, target_ids FROM events_to_plan "
            + "WHERE event_id > ? ORDER BY event_id LIMIT ?";

    /** One marker: the event and what it is matched against. */
    record Marker(String eventId, String projectId, DeliveryPlanner.Target target) {
    }

    private final Database db;

    PlanQueueRepository(Database db) {
        this.db = db;
    }

    /** In the transaction that stores the event. */
    void insert(Connection c, String eventId, String projectId, DeliveryPlanner.Target target) throws SQLException {
        try (Database.Reusable r = db.reusable(c, INSERT)) {
            PreparedStatement s = r.statement();
            s.setString(1, eventId);
            s.setString(2, projectId);
            switch (target) {
                case DeliveryPlanner.Target.FromSource f -> {
                    s.setString(3, "source");
                    s.setString(4, JsonColumns.write(List.of(f.sourceId())));
                }
                case DeliveryPlanner.Target.ToEndpoints e -> {
                    s.setString(3, "endpoints");
                    s.setString(4, JsonColumns.write(e.endpointIds()));
                }
                case DeliveryPlanner.Target.Broadcast b -> {
                    s.setString(3, "broadcast");
                    s.setString(4, "[]");
                }
            }
            s.executeUpdate();
        }
    }

    /**
     * Takes the marker away in the transaction that stores the event's plan: false when there was none (planned
     * already, or the event was deleted meanwhile), and then the plan must not be stored.
     */
    boolean take(Connection c, String eventId) throws SQLException {
        try (Database.Reusable r = db.reusable(c, DELETE)) {
            r.statement().setString(1, eventId);
            return r.statement().executeUpdate() > 0;
        }
    }

    /** Whether the event's marker is still there (its plan is not stored yet, and it was not deleted). */
    boolean holds(Connection c, String eventId) throws SQLException {
        try (Database.Reusable r = db.reusable(c, HOLDS)) {
            r.statement().setString(1, eventId);
            try (ResultSet rs = r.statement().executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Up to {@code limit} markers after {@code afterEventId} ("" for the first), in event order. */
    List<Marker> page(Connection c, String afterEventId, int limit) throws SQLException {
        List<Marker> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(PAGE)) {
            s.setString(1, afterEventId);
            s.setInt(2, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    List<String> ids = JsonColumns.read(rs, "target_ids", STRINGS);
                    DeliveryPlanner.Target target = switch (rs.getString("target_kind")) {
                        case "source" -> new DeliveryPlanner.Target.FromSource(ids.isEmpty() ? "" : ids.get(0));
                        case "endpoints" -> new DeliveryPlanner.Target.ToEndpoints(List.copyOf(ids));
                        default -> new DeliveryPlanner.Target.Broadcast();
                    };
                    out.add(new Marker(rs.getString("event_id"), rs.getString("project_id"), target));
                }
            }
        }
        return out;
    }
}
