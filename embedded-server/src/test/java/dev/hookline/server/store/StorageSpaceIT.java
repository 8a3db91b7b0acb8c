package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Space comes back and a start refuses what is not its database (issue 29), on real files. */
class StorageSpaceIT {

    @TempDir
    Path dir;

    private static void fillAndEmpty(Database db) {
        db.write(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS scratch (id INTEGER PRIMARY KEY, body BLOB)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO scratch (body) VALUES (randomblob(4000))")) {
                for (int i = 0; i < 5_000; i++) { // about 20 MB
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            return null;
        });
        db.write(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("DELETE FROM scratch");
            }
            return null;
        });
    }

    @Test
    void aNewDatabaseGivesDeletedSpaceBackWhenCompacted() throws Exception {
        Path file = dir.resolve("hookline.db");
        try (Database db = Database.open(file)) {
            assertTrue(db.incrementalVacuum(), "a new database uses incremental auto-vacuum");
            fillAndEmpty(db);
            assertTrue(db.reclaimableBytes() > 15_000_000, "the deleted rows left reclaimable space: "
                    + db.reclaimableBytes());
            Database.Compaction done = db.compact();
            assertTrue(done.bytesBefore() - done.bytesAfter() > 15_000_000, done.toString());
            assertEquals(0, db.reclaimableBytes());
            assertTrue(Files.size(file) < 5_000_000, "the file shrank on the disk: " + Files.size(file));
        }
    }

    @Test
    void oneStepGivesBackAsManyPagesAsItIsAskedFor() {
        Path file = dir.resolve("hookline.db");
        try (Database db = Database.open(file)) {
            fillAndEmpty(db);
            long free = db.reclaimableBytes() / 4096;
            // a retention sweep returns its pages 256 at a time between batches: one page a step would take
            // thousands of writes to give back what a sweep of a few thousand events freed
            assertEquals(256, db.returnFreePages(256));
            assertEquals(free - 256, db.reclaimableBytes() / 4096);
        }
    }

    @Test
    void anOlderDatabaseWithoutAutoVacuumIsRebuiltAndShrinks() throws Exception {
        Path file = dir.resolve("hookline.db");
        try (Database db = Database.open(file)) {
            fillAndEmpty(db);
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            for (String sql : new String[]{"PRAGMA auto_vacuum=NONE", "VACUUM", // as databases made before issue 29
                    "INSERT INTO scratch (body) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                            + "WHERE i < 5000) SELECT randomblob(4000) FROM n", "DELETE FROM scratch",
                    "PRAGMA wal_checkpoint(TRUNCATE)"}) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql);
                }
            }
        }
        try (Database db = Database.open(file)) {
            assertTrue(!db.incrementalVacuum());
            long before = Files.size(file);
            assertTrue(before > 15_000_000, "before: " + before);
            Database.Compaction done = db.compact();
            assertTrue(done.bytesAfter() < 5_000_000, done.toString());
            db.write(c -> { // and still a working database
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO scratch (body) VALUES (x'00')");
                }
                return null;
            });
        }
    }

    @Test
    void anEmptyOrForeignFileIsRefusedWithItsNameAndLeftAsItWas() throws Exception {
        Path empty = dir.resolve("empty/hookline.db");
        Files.createDirectories(empty.getParent());
        Files.write(empty, new byte[0]);
        DatabaseDamagedException e = assertThrows(DatabaseDamagedException.class, () -> Database.open(empty));
        assertTrue(e.getMessage().contains(empty.toAbsolutePath().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("empty (0 bytes)"), e.getMessage());
        assertEquals(0, Files.size(empty), "nothing was written into it");

        Path text = dir.resolve("text/hookline.db");
        Files.createDirectories(text.getParent());
        Files.writeString(text, "these are my notes, not a database\n");
        e = assertThrows(DatabaseDamagedException.class, () -> Database.open(text));
        assertTrue(e.getMessage().contains(text.toAbsolutePath().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("not an SQLite database"), e.getMessage());

        Path other = dir.resolve("other/hookline.db");
        Files.createDirectories(other.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other);
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)");
        }
        e = assertThrows(DatabaseDamagedException.class, () -> Database.open(other));
        assertTrue(e.getMessage().contains("another program"), e.getMessage());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other);
             Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table'")) {
            rs.next();
            assertEquals(1, rs.getInt(1), "no Hookline table was added to it");
        }
    }

    @Test
    void aCleanStopLetsTheNextStartSkipTheWholeFileCheckAndACrashDoesNot() throws Exception {
        Path file = dir.resolve("hookline.db");
        Path marker = dir.resolve("hookline.db.clean-stop");
        try (Database db = Database.open(file)) {
            assertTrue(Files.notExists(marker));
        }
        assertTrue(Files.exists(marker), "a clean stop leaves its mark");
        try (Database db = Database.open(file)) {
            assertTrue(Files.notExists(marker), "taken at start: a crash from now on means a check next time");
        }
    }
}
