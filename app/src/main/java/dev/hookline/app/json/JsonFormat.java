package dev.hookline.app.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hookline.api.Json;

/** Pretty-prints JSON for display: two-space indent, keys in their original order. */
public final class JsonFormat {

    private static final ObjectMapper MAPPER = Json.lenient();

    private JsonFormat() {
    }

    /** {@code value} (a tree, a wire record, a map...) as indented JSON; {@code null} prints as {@code null}. */
    public static String pretty(Object value) {
        try {
            return MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * {@code text} indented when it is JSON; anything else (a form body, a truncated payload) is returned as it
     * is, since the raw bytes are still worth showing.
     */
    public static String prettyText(String text) {
        if (text == null) {
            return "";
        }
        try {
            JsonNode tree = MAPPER.readTree(text);
            return tree == null || tree.isMissingNode() ? text : pretty(tree);
        } catch (JsonProcessingException notJson) {
            return text;
        }
    }
}
