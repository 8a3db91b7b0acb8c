package dev.hookline.server.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validation the document tests rely on is strict where the document is, and reads nullable as OpenAPI means it. */
class OpenApiDocumentTest {

    private static final String GET_SOURCE = "/api/v1/projects/{projectID}/sources/{sourceID}";

    private final OpenApiDocument document = OpenApiDocument.hookline();

    @Test
    void aWellFormedAnswerHasNoProblems() throws Exception {
        assertEquals(List.of(), document.validate("GET", GET_SOURCE, 200, source()));
    }

    @Test
    void nullIsAcceptedOnlyWhereTheSchemaIsNullable() throws Exception {
        ObjectNode body = source();
        data(body).putNull("provider_config").putNull("pub_sub").putNull("deleted_at").put("provider", "");
        assertEquals(List.of(), document.validate("GET", GET_SOURCE, 200, body), "nullable members, incl. via allOf");

        data(body).putNull("name");
        assertProblem(document.validate("GET", GET_SOURCE, 200, body), "name");
        data(body).put("name", "gh").putNull("idempotency_keys");
        assertProblem(document.validate("GET", GET_SOURCE, 200, body), "idempotency_keys");
    }

    @Test
    void unknownMissingAndMistypedMembersAreProblems() throws Exception {
        ObjectNode extra = source();
        data(extra).put("surprise", 1);
        assertProblem(document.validate("GET", GET_SOURCE, 200, extra), "surprise");

        ObjectNode missing = source();
        data(missing).remove("mask_id");
        assertProblem(document.validate("GET", GET_SOURCE, 200, missing), "mask_id");

        ObjectNode mistyped = source();
        data(mistyped).put("is_disabled", "no");
        assertProblem(document.validate("GET", GET_SOURCE, 200, mistyped), "is_disabled");

        ObjectNode badEnum = source();
        data(badEnum).put("type", "carrier-pigeon");
        assertProblem(document.validate("GET", GET_SOURCE, 200, badEnum), "type");

        ObjectNode badTime = source();
        data(badTime).put("created_at", "yesterday");
        assertProblem(document.validate("GET", GET_SOURCE, 200, badTime), "created_at");
    }

    @Test
    void anUndocumentedStatusOrOperationIsAProblem() throws Exception {
        assertProblem(document.validate("GET", GET_SOURCE, 418, source()), "418");
        assertProblem(document.validate("PATCH", GET_SOURCE, 200, source()), "PATCH");
    }

    @Test
    void errorsAreTheEnvelopeWithoutData() throws Exception {
        JsonNode error = Json.strict().readTree("{\"status\":false,\"message\":\"source not found\"}");
        assertEquals(List.of(), document.validate("GET", GET_SOURCE, 404, error));
        JsonNode withData = Json.strict().readTree("{\"status\":false,\"message\":\"x\",\"data\":null}");
        assertProblem(document.validate("GET", GET_SOURCE, 404, withData), "data");
    }

    @Test
    void everyPropertyOfHooklinesDocumentIsASchemaObject() {
        List<String> notSchemas = new java.util.ArrayList<>();
        collectNonSchemaProperties(document.root(), "#", notSchemas);
        assertEquals(List.of(), notSchemas, "a property whose schema is not an object validates nothing");
    }

    private static void collectNonSchemaProperties(JsonNode node, String at, List<String> into) {
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> {
                if (field.getKey().equals("properties") && field.getValue().isObject()) {
                    field.getValue().fields().forEachRemaining(property -> {
                        if (!property.getValue().isObject()) {
                            into.add(at + "/properties/" + property.getKey());
                        }
                    });
                }
                collectNonSchemaProperties(field.getValue(), at + "/" + field.getKey(), into);
            });
        } else if (node.isArray()) {
            node.forEach(item -> collectNonSchemaProperties(item, at, into));
        }
    }

    private static void assertProblem(List<String> problems, String mention) {
        assertTrue(problems.stream().anyMatch(p -> p.contains(mention)), "expected a problem naming " + mention
                + ", got " + problems);
    }

    private static ObjectNode data(ObjectNode envelope) {
        return (ObjectNode) envelope.get("data");
    }

    private static ObjectNode source() throws Exception {
        return (ObjectNode) Json.strict().readTree("""
                {"status":true,"message":"Source fetched successfully","data":{
                 "uid":"01J0000000000000000000000A","project_id":"01J0000000000000000000000B",
                 "mask_id":"aB3dE5fG7hJ9kL1m","name":"gh","url":"http://127.0.0.1:1/ingest/aB3dE5fG7hJ9kL1m",
                 "type":"http","provider":"github","is_disabled":false,
                 "verifier":{"type":"hmac","hmac":{"header":"X-Hub-Signature-256","hash":"SHA256","secret":"s",
                   "encoding":"hex"},"basic_auth":null,"api_key":null},
                 "custom_response":{"body":"","content_type":""},"provider_config":null,"forward_headers":[],
                 "pub_sub":null,"idempotency_keys":[],"body_function":null,"header_function":null,
                 "created_at":"2026-11-22T10:00:00.123456Z","updated_at":"2026-11-22T10:00:00.123456Z",
                 "deleted_at":null}}""");
    }
}
