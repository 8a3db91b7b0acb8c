package dev.hookline.server.projects;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectStatistics;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.store.Store;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The SQL of projects, the default organisation and the API keys that belong to them. One instance per server
 * (built with its {@link Store}); write methods take the writer's connection, so a service runs them inside
 * its write job.
 */
public final class ProjectRepository {

    private static final String COLUMNS =
            "id, organisation_id, name, type, logo_url, config, created_at, updated_at, deleted_at";

    private final Store store;

    public ProjectRepository(Store store) {
        this.store = store;
    }

    /** The one organisation of an embedded server; created on first start. */
    public String defaultOrganisationId() {
        String existing = store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT id FROM organisations ORDER BY id LIMIT 1");
                 ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
        if (existing != null) {
            return existing;
        }
        return store.db().write(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT id FROM organisations ORDER BY id LIMIT 1");
                 ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    return rs.getString(1);
                }
            }
            String id = store.newId();
            long now = Times.toMicros(store.now());
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO organisations(id, name, created_at, updated_at) VALUES (?, 'Default organisation', ?, ?)")) {
                s.setString(1, id);
                s.setLong(2, now);
                s.setLong(3, now);
                s.executeUpdate();
            }
            return id;
        });
    }

    /**
     * Convoy's {@code retained_events}: events a retention policy moved out of the live store. Hookline keeps events
     * until they are deleted, so none ever are.
     */
    public static final long NOTHING_RETAINED = 0L;

    public Project find(String id) {
        return store.db().read(c -> find(c, id));
    }

    public Project find(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT " + COLUMNS + " FROM projects WHERE id = ? AND deleted_at IS NULL")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    /**
     * Which kinds of resources a project has, as four columns of a query over {@code projects}: one indexed probe
     * each (the project's live rows are the start of each table's project index), never a count.
     */
    private static final String STATISTICS = Stream.of("endpoints", "events", "sources", "subscriptions")
            .map(table -> "EXISTS (SELECT 1 FROM " + table + " t WHERE t.project_id = projects.id "
                    + "AND t.deleted_at IS NULL) AS " + table + "_exist")
            .collect(Collectors.joining(", "));

    /** The live project with its {@code statistics}, or null. */
    public Project findWithStatistics(String id) {
        List<Project> found = list(id);
        return found.isEmpty() ? null : found.get(0);
    }

    /** Every live project with its {@code statistics}, oldest first, or only {@code onlyId} when not null. */
    public List<Project> list(String onlyId) {
        return store.db().read(c -> {
            String sql = "SELECT " + COLUMNS + ", " + STATISTICS + " FROM projects WHERE deleted_at IS NULL"
                    + (onlyId == null ? "" : " AND id = ?") + " ORDER BY id";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                if (onlyId != null) {
                    s.setString(1, onlyId);
                }
                List<Project> out = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs).toBuilder().statistics(new ProjectStatistics(
                                rs.getBoolean("endpoints_exist"), rs.getBoolean("events_exist"),
                                rs.getBoolean("sources_exist"), rs.getBoolean("subscriptions_exist"))).build());
                    }
                }
                return out;
            }
        });
    }

    /**
     * Inserts a project and its project API key ({@code keyName}); throws {@link ConflictException} when a live
     * project of the organisation has the name.
     */
    public void insert(Connection c, Project project, Keys.Generated key, String keyId, String keyName)
            throws SQLException {
        requireUniqueName(c, project.organisationId(), project.name(), null);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO projects(" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)")) {
            s.setString(1, project.uid());
            s.setString(2, project.organisationId());
            s.setString(3, project.name());
            s.setString(4, project.type().wire());
            s.setString(5, project.logoUrl());
            s.setString(6, JsonColumns.write(project.config()));
            Times.set(s, 7, project.createdAt());
            Times.set(s, 8, project.updatedAt());
            s.executeUpdate();
        }
        insertKey(c, keyId, key, keyName, "project", project.uid(), project.createdAt());
    }

    /**
     * Writes name, logo and config of a live project; false when it is gone. Throws {@link ConflictException} when
     * another live project has the name.
     */
    public boolean update(Connection c, Project project) throws SQLException {
        requireUniqueName(c, project.organisationId(), project.name(), project.uid());
        try (PreparedStatement s = c.prepareStatement("UPDATE projects SET name = ?, logo_url = ?, config = ?, "
                + "updated_at = ? WHERE id = ? AND deleted_at IS NULL")) {
            s.setString(1, project.name());
            s.setString(2, project.logoUrl());
            s.setString(3, JsonColumns.write(project.config()));
            Times.set(s, 4, project.updatedAt());
            s.setString(5, project.uid());
            return s.executeUpdate() > 0;
        }
    }

    /** Soft-deletes the project and revokes its keys; false when it is not there. */
    public boolean delete(Connection c, String projectId, Instant at) throws SQLException {
        long now = Times.toMicros(at);
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE projects SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL")) {
            s.setLong(1, now);
            s.setLong(2, now);
            s.setString(3, projectId);
            if (s.executeUpdate() == 0) {
                return false;
            }
        }
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE api_keys SET deleted_at = ? WHERE project_id = ? AND deleted_at IS NULL")) {
            s.setLong(1, now);
            s.setString(2, projectId);
            s.executeUpdate();
        }
        return true;
    }

    /** Stores the hash of an instance key (one that reaches every project). */
    public void storeInstanceKey(Keys.Generated key) {
        Instant now = store.now();
        String id = store.newId();
        store.db().write(c -> {
            insertKey(c, id, key, "instance key", "instance", null, now);
            return null;
        });
    }

    /** True if an instance key with this mask is stored (and not revoked). */
    public boolean hasInstanceKeyWithMask(String maskId) {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM api_keys WHERE key_type = 'instance' "
                    + "AND mask_id = ? AND deleted_at IS NULL")) {
                s.setString(1, maskId);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /** True if any instance key is stored. */
    public boolean hasAnyInstanceKey() {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT 1 FROM api_keys WHERE key_type = 'instance' AND deleted_at IS NULL LIMIT 1");
                 ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        });
    }

    private static void insertKey(Connection c, String id, Keys.Generated key, String name, String type,
                                  String projectId, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO api_keys(id, mask_id, name, key_type, project_id, "
                + "hash, salt, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, key.maskId());
            s.setString(3, name);
            s.setString(4, type);
            s.setString(5, projectId);
            s.setString(6, key.hash());
            s.setString(7, key.salt());
            Times.set(s, 8, now);
            Times.set(s, 9, now);
            s.executeUpdate();
        }
    }

    private static void requireUniqueName(Connection c, String organisationId, String name, String exceptId)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM projects WHERE organisation_id = ? "
                + "AND name = ? AND deleted_at IS NULL")) {
            s.setString(1, organisationId);
            s.setString(2, name);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if (!rs.getString(1).equals(exceptId)) {
                        throw new ConflictException("a project with this name already exists");
                    }
                }
            }
        }
    }

    private static Project map(ResultSet rs) throws SQLException {
        return new Project(rs.getString("id"), rs.getString("name"), rs.getString("logo_url"),
                rs.getString("organisation_id"), ProjectType.fromWire(rs.getString("type")),
                ProjectConfigs.completed(JsonColumns.read(rs, "config", ProjectConfig.class)), NOTHING_RETAINED, null,
                Times.get(rs, "created_at"), Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
