package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Body of subscription create ({@code POST .../subscriptions}) and update ({@code PUT .../subscriptions/{id}}).
 * Create needs {@code name} and {@code endpoint_id} ({@code source_id} too for incoming projects); Convoy ignores
 * {@code retry_config} on create. {@code app_id} is deprecated.
 */
@JsonPropertyOrder({"name", "source_id", "endpoint_id", "app_id", "function", "alert_config", "rate_limit_config",
        "filter_config", "delivery_mode", "retry_config"})
public record SubscriptionRequest(String name, String sourceId, String endpointId, String appId, String function,
                                  AlertConfig alertConfig, RateLimitConfig rateLimitConfig,
                                  FilterConfig filterConfig, DeliveryMode deliveryMode, RetryConfig retryConfig) {

    /**
     * The request shape of a retry configuration: {@code duration} is a Go duration string ({@code "10s"},
     * {@code "1h3m"}), {@code interval_seconds} the same in seconds (either may be given).
     */
    @JsonPropertyOrder({"type", "duration", "interval_seconds", "retry_count"})
    public record RetryConfig(StrategyType type, String duration, Long intervalSeconds, Long retryCount) {
    }
}
