package dev.hookline.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * Null serializers for members Convoy's wire never leaves {@code null}: Go writes an unset string as {@code ""} and
 * Convoy's OpenAPI document promises a string (or an array) there. Put on a record component with
 * {@code @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class)}; reading {@code ""} back gives {@code ""} for a
 * string and {@code null} for an enum (see {@link Json}), an empty array gives an empty list.
 */
public final class ConvoyEmpty {

    private ConvoyEmpty() {
    }

    /** Writes {@code null} as {@code ""}. */
    public static final class Text extends StdSerializer<Object> {
        public Text() {
            super(Object.class);
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString("");
        }
    }

    /** Writes {@code null} as {@code []}. */
    public static final class Array extends StdSerializer<Object> {
        public Array() {
            super(Object.class);
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartArray();
            gen.writeEndArray();
        }
    }
}
