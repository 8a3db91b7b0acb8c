package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A subscription. Like Convoy it has no top-level {@code endpoint_id}/{@code source_id}: read
 * {@code endpoint_metadata.uid} and {@code source_metadata.uid}. {@code retry_config} is left out when {@code null}
 * (Convoy's create response has none); it is informational, delivery follows the project strategy.
 */
@JsonPropertyOrder({"uid", "name", "type", "project_id", "function", "source_metadata", "endpoint_metadata",
        "device_metadata", "alert_config", "retry_config", "filter_config", "rate_limit_config", "delivery_mode",
        "created_at", "updated_at", "deleted_at"})
public record Subscription(String uid, String name, SubscriptionType type, String projectId, String function,
                           Source sourceMetadata, Endpoint endpointMetadata, JsonNode deviceMetadata,
                           AlertConfig alertConfig,
                           @JsonInclude(JsonInclude.Include.NON_NULL) RetryConfig retryConfig,
                           FilterConfig filterConfig, RateLimitConfig rateLimitConfig, DeliveryMode deliveryMode,
                           Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /**
     * The stored retry configuration (response shape: {@code duration} in seconds). The request shape, with a Go
     * duration string, is {@link SubscriptionRequest.RetryConfig}.
     */
    @JsonPropertyOrder({"type", "duration", "retry_count"})
    public record RetryConfig(StrategyType type, Long duration, Long retryCount) {
    }
}
