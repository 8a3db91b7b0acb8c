package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.server.subscriptions.FilterFlattener;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A validated, flattened filter turned into a tree of conditions once, so that matching an event does no parsing,
 * no flattening and no regex compilation. Immutable, hence safe to share between threads.
 *
 * <p>Semantics (see ADR 0009 for where they differ from Convoy's code):
 * <ul>
 *   <li>Every key must hold (AND); {@code $or} / {@code $and} take sub-filters, also when nested ({@code a.$or}).
 *   <li>A scalar value means {@code $eq}. Against an array in the document, {@code $eq} (and a plain value) means
 *       "contains", {@code $in}/{@code $nin} look at each element, ordering and {@code $regex} match if an element
 *       does.
 *   <li>A key absent from the document fails every condition except {@code $neq}, {@code $nin} and
 *       {@code $exist:false}, which hold.
 *   <li>A {@code $} segment ({@code items.$.sku}) matches if any array element matches.
 *   <li>A {@code $regex} search that backtracks past a linear budget counts as no match ({@link BoundedText}).
 * </ul>
 */
public final class CompiledFilter {

    private static final CompiledFilter MATCH_ALL = new CompiledFilter(new All(List.of()));

    private final Condition root;

    private CompiledFilter(Condition root) {
        this.root = root;
    }

    /** The filter that matches every document (what a null or {@code {}} filter compiles to). */
    public static CompiledFilter matchAll() {
        return MATCH_ALL;
    }

    /**
     * Compiles a filter, nested or already flattened (flattening is idempotent).
     *
     * @param lowerCaseKeys true for header filters: field names are matched case-insensitively, against a document
     *                      whose names are lower-cased too
     * @throws FilterFlattener.InvalidFilterException if the filter is not valid
     */
    static CompiledFilter compile(JsonNode filter, boolean lowerCaseKeys) {
        ObjectNode flat = FilterFlattener.flattenFilter(filter);
        if (flat.isEmpty()) {
            return MATCH_ALL;
        }
        return new CompiledFilter(compileObject("", flat, lowerCaseKeys));
    }

    /** True if the document (a JSON object, or null for "no document") satisfies the filter. */
    public boolean matches(JsonNode document) {
        return root.test(document == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance()
                : document);
    }

    // ------------------------------------------------------------------------------------------ compiling

    private static Condition compileObject(String prefix, ObjectNode flat, boolean lowerCaseKeys) {
        List<Condition> all = new ArrayList<>(flat.size());
        Iterator<Map.Entry<String, JsonNode>> fields = flat.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            String logical = logicalOperator(key);
            if (logical != null) {
                String base = key.length() == logical.length() ? ""
                        : key.substring(0, key.length() - logical.length() - 1);
                String branchPrefix = join(prefix, base);
                List<Condition> branches = new ArrayList<>();
                for (JsonNode branch : field.getValue()) {
                    branches.add(compileObject(branchPrefix, (ObjectNode) branch, lowerCaseKeys));
                }
                all.add("$or".equals(logical) ? new Any(branches) : new All(branches));
            } else {
                String path = join(prefix, key);
                if (lowerCaseKeys) {
                    path = path.toLowerCase(Locale.ROOT);
                }
                all.add(compileField(DocumentPath.of(path), field.getValue()));
            }
        }
        return all.size() == 1 ? all.get(0) : new All(all);
    }

    /** {@code $or}/{@code $and} if the key is one or ends in one ({@code a.$or}), else null. */
    private static String logicalOperator(String key) {
        for (String operator : FilterFlattener.LOGICAL_OPERATORS) {
            if (key.equals(operator) || key.endsWith("." + operator)) {
                return operator;
            }
        }
        return null;
    }

    private static String join(String prefix, String key) {
        if (prefix.isEmpty()) {
            return key;
        }
        return key.isEmpty() ? prefix : prefix + "." + key;
    }

    private static Condition compileField(DocumentPath path, JsonNode value) {
        if (!value.isObject() || !hasOperator(value)) {
            return new Field(path, List.of(new Test(Operator.EQ, value, null)));
        }
        List<Test> tests = new ArrayList<>(value.size());
        Iterator<Map.Entry<String, JsonNode>> operators = value.fields();
        while (operators.hasNext()) {
            Map.Entry<String, JsonNode> entry = operators.next();
            Operator operator = Operator.of(entry.getKey());
            Pattern pattern = operator == Operator.REGEX ? Pattern.compile(entry.getValue().asText()) : null;
            tests.add(new Test(operator, entry.getValue(), pattern));
        }
        return new Field(path, List.copyOf(tests));
    }

    private static boolean hasOperator(JsonNode object) {
        Iterator<String> names = object.fieldNames();
        while (names.hasNext()) {
            if (FilterFlattener.isOperatorKey(names.next())) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------ evaluating

    private sealed interface Condition permits All, Any, Field {
        boolean test(JsonNode document);
    }

    private record All(List<Condition> conditions) implements Condition {
        @Override
        public boolean test(JsonNode document) {
            for (Condition condition : conditions) {
                if (!condition.test(document)) {
                    return false;
                }
            }
            return true;
        }
    }

    private record Any(List<Condition> conditions) implements Condition {
        @Override
        public boolean test(JsonNode document) {
            for (Condition condition : conditions) {
                if (condition.test(document)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** One key and its operators, all of which must hold. */
    private record Field(DocumentPath path, List<Test> tests) implements Condition {
        @Override
        public boolean test(JsonNode document) {
            List<JsonNode> values = path.resolve(document);
            for (Test test : tests) {
                if (!test.holds(values)) {
                    return false;
                }
            }
            return true;
        }
    }

    private enum Operator {
        EQ, NEQ, GT, GTE, LT, LTE, IN, NIN, EXIST, REGEX;

        static Operator of(String name) {
            return switch (name) {
                case "$eq" -> EQ;
                case "$neq" -> NEQ;
                case "$gt" -> GT;
                case "$gte" -> GTE;
                case "$lt" -> LT;
                case "$lte" -> LTE;
                case "$in" -> IN;
                case "$nin" -> NIN;
                case "$exist" -> EXIST;
                case "$regex" -> REGEX;
                // FilterFlattener has rejected anything else already.
                default -> throw new FilterFlattener.InvalidFilterException(name
                        + " starts with a $ and is not a valid operator");
            };
        }
    }

    /** One operator and its operand, applied to the values found under a key (several with a {@code $} segment). */
    private record Test(Operator operator, JsonNode operand, Pattern pattern) {

        boolean holds(List<JsonNode> values) {
            return switch (operator) {
                case EXIST -> values.isEmpty() != operand.asBoolean();
                // Negations hold for an absent key and need every found value to pass.
                case NEQ, NIN -> {
                    for (JsonNode value : values) {
                        if (positive(value)) {
                            yield false;
                        }
                    }
                    yield true;
                }
                default -> {
                    for (JsonNode value : values) {
                        if (positive(value)) {
                            yield true;
                        }
                    }
                    yield false;
                }
            };
        }

        /** The operator (or, for $neq/$nin, its positive counterpart) on one found value. */
        private boolean positive(JsonNode value) {
            return switch (operator) {
                case EQ, NEQ -> equalOrContains(value, operand);
                case IN, NIN -> in(value);
                case GT -> anyElement(value, v -> ordered(v, order -> order > 0));
                case GTE -> anyElement(value, v -> ordered(v, order -> order >= 0));
                case LT -> anyElement(value, v -> ordered(v, order -> order < 0));
                case LTE -> anyElement(value, v -> ordered(v, order -> order <= 0));
                case REGEX -> anyElement(value, v -> (v.isTextual() || v.isNumber() || v.isBoolean())
                        && find(pattern, v.asText()));
                case EXIST -> true;
            };
        }

        /** A regex search with bounded work (see {@link BoundedText}); too much backtracking is no match. */
        private static boolean find(Pattern pattern, String text) {
            try {
                return pattern.matcher(BoundedText.of(text)).find();
            } catch (BoundedText.BudgetExceeded e) {
                return false;
            }
        }

        /** Compared as numbers; values that are not numeric fail every ordering test. */
        private boolean ordered(JsonNode value, java.util.function.IntPredicate test) {
            Integer order = JsonCompare.order(value, operand);
            return order != null && test.test(order);
        }

        private boolean in(JsonNode value) {
            if (value.isArray()) {
                for (JsonNode element : value) {
                    if (contains(operand, element)) {
                        return true;
                    }
                }
                return false;
            }
            return contains(operand, value);
        }

        private static boolean contains(JsonNode list, JsonNode value) {
            for (JsonNode candidate : list) {
                if (JsonCompare.equal(candidate, value)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean equalOrContains(JsonNode value, JsonNode operand) {
            if (value.isArray() && !operand.isArray()) {
                return contains(value, operand);
            }
            return JsonCompare.equal(value, operand);
        }

        private static boolean anyElement(JsonNode value, java.util.function.Predicate<JsonNode> test) {
            if (value.isArray()) {
                for (JsonNode element : value) {
                    if (test.test(element)) {
                        return true;
                    }
                }
                return false;
            }
            return test.test(value);
        }
    }
}
