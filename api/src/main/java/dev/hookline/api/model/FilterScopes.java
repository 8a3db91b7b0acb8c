package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The parts of a request a filter looks at, or the filters for each part: {@code body}, {@code header} (Convoy's
 * subscription filter tester spells it singular; {@code headers} is accepted as well), {@code query}, {@code path}.
 * Used by {@code POST /subscriptions/test_filter} (as {@code request} and {@code schema}) and
 * {@code POST /subscriptions/{id}/filters/test/{eventType}} (as {@code request}).
 */
@JsonPropertyOrder({"body", "header", "headers", "query", "path"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FilterScopes(JsonNode body, JsonNode header, JsonNode headers, JsonNode query, JsonNode path) {

    /** Just a body and headers, the parts the embedded server matches. */
    public static FilterScopes of(JsonNode body, JsonNode header) {
        return new FilterScopes(body, header, null, null, null);
    }

    /** {@code header}, or {@code headers} when only that is given. */
    public JsonNode effectiveHeaders() {
        return header != null ? header : headers;
    }
}
