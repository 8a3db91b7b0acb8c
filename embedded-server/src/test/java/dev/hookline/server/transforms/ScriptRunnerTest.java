package dev.hookline.server.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScriptRunnerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ScriptRunner RUNNER = ScriptRunner.standard();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void transformsThePayloadAndCapturesConsoleLog() throws Exception {
        ScriptResult result = RUNNER.run("""
                function transform(payload) {
                  console.log("got", payload.event, payload.amount);
                  console.log({seen: true});
                  payload.amount = payload.amount * 2;
                  payload.tags.push("doubled");
                  return payload;
                }""", json("{\"event\":\"order.paid\",\"amount\":21,\"tags\":[\"a\"]}"));

        assertTrue(result.ok(), result.error());
        assertEquals(json("{\"event\":\"order.paid\",\"amount\":42,\"tags\":[\"a\",\"doubled\"]}"), result.output());
        assertEquals(List.of("got order.paid 21", "{\"seen\":true}"), result.log());
    }

    @Test
    void outputKeepsJsonTypesFaithfully() throws Exception {
        ScriptResult result = RUNNER.run("""
                function transform(p) {
                  return {int: 7, big: 9007199254740991, negative: -3, fraction: 1.5, third: 1 / 3,
                          yes: true, no: false, nothing: null, text: "x", list: [1, "two", [3], {four: 4}],
                          nested: {deeper: {deepest: p.keep}}, computed: 10 / 2, skipped: undefined};
                }""", json("{\"keep\":{\"a\":[1,2]}}"));

        assertTrue(result.ok(), result.error());
        JsonNode out = result.output();
        assertTrue(out.get("int").isIntegralNumber(), "7 stays an integer");
        assertTrue(out.get("computed").isIntegralNumber(), "10 / 2 is the integer 5");
        assertEquals(5, out.get("computed").intValue());
        assertEquals(9007199254740991L, out.get("big").longValue());
        assertEquals(-3, out.get("negative").intValue());
        assertEquals(1.5, out.get("fraction").doubleValue());
        assertEquals(1.0 / 3, out.get("third").doubleValue(), 1e-15);
        assertTrue(out.get("yes").booleanValue());
        assertFalse(out.get("no").booleanValue());
        assertTrue(out.get("nothing").isNull());
        assertEquals(json("[1,\"two\",[3],{\"four\":4}]"), out.get("list"));
        assertEquals(json("{\"deeper\":{\"deepest\":{\"a\":[1,2]}}}"), out.get("nested"));
        assertFalse(out.has("skipped"), "undefined members are dropped, as JSON.stringify does");
    }

    @Test
    void modernSyntaxWorks() throws Exception {
        ScriptResult result = RUNNER.run("""
                function transform(payload) {
                  const items = payload.items.map(i => i * 10);
                  let total = 0;
                  for (let i of items) { total += i; }
                  return {items, total};
                }""", json("{\"items\":[1,2,3]}"));

        assertTrue(result.ok(), result.error());
        assertEquals(json("{\"items\":[10,20,30],\"total\":60}"), result.output());
    }

    @Test
    void everydayLanguageFeaturesAndBuiltInsWork() throws Exception {
        ScriptResult result = RUNNER.run("""
                function transform(p) {
                  const {amount, tags} = p;
                  const seen = new Set(tags);
                  const index = new Map([["k", 1]]);
                  return {...p, label: `total ${amount}`, unique: seen.size, k: index.get("k"),
                          keys: Object.keys(p), has: tags.includes("b"), when: new Date(0).toISOString(),
                          padded: String(amount).padStart(5, "0")};
                }""", json("{\"amount\":42,\"tags\":[\"a\",\"b\",\"a\"]}"));

        assertTrue(result.ok(), result.error());
        assertEquals(json("{\"amount\":42,\"tags\":[\"a\",\"b\",\"a\"],\"label\":\"total 42\",\"unique\":2,"
                + "\"k\":1,\"keys\":[\"amount\",\"tags\"],\"has\":true,\"when\":\"1970-01-01T00:00:00.000Z\","
                + "\"padded\":\"00042\"}"), result.output());
    }

    @Test
    void builtInObjectsAreSharedSealedAndCannotBeChanged() throws Exception {
        ScriptResult result = RUNNER.run("function transform(p) { Array.prototype.sum = function () { return 0; };"
                + " return p; }", json("{}"));

        assertFalse(result.ok());
        assertTrue(result.error().contains("sealed"), result.error());
    }

    @Test
    void thrownErrorBecomesItsMessageWithTheLineNumber() throws Exception {
        ScriptResult result = RUNNER.run("""
                function transform(payload) {
                  console.log("before");
                  throw new Error("amount missing");
                }""", json("{}"));

        assertFalse(result.ok());
        assertNull(result.output());
        assertTrue(result.error().contains("amount missing"), result.error());
        assertTrue(result.error().contains("line 3"), result.error());
        assertEquals(List.of("before"), result.log(), "lines logged before the failure are kept");
    }

    @Test
    void typeErrorNamesTheLine() throws Exception {
        ScriptResult result = RUNNER.run("function transform(payload) {\n  return payload.customer.name;\n}",
                json("{}"));

        assertFalse(result.ok());
        assertTrue(result.error().contains("TypeError"), result.error());
        assertTrue(result.error().contains("line 2"), result.error());
    }

    @Test
    void syntaxErrorIsReportedWithItsLine() throws Exception {
        ScriptResult result = RUNNER.run("function transform(payload) {\n  return payload.;\n}", json("{}"));

        assertFalse(result.ok());
        assertTrue(result.error().startsWith("syntax error"), result.error());
        assertTrue(result.error().contains("line 2"), result.error());
    }

    @Test
    void syntaxCheckNamesTheLineAndAcceptsValidScripts() {
        assertNull(ScriptRunner.syntaxError("function transform(p) { return p; }"));
        String error = ScriptRunner.syntaxError("function transform(p) {\n\n  return p.;\n}");
        assertTrue(error.startsWith("syntax error"), error);
        assertTrue(error.contains("line 3"), error);
    }

    @Test
    void scriptWithoutTransformIsAnError() throws Exception {
        ScriptResult result = RUNNER.run("function convert(payload) { return payload; }", json("{}"));

        assertFalse(result.ok());
        assertEquals(ScriptRunner.NOT_FOUND, result.error());
    }

    @Test
    void transformReturningNothingIsAnError() throws Exception {
        ScriptResult result = RUNNER.run("function transform(payload) { payload.x = 1; }", json("{}"));

        assertFalse(result.ok());
        assertTrue(result.error().contains("returned nothing"), result.error());
    }

    @Test
    void infiniteLoopStopsWithinTheLimit() throws Exception {
        ScriptRunner runner = new ScriptRunner(Duration.ofMillis(200));
        long start = System.nanoTime();
        ScriptResult result = runner.run("function transform(p) { while (true) { p.n = (p.n || 0) + 1; } }",
                json("{}"));
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

        assertFalse(result.ok());
        assertTrue(result.error().contains("transform function exceeded its time limit"), result.error());
        assertTrue(elapsedMillis < 2_000, "stopped after " + elapsedMillis + " ms");
    }

    @Test
    void scriptCannotCatchItsOwnTimeout() throws Exception {
        ScriptRunner runner = new ScriptRunner(Duration.ofMillis(100));
        ScriptResult result = runner.run("""
                function transform(p) {
                  while (true) { try { while (true) {} } catch (e) { console.log("caught " + e); } }
                }""", json("{}"));

        assertFalse(result.ok());
        assertTrue(result.error().contains("exceeded its time limit"), result.error());
        assertEquals(List.of(), result.log());
    }

    @Test
    void infiniteRecursionIsAnErrorNotACrash() throws Exception {
        ScriptResult result = RUNNER.run("function f(n) { return f(n + 1); } function transform(p) { return f(0); }",
                json("{}"));

        assertFalse(result.ok());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "return java.lang.System.getProperty('user.home');",
        "return String(java.lang.System.exit(1));",
        "return String(Packages.java.io.File);",
        "importClass(java.io.File); return 'imported';",
        "importPackage(java.io); return 'imported';",
        "return String(new java.net.URL('http://example.com').openStream());",
        "return String(this.constructor.constructor('return java')());",
        "return String(Function('return Packages')());",
        "return typeof load('/etc/passwd');",
        "return String(require('fs'));",
        "return String(XMLHttpRequest);",
        "return String(fetch('http://example.com'));"})
    void noJavaNoFilesNoNetwork(String body) throws Exception {
        ScriptResult result = RUNNER.run("function transform(payload) { " + body + " }", json("{}"));

        assertFalse(result.ok(), () -> "escaped the sandbox: " + result.output());
    }

    @Test
    void scriptsDoNotLeakStateIntoEachOther() throws Exception {
        RUNNER.run("var counter = 41; Object.prototype.injected = 1; function transform(p) { return p; }",
                json("{}"));

        ScriptResult result = RUNNER.run("function transform(p) { return {counter: typeof counter, "
                + "injected: typeof ({}).injected}; }", json("{}"));

        assertTrue(result.ok(), result.error());
        assertEquals(json("{\"counter\":\"undefined\",\"injected\":\"undefined\"}"), result.output());
    }

    @Test
    void sameScriptIsCompiledOnceAndRunsConcurrently() throws Exception {
        ScriptRunner runner = ScriptRunner.standard();
        String script = "function transform(p) { return {id: p.id, square: p.id * p.id}; }";
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<ScriptResult>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                JsonNode input = json("{\"id\":" + i + "}");
                results.add(pool.submit(() -> runner.run(script, input)));
            }
            for (int i = 0; i < results.size(); i++) {
                ScriptResult result = results.get(i).get();
                assertTrue(result.ok(), result.error());
                assertEquals((long) i * i, result.output().get("square").longValue());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, runner.cachedScripts());
    }

    @Test
    void nullPayloadReachesTheScriptAsNull() throws Exception {
        ScriptResult result = RUNNER.run("function transform(p) { return {was: p === null}; }", null);

        assertTrue(result.ok(), result.error());
        assertEquals(json("{\"was\":true}"), result.output());
    }
}
