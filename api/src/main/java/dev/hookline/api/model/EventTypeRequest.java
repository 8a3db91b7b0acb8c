package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Body of {@code POST /event-types} ({@code name} required) and {@code PUT /event-types/{id}} (the name is fixed:
 * a given one is ignored; blank {@code category}/{@code description} and a missing {@code json_schema} keep the
 * stored value, as in Convoy).
 */
@JsonPropertyOrder({"name", "category", "description", "json_schema"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EventTypeRequest(String name, String category, String description, JsonNode jsonSchema) {

    /** A new event type with a name only. */
    public static EventTypeRequest named(String name) {
        return new EventTypeRequest(name, null, null, null);
    }
}
