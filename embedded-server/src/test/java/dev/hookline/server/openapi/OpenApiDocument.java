package dev.hookline.server.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OpenAPI 3.0 document read for tests: its operations, and validation of a JSON answer against the schema the
 * document gives for an operation and status.
 *
 * <p>OpenAPI 3.0 schemas are not quite JSON Schema: {@code nullable: true} has no JSON Schema meaning, and
 * validators ignore it next to {@code allOf}/{@code $ref} (where Convoy's document and ours put it). So each schema
 * is translated first: a schema with {@code nullable: true} becomes {@code anyOf: [{type: null}, <the schema>]},
 * and OpenAPI-only keywords ({@code x-*}, {@code example}, {@code discriminator}) are dropped. The translated
 * {@code components} travel with every schema, so {@code #/components/...} references resolve as in the document.
 */
public final class OpenApiDocument {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final Set<String> OPENAPI_ONLY = Set.of("example", "examples", "discriminator", "xml",
            "externalDocs");

    /** One operation: upper-case method and path template as written in the document. */
    public record Operation(String method, String path) implements Comparable<Operation> {
        @Override
        public int compareTo(Operation o) {
            int byPath = path.compareTo(o.path);
            return byPath != 0 ? byPath : method.compareTo(o.method);
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private final JsonNode root;
    private final JsonNode jsonSchemaComponents;
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();
    private final JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private final SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
            .formatAssertionsEnabled(true)
            .build();

    private OpenApiDocument(JsonNode root) {
        this.root = root;
        this.jsonSchemaComponents = toJsonSchema(root.path("components"));
    }

    /** Hookline's own document, as served from the classpath. */
    public static OpenApiDocument hookline() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(
                dev.hookline.server.http.openapi.OpenApiRoutes.DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException("OpenAPI document missing from the classpath");
            }
            return new OpenApiDocument(YAML.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A document from a file, YAML or JSON by its extension. */
    public static OpenApiDocument read(Path file) {
        try {
            ObjectMapper mapper = file.toString().endsWith(".json") ? JSON : YAML;
            return new OpenApiDocument(mapper.readTree(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public JsonNode root() {
        return root;
    }

    /** Every operation of {@code paths}. */
    public Set<Operation> operations() {
        Set<Operation> out = new TreeSet<>();
        root.path("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(m -> {
            if (METHODS.contains(m)) {
                out.add(new Operation(m.toUpperCase(Locale.ROOT), path.getKey()));
            }
        }));
        return out;
    }

    /** The operation object, or a missing node. */
    public JsonNode operation(String method, String path) {
        return root.path("paths").path(path).path(method.toLowerCase(Locale.ROOT));
    }

    /** The security scheme names an operation needs (its own {@code security}, else the document's). */
    public Set<String> securitySchemes(String method, String path) {
        JsonNode op = operation(method, path);
        JsonNode security = op.has("security") ? op.get("security") : root.path("security");
        Set<String> names = new TreeSet<>();
        security.forEach(requirement -> requirement.fieldNames().forEachRemaining(names::add));
        return names;
    }

    /** The status codes the operation documents. */
    public Set<String> statuses(String method, String path) {
        Set<String> out = new TreeSet<>();
        operation(method, path).path("responses").fieldNames().forEachRemaining(out::add);
        return out;
    }

    /**
     * Validates {@code body} against the JSON schema of the operation's answer with {@code status}; the problems
     * found, each naming the JSON path, or a single problem when the document has no such answer.
     */
    public List<String> validate(String method, String path, int status, JsonNode body) {
        JsonNode op = operation(method, path);
        if (op.isMissingNode()) {
            return List.of("the document has no operation " + method + " " + path);
        }
        JsonNode response = op.path("responses").path(Integer.toString(status));
        if (response.isMissingNode()) {
            return List.of(method + " " + path + " documents no " + status + " answer (it has "
                    + statuses(method, path) + ")");
        }
        response = deref(response);
        JsonNode schema = response.path("content").path("application/json").path("schema");
        if (schema.isMissingNode()) {
            return List.of(method + " " + path + " " + status + " has no application/json schema");
        }
        JsonSchema compiled = schemas.computeIfAbsent(method + " " + path + " " + status, k -> compile(schema));
        List<String> problems = new ArrayList<>();
        for (ValidationMessage message : compiled.validate(body)) {
            problems.add(message.getMessage());
        }
        return problems;
    }

    /** Follows a local {@code $ref} (e.g. to {@code #/components/responses/X}). */
    public JsonNode deref(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref") && hops < 10; hops++) {
            String ref = current.get("$ref").asText();
            if (!ref.startsWith("#/")) {
                throw new IllegalArgumentException("only local references are supported: " + ref);
            }
            current = root.at(ref.substring(1));
        }
        return current;
    }

    private JsonSchema compile(JsonNode openApiSchema) {
        ObjectNode schema = JsonNodeFactory.instance.objectNode();
        JsonNode converted = toJsonSchema(openApiSchema);
        if (converted.isObject()) {
            schema.setAll((ObjectNode) converted);
        }
        schema.set("components", jsonSchemaComponents);
        return factory.getSchema(schema, config);
    }

    /** OpenAPI 3.0 schema (tree) to JSON Schema: {@code nullable} made explicit, OpenAPI-only keywords dropped. */
    static JsonNode toJsonSchema(JsonNode node) {
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> out.add(toJsonSchema(item)));
            return out;
        }
        if (!node.isObject()) {
            return node;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        boolean nullable = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (key.equals("nullable") && value.isBoolean()) {
                nullable = value.asBoolean();
            } else if (key.startsWith("x-") || OPENAPI_ONLY.contains(key)) {
                continue;
            } else if (key.equals("properties") || key.equals("schemas") || key.equals("responses")
                    || key.equals("parameters") || key.equals("securitySchemes") || key.equals("requestBodies")) {
                // a map of names to schemas (or to objects holding schemas): a name is never a keyword
                ObjectNode map = JsonNodeFactory.instance.objectNode();
                value.fields().forEachRemaining(e -> map.set(e.getKey(), toJsonSchema(e.getValue())));
                out.set(key, map);
            } else {
                out.set(key, toJsonSchema(value));
            }
        }
        if (!nullable) {
            return out;
        }
        ObjectNode anyOf = JsonNodeFactory.instance.objectNode();
        ArrayNode options = anyOf.putArray("anyOf");
        options.addObject().put("type", "null");
        options.add(out);
        return anyOf;
    }
}
