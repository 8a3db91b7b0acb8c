package dev.hookline.server.eventtypes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.hookline.api.Json;
import dev.hookline.server.domain.InvalidInputException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the webhooks of an OpenAPI document (JSON or YAML text), as Convoy's import does: the {@code webhooks}
 * (OpenAPI 3.1) and {@code x-webhooks} maps, each webhook's name and its POST request body's
 * {@code application/json} schema; when there are none, POST operations of paths that look like webhooks (the path,
 * a tag, the operation ID or the summary says "webhook"), named by the path segment after the one with "webhook".
 *
 * <p>Unlike Convoy, which copies only a schema's top-level properties, the whole schema is kept: its references to
 * {@code #/components/schemas/X} (or Swagger's {@code #/definitions/X}) are copied into the schema's own
 * {@code $defs}, so the stored schema stands alone (cycles included) and validates nested data too.
 */
final class OpenApiWebhooks {

    /** One webhook found: its name (the event type), description and standalone JSON schema. */
    record Webhook(String name, String description, ObjectNode schema) {
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String COMPONENTS = "#/components/schemas/";
    private static final String DEFINITIONS = "#/definitions/";
    private static final String DEFS = "#/$defs/";

    private final JsonNode document;

    private OpenApiWebhooks(JsonNode document) {
        this.document = document;
    }

    /** Parses the document; a 400 naming {@code spec} when it is empty or neither JSON nor YAML of an object. */
    static OpenApiWebhooks parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw InvalidInputException.field("spec", "please provide an OpenAPI document in spec");
        }
        JsonNode tree;
        try {
            tree = Json.lenient().readTree(spec);
        } catch (JsonProcessingException notJson) {
            try {
                tree = YAML.readTree(spec);
            } catch (JsonProcessingException | RuntimeException notYaml) {
                throw InvalidInputException.field("spec", "error loading OpenAPI spec: neither JSON nor YAML ("
                        + notYaml.getMessage().lines().findFirst().orElse("") + ")");
            }
        }
        if (tree == null || !tree.isObject() || !(tree.has("openapi") || tree.has("swagger"))) {
            throw InvalidInputException.field("spec",
                    "error loading OpenAPI spec: not an OpenAPI document (no openapi or swagger version)");
        }
        return new OpenApiWebhooks(tree);
    }

    /** The webhooks, in document order; a 400 when there is none. */
    List<Webhook> webhooks() {
        Map<String, Webhook> found = new LinkedHashMap<>();
        for (String key : List.of("webhooks", "x-webhooks")) {
            JsonNode map = document.path(key);
            for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                Webhook w = webhook(e.getKey(), e.getValue().path("post"));
                if (w != null) {
                    found.put(w.name(), w);
                }
            }
        }
        if (found.isEmpty()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = document.path("paths").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode post = e.getValue().path("post");
                if (post.isObject() && looksLikeWebhook(e.getKey(), post)) {
                    Webhook w = webhook(nameFromPath(e.getKey()), post);
                    if (w != null) {
                        found.put(w.name(), w);
                    }
                }
            }
        }
        if (found.isEmpty()) {
            throw InvalidInputException.field("spec", "no webhooks found in OpenAPI spec");
        }
        return List.copyOf(found.values());
    }

    private Webhook webhook(String name, JsonNode post) {
        if (name == null || name.isBlank() || !post.isObject()) {
            return null;
        }
        JsonNode body = resolve(post.path("requestBody"));
        JsonNode schema = body.path("content").path("application/json").path("schema");
        if (!schema.isObject()) {
            // Swagger 2: an in: body parameter carries the schema
            for (JsonNode p : post.path("parameters")) {
                JsonNode parameter = resolve(p);
                if ("body".equals(parameter.path("in").asText()) && parameter.path("schema").isObject()) {
                    schema = parameter.get("schema");
                }
            }
        }
        if (!schema.isObject()) {
            return null;
        }
        String description = post.path("description").asText(post.path("summary").asText(""));
        return new Webhook(name.strip(), description, standalone((ObjectNode) schema));
    }

    /** A {@code $ref} to somewhere in the document followed once (request bodies, parameters), else the node. */
    private JsonNode resolve(JsonNode node) {
        String ref = node.path("$ref").asText("");
        if (!ref.startsWith("#/")) {
            return node;
        }
        JsonNode target = document.at(ref.substring(1));
        return target.isMissingNode() ? node : target;
    }

    /** The schema with every component it reaches copied under {@code $defs} and its references pointed there. */
    private ObjectNode standalone(ObjectNode schema) {
        ObjectNode root = schema.deepCopy();
        Set<String> needed = new LinkedHashSet<>();
        rewrite(root, needed);
        if (root.has("$ref") && root.size() == 1 && needed.size() == 1) {
            // a bare reference: the component itself is the schema (still with $defs for what it reaches)
            String only = needed.iterator().next();
            JsonNode component = component(only);
            if (component.isObject()) {
                root = (ObjectNode) component.deepCopy();
                needed.clear();
                rewrite(root, needed);
            }
        }
        ObjectNode defs = root.objectNode();
        List<String> queue = new ArrayList<>(needed);
        for (int i = 0; i < queue.size(); i++) {
            String name = queue.get(i);
            JsonNode component = component(name);
            if (!component.isObject()) {
                continue; // a dangling reference stays dangling: the schema check reports it
            }
            ObjectNode copy = (ObjectNode) component.deepCopy();
            Set<String> more = new LinkedHashSet<>();
            rewrite(copy, more);
            for (String m : more) {
                if (!queue.contains(m)) {
                    queue.add(m);
                }
            }
            defs.set(name, copy);
        }
        if (!defs.isEmpty()) {
            root.set("$defs", defs);
        }
        return root;
    }

    private JsonNode component(String name) {
        JsonNode c = document.path("components").path("schemas").path(name);
        return c.isMissingNode() ? document.path("definitions").path(name) : c;
    }

    private static void rewrite(JsonNode node, Set<String> needed) {
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual()) {
                String text = ref.asText();
                String name = text.startsWith(COMPONENTS) ? text.substring(COMPONENTS.length())
                        : text.startsWith(DEFINITIONS) ? text.substring(DEFINITIONS.length()) : null;
                if (name != null) {
                    needed.add(name);
                    object.put("$ref", DEFS + name);
                }
            }
            object.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("$ref")) {
                    rewrite(e.getValue(), needed);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> rewrite(child, needed));
        }
    }

    private static boolean looksLikeWebhook(String path, JsonNode post) {
        if (path.toLowerCase(Locale.ROOT).contains("webhook")) {
            return true;
        }
        for (JsonNode tag : post.path("tags")) {
            if (tag.asText().toLowerCase(Locale.ROOT).contains("webhook")) {
                return true;
            }
        }
        return post.path("operationId").asText().toLowerCase(Locale.ROOT).contains("webhook")
                || post.path("summary").asText().toLowerCase(Locale.ROOT).contains("webhook");
    }

    /** The segment after the one naming "webhook" (or that one when last); else the last segment. */
    private static String nameFromPath(String path) {
        String[] segments = path.replaceAll("^/+|/+$", "").split("/");
        for (int i = 0; i < segments.length; i++) {
            if (segments[i].toLowerCase(Locale.ROOT).contains("webhook")) {
                return i == segments.length - 1 ? segments[i] : segments[i + 1];
            }
        }
        return segments.length > 0 && !segments[segments.length - 1].isEmpty() ? segments[segments.length - 1]
                : "webhook";
    }
}
