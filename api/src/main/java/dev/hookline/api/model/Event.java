package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An event. {@code data} is the raw JSON payload (not a byte array); {@code headers} map names to value lists;
 * {@code endpoints} are endpoint ids (may be {@code null}). {@code raw} is the payload as text (Convoy's), and with
 * {@code endpoint_metadata} (the event's endpoints, redacted) and {@code data} written only when set (not in a
 * delivery's {@code event_metadata}); {@code source_metadata} is {@code null} for an event without a source and
 * {@code failure_reason} empty unless the event failed, both always written as Convoy does. {@code url_path} is
 * Convoy's current wire (the older {@code metadata} string is gone).
 */
@JsonPropertyOrder({"uid", "event_type", "source_id", "app_id", "project_id", "endpoints", "headers",
        "endpoint_metadata", "source_metadata", "url_query_params", "url_path", "idempotency_key",
        "is_duplicate_event", "data", "raw", "status", "failure_reason", "acknowledged_at", "created_at",
        "updated_at", "deleted_at"})
@RecordBuilder
public record Event(String uid, String eventType, String sourceId, String appId, String projectId,
                    List<String> endpoints, Map<String, List<String>> headers,
                    @JsonInclude(JsonInclude.Include.NON_NULL) List<Endpoint> endpointMetadata,
                    Source sourceMetadata, String urlQueryParams,
                    String urlPath, String idempotencyKey, Boolean isDuplicateEvent,
                    @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode data,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String raw, EventStatus status,
                    String failureReason,
                    Instant acknowledgedAt, Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public EventBuilder toBuilder() {
        return EventBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static EventBuilder builder() {
        return EventBuilder.builder();
    }
}
