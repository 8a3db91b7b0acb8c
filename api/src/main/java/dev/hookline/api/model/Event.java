package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An event. {@code data} is the raw JSON payload (not a byte array); {@code headers} map names to value lists;
 * {@code endpoints} are endpoint ids (may be {@code null}). As in Convoy's Go struct, {@code endpoint_metadata},
 * {@code source_metadata}, {@code data} and {@code raw} are written only when set and {@code failure_reason} only
 * when not empty. {@code url_path} is Convoy's current wire (the older {@code metadata} string is gone).
 */
@JsonPropertyOrder({"uid", "event_type", "source_id", "app_id", "project_id", "endpoints", "headers",
        "endpoint_metadata", "source_metadata", "url_query_params", "url_path", "idempotency_key",
        "is_duplicate_event", "data", "raw", "status", "failure_reason", "acknowledged_at", "created_at",
        "updated_at", "deleted_at"})
public record Event(String uid, String eventType, String sourceId, String appId, String projectId,
                    List<String> endpoints, Map<String, List<String>> headers,
                    @JsonInclude(JsonInclude.Include.NON_NULL) List<Endpoint> endpointMetadata,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Source sourceMetadata, String urlQueryParams,
                    String urlPath, String idempotencyKey, Boolean isDuplicateEvent,
                    @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode data,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String raw, EventStatus status,
                    @JsonInclude(JsonInclude.Include.NON_EMPTY) String failureReason,
                    Instant acknowledgedAt, Instant createdAt, Instant updatedAt, Instant deletedAt) {
}
