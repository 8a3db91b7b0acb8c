package dev.hookline.server.openapi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import dev.hookline.api.Json;
import dev.hookline.api.model.Envelope;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The wire records of the api module and the schemas of Hookline's OpenAPI document do not drift apart. A schema
 * names its record with {@code x-hookline-record} ({@code Outer.Inner} for nested records); its property names must
 * be exactly the record's JSON names, an enum schema's values exactly the enum's wire values, and every record and
 * enum of {@code dev.hookline.api.model} must have a schema.
 */
class OpenApiRecordsTest {

    private static final String MODEL_PACKAGE = Envelope.class.getPackageName();
    private static final ObjectMapper MAPPER = Json.strict();

    private final OpenApiDocument document = OpenApiDocument.hookline();

    @Test
    void eachSchemaHasExactlyTheJsonPropertiesOfItsRecord() {
        List<String> drift = new ArrayList<>();
        schemasByRecord().forEach((where, schema) -> {
            String recordName = schema.get("x-hookline-record").asText();
            Class<?> type = modelClass(recordName);
            if (type == null) {
                drift.add(where + ": no class " + MODEL_PACKAGE + "." + recordName);
            } else if (type.isEnum()) {
                Set<String> wire = enumWireValues(type);
                Set<String> documented = new TreeSet<>();
                schema.path("enum").forEach(v -> documented.add(v.asText()));
                if (!wire.equals(documented)) {
                    drift.add(where + " (" + recordName + "): enum " + documented + " but the wire values are " + wire);
                }
            } else {
                Set<String> json = jsonProperties(type);
                Set<String> documented = new TreeSet<>();
                schema.path("properties").fieldNames().forEachRemaining(documented::add);
                if (!json.equals(documented)) {
                    drift.add(where + " (" + recordName + "): only in the record " + minus(json, documented)
                            + ", only in the schema " + minus(documented, json));
                }
                for (JsonNode required : schema.path("required")) {
                    if (!documented.contains(required.asText())) {
                        drift.add(where + ": requires unknown property " + required.asText());
                    }
                }
            }
        });
        assertTrue(drift.isEmpty(), drift.size() + " schemas drifted from their records:\n" + String.join("\n", drift));
    }

    @Test
    void everyRecordAndEnumOfTheWireModelHasASchema() throws Exception {
        Set<String> documented = new TreeSet<>();
        schemasByRecord().values().forEach(s -> documented.add(s.get("x-hookline-record").asText()));
        Set<String> undocumented = new TreeSet<>();
        List<Class<?>> classes = modelClasses();
        assertTrue(classes.contains(Envelope.class), "found the model classes: " + classes);
        for (Class<?> type : classes) {
            String name = type.getName().substring(MODEL_PACKAGE.length() + 1).replace('$', '.');
            if ((type.isRecord() || type.isEnum()) && !documented.contains(name)) {
                undocumented.add(name);
            }
        }
        assertTrue(undocumented.isEmpty(), "wire records without a schema in the OpenAPI document: " + undocumented);
    }

    /** Every schema object in the document that names a record, keyed by where it is. */
    private Map<String, JsonNode> schemasByRecord() {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        collect(document.root(), "#", out);
        return out;
    }

    private static void collect(JsonNode node, String at, Map<String, JsonNode> out) {
        if (node.isObject()) {
            if (node.has("x-hookline-record")) {
                out.put(at, node);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                collect(field.getValue(), at + "/" + field.getKey(), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), at + "/" + i, out);
            }
        }
    }

    private static Class<?> modelClass(String recordName) {
        try {
            return Class.forName(MODEL_PACKAGE + "." + recordName.replace('.', '$'));
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** The names Jackson writes for the record (snake_case and explicit names applied). */
    private static Set<String> jsonProperties(Class<?> type) {
        BeanDescription description = MAPPER.getSerializationConfig().introspect(MAPPER.constructType(type));
        Set<String> names = new TreeSet<>();
        for (BeanPropertyDefinition property : description.findProperties()) {
            if (property.couldSerialize()) {
                names.add(property.getName());
            }
        }
        return names;
    }

    private static Set<String> enumWireValues(Class<?> type) {
        Set<String> values = new TreeSet<>();
        for (Object constant : type.getEnumConstants()) {
            values.add(MAPPER.convertValue(constant, String.class));
        }
        return values;
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.removeAll(b);
        return out;
    }

    /** The classes of the model package, from the api module's classes directory or jar. */
    private static List<Class<?>> modelClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        Path location = Path.of(Envelope.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String packagePath = MODEL_PACKAGE.replace('.', '/');
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.list(location.resolve(packagePath))) {
                files.map(p -> p.getFileName().toString()).forEach(names::add);
            }
        } else {
            try (JarFile jar = new JarFile(location.toFile())) {
                jar.stream().map(e -> e.getName())
                        .filter(n -> n.startsWith(packagePath + "/") && n.indexOf('/', packagePath.length() + 1) < 0)
                        .map(n -> n.substring(packagePath.length() + 1)).forEach(names::add);
            }
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            if (name.endsWith(".class") && !name.equals("package-info.class")) {
                classes.add(Class.forName(MODEL_PACKAGE + "." + name.substring(0, name.length() - 6)));
            }
        }
        return classes;
    }
}
