package dev.hookline.server.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Event IDs keep rising in insert order (rowid order = ID order, which search paging relies on, ADR 0007). */
class EventIdOrderIT {

    @TempDir
    Path dataDir;

    @Test
    void eventsStoredAfterARestartWithTheClockSetBackGetHigherIdsInInsertOrder() throws Exception {
        List<String> ids = new ArrayList<>();
        String projectId;
        try (TestServer server = TestServer.start(dataDir, new MutableClock())) {
            projectId = server.newProject("ids", ProjectType.OUTGOING).id();
            EventSeeds seeds = new EventSeeds(server);
            for (int i = 0; i < 3; i++) {
                ids.add(seeds.event(projectId).insert().uid());
            }
        }
        MutableClock dayEarlier = new MutableClock();
        dayEarlier.advance(Duration.ofDays(-1));
        try (TestServer server = TestServer.start(dataDir, dayEarlier)) {
            EventSeeds seeds = new EventSeeds(server);
            for (int i = 0; i < 3; i++) {
                String id = seeds.event(projectId).insert().uid();
                assertTrue(id.compareTo(ids.getLast()) > 0, id + " should sort after " + ids.getLast());
                ids.add(id);
            }
            List<String> byRowid = server.server().store().db().read(c -> {
                List<String> out = new ArrayList<>();
                try (PreparedStatement s = c.prepareStatement("SELECT id FROM events ORDER BY rowid");
                     ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            });
            assertEquals(ids, byRowid);
        }
    }

    @Test
    void anEventRolledBackLeavesTheNextOnesStoredInIdOrder() throws Exception {
        try (TestServer server = TestServer.start(dataDir, new MutableClock())) {
            String projectId = server.newProject("rollback", ProjectType.OUTGOING).id();
            EventSeeds seeds = new EventSeeds(server);
            var db = server.server().store().db();
            EventRepository events = server.server().repositories().events();
            String first = seeds.event(projectId).insert().uid();
            assertThrows(IllegalStateException.class, () -> db.write(c -> {
                events.insert(c, new EventRepository.NewEvent(projectId, "rolled.back", null, null, null,
                        "{}", null, null, null, false, null, null, null));
                throw new IllegalStateException("abandoned");
            }));
            String second = seeds.event(projectId).insert().uid();
            String third = seeds.event(projectId).insert().uid();
            List<String> byRowid = db.read(c -> {
                List<String> out = new ArrayList<>();
                try (PreparedStatement s = c.prepareStatement("SELECT id, event_type FROM events ORDER BY rowid");
                     ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(2).equals("rolled.back") ? "rolled back!" : rs.getString(1));
                    }
                }
                return out;
            });
            assertEquals(List.of(first, second, third), byRowid);
            assertTrue(first.compareTo(second) < 0 && second.compareTo(third) < 0);
        }
    }
}
