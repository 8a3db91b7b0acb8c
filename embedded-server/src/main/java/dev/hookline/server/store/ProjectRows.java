package dev.hookline.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The lookups and soft deletes every project-owned table shares (a table with {@code id}, {@code project_id},
 * {@code updated_at} and {@code deleted_at}). Table and column names come from code, never from a request.
 */
public final class ProjectRows {

    /** SQLite's default limit on bound parameters is 32766; chunks keep IN lists far below it. */
    private static final int CHUNK = 500;

    private ProjectRows() {
    }

    /** The live row {@code id} of {@code table} in {@code projectId}, or null. */
    public static <T> T findById(Connection c, String table, String columns, String projectId, String id,
                                 RowMapper<T> mapper) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + columns + " FROM " + table
                + " WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            s.setString(1, id);
            s.setString(2, projectId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? mapper.map(rs) : null;
            }
        }
    }

    /** The live rows of {@code table} in {@code projectId} with the given IDs, keyed by ID (unknown IDs absent). */
    public static <T> Map<String, T> findByIds(Connection c, String table, String columns, String projectId,
                                               Collection<String> ids, RowMapper<T> mapper, Function<T, String> idOf)
            throws SQLException {
        return findByIds(c, table, columns, projectId, ids, mapper, idOf, false);
    }

    /**
     * Like {@link #findByIds(Connection, String, String, String, Collection, RowMapper, Function)}, soft-deleted rows
     * included: what a delivery or event embeds about the endpoint or source it names, even after a delete.
     */
    public static <T> Map<String, T> findByIdsIncludingDeleted(Connection c, String table, String columns,
                                                               String projectId, Collection<String> ids,
                                                               RowMapper<T> mapper, Function<T, String> idOf)
            throws SQLException {
        return findByIds(c, table, columns, projectId, ids, mapper, idOf, true);
    }

    private static <T> Map<String, T> findByIds(Connection c, String table, String columns, String projectId,
                                                Collection<String> ids, RowMapper<T> mapper,
                                                Function<T, String> idOf, boolean includeDeleted)
            throws SQLException {
        Map<String, T> out = new LinkedHashMap<>();
        List<String> unique = new ArrayList<>(new LinkedHashSet<>(ids));
        for (int from = 0; from < unique.size(); from += CHUNK) {
            List<String> chunk = unique.subList(from, Math.min(unique.size(), from + CHUNK));
            String marks = String.join(", ", Collections.nCopies(chunk.size(), "?"));
            try (PreparedStatement s = c.prepareStatement("SELECT " + columns + " FROM " + table
                    + " WHERE project_id = ?" + (includeDeleted ? "" : " AND deleted_at IS NULL")
                    + " AND id IN (" + marks + ")")) {
                s.setString(1, projectId);
                for (int i = 0; i < chunk.size(); i++) {
                    s.setString(i + 2, chunk.get(i));
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        T row = mapper.map(rs);
                        out.put(idOf.apply(row), row);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Soft-deletes the live rows of {@code table} in {@code projectId} whose {@code column} equals {@code value}
     * (rows keep their data so that events and deliveries that name them still render); returns how many.
     */
    public static int softDelete(Connection c, String table, String column, String value, String projectId,
                                 long nowMicros) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + table + " SET deleted_at = ?, updated_at = ? WHERE "
                + column + " = ? AND project_id = ? AND deleted_at IS NULL")) {
            s.setLong(1, nowMicros);
            s.setLong(2, nowMicros);
            s.setString(3, value);
            s.setString(4, projectId);
            return s.executeUpdate();
        }
    }
}
