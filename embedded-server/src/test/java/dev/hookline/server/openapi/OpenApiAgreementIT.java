package dev.hookline.server.openapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.RawResponse;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.routes.ApiRoutes;
import dev.hookline.server.openapi.OpenApiDocument.Operation;
import dev.hookline.server.testing.TestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hookline's OpenAPI document and the server agree: the route table ({@link ApiRoutes}, read without a server) and
 * the document list the same routes, each with the credentials it really needs and its path parameters declared;
 * the running server's router is built from exactly that table; and it serves exactly the file kept in the
 * repository.
 */
class OpenApiAgreementIT {

    /** The document in the repository, relative to the module directory (where Maven runs tests). */
    static final Path DOCUMENT_FILE = Path.of("..", "resources", "openapi", "hookline-openapi.yaml");

    private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");
    private static final Map<Access, Set<String>> SCHEMES = Map.of(
            Access.PUBLIC, Set.of(),
            Access.API_KEY, Set.of("apiKey"),
            Access.INSTANCE_KEY, Set.of("instanceKey"),
            Access.PORTAL, Set.of("portalToken"));

    @TempDir
    Path dataDir;

    TestServer server;
    final OpenApiDocument document = OpenApiDocument.hookline();

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void documentListsExactlyTheTablesRoutes() {
        Set<Operation> registered = registered().keySet();
        Set<Operation> documented = document.operations();

        Set<Operation> undocumented = new TreeSet<>(registered);
        undocumented.removeAll(documented);
        Set<Operation> unserved = new TreeSet<>(documented);
        unserved.removeAll(registered);

        assertTrue(undocumented.isEmpty() && unserved.isEmpty(),
                "the OpenAPI document and ApiRoutes disagree.\n  in the table but not documented: " + undocumented
                        + "\n  documented but not in the table: " + unserved);
    }

    @Test
    void serverRoutesAreTheTablesInItsOrder() {
        List<String> table = ApiRoutes.routes().stream()
                .map(r -> r.method() + " " + r.path() + " " + r.access()).toList();
        List<String> served = server.server().router().routes().stream()
                .map(r -> r.method() + " " + r.template() + " " + r.access()).toList();

        assertEquals(table, served, "the router must be built from ApiRoutes and nothing else");
        ApiRoutes.routes().forEach(r -> assertEquals(r.multipart(),
                server.server().router().acceptsMultipart(r.path()), r + ": multipart"));
    }

    @Test
    void eachOperationNamesTheCredentialsItsRouteNeeds() {
        List<String> wrong = new ArrayList<>();
        registered().forEach((op, access) -> {
            if (document.operation(op.method(), op.path()).isMissingNode()) {
                return; // reported by documentListsExactlyTheTablesRoutes
            }
            Set<String> schemes = document.securitySchemes(op.method(), op.path());
            if (!schemes.equals(SCHEMES.get(access))) {
                wrong.add(op + ": route needs " + access + " but the document says " + schemes);
            }
        });
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void eachOperationDeclaresItsPathParametersAndOnlyThose() {
        List<String> wrong = new ArrayList<>();
        Set<String> operationIds = new TreeSet<>();
        for (Operation op : document.operations()) {
            Set<String> inTemplate = new TreeSet<>();
            Matcher m = PATH_PARAM.matcher(op.path());
            while (m.find()) {
                inTemplate.add(m.group(1));
            }
            Set<String> declared = new TreeSet<>();
            collectPathParameters(document.root().path("paths").path(op.path()).path("parameters"), declared);
            collectPathParameters(document.operation(op.method(), op.path()).path("parameters"), declared);
            if (!inTemplate.equals(declared)) {
                wrong.add(op + ": path has " + inTemplate + " but declares " + declared);
            }
            String id = document.operation(op.method(), op.path()).path("operationId").asText("");
            if (id.isEmpty() || !operationIds.add(id)) {
                wrong.add(op + ": operationId missing or used twice: \"" + id + "\"");
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void everyReferenceInTheDocumentResolves() {
        List<String> broken = new ArrayList<>();
        collectBrokenRefs(document.root(), "", broken);
        assertTrue(broken.isEmpty(), "unresolved $ref: " + broken);
    }

    @Test
    void servedDocumentIsTheRepositoryFile() throws Exception {
        RawResponse served = server.client(TestServer.INSTANCE_KEY).raw("GET", "/v1/openapi.yaml", null, Map.of());

        assertEquals(200, served.status(), served.body());
        assertTrue(served.header("Content-Type").startsWith("application/yaml"), served.header("Content-Type"));
        assertArrayEquals(Files.readAllBytes(DOCUMENT_FILE), served.body().getBytes(StandardCharsets.UTF_8),
                "GET /api/v1/openapi.yaml must serve " + DOCUMENT_FILE.toAbsolutePath().normalize());
    }

    /** The table's routes and their access, keyed like the document's operations; no server needed. */
    private static Map<Operation, Access> registered() {
        Map<Operation, Access> out = new TreeMap<>();
        for (ApiRoutes.Route route : ApiRoutes.routes()) {
            out.put(new Operation(route.method(), route.path()), route.access());
        }
        return out;
    }

    private void collectPathParameters(JsonNode parameters, Set<String> into) {
        for (JsonNode parameter : parameters) {
            JsonNode resolved = document.deref(parameter);
            if ("path".equals(resolved.path("in").asText())) {
                into.add(resolved.path("name").asText());
            }
        }
    }

    private void collectBrokenRefs(JsonNode node, String at, List<String> broken) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && document.root().at(ref.asText().substring(1)).isMissingNode()) {
                broken.add(at + " -> " + ref.asText());
            }
            Map<String, JsonNode> fields = new HashMap<>();
            node.fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue()));
            fields.forEach((k, v) -> collectBrokenRefs(v, at + "/" + k, broken));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectBrokenRefs(node.get(i), at + "/" + i, broken);
            }
        }
    }
}
