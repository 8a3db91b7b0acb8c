package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * An event type of the project's catalogue ({@code /event-types}): its name (what events carry as
 * {@code event_type}), a category and description for people, and the JSON Schema its events' data follow (null:
 * none). Deprecated types keep working; {@code deprecated_at} marks them. The members are exactly Convoy's
 * {@code models.EventTypeResponse}, so a client generated from Convoy's document reads it unchanged.
 */
@JsonPropertyOrder({"uid", "name", "category", "description", "json_schema", "deprecated_at"})
public record EventType(String uid, String name, String category, String description, JsonNode jsonSchema,
                        Instant deprecatedAt) {

    /** True when the type was deprecated. */
    public boolean deprecated() {
        return deprecatedAt != null;
    }

    /** A builder holding this record's values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds an {@link EventType} member by member. */
    public static final class Builder {
        private String uid;
        private String name;
        private String category;
        private String description;
        private JsonNode jsonSchema;
        private Instant deprecatedAt;

        private Builder() {
        }

        private Builder(EventType from) {
            this.uid = from.uid;
            this.name = from.name;
            this.category = from.category;
            this.description = from.description;
            this.jsonSchema = from.jsonSchema;
            this.deprecatedAt = from.deprecatedAt;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder category(String category) {
            this.category = category;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder jsonSchema(JsonNode jsonSchema) {
            this.jsonSchema = jsonSchema;
            return this;
        }

        public Builder deprecatedAt(Instant deprecatedAt) {
            this.deprecatedAt = deprecatedAt;
            return this;
        }

        public EventType build() {
            return new EventType(uid, name, category, description, jsonSchema, deprecatedAt);
        }
    }
}
