package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import java.time.Instant;

/**
 * Creates or changes a subscription filter. {@code uid} names the filter in a bulk update and is left out
 * otherwise. {@code event_type} is required on create. On update, a member left out keeps its value.
 *
 * <p>{@code enabled_at} is three-valued, as in Convoy: left out (Java {@code null}) means "now" on create and
 * "unchanged" on update; {@link #DISABLED} (JSON {@code null}) turns the filter off; {@link #enabledAt(Instant)}
 * sets the time it takes effect.
 */
@JsonPropertyOrder({"uid", "event_type", "enabled_at", "headers", "body", "query", "path"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionFilterRequest(String uid, String eventType, JsonNode enabledAt, JsonNode headers,
                                        JsonNode body, JsonNode query, JsonNode path) {

    /** The {@code enabled_at} value that disables a filter. */
    public static final JsonNode DISABLED = NullNode.getInstance();

    /** The {@code enabled_at} value for a time. */
    public static JsonNode enabledAt(Instant when) {
        return JsonNodeFactory.instance.textNode(when.toString());
    }

    /** A new filter for an event type on headers and body. */
    public static SubscriptionFilterRequest of(String eventType, JsonNode headers, JsonNode body) {
        return new SubscriptionFilterRequest(null, eventType, null, headers, body, null, null);
    }
}
