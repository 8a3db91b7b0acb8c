package dev.hookline.app.events;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the events search matches a payload as shown (pretty-printed JSON), for highlighting: each word of a text
 * search as a whole word in any case, as the server matches them; for a JSON containment search
 * ({@code {"data":{"customer":{"id":"cus_1"}}}}), each contained leaf as its {@code "key" : value} line, and each
 * scalar element of a contained array as that value.
 */
public final class PayloadMatches {

    /** A match: {@code text.substring(start, end)}. */
    public record Range(int start, int end) {
    }

    private PayloadMatches() {
    }

    /** The ranges of {@code text} that {@code search} matches, in order, not overlapping; none for a blank search. */
    public static List<Range> find(String text, String search) {
        if (text == null || text.isEmpty() || search == null || search.isBlank()) {
            return List.of();
        }
        List<Pattern> patterns = new ArrayList<>();
        JsonNode query = containment(search);
        if (query != null) {
            leaves(query, null, patterns);
        } else {
            for (String word : search.strip().split("\\s+")) {
                if (word.codePoints().anyMatch(Character::isLetterOrDigit)) {
                    patterns.add(Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(word) + "(?![\\p{L}\\p{N}])",
                            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
                }
            }
        }
        List<Range> all = new ArrayList<>();
        for (Pattern pattern : patterns) {
            Matcher matcher = pattern.matcher(text);
            while (matcher.find()) {
                if (matcher.end() > matcher.start()) {
                    all.add(new Range(matcher.start(), matcher.end()));
                }
            }
        }
        all.sort(Comparator.comparingInt(Range::start).thenComparing(Range::end, Comparator.reverseOrder()));
        List<Range> merged = new ArrayList<>();
        for (Range range : all) {
            if (merged.isEmpty() || range.start() >= merged.getLast().end()) {
                merged.add(range);
            }
        }
        return merged;
    }

    /** The search as a JSON object, or {@code null} when it is words (as the server decides). */
    static JsonNode containment(String search) {
        if (!search.strip().startsWith("{")) {
            return null;
        }
        try {
            JsonNode node = Json.strict().readTree(search);
            return node != null && node.isObject() ? node : null;
        } catch (Exception notJson) {
            return null;
        }
    }

    private static void leaves(JsonNode node, String key, List<Pattern> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                leaves(field.getValue(), field.getKey(), out);
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                leaves(element, element.isValueNode() ? null : key, out);
            }
        } else {
            String literal = Pattern.quote(node.toString());
            // an array's scalar alone: not inside a longer number or word
            out.add(Pattern.compile(key == null ? "(?<![\\w.\"])" + literal + "(?![\\w.\"])"
                    : Pattern.quote(Json.strict().getNodeFactory().textNode(key).toString()) + "\\s*:\\s*" + literal));
        }
    }
}
