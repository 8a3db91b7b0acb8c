package dev.hookline.server.store;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * A storage fault (a full disk, an I/O error) in the log as an operator wants it (issue 29): one line when it starts,
 * a count once a minute while it lasts, one line when writes land again. Not a line per failed group: a long
 * disk-full period otherwise writes hundreds of identical ERRORs. Used by the writer thread only.
 */
final class WriteFaultLog {

    private static final long SUMMARY_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Logger log;
    private long startedNanos;
    private long lastSummaryNanos;
    private long failedGroups;
    private long failedWrites;
    private long sinceSummary;
    private String cause;

    WriteFaultLog(Logger log) {
        this.log = log;
    }

    void failed(int writes, String description) {
        long now = System.nanoTime();
        if (failedGroups == 0) {
            startedNanos = now;
            lastSummaryNanos = now;
            cause = description;
            log.error("database writes fail: {} ({} writes refused; a count follows each minute while it lasts)",
                    description, writes);
        }
        failedGroups++;
        failedWrites += writes;
        sinceSummary += writes;
        if (now - lastSummaryNanos >= SUMMARY_EVERY_NANOS) {
            log.warn("database writes still fail after {} s: {} writes refused in the last minute ({} in all): {}",
                    TimeUnit.NANOSECONDS.toSeconds(now - startedNanos), sinceSummary, failedWrites, description);
            lastSummaryNanos = now;
            sinceSummary = 0;
        }
    }

    void recovered() {
        if (failedGroups == 0) {
            return;
        }
        log.warn("database writes land again after {} s; {} writes were refused meanwhile ({})",
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos), failedWrites, cause);
        failedGroups = 0;
        failedWrites = 0;
        sinceSummary = 0;
        cause = null;
    }
}
