package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;

/**
 * A subscription. Like Convoy it has no top-level {@code endpoint_id}/{@code source_id}: read
 * {@code endpoint_metadata.uid} and {@code source_metadata.uid}. {@code retry_config} is {@code null} when none was
 * given (always written, as Convoy does); it is informational, delivery follows the project strategy.
 */
@JsonPropertyOrder({"uid", "name", "type", "project_id", "function", "source_metadata", "endpoint_metadata",
        "device_metadata", "alert_config", "retry_config", "filter_config", "rate_limit_config", "delivery_mode",
        "status", "created_at", "updated_at", "deleted_at"})
@RecordBuilder
public record Subscription(String uid, String name, SubscriptionType type, String projectId, String function,
                           Source sourceMetadata, Endpoint endpointMetadata, JsonNode deviceMetadata,
                           AlertConfig alertConfig,
                           RetryConfig retryConfig,
                           FilterConfig filterConfig, RateLimitConfig rateLimitConfig, DeliveryMode deliveryMode,
                           @JsonInclude(JsonInclude.Include.NON_NULL) SubscriptionStatus status,
                           Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /**
     * A subscription without a status (as Convoy answers): active. Kept so code that builds subscriptions
     * positionally did not all have to name the status.
     */
    public Subscription(String uid, String name, SubscriptionType type, String projectId, String function,
                        Source sourceMetadata, Endpoint endpointMetadata, JsonNode deviceMetadata,
                        AlertConfig alertConfig, RetryConfig retryConfig, FilterConfig filterConfig,
                        RateLimitConfig rateLimitConfig, DeliveryMode deliveryMode, Instant createdAt,
                        Instant updatedAt, Instant deletedAt) {
        this(uid, name, type, projectId, function, sourceMetadata, endpointMetadata, deviceMetadata, alertConfig,
                retryConfig, filterConfig, rateLimitConfig, deliveryMode, null, createdAt, updatedAt, deletedAt);
    }

    /** False only for a subscription toggled off ({@code status: inactive}); no status (Convoy) means active. */
    public boolean active() {
        return status != SubscriptionStatus.INACTIVE;
    }

    /**
     * The stored retry configuration (response shape: {@code duration} in seconds). The request shape, with a Go
     * duration string, is {@link SubscriptionRequest.RetryConfig}.
     */
    @JsonPropertyOrder({"type", "duration", "retry_count"})
    public record RetryConfig(StrategyType type, Long duration, Long retryCount) {
    }

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public SubscriptionBuilder toBuilder() {
        return SubscriptionBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static SubscriptionBuilder builder() {
        return SubscriptionBuilder.builder();
    }
}
