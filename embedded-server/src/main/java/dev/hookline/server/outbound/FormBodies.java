package dev.hookline.server.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The body of an endpoint with {@code content_type: application/x-www-form-urlencoded}: a JSON object payload
 * becomes a form, one field per member in key order (as Convoy does). Strings go as they are, numbers and booleans
 * as their JSON text, null as an empty value, objects and arrays as compact JSON. A body that is not a JSON object
 * (e.g. a transform already produced a form) is sent unchanged.
 */
final class FormBodies {

    private static final ObjectMapper JSON = Json.lenient();

    private FormBodies() {
    }

    static byte[] fromJson(byte[] body) {
        JsonNode node;
        try {
            node = JSON.readTree(body);
        } catch (IOException e) {
            return body;
        }
        if (node == null || !node.isObject()) {
            return body;
        }
        Map<String, String> fields = new TreeMap<>();
        node.properties().forEach(member -> fields.put(member.getKey(), text(member.getValue())));
        StringBuilder form = new StringBuilder();
        fields.forEach((name, value) -> {
            if (!form.isEmpty()) {
                form.append('&');
            }
            form.append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        });
        return form.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String text(JsonNode value) {
        if (value.isNull()) {
            return "";
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        return value.toString();
    }
}
