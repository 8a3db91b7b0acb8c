package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * A source's idempotency key for one ingest request, as Convoy computes it: each location of the source's
 * {@code idempotency_keys} ({@code request.header.X-Id}, {@code request.body.a.b}, {@code request.query.id}; also
 * {@code req.} and capitalised parts) names a value; the key is {@code hex(sha256(source name + the values
 * concatenated))}. When none of the locations has a value the request has no key (Convoy would hash the name alone
 * and make every such request a duplicate of the first).
 */
final class IdempotencyKeys {

    private IdempotencyKeys() {
    }

    /** The key, or "" when the source has no locations or none of them is present in the request. */
    static String compute(String sourceName, List<String> locations, Function<String, String> header,
                          Map<String, List<String>> query, JsonNode body) {
        if (locations == null || locations.isEmpty()) {
            return "";
        }
        StringBuilder values = new StringBuilder();
        boolean any = false;
        for (String location : locations) {
            String value = valueAt(location, header, query, body);
            if (value != null && !value.isEmpty()) {
                values.append(value);
                any = true;
            }
        }
        if (!any) {
            return "";
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest((sourceName + values).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String valueAt(String location, Function<String, String> header,
                                  Map<String, List<String>> query, JsonNode body) {
        String[] parts = location.trim().split("\\.", 3);
        if (parts.length < 3) {
            return null;
        }
        String part = parts[1].toLowerCase(Locale.ROOT);
        String name = parts[2];
        return switch (part) {
            case "header" -> header.apply(name);
            case "query", "queryparam" -> {
                List<String> values = query.get(name);
                yield values == null || values.isEmpty() ? null : values.get(0);
            }
            case "body" -> {
                JsonNode node = body;
                for (String key : name.split("\\.")) {
                    if (node == null) {
                        break;
                    }
                    node = node.isArray() && key.matches("\\d+") ? node.get(Integer.parseInt(key)) : node.get(key);
                }
                yield node == null || node.isNull() || node.isMissingNode() ? null
                        : node.isValueNode() ? node.asText() : node.toString();
            }
            default -> null;
        };
    }
}
