package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A subscription's filter: event types ({@code ["*"]} = all) and JSON filters on headers, body, query and path.
 * Responses to create echo the raw filter with {@code is_flattened:false}; stored filters read back flattened with
 * {@code is_flattened:true}. In requests {@code is_flattened} is ignored.
 */
@JsonPropertyOrder({"event_types", "filter"})
public record FilterConfig(List<String> eventTypes, Filter filter) {

    /** The JSON filter documents, kept raw. */
    @JsonPropertyOrder({"is_flattened", "headers", "body", "query", "path"})
    public record Filter(Boolean isFlattened, JsonNode headers, JsonNode body, JsonNode query, JsonNode path) {
    }
}
