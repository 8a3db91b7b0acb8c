package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Hookline's {@code POST /api/v1/storage/compact}: the database's free pages given back to the disk (issue 29).
 *
 * @param bytesBefore   the database file's size before
 * @param bytesAfter    its size after
 * @param durationMs    how long it took
 */
@JsonPropertyOrder({"bytes_before", "bytes_after", "duration_ms"})
public record StorageCompaction(long bytesBefore, long bytesAfter, long durationMs) {
}
