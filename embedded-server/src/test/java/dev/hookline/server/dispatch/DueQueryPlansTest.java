package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dispatcher's look on the real schema: each of its statements is one search of {@code deliveries_due}, and the
 * next project is found by project alone, so a project without room is jumped over in one seek however many
 * endpoints it has (issue 29: a fan-out to a thousand endpoints cost each look a thousand seeks before).
 */
class DueQueryPlansTest {

    @TempDir
    Path dataDir;
    private TestServer server;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<String> plan(String sql, int parameters) {
        return server.server().store().db().read(c -> {
            List<String> lines = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("EXPLAIN QUERY PLAN " + sql)) {
                for (int i = 1; i <= parameters; i++) {
                    s.setString(i, "x");
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        lines.add(rs.getString("detail"));
                    }
                }
            }
            return lines;
        });
    }

    @Test
    void theNextProjectIsOneSeekOnStatusAndProject() {
        for (EventDeliveryStatus status : List.of(EventDeliveryStatus.SCHEDULED, EventDeliveryStatus.RETRY)) {
            List<String> plan = plan(String.format(DueDeliveries.NEXT_PROJECT, status.wire()), 1);
            assertEquals(List.of("SEARCH event_deliveries USING COVERING INDEX deliveries_due (status=? AND "
                    + "project_id>?)"), plan);
        }
    }

    @Test
    void aProjectsNextEndpointAndAnEndpointsDueRowsAreSearchesWithoutASort() {
        List<String> next = plan(String.format(DueDeliveries.NEXT_ENDPOINT, "Scheduled"), 2);
        assertEquals(List.of("SEARCH event_deliveries USING COVERING INDEX deliveries_due (status=? AND project_id=? "
                + "AND endpoint_id>?)"), next);

        List<String> due = plan(String.format(DueDeliveries.DUE, "Scheduled"), 5);
        assertTrue(due.stream().anyMatch(line -> line.startsWith("SEARCH d USING INDEX deliveries_due (status=? AND "
                + "project_id=? AND endpoint_id=? AND next_send_time<?)")), due.toString());
        assertFalse(due.stream().anyMatch(line -> line.contains("TEMP B-TREE") || line.startsWith("SCAN d")),
                due.toString());
    }
}
