package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code POST /subscriptions/test_function} and {@code POST /sources/test_function}: run {@code function} (which
 * defines {@code function transform(payload)}) on {@code payload}. For sources, {@code type} is {@code body} (the
 * output must hold {@code event_type} and {@code data}) or {@code header}; subscriptions ignore it.
 */
@JsonPropertyOrder({"payload", "function", "type"})
public record FunctionTestRequest(JsonNode payload, String function,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) String type) {

    public static FunctionTestRequest of(JsonNode payload, String function) {
        return new FunctionTestRequest(payload, function, null);
    }
}
