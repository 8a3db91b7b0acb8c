package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An event. {@code data} is the raw JSON payload (not a byte array); {@code headers} map names to value lists;
 * {@code endpoints} are endpoint ids (may be {@code null}). {@code endpoint_metadata}, {@code source_metadata} and
 * {@code failure_reason} are written only when set.
 */
@JsonPropertyOrder({"uid", "event_type", "source_id", "app_id", "project_id", "endpoints", "headers",
        "endpoint_metadata", "source_metadata", "url_query_params", "idempotency_key", "is_duplicate_event", "data",
        "raw", "status", "metadata", "failure_reason", "acknowledged_at", "created_at", "updated_at", "deleted_at"})
public record Event(String uid, String eventType, String sourceId, String appId, String projectId,
                    List<String> endpoints, Map<String, List<String>> headers,
                    @JsonInclude(JsonInclude.Include.NON_NULL) List<Endpoint> endpointMetadata,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Source sourceMetadata, String urlQueryParams,
                    String idempotencyKey, Boolean isDuplicateEvent, JsonNode data, String raw, EventStatus status,
                    String metadata, @JsonInclude(JsonInclude.Include.NON_NULL) String failureReason,
                    Instant acknowledgedAt, Instant createdAt, Instant updatedAt, Instant deletedAt) {
}
