package dev.hookline.server.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * What a start checks before it trusts the database file (issue 29): an empty (0-byte) or foreign file is refused
 * with its name instead of starting silently as a new database; a new database gets incremental auto-vacuum (space
 * comes back in small steps); and the whole-file integrity check runs only when the last stop was not clean (a
 * marker written after the closing checkpoint, matching the file's size and time), so a clean start on a 2 GB file
 * does not read all of it.
 */
final class StartChecks {

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private StartChecks() {
    }

    static void refuseUnusableFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return; // a new database
        }
        long size;
        byte[] head = new byte[SQLITE_HEADER.length];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            size = Files.size(file);
            read = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new StoreException("cannot read database " + file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        if (size == 0) {
            throw new DatabaseDamagedException(file, "the file is empty (0 bytes), not a Hookline database; it may "
                    + "have been truncated", null);
        }
        if (read < head.length || !Arrays.equals(head, SQLITE_HEADER)) {
            throw new DatabaseDamagedException(file, "the file is not an SQLite database (a foreign file?)", null);
        }
    }

    /** A database with no pages yet gets incremental auto-vacuum (it can only be set before the first table). */
    static void prepareNewDatabase(Connection c) throws SQLException {
        if (Database.pragmaLong(c, "page_count") <= 1 && !hasTables(c)) {
            try (Statement statement = c.createStatement()) {
                statement.execute("PRAGMA auto_vacuum=INCREMENTAL");
                statement.execute("VACUUM"); // makes the setting stick on a file whose header exists already
            }
        }
    }

    /** An SQLite database of another program (tables, but none of Hookline's) is refused, never migrated. */
    static void refuseForeignDatabase(Connection c, Path file) throws SQLException {
        if (!hasTables(c)) {
            return;
        }
        try (Statement statement = c.createStatement();
             ResultSet rs = statement.executeQuery(
                     "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")) {
            if (!rs.next()) {
                throw new DatabaseDamagedException(file, "it is an SQLite database of another program: it has "
                        + "tables but no schema_migrations", null);
            }
        }
    }

    private static boolean hasTables(Connection c) throws SQLException {
        try (Statement statement = c.createStatement();
             ResultSet rs = statement.executeQuery("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1")) {
            return rs.next();
        }
    }

    private static Path marker(Path file) {
        return file.resolveSibling(file.getFileName() + ".clean-stop");
    }

    /**
     * True when the last stop was clean and the file is the one it left (same size and modification time); the
     * marker is removed either way, so a crash from now on means a check at the next start.
     */
    static boolean takeCleanStopMark(Path file) {
        Path marker = marker(file);
        try {
            if (!Files.isRegularFile(marker)) {
                return false;
            }
            String expected = Files.readString(marker, StandardCharsets.UTF_8).trim();
            Files.delete(marker);
            return Files.isRegularFile(file) && expected.equals(stamp(file));
        } catch (IOException e) {
            return false;
        }
    }

    static void markCleanStop(Path file) {
        try {
            Files.writeString(marker(file), stamp(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            // no marker: the next start runs the whole-file check, nothing worse
        }
    }

    private static String stamp(Path file) throws IOException {
        return Files.size(file) + " " + Files.getLastModifiedTime(file).toMillis();
    }
}
