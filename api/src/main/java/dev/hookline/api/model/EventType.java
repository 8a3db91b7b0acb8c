package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;

/**
 * An event type of the project's catalogue ({@code /event-types}): its name (what events carry as
 * {@code event_type}), a category and description for people, and the JSON Schema its events' data follow (null:
 * none). Deprecated types keep working; {@code deprecated_at} marks them. The members are exactly Convoy's
 * {@code models.EventTypeResponse}, so a client generated from Convoy's document reads it unchanged.
 */
@JsonPropertyOrder({"uid", "name", "category", "description", "json_schema", "deprecated_at"})
@RecordBuilder
public record EventType(String uid, String name, String category, String description, JsonNode jsonSchema,
                        Instant deprecatedAt) {

    /** True when the type was deprecated. */
    public boolean deprecated() {
        return deprecatedAt != null;
    }

    /** A builder holding this record's values. */
    public EventTypeBuilder toBuilder() {
        return EventTypeBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static EventTypeBuilder builder() {
        return EventTypeBuilder.builder();
    }
}
