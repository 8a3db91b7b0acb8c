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
 * event and source objects. {@code target_url} (Convoy's newer wire) is written only when set.
 */
@JsonPropertyOrder({"uid", "project_id", "event_id", "endpoint_id", "device_id", "subscription_id", "headers",
        "target_url", "url_query_params", "idempotency_key", "latency", "latency_seconds", "event_type",
        "delivery_mode", "endpoint_metadata", "event_metadata", "source_metadata", "device_metadata", "status",
        "metadata", "cli_metadata", "description", "acknowledged_at", "created_at", "updated_at", "deleted_at"})
public record EventDelivery(String uid, String projectId, String eventId, String endpointId, String deviceId,
                            String subscriptionId, Map<String, List<String>> headers,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) String targetUrl, String urlQueryParams,
                            String idempotencyKey, String latency, Double latencySeconds, String eventType,
                            DeliveryMode deliveryMode, Endpoint endpointMetadata, Event eventMetadata,
                            Source sourceMetadata, JsonNode deviceMetadata, EventDeliveryStatus status,
                            DeliveryMetadata metadata, JsonNode cliMetadata, String description,
                            Instant acknowledgedAt, Instant createdAt, Instant updatedAt, Instant deletedAt) {
}
