package dev.hookline.server.eventtypes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaException;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.SpecVersionDetector;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.InputStreamSource;
import dev.hookline.api.model.EventType;
import dev.hookline.server.domain.InvalidInputException;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JSON Schemas of event types (com.networknt json-schema-validator): checks that a schema given for a type is
 * one, and checks an event's data against its type's schema. A schema without {@code $schema} is read as draft
 * 2020-12; one naming another draft (4, 6, 7, 2019-09) is read as that. References are resolved inside the schema
 * only: nothing is ever fetched from the network or the disk (a schema comes from an API caller). Compiled schemas
 * are cached by their text. One instance per server (made by {@code HooklineServer}).
 */
public final class EventSchemas {

    /** Bound on the compiled-schema cache (cleared as a whole when full; a schema compiles in microseconds). */
    private static final int MAX_CACHED = 1_000;

    private final Map<SpecVersion.VersionFlag, JsonSchemaFactory> factories = new ConcurrentHashMap<>();
    private final Map<String, JsonSchema> compiled = new ConcurrentHashMap<>();

    /** Returns {@code schema} if it is a usable JSON Schema (an object); a 400 naming {@code json_schema} if not. */
    public JsonNode requireValid(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            throw InvalidInputException.field("json_schema", "invalid JSON schema: json_schema must be an object");
        }
        String external = externalRef(schema);
        if (external != null) {
            throw InvalidInputException.field("json_schema", "invalid JSON schema: only references inside the schema "
                    + "(\"#...\") are followed, not " + external);
        }
        try {
            // first the schema as a document of its draft (the library does not check that when compiling)
            SpecVersion.VersionFlag version = versionOf(schema);
            Set<ValidationMessage> notASchema = factories.computeIfAbsent(version, EventSchemas::factory)
                    .getSchema(SchemaLocation.of(version.getId())).validate(schema);
            if (!notASchema.isEmpty()) {
                ValidationMessage first = notASchema.stream().sorted(Comparator.comparing(ValidationMessage::getMessage))
                        .findFirst().orElseThrow();
                throw InvalidInputException.field("json_schema", "invalid JSON schema: " + first.getMessage()
                        .replaceFirst("^\\$", "json_schema"));
            }
            JsonSchema compiledSchema = compile(schema);
            // an empty instance exercises the schema's references, so a dangling $ref is refused now, not at intake
            compiledSchema.validate(NullNode.getInstance());
        } catch (JsonSchemaException | IllegalArgumentException | IllegalStateException e) {
            throw InvalidInputException.field("json_schema", "invalid JSON schema: " + describe(e));
        }
        return schema;
    }

    /**
     * Checks an event's data against the schema of its type; a 400 naming the first failing field
     * ({@code data.amount}, {@code data.items[0].sku}) when it does not follow it. No schema: nothing to check.
     */
    public void check(EventType type, JsonNode data) {
        if (type == null || type.jsonSchema() == null || type.jsonSchema().isNull()) {
            return;
        }
        Set<ValidationMessage> problems;
        try {
            problems = compile(type.jsonSchema()).validate(data == null ? NullNode.getInstance() : data);
        } catch (JsonSchemaException | IllegalArgumentException | IllegalStateException e) {
            // a schema stored before a library change may no longer compile: refuse to guess, say why
            throw InvalidInputException.field("data", "the JSON schema of event type \"" + type.name()
                    + "\" cannot be used: " + describe(e));
        }
        if (problems.isEmpty()) {
            return;
        }
        List<ValidationMessage> sorted = problems.stream()
                .sorted(Comparator.comparing((ValidationMessage m) -> field(m)).thenComparing(ValidationMessage::getMessage))
                .toList();
        ValidationMessage first = sorted.get(0);
        String field = field(first);
        String more = sorted.size() > 1 ? " (and " + (sorted.size() - 1) + " more)" : "";
        throw InvalidInputException.field(field, "event data does not match the schema of event type \""
                + type.name() + "\": " + field + ": " + text(first) + more);
    }

    private JsonSchema compile(JsonNode schema) {
        String key = schema.toString();
        JsonSchema hit = compiled.get(key);
        if (hit != null) {
            return hit;
        }
        SpecVersion.VersionFlag version = versionOf(schema);
        JsonSchema made = factories.computeIfAbsent(version, EventSchemas::factory).getSchema(key, InputFormat.JSON);
        made.initializeValidators();
        if (compiled.size() >= MAX_CACHED) {
            compiled.clear();
        }
        compiled.put(key, made);
        return made;
    }

    /** The first {@code $ref} that points outside the schema, or null. */
    private static String externalRef(JsonNode node) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && !ref.asText().startsWith("#")) {
                return ref.asText();
            }
            for (JsonNode child : node) {
                String found = externalRef(child);
                if (found != null) {
                    return found;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode child : node) {
                String found = externalRef(child);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static SpecVersion.VersionFlag versionOf(JsonNode schema) {
        try {
            return SpecVersionDetector.detectOptionalVersion(schema, false).orElse(SpecVersion.VersionFlag.V202012);
        } catch (JsonSchemaException e) {
            throw InvalidInputException.field("json_schema", "invalid JSON schema: unknown $schema draft");
        }
    }

    /** A factory whose only loader refuses every external reference (the meta-schemas are built in). */
    private static JsonSchemaFactory factory(SpecVersion.VersionFlag version) {
        return JsonSchemaFactory.getInstance(version, b -> b.schemaLoaders(loaders -> loaders.add(iri -> {
            String text = iri.toString();
            if (text.startsWith("classpath:") || text.startsWith("resource:")) {
                return null; // the library's own meta-schemas
            }
            return (InputStreamSource) () -> {
                throw new IOException("external schema references are not followed: " + text);
            };
        })));
    }

    /** The failing field as the caller's document names it: {@code data}, then the path inside the data. */
    private static String field(ValidationMessage m) {
        String location = m.getInstanceLocation() == null ? "$" : m.getInstanceLocation().toString();
        String path = location.startsWith("$") ? location.substring(1) : location;
        String field = "data" + path;
        if ("required".equals(m.getType()) && m.getProperty() != null) {
            field = field + "." + m.getProperty();
        }
        return field;
    }

    /** The library's message without its leading location ({@code "$.a: ..."}). */
    private static String text(ValidationMessage m) {
        String message = m.getMessage();
        int colon = message.indexOf(": ");
        return colon > 0 && message.startsWith("$") ? message.substring(colon + 2) : message;
    }

    private static String describe(Exception e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return message.strip();
    }
}
