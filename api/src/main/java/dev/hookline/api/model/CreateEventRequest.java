package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * Body of {@code POST .../events}: an event for one endpoint ({@code endpoint_id}) or for every endpoint of an owner
 * ({@code owner_id}, a Hookline addition); {@code event_type} and {@code data} (any JSON) required.
 * {@code custom_headers} go on every delivery; a repeated {@code idempotency_key} stores a duplicate that is not sent.
 * {@code app_id} is Convoy's deprecated name for {@code endpoint_id}.
 */
@JsonPropertyOrder({"endpoint_id", "owner_id", "app_id", "event_type", "data", "custom_headers", "idempotency_key"})
public record CreateEventRequest(String endpointId, @JsonInclude(JsonInclude.Include.NON_NULL) String ownerId,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) String appId, String eventType,
                                 JsonNode data, Map<String, String> customHeaders, String idempotencyKey) {

    /** An event for one endpoint. */
    public static CreateEventRequest toEndpoint(String endpointId, String eventType, JsonNode data) {
        return new CreateEventRequest(endpointId, null, null, eventType, data, null, null);
    }
}
