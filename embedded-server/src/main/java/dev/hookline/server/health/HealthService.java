package dev.hookline.server.health;

import dev.hookline.api.model.ServerHealth;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.server.store.Store;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.sources.SourceConsumers;
import dev.hookline.server.store.StorageErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The server's health as {@code GET /healthz} tells it: started, the database taking writes, room on the disk, and
 * the broker consumers. Reads only: it never writes to find out (a probe write would add to a full disk's troubles);
 * whether writes land is what the last real writes found.
 */
public final class HealthService {

    /** Below this much free space the disk is reported low (a warning, still 200). */
    public static final long LOW_BELOW_BYTES = 512L * 1024 * 1024;
    /** Below this much the disk counts as full (503): SQLite cannot grow its write-ahead log for long. */
    public static final long FULL_BELOW_BYTES = 1024L * 1024;

    private final Store store;
    private final SourceRepository sources;
    private final SourceConsumers sourceConsumers;
    private final Path dataDir;
    private final BooleanSupplier ready;

    public HealthService(Store store, SourceRepository sources, SourceConsumers sourceConsumers, Path dataDir,
                         BooleanSupplier ready) {
        this.store = store;
        this.sources = sources;
        this.sourceConsumers = sourceConsumers;
        this.dataDir = dataDir;
        this.ready = ready;
    }

    public ServerHealth check() {
        StorageErrors.WriteHealth writes = store.db().writeHealth();
        long free = freeBytes();
        boolean full = free < FULL_BELOW_BYTES || writes.diskFull();
        // one answer to "is the disk full": the database's figure and the disk's agree (issue 29)
        String problem = writes.problem() != null ? writes.problem() : full
                ? "the disk is full (" + free + " bytes left): nothing more can be written until space is freed" : null;
        return new ServerHealth(ready.getAsBoolean(),
                new ServerHealth.DatabaseHealth(writes.writable() && !full, full, problem),
                new ServerHealth.DiskSpace(free, free < LOW_BELOW_BYTES, full),
                consumers());
    }

    private long freeBytes() {
        try {
            return Files.getFileStore(dataDir).getUsableSpace();
        } catch (IOException e) {
            return 0; // the data directory is gone or unreadable: nothing can be written there either
        }
    }

    private List<ServerHealth.ConsumerHealth> consumers() {
        List<ServerHealth.ConsumerHealth> states = new ArrayList<>();
        try {
            for (Source source : sources.pubSubSources()) {
                SourceConsumer state = sourceConsumers.stateOf(source);
                if (state != null) {
                    states.add(new ServerHealth.ConsumerHealth(source.uid(), source.name(), state.state(),
                            state.lastError()));
                }
            }
        } catch (RuntimeException e) {
            // the sources could not be read: the database part of the answer already says why
        }
        return states;
    }
}
