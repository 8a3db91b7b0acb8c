package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration V010 fills {@code event_deliveries.last_http_status} from the attempts a database already holds: the
 * newest attempt's code, 0 for one without an answer, nothing for a delivery never tried (ADR 0033).
 */
class LastHttpStatusMigrationTest {

    @TempDir
    Path dir;

    @Test
    void existingDeliveriesGetTheStatusOfTheirNewestAttempt() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("old.db"))) {
            Migrations.apply(c, Migrations.MIGRATIONS.indexOf("V010__last_http_status.sql"));
            delivery(c, "D1", "200 OK");
            delivery(c, "D2", "200 OK", "503 Service Unavailable");
            delivery(c, "D3", "500 Internal Server Error", "");
            delivery(c, "D4");
            delivery(c, "D5", "404 Not Found", "204 No Content");

            Migrations.apply(c);

            Map<String, Object> expected = new LinkedHashMap<>();
            expected.put("D1", "200/2");
            expected.put("D2", "503/5");
            expected.put("D3", "0/0");
            expected.put("D4", "null/-1");
            expected.put("D5", "204/2");
            Map<String, Object> got = new LinkedHashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, last_http_status, last_http_class "
                    + "FROM event_deliveries ORDER BY id");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    got.put(rs.getString(1), rs.getObject(2) + "/" + rs.getInt(3));
                }
            }
            assertEquals(expected, got, "code / class");
        }
    }

    /** A delivery (no parent rows: foreign keys are off on this bare connection) and its attempts, oldest first. */
    private static void delivery(Connection c, String id, String... statusLines) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO event_deliveries(id, project_id, event_id, "
                + "status, metadata, next_send_time, created_at, updated_at) VALUES (?, 'P', 'E', 'Failure', '{}', "
                + "0, 0, 0)")) {
            s.setString(1, id);
            s.executeUpdate();
        }
        for (int i = 0; i < statusLines.length; i++) {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO delivery_attempts(id, project_id, "
                    + "event_delivery_id, url, http_status, created_at, updated_at) VALUES (?, 'P', ?, "
                    + "'https://r.example', ?, 0, 0)")) {
                s.setString(1, id + "-A" + i);
                s.setString(2, id);
                s.setString(3, statusLines[i]);
                s.executeUpdate();
            }
        }
    }
}
