package dev.hookline.server.retention;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.StorageInfo;
import dev.hookline.server.store.Store;
import dev.hookline.server.projects.ProjectConfigs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the storage route tells (ADR 0032): how much disk the data directory takes, how much of the database is free
 * pages new rows will fill, and how far back a project's events go under its retention policy.
 */
public final class StorageService {

    private final Store store;
    private final Path dataDir;
    private final RetentionRepository retention;
    private final RetentionSweeper sweeper;

    public StorageService(Store store, Path dataDir, RetentionRepository retention,
                          RetentionSweeper sweeper) {
        this.store = store;
        this.dataDir = dataDir;
        this.retention = retention;
        this.sweeper = sweeper;
    }

    /** The figures for {@code project} (the data directory's are the whole server's). */
    public StorageInfo describe(Project project) {
        RetentionRepository.OldestEvent oldest = store.db().read(c -> retention.oldestEvent(c, project.uid()));
        long reusable = store.db().read(retention::reusableBytes);
        Path database = store.db().file();
        long databaseBytes = size(database) + size(database.resolveSibling(database.getFileName() + "-wal"));
        return new StorageInfo(directorySize(dataDir), databaseBytes, reusable, freeBytes(),
                oldest == null ? null : oldest.id(), oldest == null ? null : oldest.createdAt(),
                ProjectConfigs.completed(project.config()).retentionPolicy(), sweeper.lastCleanup(project.uid()));
    }

    /** Gives the database's free pages back to the disk ({@link dev.hookline.server.store.Database#compact()}). */
    public dev.hookline.api.model.StorageCompaction compact() {
        var done = store.db().compact();
        return new dev.hookline.api.model.StorageCompaction(done.bytesBefore(), done.bytesAfter(), done.millis());
    }

    private long freeBytes() {
        try {
            return Files.getFileStore(dataDir).getUsableSpace();
        } catch (IOException e) {
            return 0; // the data directory is gone or unreadable: nothing can be written there either
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // no write-ahead log right after a checkpoint truncated it
        }
    }

    /** Every regular file under {@code dir}; files vanishing meanwhile (the WAL's shared memory) are skipped. */
    static long directorySize(Path dir) {
        AtomicLong total = new AtomicLong();
        try (var files = Files.walk(dir)) {
            files.forEach(path -> {
                try {
                    BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
                    if (attributes.isRegularFile()) {
                        total.addAndGet(attributes.size());
                    }
                } catch (NoSuchFileException gone) {
                    // removed while walking
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return total.get(); // what could be read
        }
        return total.get();
    }
}
