package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Body of {@code POST .../events/dynamic}: an event for {@code url} without setting anything up first. The endpoint
 * with that URL is used (created, with {@code secret} or a generated one, when there is none), and its subscription
 * (created when there is none; given {@code event_types} replace its event types).
 */
@JsonPropertyOrder({"url", "secret", "event_types", "event_type", "data", "custom_headers", "idempotency_key"})
public record DynamicEventRequest(String url, String secret, List<String> eventTypes, String eventType,
                                  JsonNode data, Map<String, String> customHeaders, String idempotencyKey) {

    /** Never prints the secret. */
    @Override
    public String toString() {
        return "DynamicEventRequest[url=" + url + ", eventType=" + eventType + ", secret="
                + (secret == null ? "null" : "***") + "]";
    }
}
