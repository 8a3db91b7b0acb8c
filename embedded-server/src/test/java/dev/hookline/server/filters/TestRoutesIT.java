package dev.hookline.server.filters;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.FilterScopes;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.api.model.FunctionTestRequest;
import dev.hookline.api.model.FunctionTestResult;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The "try it" routes: test_filter and the subscription and source test_function, over real HTTP. */
class TestRoutesIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    ApiClient root;
    String base;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("try", ProjectType.INCOMING);
        client = project.client();
        root = server.root(project.apiKey());
        base = "/api/v1/projects/" + project.id();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static JsonNode json(String text) {
        try {
            return Json.strict().readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    // ------------------------------------------------------------------------------------------------ test_filter

    @Test
    void testFilterSaysTrueWhenBodyAndHeaderPass() {
        JsonNode data = assertEnvelope(root.raw("POST", base + "/subscriptions/test_filter", """
                {"request":{"body":{"order":{"amount":25,"currency":"EUR"}},"header":{"X-Shop":"berlin"}},
                 "schema":{"body":{"order":{"amount":{"$gte":10},"currency":{"$in":["EUR","USD"]}}},
                           "header":{"x-shop":"berlin"}}}""", Map.of()), 200, "Filter validated successfully");
        assertEquals(json("true"), data);
    }

    @Test
    void testFilterSaysFalseWhenAPartFails() {
        assertFalse(client.testSubscriptionFilter(new FilterTestRequest(
                FilterScopes.of(json("{\"amount\":25}"), json("{\"X-Shop\":\"paris\"}")),
                FilterScopes.of(json("{\"amount\":{\"$gte\":10}}"), json("{\"X-Shop\":\"berlin\"}")))));
        assertFalse(client.testSubscriptionFilter(new FilterTestRequest(
                FilterScopes.of(json("{\"amount\":5}"), null),
                FilterScopes.of(json("{\"amount\":{\"$gte\":10}}"), null))));
        assertTrue(client.testSubscriptionFilter(new FilterTestRequest(
                FilterScopes.of(json("{\"amount\":5}"), null), FilterScopes.of(json("{}"), null))),
                "an empty filter accepts everything");
    }

    @Test
    void testFilterAcceptsFlattenedKeysAndTheHeadersSpelling() {
        assertTrue(client.testSubscriptionFilter(new FilterTestRequest(
                new FilterScopes(json("{\"a\":{\"b\":[\"x\",\"y\"]}}"), null, json("{\"X-Kind\":\"push\"}"), null,
                        null),
                new FilterScopes(json("{\"a.b\":\"y\"}"), null, json("{\"X-Kind\":{\"$regex\":\"^pu\"}}"), null,
                        null))));
    }

    @Test
    void testFilterWithAnInvalidFilterSaysWhatIsWrong() {
        assertBad(root.raw("POST", base + "/subscriptions/test_filter", "{\"request\":{\"body\":{}},"
                + "\"schema\":{\"body\":{\"amount\":{\"$bigger\":3}}}}", Map.of()), 400,
                "schema.body:$bigger starts with a $ and is not a valid operator");
        assertBad(root.raw("POST", base + "/subscriptions/test_filter", "{\"schema\":{\"header\":"
                + "{\"X\":{\"$regex\":\"(\"}}}}", Map.of()), 400, "schema.header:the $regex in \\\"X\\\"");
        assertBad(root.raw("POST", base + "/subscriptions/test_filter", "{\"schema\":{\"body\":[1]}}", Map.of()), 400,
                "schema.body:must be a JSON object");
    }

    // ------------------------------------------------------------------------------------------- test_function

    @Test
    void subscriptionFunctionAnswersTheOutputAndTheLog() {
        JsonNode data = assertEnvelope(root.raw("POST", base + "/subscriptions/test_function", """
                {"payload":{"amount":10,"items":[1,2]},
                 "function":"function transform(p) { console.log('items', p.items.length); p.amount = p.amount * 3; return p; }"}""",
                Map.of()), 200, "Transformer function run successfully");
        assertEquals(json("{\"payload\":{\"amount\":30,\"items\":[1,2]},\"log\":[\"items 2\"]}"), data);
    }

    @Test
    void subscriptionFunctionThroughTheClient() {
        FunctionTestResult result = client.testSubscriptionFunction(FunctionTestRequest.of(json("{\"a\":1}"),
                "function transform(p) { return {wrapped: p}; }"));
        assertEquals(json("{\"wrapped\":{\"a\":1}}"), result.payload());
        assertEquals(List.of(), result.log());
    }

    @Test
    void failingScriptIs400WithItsErrorAndLine() {
        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},\"function\":"
                + "\"function transform(p) {\\n  return p.customer.name;\\n}\"}", Map.of()), 400, "(line 2)");
        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},\"function\":"
                + "\"function convert(p) { return p; }\"}", Map.of()), 400, "the transform function is not found");
        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{}}", Map.of()), 400,
                "function:");
        ApiException error = assertThrows(ApiException.class, () -> client.testSubscriptionFunction(
                FunctionTestRequest.of(json("{}"), "function transform(p) { throw new Error('refused'); }")));
        assertEquals(400, error.status());
        assertTrue(error.serverMessage().contains("refused"), error.serverMessage());
    }

    @Test
    void endlessScriptIsStoppedAndTheServerKeepsAnswering() {
        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},\"function\":"
                + "\"function transform(p) { for (;;) {} }\"}", Map.of()), 400,
                "transform function exceeded its time limit");
        assertEquals(json("{\"ok\":true}"), client.testSubscriptionFunction(FunctionTestRequest.of(json("{}"),
                "function transform(p) { return {ok: true}; }")).payload());
    }

    @Test
    void scriptsCannotReachJava() {
        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},\"function\":"
                + "\"function transform(p) { return String(java.lang.System.getenv()); }\"}", Map.of()), 400,
                "java");
        assertBad(root.raw("POST", base + "/sources/test_function", "{\"payload\":{},\"function\":"
                + "\"function transform(p) { return {event_type: String(Packages.java.io.File), data: 1}; }\"}",
                Map.of()), 400, "Packages");
    }

    @Test
    void sourceBodyFunctionMustGiveAnEventTypeAndData() {
        JsonNode data = assertEnvelope(root.raw("POST", base + "/sources/test_function", """
                {"type":"body","payload":{"kind":"push","repo":"x"},
                 "function":"function transform(p) { return {event_type: 'github.' + p.kind, data: p}; }"}""",
                Map.of()), 200, "Transformer function run successfully");
        assertEquals(json("{\"event_type\":\"github.push\",\"data\":{\"kind\":\"push\",\"repo\":\"x\"}}"),
                data.get("payload"));
        assertBad(root.raw("POST", base + "/sources/test_function", "{\"type\":\"body\",\"payload\":{},"
                + "\"function\":\"function transform(p) { return {data: p}; }\"}", Map.of()), 400,
                "the output payload doesn't include an event type");
        assertBad(root.raw("POST", base + "/sources/test_function", "{\"payload\":{},"
                + "\"function\":\"function transform(p) { return {event_type: 'x'}; }\"}", Map.of()), 400,
                "the output payload doesn't include any data");
    }

    @Test
    void sourceHeaderFunctionMustGiveStrings() {
        FunctionTestResult ok = client.testSourceFunction(new FunctionTestRequest(json("{\"X-A\":\"1\"}"),
                "function transform(h) { h['X-B'] = 'two'; return h; }", "header"));
        assertEquals(json("{\"X-A\":\"1\",\"X-B\":\"two\"}"), ok.payload());
        assertBad(root.raw("POST", base + "/sources/test_function", "{\"type\":\"header\",\"payload\":{},"
                + "\"function\":\"function transform(h) { return {'X-N': 5}; }\"}", Map.of()), 400,
                "\\\"X-N\\\" is not a string");
        assertBad(root.raw("POST", base + "/sources/test_function", "{\"type\":\"query\",\"payload\":{},"
                + "\"function\":\"function transform(h) { return h; }\"}", Map.of()), 400, "type:");
    }

    @Test
    void storedFunctionsWithASyntaxErrorAreRefused() {
        RawResponse broken = root.raw("POST", base + "/sources", "{\"name\":\"broken\",\"type\":\"http\","
                + "\"body_function\":\"function transform(p) {\\n  return p.;\\n}\"}", Map.of());
        assertBad(broken, 400, "body_function:syntax error");
        assertTrue(broken.body().contains("(line 2)"), broken.body());
        JsonNode source = assertEnvelope(root.raw("POST", base + "/sources", "{\"name\":\"ok\",\"type\":\"http\"}",
                Map.of()), 201, "Source created successfully");
        JsonNode endpoint = assertEnvelope(root.raw("POST", base + "/endpoints", "{\"name\":\"e\","
                + "\"url\":\"https://e.example/in\"}", Map.of()), 201, "Endpoint created successfully");
        assertBad(root.raw("POST", base + "/subscriptions", "{\"name\":\"s\",\"source_id\":\""
                + source.get("uid").asText() + "\",\"endpoint_id\":\"" + endpoint.get("uid").asText()
                + "\",\"function\":\"function transform(p) { return {; }\"}", Map.of()), 400,
                "function:syntax error");
        assertEquals(0, client.listSubscriptions(null).content().size(), "nothing stored");
    }

    @Test
    void anotherProjectsKeyIsRefused() {
        TestProject other = server.newProject("other", ProjectType.INCOMING);
        assertBad(server.root(other.apiKey()).raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},"
                + "\"function\":\"function transform(p) { return p; }\"}", Map.of()), 403, "");
        assertBad(server.root(other.apiKey()).raw("POST", base + "/subscriptions/test_filter", "{}", Map.of()), 403,
                "");
    }
}
