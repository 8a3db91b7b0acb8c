package dev.hookline.app.settings;

import dev.hookline.app.concurrent.BackgroundTasks;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Settings' "Back up database…": copies the data directory's database to a file the user chose, in the background
 * (the server keeps running; the copy is one consistent snapshot), and says how it went. Use on the FX thread.
 */
public final class BackupViewModel {

    /** Writes the copy and returns its size in bytes; blocks (it runs off the FX thread). */
    @FunctionalInterface
    public interface Backup {
        long to(Path target) throws Exception;
    }

    private final BackgroundTasks tasks;
    private final Backup backup;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper failed = new ReadOnlyBooleanWrapper(this, "failed");

    public BackupViewModel(BackgroundTasks tasks, Backup backup) {
        this.tasks = tasks;
        this.backup = backup;
    }

    /** The file name the chooser suggests, e.g. {@code hookline-backup-2026-11-26-0512.db}. */
    public static String suggestedFileName(LocalDateTime now) {
        return "hookline-backup-" + now.format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm", Locale.ROOT)) + ".db";
    }

    public void backUp(Path target) {
        if (running.get()) {
            return;
        }
        running.set(true);
        failed.set(false);
        message.set("Backing up to " + target + "…");
        tasks.run(() -> backup.to(target), bytes -> {
            running.set(false);
            message.set("Backed up to " + target + " (" + humanBytes(bytes) + "). To restore: stop Hookline and "
                    + "copy it over hookline.db in the data directory.");
        }, failure -> {
            running.set(false);
            failed.set(true);
            message.set("Backup failed: " + firstLine(failure));
        });
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty failedProperty() {
        return failed.getReadOnlyProperty();
    }

    static String humanBytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        if (bytes < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * 1024 * 1024));
    }

    private static String firstLine(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && (cause.getMessage() == null
                || cause instanceof java.util.concurrent.CompletionException)) {
            cause = cause.getCause();
        }
        String text = cause.getMessage();
        return text == null || text.isBlank() ? cause.getClass().getSimpleName()
                : text.strip().lines().findFirst().orElse("");
    }
}
