package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.soabase.recordbuilder.core.RecordBuilder;
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
@RecordBuilder
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
    public EventDeliveryBuilder toBuilder() {
        return EventDeliveryBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static EventDeliveryBuilder builder() {
        return EventDeliveryBuilder.builder();
    }
}
