package dev.hookline.server.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Versioned schema migrations: SQL files {@code db/migration/V###__name.sql} on the classpath, listed in
 * {@link #MIGRATIONS}, applied in order at start inside one transaction each and recorded in
 * {@code schema_migrations}. Never edit a released migration; add the next one.
 */
final class Migrations {

    private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

    /** In order. Append new files here. */
    static final List<String> MIGRATIONS = List.of(
            "V001__initial_schema.sql",
            "V002__event_list_indexes.sql",
            "V003__subscription_filters.sql",
            "V004__search_indexer_and_due_by_endpoint.sql",
            "V005__event_types_and_subscription_status.sql",
            "V008__capture_bins.sql",
            "V009__retention.sql",
            "V010__last_http_status.sql",
            "V011__delivery_reasons.sql",
            "V012__events_to_plan.sql",
            "V013__lean_delivery_indexes.sql",
            "V014__events_by_type_and_source_event_type_location.sql",
            "V015__due_by_project.sql");

    private Migrations() {
    }

    static void apply(Connection connection) throws SQLException {
        apply(connection, MIGRATIONS.size());
    }

    /** Applies the first {@code count} migrations (a test builds an older schema with it). */
    static void apply(Connection connection, int count) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                    + "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
        }
        int current = currentVersion(connection);
        for (int i = 0; i < count; i++) {
            int version = i + 1;
            if (version <= current) {
                continue;
            }
            String name = MIGRATIONS.get(i);
            applyOne(connection, version, name, load(name));
            LOG.info("applied database migration {}", name);
        }
    }

    private static int currentVersion(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static void applyOne(Connection connection, int version, String name, String sql) throws SQLException {
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            for (String part : splitStatements(sql)) {
                statement.execute(part);
            }
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, datetime('now'))")) {
                insert.setInt(1, version);
                insert.setString(2, name);
                insert.executeUpdate();
            }
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw new SQLException("migration " + name + " failed: " + e.getMessage(), e);
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** Splits on semicolons that end a line; migrations keep one statement per `;`-terminated block. */
    static List<String> splitStatements(String sql) {
        StringBuilder cleaned = new StringBuilder();
        for (String line : sql.split("\n")) {
            String trimmed = line.strip();
            if (!trimmed.startsWith("--")) {
                cleaned.append(line).append('\n');
            }
        }
        return java.util.Arrays.stream(cleaned.toString().split(";\\s*\n"))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static String load(String name) {
        String path = "/db/migration/" + name;
        try (InputStream in = Objects.requireNonNull(Migrations.class.getResourceAsStream(path),
                "migration not on the classpath: " + path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreException("cannot read migration " + path, e);
        }
    }
}
