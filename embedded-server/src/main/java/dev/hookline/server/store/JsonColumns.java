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
        String fast = writeStrings(value);
        if (fast != null) {
            return fast;
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

    /**
     * The text Jackson would write for a list of strings or a map of string to list of strings (event endpoints and
     * headers: written for every ingested event on the writer thread, where an ObjectMapper call costs more than the
     * SQL), or null for any other value or one holding a null. Same escaping as Jackson's generator.
     */
    static String writeStrings(Object value) {
        if (value instanceof java.util.List<?> list) {
            StringBuilder out = new StringBuilder(2 + 30 * list.size());
            return appendStrings(out, list) ? out.toString() : null;
        }
        if (value instanceof java.util.Map<?, ?> map) {
            StringBuilder out = new StringBuilder(2 + 60 * map.size()).append('{');
            boolean first = true;
            for (java.util.Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key) || !(e.getValue() instanceof java.util.List<?> values)) {
                    return null;
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                appendQuoted(out, key).append(':');
                if (!appendStrings(out, values)) {
                    return null;
                }
            }
            return out.append('}').toString();
        }
        return null;
    }

    private static boolean appendStrings(StringBuilder out, java.util.List<?> list) {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String text)) {
                return false;
            }
            if (i > 0) {
                out.append(',');
            }
            appendQuoted(out, text);
        }
        out.append(']');
        return true;
    }

    private static StringBuilder appendQuoted(StringBuilder out, String text) {
        out.append('"');
        com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(text, out);
        return out.append('"');
    }
}
