package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A per-event-type filter of a subscription ({@code /subscriptions/{id}/filters}). {@code headers}, {@code body},
 * {@code query}, {@code path} are stored flattened; the {@code raw_*} members hold them as sent. The filter is in
 * force while {@code enabled_at} is set (Convoy: "non-null when this filter is active").
 */
@JsonPropertyOrder({"uid", "subscription_id", "event_type", "enabled_at", "headers", "body", "query", "path",
        "raw_headers", "raw_body", "raw_query", "raw_path", "created_at", "updated_at"})
public record SubscriptionFilter(String uid, String subscriptionId, String eventType, Instant enabledAt,
                                 JsonNode headers, JsonNode body, JsonNode query, JsonNode path,
                                 JsonNode rawHeaders, JsonNode rawBody, JsonNode rawQuery, JsonNode rawPath,
                                 Instant createdAt, Instant updatedAt) {
}
