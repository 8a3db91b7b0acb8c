package dev.hookline.server.deliveries;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.server.store.Database;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status totals (ADR 0007 addendum, issue 14) count ranges of the index the list walks
 * ({@link DeliveryRepository#indexFor}): on a seeded database, {@code EXPLAIN QUERY PLAN} of the count each filter
 * combination runs seeks that index with the project, the combination's leading columns, the status and the ID
 * range, never a scan, with and without ANALYZE statistics. After V013 (fewer delivery indexes) every combination
 * still has such an index.
 */
class TotalsQueryPlansTest {

    private static final String P = "01PROJECT0000000000000000P";

    @TempDir
    Path dir;

    @Test
    void everyTotalsCountSeeksTheListsIndex() throws Exception {
        try (Database db = Database.open(dir.resolve("plans.db"))) {
            db.write(TotalsQueryPlansTest::seed);
            for (boolean analyzed : new boolean[] {false, true}) {
                if (analyzed) {
                    db.write(c -> execute(c, "ANALYZE"));
                }
                List<String> problems = db.read(TotalsQueryPlansTest::problems);
                if (!problems.isEmpty()) {
                    fail((analyzed ? "analyzed:\n" : "") + String.join("\n", problems));
                }
            }
        }
    }

    private static List<String> problems(Connection c) throws SQLException {
        List<String> problems = new ArrayList<>();
        String[] optional = {null, "x"};
        List<List<HttpStatusClass>> classChoices = List.of(List.of(), List.of(HttpStatusClass.SERVER_ERROR));
        int checked = 0;
        for (String event : optional) {
            for (String subscription : optional) {
                for (String type : optional) {
                    for (boolean byEndpoint : new boolean[] {false, true}) {
                        for (List<HttpStatusClass> classes : classChoices) {
                            DeliveryFilter filter = new DeliveryFilter(
                                    byEndpoint ? List.of("E1") : null, event, subscription, null, List.of(), type,
                                    classes);
                            String index = DeliveryRepository.indexFor(filter, byEndpoint, true);
                            List<Object> args = new ArrayList<>();
                            String sql = count(filter, byEndpoint, index, args);
                            List<String> plan = plan(c, sql, args);
                            boolean seeks = plan.stream().anyMatch(l -> l.startsWith("SEARCH event_deliveries USING")
                                    && l.contains("INDEX " + index + " (") && l.contains("id>? AND id<?"));
                            boolean scans = plan.stream().anyMatch(l -> l.startsWith("SCAN ")
                                    || l.contains("TEMP B-TREE") || l.contains("AUTOMATIC"));
                            if (!seeks || scans) {
                                problems.add(sql + "\n    " + String.join("\n    ", plan));
                            }
                            checked++;
                        }
                    }
                }
            }
        }
        assertTrue(checked >= 32, "every combination checked");
        return problems;
    }

    /** The count {@code DeliveryStatistics} runs per status and ID range, for one status and one range. */
    private static String count(DeliveryFilter filter, boolean byEndpoint, String index, List<Object> args) {
        StringBuilder sql = new StringBuilder("SELECT COUNT(*) FROM event_deliveries INDEXED BY ").append(index)
                .append(" WHERE project_id = ?");
        args.add(P);
        if (filter.eventId() != null) {
            sql.append(" AND event_id = ?");
            args.add(filter.eventId());
        }
        if (filter.subscriptionId() != null) {
            sql.append(" AND subscription_id = ?");
            args.add(filter.subscriptionId());
        }
        if (byEndpoint) {
            sql.append(" AND endpoint_id = ?");
            args.add("E1");
        }
        if (filter.eventType() != null) {
            sql.append(" AND event_type = ?");
            args.add(filter.eventType());
        }
        if (!filter.httpClasses().isEmpty()) {
            sql.append(" AND last_http_class = ?");
            args.add(filter.classValues().getFirst());
        }
        sql.append(" AND status = ? AND id >= ? AND id <= ? AND deleted_at IS NULL");
        args.add("Failure");
        args.add("01J00000000000000000000000");
        args.add("01JZZZZZZZZZZZZZZZZZZZZZZZ");
        return sql.toString();
    }

    private static List<String> plan(Connection c, String sql, List<Object> args) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("EXPLAIN QUERY PLAN " + sql)) {
            for (int i = 0; i < args.size(); i++) {
                s.setObject(i + 1, args.get(i));
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    lines.add(rs.getString("detail"));
                }
            }
        }
        return lines;
    }

    /** A project, two endpoints, 300 events with one delivery each: skewed statuses, types and HTTP statuses. */
    private static Object seed(Connection c) throws SQLException {
        execute(c, "INSERT INTO organisations(id, name, created_at, updated_at) VALUES ('O', 'o', 0, 0)");
        execute(c, "INSERT INTO projects(id, organisation_id, name, type, config, created_at, updated_at) VALUES ('"
                + P + "', 'O', 'p', 'outgoing', '{}', 0, 0)");
        String[] statuses = {"Success", "Success", "Success", "Failure", "Scheduled", "Retry", "Discarded"};
        try (PreparedStatement event = c.prepareStatement("INSERT INTO events(id, project_id, event_type, data, "
                + "created_at, updated_at) VALUES (?, ?, ?, '{}', 0, 0)");
             PreparedStatement delivery = c.prepareStatement("INSERT INTO event_deliveries(id, project_id, "
                     + "event_id, endpoint_id, subscription_id, event_type, status, metadata, next_send_time, "
                     + "created_at, updated_at, last_http_status) VALUES (?, ?, ?, ?, ?, ?, ?, '{}', 0, 0, 0, ?)")) {
            for (int i = 0; i < 300; i++) {
                String id = String.format("01J%023d", i);
                String type = i % 10 == 0 ? "rare.type" : "common.type";
                event.setString(1, "EV" + id);
                event.setString(2, P);
                event.setString(3, type);
                event.executeUpdate();
                delivery.setString(1, id);
                delivery.setString(2, P);
                delivery.setString(3, "EV" + id);
                delivery.setString(4, i % 20 == 0 ? "E2" : "E1");
                delivery.setString(5, i % 3 == 0 ? "s1" : "s2");
                delivery.setString(6, type);
                delivery.setString(7, statuses[i % statuses.length]);
                delivery.setObject(8, i % 4 == 0 ? null : i % 40 == 1 ? 503 : 200);
                delivery.executeUpdate();
            }
        }
        return null;
    }

    private static Object execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
        return null;
    }
}
