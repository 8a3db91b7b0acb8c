package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {

    @TempDir
    Path dir;

    @Test
    void concurrentWritesAreAllCommittedAndVisibleToReaders() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"))) {
            db.write(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO settings(key, value) VALUES ('counter', '0')");
                }
                return null;
            });
            List<CompletableFuture<Integer>> futures = new ArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 500; i++) {
                    int n = i;
                    futures.add(CompletableFuture.supplyAsync(() -> db.write(c -> {
                        try (PreparedStatement s = c.prepareStatement("INSERT INTO settings(key, value) VALUES (?, ?)")) {
                            s.setString(1, "k" + n);
                            s.setString(2, "v" + n);
                            return s.executeUpdate();
                        }
                    }), pool));
                }
            }
            for (CompletableFuture<Integer> f : futures) {
                assertEquals(1, f.get());
            }
            assertEquals(501, count(db));
        }
    }

    @Test
    void aWriteQueuedBehindBulkWorkWaitsForOneBulkJobNotAllOfThem() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"))) {
            List<String> committed = java.util.Collections.synchronizedList(new ArrayList<>());
            java.util.concurrent.CountDownLatch firstBulkRuns = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            List<CompletableFuture<Object>> bulk = new ArrayList<>();
            bulk.add(db.writeBulkAsync(c -> {
                firstBulkRuns.countDown();
                try {
                    release.await(); // holds the writer, as a long chunk of a batch replay would
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return insert(c, "bulk-0");
            }));
            firstBulkRuns.await();
            for (int i = 1; i <= 4; i++) {
                String key = "bulk-" + i;
                bulk.add(db.writeBulkAsync(c -> insert(c, key)));
            }
            CompletableFuture<Object> ingest = db.writeAsync(c -> insert(c, "ingest"));
            for (int i = 0; i < bulk.size(); i++) {
                int n = i;
                bulk.get(i).thenRun(() -> committed.add("bulk-" + n));
            }
            ingest.thenRun(() -> committed.add("ingest"));
            release.countDown();

            CompletableFuture.allOf(bulk.toArray(CompletableFuture[]::new)).get();
            ingest.get();
            assertEquals("bulk-0", committed.get(0), "the bulk job already running finishes first");
            assertEquals("ingest", committed.get(1), "then the write that waited, ahead of the 4 bulk jobs queued "
                    + "before it: " + committed);
            assertEquals(6, count(db), "and every bulk job is committed too");
        }
    }

    @Test
    void aFailingWriteRollsBackOnlyItselfNotItsGroup() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"))) {
            CompletableFuture<Object> good1 = db.writeAsync(c -> insert(c, "a"));
            CompletableFuture<Object> bad = db.writeAsync(c -> {
                insert(c, "b");
                throw new IllegalArgumentException("client mistake");
            });
            CompletableFuture<Object> good2 = db.writeAsync(c -> insert(c, "c"));
            good1.get();
            good2.get();
            Exception e = assertThrows(Exception.class, bad::get);
            assertTrue(e.getCause() instanceof IllegalArgumentException);
            assertEquals(2, count(db), "a and c committed, b rolled back");
        }
    }

    @Test
    void writeRethrowsTheCallersExceptionUnchanged() {
        try (Database db = Database.open(dir.resolve("t.db"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> db.write(c -> {
                        throw new IllegalStateException("nope");
                    }));
            assertEquals("nope", e.getMessage());
        }
    }

    @Test
    void reopeningKeepsDataAndAppliesNoMigrationTwice() throws Exception {
        Path file = dir.resolve("t.db");
        try (Database db = Database.open(file)) {
            db.write(c -> insert(c, "kept"));
        }
        try (Database db = Database.open(file)) {
            assertEquals(1, count(db));
            int migrations = db.read(c -> {
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM schema_migrations")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertEquals(Migrations.MIGRATIONS.size(), migrations);
            String mode = db.read(c -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertEquals("wal", mode);
        }
    }

    @Test
    void readersCannotWrite() {
        try (Database db = Database.open(dir.resolve("t.db"))) {
            assertThrows(StoreException.class, () -> db.read(c -> insert(c, "x")));
        }
    }

    private static Object insert(java.sql.Connection c, String key) throws java.sql.SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO settings(key, value) VALUES (?, 'v')")) {
            s.setString(1, key);
            return s.executeUpdate();
        }
    }

    private static int count(Database db) {
        return db.read(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM settings")) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }
}
