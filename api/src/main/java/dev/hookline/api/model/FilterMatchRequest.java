package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code POST /subscriptions/{id}/filters/test/{eventType}}: would an event of that type with this {@code payload}
 * (the body) and these {@code request} parts (a body there wins over {@code payload}; headers) reach the
 * subscription?
 */
@JsonPropertyOrder({"payload", "request"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FilterMatchRequest(JsonNode payload, FilterScopes request) {
}
