package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

/**
 * Value comparisons of the filter language. Numbers compare by value whatever their JSON spelling ({@code 5},
 * {@code 5.0}, {@code 5e0}), and a string holding a number compares as that number against a number (Convoy's notes:
 * strings that parse as numbers are numeric). Two strings always compare as text, so {@code "007"} is not
 * {@code "7"}.
 */
final class JsonCompare {

    private JsonCompare() {
    }

    /** Deep equality with numeric comparison by value at every level. */
    static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() || b.isNumber()) {
            BigDecimal x = number(a);
            BigDecimal y = number(b);
            return x != null && y != null && x.compareTo(y) == 0;
        }
        if (a.isTextual() && b.isTextual()) {
            return a.textValue().equals(b.textValue());
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> fields = a.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode other = b.get(field.getKey());
                if (other == null || !equal(field.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /**
     * The order of two values if both are numeric (a number, or a string holding one), else null: ordering
     * operators on anything else do not match.
     */
    static Integer order(JsonNode payload, JsonNode filter) {
        BigDecimal x = number(payload);
        BigDecimal y = number(filter);
        return x == null || y == null ? null : x.compareTo(y);
    }

    /** The numeric value of a number or of a string that is exactly a decimal number; null otherwise. */
    static BigDecimal number(JsonNode node) {
        if (node.isNumber()) {
            if (node.isDouble() || node.isFloat()) {
                double d = node.doubleValue();
                return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
            }
            return node.decimalValue();
        }
        if (node.isTextual()) {
            return parse(node.textValue());
        }
        return null;
    }

    private static BigDecimal parse(String text) {
        if (text.isEmpty() || text.length() > 64) {
            return null;
        }
        char first = text.charAt(0);
        if (!(Character.isDigit(first) || first == '-' || first == '+' || first == '.')) {
            return null;
        }
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
