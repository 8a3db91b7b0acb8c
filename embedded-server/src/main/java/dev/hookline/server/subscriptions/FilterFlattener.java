package dev.hookline.server.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Flattens nested JSON into dot-separated keys, the form subscription filters are stored and matched in (Convoy's
 * {@code pkg/flatten}): {@code {"person":{"age":{"$gte":5}}}} becomes {@code {"person.age":{"$gte":5}}}.
 *
 * <ul>
 *   <li>Nested objects become dot keys; an empty object stays as the value of its key.
 *   <li>An object holding comparison operators ({@code $eq $neq $gt $gte $lt $lte $in $nin $exist $regex}) is kept
 *       whole as the value of its key.
 *   <li>{@code $or} / {@code $and} keep their place ({@code a.$or} when nested) and each of their sub-filters is
 *       flattened on its own.
 *   <li>Arrays of scalars stay arrays; an array holding objects is spread by index ({@code items.0.sku}).
 * </ul>
 *
 * <p>{@link #flattenFilter} also validates: any key starting with {@code $} (but not {@code $.}) must be one of the
 * operators above, {@code $or}/{@code $and} take arrays of objects, {@code $in}/{@code $nin} arrays,
 * {@code $exist} a boolean and {@code $regex} a pattern that compiles. {@link #flattenPayload} treats every key as
 * data (payloads may well contain {@code $schema}), for matching event payloads against stored filters.
 *
 * <p>Deliberate differences from Convoy's Go code, which has bugs here: keys next to {@code $or}/{@code $and} are
 * kept (Go drops them), scalars in mixed arrays are kept at their index (Go drops them), and an object mixing
 * operators and fields is an error (Go silently drops the operators).
 */
public final class FilterFlattener {

    /** The comparison operators (applied to one field). */
    public static final Set<String> COMPARISON_OPERATORS =
            Set.of("$eq", "$neq", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$exist", "$regex");

    /** The logical operators (combining sub-filters). */
    public static final Set<String> LOGICAL_OPERATORS = Set.of("$or", "$and");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A filter that is not valid; the message says why (Convoy's wording where it has one). */
    public static final class InvalidFilterException extends IllegalArgumentException {
        public InvalidFilterException(String message) {
            super(message);
        }
    }

    private FilterFlattener() {
    }

    /**
     * A subscription filter document, flattened and validated. Null (or JSON null) is the empty filter.
     *
     * @throws InvalidFilterException if it is not an object or uses operators wrongly
     */
    public static ObjectNode flattenFilter(JsonNode filter) {
        return flatten(filter, true);
    }

    /** An event payload (or headers, query) flattened for matching; keys are never read as operators. */
    public static ObjectNode flattenPayload(JsonNode payload) {
        return flatten(payload, false);
    }

    /** True if {@code key} is written like an operator ({@code $x}, but not the {@code $.} path form). */
    public static boolean isOperatorKey(String key) {
        return key.startsWith("$") && !key.startsWith("$.");
    }

    private static ObjectNode flatten(JsonNode document, boolean filter) {
        ObjectNode out = NODES.objectNode();
        if (document == null || document.isNull() || document.isMissingNode()) {
            return out;
        }
        if (!document.isObject()) {
            throw new InvalidFilterException("must be a JSON object, got " + document.getNodeType().name()
                    .toLowerCase(java.util.Locale.ROOT));
        }
        flattenObject(out, "", (ObjectNode) document, filter);
        return out;
    }

    private static void flattenObject(ObjectNode out, String prefix, ObjectNode object, boolean filter) {
        if (filter && hasComparisonOperator(object)) {
            if (prefix.isEmpty()) {
                String operator = firstComparison(object);
                if (!COMPARISON_OPERATORS.contains(operator)) {
                    throw new InvalidFilterException(operator + " starts with a $ and is not a valid operator");
                }
                throw new InvalidFilterException("operator " + operator
                        + " must be applied to a field, e.g. {\"amount\":{\"$gte\":5}}");
            }
            out.set(prefix, validateOperatorObject(prefix, object));
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            String path = prefix.isEmpty() ? key : prefix + "." + key;
            if (filter && isOperatorKey(key)) {
                if (!LOGICAL_OPERATORS.contains(key)) {
                    throw new InvalidFilterException(key + " starts with a $ and is not a valid operator");
                }
                out.set(path, flattenLogical(key, field.getValue()));
            } else if (filter && isFlattenedLogical(key)) {
                // Already flattened ("a.$or"): flattening a stored filter again must give it back unchanged.
                out.set(path, flattenLogical(key.substring(key.lastIndexOf('.') + 1), field.getValue()));
            } else {
                flattenValue(out, path, field.getValue(), filter);
            }
        }
    }

    private static boolean isFlattenedLogical(String key) {
        return key.endsWith(".$or") || key.endsWith(".$and");
    }

    private static void flattenValue(ObjectNode out, String path, JsonNode value, boolean filter) {
        if (value.isObject()) {
            if (value.isEmpty()) {
                out.set(path, value.deepCopy());
            } else {
                flattenObject(out, path, (ObjectNode) value, filter);
            }
        } else if (value.isArray() && containsObject(value)) {
            for (int i = 0; i < value.size(); i++) {
                flattenValue(out, path + "." + i, value.get(i), filter);
            }
        } else {
            out.set(path, value.deepCopy());
        }
    }

    private static ArrayNode flattenLogical(String operator, JsonNode value) {
        if (!value.isArray()) {
            throw new InvalidFilterException("the value of $or and $and must be an array (" + operator + ")");
        }
        ArrayNode flattened = NODES.arrayNode();
        for (JsonNode branch : value) {
            if (!branch.isObject()) {
                throw new InvalidFilterException("each entry of " + operator + " must be an object, got "
                        + branch.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
            }
            flattened.add(flatten(branch, true));
        }
        return flattened;
    }

    private static ObjectNode validateOperatorObject(String path, ObjectNode object) {
        List<String> fields = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> entries = object.fields();
        while (entries.hasNext()) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String key = entry.getKey();
            JsonNode value = entry.getValue();
            if (!isOperatorKey(key)) {
                fields.add(key);
                continue;
            }
            if (!COMPARISON_OPERATORS.contains(key)) {
                if (LOGICAL_OPERATORS.contains(key)) {
                    throw new InvalidFilterException(key + " cannot be combined with comparison operators in \""
                            + path + "\"");
                }
                throw new InvalidFilterException(key + " starts with a $ and is not a valid operator");
            }
            switch (key) {
                case "$in", "$nin" -> {
                    if (!value.isArray()) {
                        throw new InvalidFilterException("the value of " + key + " in \"" + path
                                + "\" must be an array");
                    }
                }
                case "$exist" -> {
                    if (!value.isBoolean()) {
                        throw new InvalidFilterException("the value of $exist in \"" + path
                                + "\" must be true or false");
                    }
                }
                case "$regex" -> {
                    if (!value.isTextual()) {
                        throw new InvalidFilterException("the value of $regex in \"" + path + "\" must be a string");
                    }
                    try {
                        Pattern.compile(value.asText());
                    } catch (PatternSyntaxException e) {
                        throw new InvalidFilterException("the $regex in \"" + path + "\" is not a valid regular "
                                + "expression: " + e.getDescription());
                    }
                }
                default -> {
                    // $eq $neq $gt $gte $lt $lte take any value
                }
            }
        }
        if (!fields.isEmpty()) {
            throw new InvalidFilterException("\"" + path + "\" mixes operators (" + firstComparison(object)
                    + ") with fields (" + String.join(", ", fields) + "); put the fields in their own keys");
        }
        return object.deepCopy();
    }

    private static boolean hasComparisonOperator(ObjectNode object) {
        return firstComparison(object) != null;
    }

    private static String firstComparison(ObjectNode object) {
        Iterator<String> names = object.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (isOperatorKey(name) && !LOGICAL_OPERATORS.contains(name)) {
                return name;
            }
        }
        return null;
    }

    private static boolean containsObject(JsonNode array) {
        for (JsonNode element : array) {
            if (element.isObject()) {
                return true;
            }
        }
        return false;
    }
}
