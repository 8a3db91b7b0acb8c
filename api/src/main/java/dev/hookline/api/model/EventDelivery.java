package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An event delivery: one event to one endpoint through one subscription. {@code latency} is Convoy's deprecated
 * text form, {@code latency_seconds} the number. The {@code *_metadata} members embed (partially filled) endpoint,
 * event and source objects. {@code target_url} (Convoy's newer wire) is the URL the delivery goes to: its endpoint's.
 *
 * <p>Hookline extensions (not in Convoy's document; a Convoy server leaves them out, so they read as {@code null}):
 * {@code last_response} summarises the last attempt's answer ("410 Gone", "timeout", "connection refused",
 * "TLS error"; {@code null} when never tried); {@code held_by} says what holds a delivery that is due but not being
 * sent ({@link DeliveryHold}; {@code null} when nothing holds it); {@code retryable} says whether a retry or force
 * resend would be accepted now ({@code null} from a server that does not say). Each is left out of the JSON when
 * {@code null}, so a Convoy delivery read and written again keeps Convoy's members.
 */
@JsonPropertyOrder({"uid", "project_id", "event_id", "endpoint_id", "device_id", "subscription_id", "headers",
        "target_url", "url_query_params", "idempotency_key", "latency", "latency_seconds", "event_type",
        "delivery_mode", "endpoint_metadata", "event_metadata", "source_metadata", "device_metadata", "status",
        "metadata", "cli_metadata", "description", "acknowledged_at", "created_at", "updated_at", "deleted_at",
        "last_response", "held_by", "retryable"})
public record EventDelivery(String uid, String projectId, String eventId, String endpointId, String deviceId,
                            String subscriptionId, Map<String, List<String>> headers,
                            String targetUrl, String urlQueryParams,
                            String idempotencyKey, String latency, Double latencySeconds, String eventType,
                            DeliveryMode deliveryMode, Endpoint endpointMetadata, Event eventMetadata,
                            Source sourceMetadata, JsonNode deviceMetadata, EventDeliveryStatus status,
                            DeliveryMetadata metadata, JsonNode cliMetadata, String description,
                            Instant acknowledgedAt, Instant createdAt, Instant updatedAt, Instant deletedAt,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String lastResponse,
                            @JsonInclude(JsonInclude.Include.NON_NULL) DeliveryHold heldBy,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean retryable) {

    /** Convoy's members only; the Hookline extensions are {@code null}. */
    public EventDelivery(String uid, String projectId, String eventId, String endpointId, String deviceId,
                         String subscriptionId, Map<String, List<String>> headers, String targetUrl,
                         String urlQueryParams, String idempotencyKey, String latency, Double latencySeconds,
                         String eventType, DeliveryMode deliveryMode, Endpoint endpointMetadata, Event eventMetadata,
                         Source sourceMetadata, JsonNode deviceMetadata, EventDeliveryStatus status,
                         DeliveryMetadata metadata, JsonNode cliMetadata, String description, Instant acknowledgedAt,
                         Instant createdAt, Instant updatedAt, Instant deletedAt) {
        this(uid, projectId, eventId, endpointId, deviceId, subscriptionId, headers, targetUrl, urlQueryParams,
                idempotencyKey, latency, latencySeconds, eventType, deliveryMode, endpointMetadata, eventMetadata,
                sourceMetadata, deviceMetadata, status, metadata, cliMetadata, description, acknowledgedAt, createdAt,
                updatedAt, deletedAt, null, null, null);
    }

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link EventDelivery} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String projectId;
        private String eventId;
        private String endpointId;
        private String deviceId;
        private String subscriptionId;
        private Map<String, List<String>> headers;
        private String targetUrl;
        private String urlQueryParams;
        private String idempotencyKey;
        private String latency;
        private Double latencySeconds;
        private String eventType;
        private DeliveryMode deliveryMode;
        private Endpoint endpointMetadata;
        private Event eventMetadata;
        private Source sourceMetadata;
        private JsonNode deviceMetadata;
        private EventDeliveryStatus status;
        private DeliveryMetadata metadata;
        private JsonNode cliMetadata;
        private String description;
        private Instant acknowledgedAt;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;
        private String lastResponse;
        private DeliveryHold heldBy;
        private Boolean retryable;

        private Builder() {
        }

        private Builder(EventDelivery from) {
            this.uid = from.uid;
            this.projectId = from.projectId;
            this.eventId = from.eventId;
            this.endpointId = from.endpointId;
            this.deviceId = from.deviceId;
            this.subscriptionId = from.subscriptionId;
            this.headers = from.headers;
            this.targetUrl = from.targetUrl;
            this.urlQueryParams = from.urlQueryParams;
            this.idempotencyKey = from.idempotencyKey;
            this.latency = from.latency;
            this.latencySeconds = from.latencySeconds;
            this.eventType = from.eventType;
            this.deliveryMode = from.deliveryMode;
            this.endpointMetadata = from.endpointMetadata;
            this.eventMetadata = from.eventMetadata;
            this.sourceMetadata = from.sourceMetadata;
            this.deviceMetadata = from.deviceMetadata;
            this.status = from.status;
            this.metadata = from.metadata;
            this.cliMetadata = from.cliMetadata;
            this.description = from.description;
            this.acknowledgedAt = from.acknowledgedAt;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
            this.lastResponse = from.lastResponse;
            this.heldBy = from.heldBy;
            this.retryable = from.retryable;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder projectId(String projectId) {
            this.projectId = projectId;
            return this;
        }

        public Builder eventId(String eventId) {
            this.eventId = eventId;
            return this;
        }

        public Builder endpointId(String endpointId) {
            this.endpointId = endpointId;
            return this;
        }

        public Builder deviceId(String deviceId) {
            this.deviceId = deviceId;
            return this;
        }

        public Builder subscriptionId(String subscriptionId) {
            this.subscriptionId = subscriptionId;
            return this;
        }

        public Builder headers(Map<String, List<String>> headers) {
            this.headers = headers;
            return this;
        }

        public Builder targetUrl(String targetUrl) {
            this.targetUrl = targetUrl;
            return this;
        }

        public Builder urlQueryParams(String urlQueryParams) {
            this.urlQueryParams = urlQueryParams;
            return this;
        }

        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        public Builder latency(String latency) {
            this.latency = latency;
            return this;
        }

        public Builder latencySeconds(Double latencySeconds) {
            this.latencySeconds = latencySeconds;
            return this;
        }

        public Builder eventType(String eventType) {
            this.eventType = eventType;
            return this;
        }

        public Builder deliveryMode(DeliveryMode deliveryMode) {
            this.deliveryMode = deliveryMode;
            return this;
        }

        public Builder endpointMetadata(Endpoint endpointMetadata) {
            this.endpointMetadata = endpointMetadata;
            return this;
        }

        public Builder eventMetadata(Event eventMetadata) {
            this.eventMetadata = eventMetadata;
            return this;
        }

        public Builder sourceMetadata(Source sourceMetadata) {
            this.sourceMetadata = sourceMetadata;
            return this;
        }

        public Builder deviceMetadata(JsonNode deviceMetadata) {
            this.deviceMetadata = deviceMetadata;
            return this;
        }

        public Builder status(EventDeliveryStatus status) {
            this.status = status;
            return this;
        }

        public Builder metadata(DeliveryMetadata metadata) {
            this.metadata = metadata;
            return this;
        }

        public Builder cliMetadata(JsonNode cliMetadata) {
            this.cliMetadata = cliMetadata;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
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

        public EventDelivery build() {
            return new EventDelivery(uid, projectId, eventId, endpointId, deviceId, subscriptionId, headers, targetUrl,
                    urlQueryParams, idempotencyKey, latency, latencySeconds, eventType, deliveryMode, endpointMetadata,
                    eventMetadata, sourceMetadata, deviceMetadata, status, metadata, cliMetadata, description,
                    acknowledgedAt, createdAt, updatedAt, deletedAt, lastResponse, heldBy, retryable);
        }

        public Builder lastResponse(String lastResponse) {
            this.lastResponse = lastResponse;
            return this;
        }

        public Builder heldBy(DeliveryHold heldBy) {
            this.heldBy = heldBy;
            return this;
        }

        public Builder retryable(Boolean retryable) {
            this.retryable = retryable;
            return this;
        }
    }
}
