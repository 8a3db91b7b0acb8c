package dev.hookline.server.eventtypes;

import dev.hookline.api.model.EventType;
import dev.hookline.server.store.JsonColumns;
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
 * The SQL of the event type catalogue (one instance per server, made by {@code HooklineServer}; write methods take the
 * writer's connection, the use cases are {@link EventTypeService}'s). The schema is stored as JSON text, NULL when
 * the type has none.
 */
public final class EventTypeRepository {

    private static final String COLUMNS = "id, name, category, description, json_schema, deprecated_at";

    /** The project's event types by name (the catalogue's order). */
    public List<EventType> list(Connection c, String projectId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM event_types WHERE project_id = ? ORDER BY name")) {
            s.setString(1, projectId);
            return RowMapper.all(s, EventTypeRepository::map);
        }
    }

    /** The event type {@code id} of the project, or null. */
    public EventType find(Connection c, String projectId, String id) throws SQLException {
        return one(c, "id", projectId, id);
    }

    /** The project's event type called {@code name} (exact, case-sensitive), or null. */
    public EventType findByName(Connection c, String projectId, String name) throws SQLException {
        return one(c, "name", projectId, name);
    }

    private EventType one(Connection c, String column, String projectId, String value) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM event_types WHERE project_id = ? AND "
                + column + " = ?")) {
            s.setString(1, projectId);
            s.setString(2, value);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    /** Inserts a new type in the caller's write transaction. */
    public void insert(Connection c, String projectId, EventType type, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO event_types(id, project_id, name, category, "
                + "description, json_schema, created_at, updated_at, deprecated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, type.uid());
            s.setString(2, projectId);
            s.setString(3, type.name());
            s.setString(4, nonNull(type.category()));
            s.setString(5, nonNull(type.description()));
            s.setString(6, schemaText(type));
            Times.set(s, 7, now);
            Times.set(s, 8, now);
            Times.set(s, 9, type.deprecatedAt());
            s.executeUpdate();
        }
    }

    /** Writes category, description, schema and deprecation of an existing type (the name never changes). */
    public void update(Connection c, String projectId, EventType type, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE event_types SET category = ?, description = ?, "
                + "json_schema = ?, deprecated_at = ?, updated_at = ? WHERE id = ? AND project_id = ?")) {
            s.setString(1, nonNull(type.category()));
            s.setString(2, nonNull(type.description()));
            s.setString(3, schemaText(type));
            Times.set(s, 4, type.deprecatedAt());
            Times.set(s, 5, now);
            s.setString(6, type.uid());
            s.setString(7, projectId);
            s.executeUpdate();
        }
    }

    private static String schemaText(EventType type) {
        return type.jsonSchema() == null || type.jsonSchema().isNull() ? null : JsonColumns.write(type.jsonSchema());
    }

    private static String nonNull(String value) {
        return value == null ? "" : value;
    }

    private static EventType map(ResultSet rs) throws SQLException {
        return new EventType(rs.getString("id"), rs.getString("name"), rs.getString("category"),
                rs.getString("description"), JsonColumns.tree(rs, "json_schema"), Times.get(rs, "deprecated_at"));
    }
}
