package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** Body of {@code POST .../events/fanout}: one event for every endpoint whose {@code owner_id} matches. */
@JsonPropertyOrder({"owner_id", "event_type", "data", "custom_headers", "idempotency_key"})
public record FanoutEventRequest(String ownerId, String eventType, JsonNode data, Map<String, String> customHeaders,
                                 String idempotencyKey) {
}
