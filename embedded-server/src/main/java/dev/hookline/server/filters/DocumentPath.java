package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A dot-separated filter key ({@code data.items.0.sku}, {@code data.items.$.sku}) resolved against a JSON document
 * without flattening the document: matching runs for every event x subscription, and walking a handful of segments
 * is far cheaper than copying the whole payload into a flat map each time.
 *
 * <p>It finds what Convoy's flattened payload would hold under that key: object members by name (a member whose own
 * name contains dots, {@code {"a.b":1}}, is found too, as flattening would merge it), array elements by index, and
 * every element for a {@code $} segment (Convoy's array wildcard).
 */
final class DocumentPath {

    private static final String WILDCARD = "$";

    private final String[] segments;

    private DocumentPath(String[] segments) {
        this.segments = segments;
    }

    static DocumentPath of(String key) {
        return new DocumentPath(key.split("\\.", -1));
    }

    /** Every value found under the key; empty if the key is absent. JSON null is a present value. */
    List<JsonNode> resolve(JsonNode document) {
        List<JsonNode> found = new ArrayList<>(1);
        walk(document, 0, found);
        return found;
    }

    private void walk(JsonNode node, int at, List<JsonNode> found) {
        if (at == segments.length) {
            found.add(node);
            return;
        }
        if (node.isObject()) {
            // The common case first: the segment is a member name.
            JsonNode child = node.get(segments[at]);
            if (child != null) {
                walk(child, at + 1, found);
            }
            // A member whose name itself holds dots spans several segments.
            if (at + 1 < segments.length) {
                StringBuilder name = new StringBuilder(segments[at]);
                for (int end = at + 1; end < segments.length; end++) {
                    name.append('.').append(segments[end]);
                    JsonNode dotted = node.get(name.toString());
                    if (dotted != null) {
                        walk(dotted, end + 1, found);
                    }
                }
            }
        } else if (node.isArray()) {
            String segment = segments[at];
            if (WILDCARD.equals(segment)) {
                for (JsonNode element : node) {
                    walk(element, at + 1, found);
                }
            } else {
                int index = index(segment);
                if (index >= 0 && index < node.size()) {
                    walk(node.get(index), at + 1, found);
                }
            }
        }
    }

    private static int index(String segment) {
        if (segment.isEmpty() || segment.length() > 9) {
            return -1;
        }
        for (int i = 0; i < segment.length(); i++) {
            if (!Character.isDigit(segment.charAt(i))) {
                return -1;
            }
        }
        return Integer.parseInt(segment);
    }
}
