package dev.hookline.server.openapi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.server.openapi.OpenApiDocument.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Calls the server by an operation's path template and checks each answer against what a document says for that
 * operation and status. Problems are collected (so one run shows them all) and asserted at the end; the operations
 * called are remembered for coverage checks.
 */
public final class DocumentedCalls {

    private final OpenApiDocument document;
    private final String serverPrefix;
    private final List<String> problems = new ArrayList<>();
    private final Set<Operation> called = new TreeSet<>();
    private final Set<Operation> succeeded = new TreeSet<>();

    /** Checks against Hookline's own document, whose paths are the server's. */
    public DocumentedCalls(OpenApiDocument document) {
        this(document, "");
    }

    /**
     * Checks against a document whose paths leave out {@code serverPrefix} (Convoy's are relative to
     * {@code {host}/api}, so its prefix is {@code /api}).
     */
    public DocumentedCalls(OpenApiDocument document, String serverPrefix) {
        this.document = document;
        this.serverPrefix = serverPrefix;
    }

    /**
     * Sends {@code method template} with {@code ids} filled into the template, {@code query} appended (may be
     * empty) and {@code body} (a record or tree, or null) as JSON; validates the answer and returns its tree.
     */
    public JsonNode call(ApiClient rootClient, String method, String template, Map<String, String> ids, String query,
                  Object body, int expectedStatus) {
        String path = template;
        for (Map.Entry<String, String> id : ids.entrySet()) {
            path = path.replace("{" + id.getKey() + "}", id.getValue());
        }
        if (path.contains("{")) {
            throw new IllegalArgumentException("unfilled path parameter in " + path);
        }
        String json;
        try {
            json = body == null ? null : body instanceof String s ? s : Json.strict().writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
        RawResponse response = rootClient.raw(method, query.isEmpty() ? path : path + "?" + query, json, Map.of());
        return check(response, method, template, expectedStatus);
    }

    /** Validates an answer already received for {@code method template}. */
    public JsonNode check(RawResponse response, String method, String template, int expectedStatus) {
        String label = method + " " + template + " -> " + response.status();
        called.add(new Operation(method, template));
        if (response.status() != expectedStatus) {
            problems.add(label + ": expected status " + expectedStatus + ", body " + response.body());
            return Json.strict().nullNode();
        }
        JsonNode tree;
        try {
            tree = Json.strict().readTree(response.body());
        } catch (JsonProcessingException e) {
            problems.add(label + ": not JSON: " + response.body());
            return Json.strict().nullNode();
        }
        List<String> found = document.validate(method, documentPath(template), response.status(), tree);
        for (String problem : found) {
            problems.add(label + ": " + problem);
        }
        if (response.status() / 100 == 2 && document.operation(method, documentPath(template)).path("responses")
                .has(Integer.toString(response.status()))) {
            succeeded.add(new Operation(method, template));
        }
        return tree;
    }

    /** Checks an answer the document describes with another media type than JSON (status and Content-Type). */
    public void checkNotJson(RawResponse response, String method, String template, int expectedStatus) {
        String label = method + " " + template + " -> " + response.status();
        called.add(new Operation(method, template));
        if (response.status() != expectedStatus) {
            problems.add(label + ": expected status " + expectedStatus);
            return;
        }
        JsonNode content = document.deref(document.operation(method, documentPath(template)).path("responses")
                .path(Integer.toString(expectedStatus))).path("content");
        String contentType = response.header("Content-Type");
        if (contentType == null || !content.has(contentType.split(";", 2)[0].trim())) {
            problems.add(label + ": Content-Type " + contentType + " is not one of the documented "
                    + content.properties().stream().map(Map.Entry::getKey).toList());
        }
    }

    private String documentPath(String template) {
        if (!template.startsWith(serverPrefix)) {
            throw new IllegalArgumentException(template + " is not under " + serverPrefix);
        }
        return template.substring(serverPrefix.length());
    }

    public Set<Operation> called() {
        return called;
    }

    /**
     * The operations that answered at least once with a success status (2xx) their document lists for them: a
     * client generated from the document (Convoy's SDKs) treats any other status as a failure.
     */
    public Set<Operation> succeeded() {
        return succeeded;
    }

    /** Every problem seen so far, each as {@code METHOD template -> status: problem}. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** Fails with every problem seen, if any. */
    public void assertNoProblems() {
        assertTrue(problems.isEmpty(), problems.size() + " answers disagree with the document:\n  "
                + String.join("\n  ", problems));
    }
}
