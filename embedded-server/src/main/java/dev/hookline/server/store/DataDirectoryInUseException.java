package dev.hookline.server.store;

import java.io.IOException;
import java.nio.file.Path;

/** A server start refused because another process owns the data directory ({@link DataDirectoryLock}). */
public final class DataDirectoryInUseException extends IOException {

    private final transient DataDirectoryLock.Owner owner;

    public DataDirectoryInUseException(Path dataDir, DataDirectoryLock.Owner owner) {
        super("data directory " + dataDir.toAbsolutePath() + " is in use by another Hookline server ("
                + (owner == null || owner.pid() < 0 ? "owner unknown" : owner.describe())
                + "); stop it first or choose another --data-dir");
        this.owner = owner;
    }

    /** The owner as its lock file says, or null when the file could not be read. */
    public DataDirectoryLock.Owner owner() {
        return owner;
    }
}
