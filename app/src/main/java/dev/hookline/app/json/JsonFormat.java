package dev.hookline.app.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import dev.hookline.api.Json;

/** Pretty-prints JSON for display: two-space indent, keys in their original order. */
public final class JsonFormat {

    private static final ObjectMapper MAPPER = Json.lenient();
    /**
     * Reads bodies as sent: numbers exactly as written ({@code 10.10} stays {@code 10.10}, big numbers keep every
     * digit) and one document only, so {@code "{} trailing"} is not taken for JSON and shows as received.
     */
    private static final ObjectMapper EXACT_READER = Json.lenient().copy()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

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
     * A payload shown from its raw text when there is one (exact to the byte), else from its parsed {@code data};
     * {@code ""} when there is neither. A blank raw text counts as none (Convoy writes {@code "raw": ""} for meta
     * events).
     */
    public static String payload(String raw, JsonNode data) {
        if (raw != null && !raw.isBlank()) {
            return prettyText(raw);
        }
        return data == null || data.isMissingNode() ? "" : pretty(data);
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
            JsonNode tree = EXACT_READER.readTree(text);
            return tree == null || tree.isMissingNode() ? text : pretty(tree);
        } catch (JsonProcessingException notJson) {
            return text;
        }
    }
}
