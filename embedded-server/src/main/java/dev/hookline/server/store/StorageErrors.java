package dev.hookline.server.store;

import java.time.Instant;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Storage failures in plain words: a full disk says "the disk is full", not the driver's text of whatever failed
 * after it.
 */
public final class StorageErrors {

    private StorageErrors() {
    }

    /** Whether writes land. {@code diskFull}: the last failure was for lack of space (SQLITE_FULL). */
    public record WriteHealth(boolean writable, boolean diskFull, String problem, Instant since) {

        public static final WriteHealth OK = new WriteHealth(true, false, null, null);

        /** The health a failure means, or null when it says nothing about the storage (a constraint, a bug). */
        static WriteHealth of(Throwable t) {
            SQLiteErrorCode code = codeOf(t);
            if (code == null) {
                return null;
            }
            if (code == SQLiteErrorCode.SQLITE_FULL) {
                return new WriteHealth(false, true, describe(t), Instant.now());
            }
            String name = code.name();
            if (name.startsWith("SQLITE_IOERR") || name.startsWith("SQLITE_READONLY")
                    || code == SQLiteErrorCode.SQLITE_CANTOPEN) {
                return new WriteHealth(false, false, describe(t), Instant.now());
            }
            return null;
        }
    }

    /** True when {@code t} (or a cause) is SQLite's "database or disk is full". */
    public static boolean diskFull(Throwable t) {
        return codeOf(t) == SQLiteErrorCode.SQLITE_FULL;
    }

    /** The failure in words a person reading the log understands. */
    public static String describe(Throwable t) {
        SQLiteErrorCode code = codeOf(t);
        if (code == SQLiteErrorCode.SQLITE_FULL) {
            return "the disk is full (SQLITE_FULL): nothing more can be written until space is freed";
        }
        if (code != null && code.name().startsWith("SQLITE_READONLY")) {
            return "the database cannot be written (" + code.name() + "): check the data directory's permissions";
        }
        return String.valueOf(rootMessage(t));
    }

    private static SQLiteErrorCode codeOf(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SQLiteException sqlite) {
                return sqlite.getResultCode();
            }
            if (c.getMessage() != null && c.getMessage().contains("SQLITE_FULL")) {
                return SQLiteErrorCode.SQLITE_FULL;
            }
        }
        return null;
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c && c instanceof StoreException) {
            c = c.getCause();
        }
        return c.getMessage() != null ? c.getMessage() : c.toString();
    }
}
