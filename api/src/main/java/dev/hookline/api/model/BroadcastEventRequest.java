package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** Body of {@code POST .../events/broadcast}: one event for every endpoint subscribed to its type. */
@JsonPropertyOrder({"event_type", "data", "custom_headers", "idempotency_key"})
public record BroadcastEventRequest(String eventType, JsonNode data, Map<String, String> customHeaders,
                                    String idempotencyKey) {
}
