package dev.hookline.server.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.hookline.api.Json;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads and writes the JSON text columns that hold Convoy's nested objects. */
public final class JsonColumns {

    private JsonColumns() {
    }

    /** JSON text for {@code value}, or null for null. */
    public static String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return Json.strict().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new StoreException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    public static <T> T read(ResultSet rs, String column, Class<T> type) throws SQLException {
        return parse(rs.getString(column), type);
    }

    public static <T> T read(ResultSet rs, String column, TypeReference<T> type) throws SQLException {
        String text = rs.getString(column);
        if (text == null) {
            return null;
        }
        try {
            return Json.lenient().readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new StoreException("corrupt JSON in column " + column, e);
        }
    }

    public static JsonNode tree(ResultSet rs, String column) throws SQLException {
        String text = rs.getString(column);
        if (text == null) {
            return null;
        }
        try {
            return Json.lenient().readTree(text);
        } catch (JsonProcessingException e) {
            throw new StoreException("corrupt JSON in column " + column, e);
        }
    }

    /**
     * Stored JSON text as a node that is written out verbatim, never parsed: payloads are served exactly as
     * received (number formats, key order, spacing) and a page of them costs no parsing. Null for null.
     */
    public static JsonNode verbatim(String jsonText) {
        return jsonText == null ? null : JsonNodeFactory.instance.rawValueNode(new RawValue(jsonText));
    }

    /** The JSON text of a node: exactly what {@link #verbatim} was given, else the node written compactly. */
    public static String text(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node instanceof POJONode pojo && pojo.getPojo() instanceof RawValue raw) {
            return String.valueOf(raw.rawValue());
        }
        return node.toString();
    }

    public static <T> T parse(String text, Class<T> type) {
        if (text == null) {
            return null;
        }
        try {
            return Json.lenient().readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new StoreException("corrupt JSON for " + type.getSimpleName(), e);
        }
    }
}
