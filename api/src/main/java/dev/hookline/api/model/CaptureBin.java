package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * A capture bin (Hookline's own, served by the embedded server): a URL that records every request it gets, for a
 * developer who has no receiver yet. Point an endpoint's {@code url} at it; the bin answers {@code response_status}
 * after {@code response_delay_ms} (a 500 or a slow answer tries the project's retries and timeouts).
 * {@code request_count} is how many requests it holds now (the newest {@code 200}).
 */
@JsonPropertyOrder({"uid", "project_id", "name", "url", "response_status", "response_delay_ms", "request_count",
        "created_at", "updated_at"})
public record CaptureBin(String uid, String projectId, String name, String url, Integer responseStatus,
                         Long responseDelayMs, Integer requestCount, Instant createdAt, Instant updatedAt) {
}
