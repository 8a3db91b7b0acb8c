package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A subscription. Like Convoy it has no top-level {@code endpoint_id}/{@code source_id}: read
 * {@code endpoint_metadata.uid} and {@code source_metadata.uid}. {@code retry_config} is {@code null} when none was
 * given (always written, as Convoy does); it is informational, delivery follows the project strategy.
 */
@JsonPropertyOrder({"uid", "name", "type", "project_id", "function", "source_metadata", "endpoint_metadata",
        "device_metadata", "alert_config", "retry_config", "filter_config", "rate_limit_config", "delivery_mode",
        "status", "created_at", "updated_at", "deleted_at"})
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
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Subscription} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String name;
        private SubscriptionType type;
        private String projectId;
        private String function;
        private Source sourceMetadata;
        private Endpoint endpointMetadata;
        private JsonNode deviceMetadata;
        private AlertConfig alertConfig;
        private RetryConfig retryConfig;
        private FilterConfig filterConfig;
        private RateLimitConfig rateLimitConfig;
        private DeliveryMode deliveryMode;
        private SubscriptionStatus status;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;

        private Builder() {
        }

        private Builder(Subscription from) {
            this.uid = from.uid;
            this.name = from.name;
            this.type = from.type;
            this.projectId = from.projectId;
            this.function = from.function;
            this.sourceMetadata = from.sourceMetadata;
            this.endpointMetadata = from.endpointMetadata;
            this.deviceMetadata = from.deviceMetadata;
            this.alertConfig = from.alertConfig;
            this.retryConfig = from.retryConfig;
            this.filterConfig = from.filterConfig;
            this.rateLimitConfig = from.rateLimitConfig;
            this.deliveryMode = from.deliveryMode;
            this.status = from.status;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder type(SubscriptionType type) {
            this.type = type;
            return this;
        }

        public Builder projectId(String projectId) {
            this.projectId = projectId;
            return this;
        }

        public Builder function(String function) {
            this.function = function;
            return this;
        }

        public Builder sourceMetadata(Source sourceMetadata) {
            this.sourceMetadata = sourceMetadata;
            return this;
        }

        public Builder endpointMetadata(Endpoint endpointMetadata) {
            this.endpointMetadata = endpointMetadata;
            return this;
        }

        public Builder deviceMetadata(JsonNode deviceMetadata) {
            this.deviceMetadata = deviceMetadata;
            return this;
        }

        public Builder alertConfig(AlertConfig alertConfig) {
            this.alertConfig = alertConfig;
            return this;
        }

        public Builder retryConfig(RetryConfig retryConfig) {
            this.retryConfig = retryConfig;
            return this;
        }

        public Builder filterConfig(FilterConfig filterConfig) {
            this.filterConfig = filterConfig;
            return this;
        }

        public Builder rateLimitConfig(RateLimitConfig rateLimitConfig) {
            this.rateLimitConfig = rateLimitConfig;
            return this;
        }

        public Builder deliveryMode(DeliveryMode deliveryMode) {
            this.deliveryMode = deliveryMode;
            return this;
        }

        public Builder status(SubscriptionStatus status) {
            this.status = status;
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

        public Subscription build() {
            return new Subscription(uid, name, type, projectId, function, sourceMetadata, endpointMetadata, deviceMetadata,
                    alertConfig, retryConfig, filterConfig, rateLimitConfig, deliveryMode, status, createdAt,
                    updatedAt, deletedAt);
        }
    }
}
