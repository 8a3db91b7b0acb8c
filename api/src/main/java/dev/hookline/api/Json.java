package dev.hookline.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;

/**
 * The two ObjectMappers of the wire.
 *
 * <p>Both use snake_case property names (Convoy's wire; the few camelCase keys carry an explicit
 * {@code @JsonProperty}), write {@link java.time.Instant}s as RFC 3339 strings with nanoseconds, and write
 * {@code null} fields instead of omitting them (Convoy's nullable timestamps are always present).
 *
 * <ul>
 *   <li>{@link #strict()} reads request bodies on the server: an unknown enum value or a wrong JSON type is an
 *       error the server turns into a 400 that names the field. Unknown properties are ignored (as Convoy does).
 *   <li>{@link #lenient()} reads responses in the client: a remote Convoy newer than this model may send enum
 *       values we do not know; they read as {@code null} instead of failing the whole page.
 * </ul>
 *
 * <p>In both, an empty string where an enum is expected reads as {@code null}: Go clients (and Convoy itself) send
 * {@code ""} for an unset enum-typed field, which Convoy treats as absent. A {@code JsonNode}-typed property that is
 * {@code null} on the wire reads as Java {@code null} (not {@code NullNode}), the same as when the key is absent.
 */
public final class Json {

    private static final ObjectMapper STRICT = base()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            // a number or boolean where the wire wants a string is the client's mistake, not a string
            .withCoercionConfig(LogicalType.Textual, c -> c
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build();

    private static final ObjectMapper LENIENT = base()
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL)
            .build();

    private Json() {
    }

    public static ObjectMapper strict() {
        return STRICT;
    }

    public static ObjectMapper lenient() {
        return LENIENT;
    }

    private static JsonMapper.Builder base() {
        return JsonMapper.builder()
                .addModule(new SimpleModule("hookline-json-node-nulls")
                        .addDeserializer(JsonNode.class, new JsonNodeNullAsJavaNull()))
                .withCoercionConfig(LogicalType.Enum,
                        c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.AsNull))
                .addModule(new JavaTimeModule())
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .serializationInclusion(JsonInclude.Include.ALWAYS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .enable(JsonParser.Feature.INCLUDE_SOURCE_IN_LOCATION);
    }

    /** The standard tree deserializer, except that a JSON {@code null} property value becomes Java {@code null}. */
    private static final class JsonNodeNullAsJavaNull extends StdDeserializer<JsonNode> {

        private static final JsonDeserializer<? extends JsonNode> TREE = JsonNodeDeserializer.getDeserializer(JsonNode.class);

        JsonNodeNullAsJavaNull() {
            super(JsonNode.class);
        }

        @Override
        public JsonNode deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return TREE.deserialize(p, ctxt);
        }

        @Override
        public JsonNode getNullValue(DeserializationContext ctxt) {
            return null;
        }
    }
}
