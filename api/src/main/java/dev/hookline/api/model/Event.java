package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
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
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link Event} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String eventType;
        private String sourceId;
        private String appId;
        private String projectId;
        private List<String> endpoints;
        private Map<String, List<String>> headers;
        private List<Endpoint> endpointMetadata;
        private Source sourceMetadata;
        private String urlQueryParams;
        private String urlPath;
        private String idempotencyKey;
        private Boolean isDuplicateEvent;
        private JsonNode data;
        private String raw;
        private EventStatus status;
        private String failureReason;
        private Instant acknowledgedAt;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;

        private Builder() {
        }

        private Builder(Event from) {
            this.uid = from.uid;
            this.eventType = from.eventType;
            this.sourceId = from.sourceId;
            this.appId = from.appId;
            this.projectId = from.projectId;
            this.endpoints = from.endpoints;
            this.headers = from.headers;
            this.endpointMetadata = from.endpointMetadata;
            this.sourceMetadata = from.sourceMetadata;
            this.urlQueryParams = from.urlQueryParams;
            this.urlPath = from.urlPath;
            this.idempotencyKey = from.idempotencyKey;
            this.isDuplicateEvent = from.isDuplicateEvent;
            this.data = from.data;
            this.raw = from.raw;
            this.status = from.status;
            this.failureReason = from.failureReason;
            this.acknowledgedAt = from.acknowledgedAt;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder eventType(String eventType) {
            this.eventType = eventType;
            return this;
        }

        public Builder sourceId(String sourceId) {
            this.sourceId = sourceId;
            return this;
        }

        public Builder appId(String appId) {
            this.appId = appId;
            return this;
        }

        public Builder projectId(String projectId) {
            this.projectId = projectId;
            return this;
        }

        public Builder endpoints(List<String> endpoints) {
            this.endpoints = endpoints;
            return this;
        }

        public Builder headers(Map<String, List<String>> headers) {
            this.headers = headers;
            return this;
        }

        public Builder endpointMetadata(List<Endpoint> endpointMetadata) {
            this.endpointMetadata = endpointMetadata;
            return this;
        }

        public Builder sourceMetadata(Source sourceMetadata) {
            this.sourceMetadata = sourceMetadata;
            return this;
        }

        public Builder urlQueryParams(String urlQueryParams) {
            this.urlQueryParams = urlQueryParams;
            return this;
        }

        public Builder urlPath(String urlPath) {
            this.urlPath = urlPath;
            return this;
        }

        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        public Builder isDuplicateEvent(Boolean isDuplicateEvent) {
            this.isDuplicateEvent = isDuplicateEvent;
            return this;
        }

        public Builder data(JsonNode data) {
            this.data = data;
            return this;
        }

        public Builder raw(String raw) {
            this.raw = raw;
            return this;
        }

        public Builder status(EventStatus status) {
            this.status = status;
            return this;
        }

        public Builder failureReason(String failureReason) {
            this.failureReason = failureReason;
            return this;
        }

        public Builder acknowledgedAt(Instant acknowledgedAt) {
            this.acknowledgedAt = acknowledgedAt;
            return this;
        }

        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder updatedAt(Instant updatedAt) {
            this.updatedAt = updatedAt;
            return this;
        }

        public Builder deletedAt(Instant deletedAt) {
            this.deletedAt = deletedAt;
            return this;
        }

        public Event build() {
            return new Event(uid, eventType, sourceId, appId, projectId, endpoints, headers, endpointMetadata,
                    sourceMetadata, urlQueryParams, urlPath, idempotencyKey, isDuplicateEvent, data, raw, status,
                    failureReason, acknowledgedAt, createdAt, updatedAt, deletedAt);
        }
    }
}
