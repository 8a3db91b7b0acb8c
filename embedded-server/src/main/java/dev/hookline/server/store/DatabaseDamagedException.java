package dev.hookline.server.store;

import java.nio.file.Path;

/** The database file is not a sound SQLite database (the start-up {@code quick_check} failed): the server refuses. */
public final class DatabaseDamagedException extends RuntimeException {

    public DatabaseDamagedException(Path file, String finding, Throwable cause) {
        super("the database " + file.toAbsolutePath() + " is damaged (" + finding + "); Hookline will not run on it. "
                + "Restore it from a backup (README, \"Backup and restore\") or move it aside to start empty", cause);
    }
}
