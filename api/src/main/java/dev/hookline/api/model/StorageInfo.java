package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * Hookline's {@code GET /api/v1/projects/{projectID}/storage} (Convoy has no such route; it answers 404): how much
 * disk the server's data takes and how far back the project's events go (ADR 0032).
 *
 * @param dataDirectoryBytes every file in the server's data directory together (the database, its write-ahead log,
 *                           the lock file)
 * @param databaseBytes      the database file and its write-ahead log
 * @param reusableBytes      free pages inside the database file: space deleted rows left behind, which new rows fill
 *                           before the file grows again (SQLite does not give it back to the disk by itself)
 * @param freeDiskBytes      room left on the file system holding the data directory
 * @param oldestEventId      the project's oldest kept event, or null when it has none
 * @param oldestEventAt      when that event was created, or null
 * @param retentionPolicy    the project's retention policy (as in its config)
 * @param lastCleanup        what the last retention run deleted for the project since the server started, or null
 */
@JsonPropertyOrder({"data_directory_bytes", "database_bytes", "reusable_bytes", "free_disk_bytes", "oldest_event_id",
        "oldest_event_at", "retention_policy", "last_cleanup"})
public record StorageInfo(long dataDirectoryBytes, long databaseBytes, long reusableBytes, long freeDiskBytes,
                          String oldestEventId, Instant oldestEventAt, ProjectConfig.RetentionPolicy retentionPolicy,
                          Cleanup lastCleanup) {

    /**
     * One retention run over a project.
     *
     * @param finishedAt when it ended
     * @param events     events deleted
     * @param deliveries event deliveries deleted with them
     * @param attempts   delivery attempts deleted with those
     * @param metaEvents settled meta events deleted
     * @param kept       events older than the policy kept because a delivery of theirs is not settled yet
     */
    @JsonPropertyOrder({"finished_at", "events", "deliveries", "attempts", "meta_events", "kept"})
    public record Cleanup(Instant finishedAt, long events, long deliveries, long attempts, long metaEvents,
                          long kept) {
    }
}
