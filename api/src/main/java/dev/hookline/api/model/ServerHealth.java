package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Hookline's {@code GET /healthz} ({@code data} of the envelope; Convoy answers the same route with {@code data} null,
 * so a client must treat a missing health as "nothing known", not as a failure).
 *
 * @param ready           the server has started (database open, listening, consumers started) and is not stopping
 * @param database        whether writes land
 * @param disk            free space where the database lives
 * @param brokerConsumers the consumer of every enabled pub_sub source (informational: a broker that is down does not
 *                        make the server unhealthy, the consumer retries by itself)
 */
@JsonPropertyOrder({"ready", "database", "disk", "broker_consumers"})
public record ServerHealth(boolean ready, DatabaseHealth database, DiskSpace disk,
                           List<ConsumerHealth> brokerConsumers) {

    /**
     * @param writable the last write landed (or none failed since the last that did)
     * @param diskFull the last failed write failed for lack of space (SQLITE_FULL)
     * @param problem  the last failure in plain words while not writable, else null
     */
    @JsonPropertyOrder({"writable", "disk_full", "problem"})
    public record DatabaseHealth(boolean writable, boolean diskFull, String problem) {
    }

    /**
     * @param freeBytes bytes the server's user may still write in the data directory's file system
     * @param low       below the warning level (512 MiB)
     * @param full      no room left to write (below 1 MiB, or the database said the disk is full)
     */
    @JsonPropertyOrder({"free_bytes", "low", "full"})
    public record DiskSpace(long freeBytes, boolean low, boolean full) {
    }

    /** One pub_sub source's consumer, e.g. {@code running}, or {@code retrying} with the last error. */
    @JsonPropertyOrder({"source_id", "source_name", "state", "last_error"})
    public record ConsumerHealth(String sourceId, String sourceName, ConsumerState state, String lastError) {
    }

    /** Ready, the database writable and room on the disk (what {@code 200} means; otherwise {@code 503}). */
    public boolean healthy() {
        return ready && database.writable() && !disk.full();
    }

    /** What is wrong in one sentence a person understands, or null when healthy. */
    public String problem() {
        if (disk.full() || database.diskFull()) {
            return "The disk holding the database is full: deliveries and new events cannot be recorded until space "
                    + "is freed";
        }
        if (!database.writable()) {
            return "The database cannot be written: " + database.problem();
        }
        if (!ready) {
            return "The server is starting or stopping";
        }
        return null;
    }
}
