package dev.hookline.app.deliveries;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * A request or response body as the inspector shows it: pretty-printed when it is one JSON document, otherwise
 * exactly as received (an HTML error page, plain text, or JSON cut off by the server's size cap).
 */
public final class BodyText {

    // exact numbers (no double rounding) and one document only: "{} trailing" is not JSON and stays as received
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private BodyText() {
    }

    /** {@code body} pretty-printed if it parses as JSON, else unchanged; {@code ""} for {@code null}. */
    public static String display(String body) {
        if (body == null || body.isBlank()) {
            return body == null ? "" : body;
        }
        String trimmed = body.strip();
        char first = trimmed.charAt(0);
        if (first != '{' && first != '[') {
            return body; // scalars ("OK", 42) read better as they came
        }
        try {
            JsonNode tree = MAPPER.readTree(trimmed);
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException notJson) {
            return body;
        }
    }

    /** A JSON value (an event payload) pretty-printed; {@code ""} for {@code null}. */
    public static String display(JsonNode json) {
        if (json == null || json.isMissingNode()) {
            return "";
        }
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            return json.toString();
        }
    }
}
