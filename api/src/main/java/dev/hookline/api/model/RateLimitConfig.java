package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** A rate limit: {@code count} requests per {@code duration} seconds (project {@code ratelimit}, subscription {@code rate_limit_config}). */
@JsonPropertyOrder({"count", "duration"})
public record RateLimitConfig(Integer count, Long duration) {
}
