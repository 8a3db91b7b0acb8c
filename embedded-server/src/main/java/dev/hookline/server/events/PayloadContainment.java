package dev.hookline.server.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.server.domain.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An events search written as a JSON object, e.g. {@code {"data":{"customer":{"id":"cus_039"}}}}: matches the events
 * whose payload contains it structurally. Every key of the query is in the payload with a value that contains the
 * query's value; a query array is contained in a payload array when each of its elements is contained in some
 * element of it; scalars are equal (same JSON type, same value).
 *
 * <p>Two steps keep it fast: the query's keys and its string, boolean and null leaves are full-text terms
 * ({@link #terms()}), so the search index narrows the candidates as a text search would (every token of the query
 * is in a matching payload); then {@link #condition} checks containment on those candidates with SQLite's JSON
 * functions. Numbers are not terms ({@code 1.0} and {@code 1} are the same number but not the same token).
 */
public final class PayloadContainment {

    /** Keys and array elements of a query, at most: its check is one SQL expression per node. */
    static final int MAX_NODES = 64;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final JsonNode query;

    private PayloadContainment(JsonNode query) {
        this.query = query;
    }

    /**
     * The containment search {@code text} asks for, when it is a JSON object; empty for any other text (a plain
     * text search). Refuses objects too large to check, and keys SQLite's JSON paths cannot name.
     */
    public static Optional<PayloadContainment> parse(String text) {
        if (text == null || !text.strip().startsWith("{")) {
            return Optional.empty();
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return Optional.empty(); // "{} -- ::" and the like: words, not JSON
        }
        if (node == null || !node.isObject()) {
            return Optional.empty();
        }
        return Optional.of(checked(node, "query"));
    }

    /**
     * The containment search of the {@code body} parameter (Convoy's HEAD): {@code text} must be a JSON object, else
     * a 400 naming {@code body}.
     */
    public static PayloadContainment parseBody(String text) {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            node = null;
        }
        if (node == null || !node.isObject()) {
            throw InvalidInputException.of("body:must be a JSON object the event payload contains, e.g. "
                    + "{\"order\":3}");
        }
        return checked(node, "body");
    }

    private static PayloadContainment checked(JsonNode node, String parameter) {
        int[] nodes = {0};
        check(node, nodes, parameter);
        return new PayloadContainment(node);
    }

    private static void check(JsonNode node, int[] nodes, String parameter) {
        if (++nodes[0] > MAX_NODES) {
            throw InvalidInputException.of(parameter + ":a JSON search may have at most " + MAX_NODES
                    + " keys and values");
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (field.getKey().indexOf('"') >= 0 || field.getKey().indexOf('\\') >= 0) {
                throw InvalidInputException.of(parameter + ":a JSON search key may not contain a quote or a "
                        + "backslash");
            }
            check(field.getValue(), nodes, parameter);
        }
        if (node.isArray()) {
            node.forEach(element -> check(element, nodes, parameter));
        }
    }

    /** The full-text terms every matching payload has: the keys and the string, boolean and null leaves. */
    public List<String> terms() {
        List<String> out = new ArrayList<>();
        collectTerms(query, out);
        return out;
    }

    private static void collectTerms(JsonNode node, List<String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                addTerm(field.getKey(), out);
                collectTerms(field.getValue(), out);
            }
        } else if (node.isArray()) {
            node.forEach(element -> collectTerms(element, out));
        } else if (node.isTextual()) {
            addTerm(node.textValue(), out);
        } else if (node.isBoolean() || node.isNull()) {
            addTerm(node.asText(), out);
        }
    }

    private static void addTerm(String text, List<String> out) {
        // the same cleaning as typed words: no scope mark, no NUL, something the tokenizer keeps
        String term = text.replace(EventSearch.SCOPE_MARK, ' ').replace('\u0000', ' ').strip();
        if (term.codePoints().anyMatch(Character::isLetterOrDigit) && !out.contains(term)) {
            out.add(term);
        }
    }

    /**
     * The SQL condition "the JSON text in {@code column} contains the query", adding its {@code ?} arguments to
     * {@code args} in order. A payload that is not JSON contains nothing.
     */
    public String condition(String column, List<Object> args) {
        StringBuilder sql = new StringBuilder("CASE WHEN json_valid(").append(column).append(") THEN (");
        contains(column, new Path("?", List.of("$")), query, sql, args, new int[] {0});
        return sql.append(") ELSE 0 END").toString();
    }

    /** A JSON path as an SQL expression and its arguments (a literal, or an array element's {@code fullkey}). */
    private record Path(String sql, List<Object> args) {
        Path child(String key) {
            List<Object> next = new ArrayList<>(args);
            next.add(".\"" + key + "\"");
            return new Path("(" + sql + " || ?)", next);
        }
    }

    private static void contains(String doc, Path path, JsonNode node, StringBuilder sql, List<Object> args,
                                 int[] aliases) {
        if (node.isObject()) {
            type(doc, path, "= 'object'", sql, args);
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                sql.append(" AND ");
                contains(doc, path.child(field.getKey()), field.getValue(), sql, args, aliases);
            }
        } else if (node.isArray()) {
            type(doc, path, "= 'array'", sql, args);
            for (JsonNode element : node) {
                String alias = "jc" + aliases[0]++;
                sql.append(" AND EXISTS (SELECT 1 FROM json_each(").append(doc).append(", ").append(path.sql())
                        .append(") ").append(alias).append(" WHERE ");
                args.addAll(path.args());
                contains(doc, new Path(alias + ".fullkey", List.of()), element, sql, args, aliases);
                sql.append(')');
            }
        } else if (node.isTextual()) {
            type(doc, path, "= 'text'", sql, args);
            value(doc, path, node.textValue(), sql, args);
        } else if (node.isNumber()) {
            type(doc, path, "IN ('integer', 'real')", sql, args);
            value(doc, path, node.isIntegralNumber() && node.canConvertToLong() ? (Object) node.longValue()
                    : (Object) node.doubleValue(), sql, args);
        } else if (node.isBoolean()) {
            type(doc, path, node.booleanValue() ? "= 'true'" : "= 'false'", sql, args);
        } else {
            type(doc, path, "= 'null'", sql, args);
        }
    }

    private static void type(String doc, Path path, String test, StringBuilder sql, List<Object> args) {
        sql.append("json_type(").append(doc).append(", ").append(path.sql()).append(") ").append(test);
        args.addAll(path.args());
    }

    private static void value(String doc, Path path, Object expected, StringBuilder sql, List<Object> args) {
        sql.append(" AND json_extract(").append(doc).append(", ").append(path.sql()).append(") = ?");
        args.addAll(path.args());
        args.add(expected);
    }
}
