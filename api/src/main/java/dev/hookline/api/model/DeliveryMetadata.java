package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * Delivery state of an event delivery or a meta event (Convoy's {@code datastore.Metadata}): the payload as raw JSON
 * ({@code data}) and as text ({@code raw}), the retry strategy and counters. {@code num_trials >= retry_limit} ends
 * the retries.
 */
@JsonPropertyOrder({"data", "raw", "strategy", "next_send_time", "num_trials", "interval_seconds", "retry_limit",
        "max_retry_seconds"})
public record DeliveryMetadata(JsonNode data, String raw, StrategyType strategy, Instant nextSendTime, Long numTrials,
                               Long intervalSeconds, Long retryLimit, Long maxRetrySeconds) {
}
