package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.Map;

/**
 * A meta event (e.g. {@code endpoint.created}, {@code eventdelivery.failed}) sent to the project's meta-event URL.
 * {@code metadata.data} holds the sent body {@code {"event_type":..., "data":...}}; {@code attempt} is the latest
 * try. Its status values are those of {@link EventDeliveryStatus}.
 */
@JsonPropertyOrder({"uid", "project_id", "event_type", "metadata", "attempt", "status", "created_at", "updated_at",
        "deleted_at"})
public record MetaEvent(String uid, String projectId, String eventType, DeliveryMetadata metadata, Attempt attempt,
                        EventDeliveryStatus status, Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** The latest delivery try: request and response headers (single values) and the response body. */
    @JsonPropertyOrder({"request_http_header", "response_http_header", "response_data"})
    public record Attempt(Map<String, String> requestHttpHeader, Map<String, String> responseHttpHeader,
                          String responseData) {
    }
}
