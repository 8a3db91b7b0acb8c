package dev.hookline.server.http.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.FunctionTestRequest;
import dev.hookline.api.model.FunctionTestResult;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.transforms.ScriptResult;
import dev.hookline.server.transforms.ScriptSandbox;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code POST /subscriptions/test_function} and {@code POST /sources/test_function}: run a transform function on a
 * sample payload in the same sandbox deliveries and ingest use (the project's share of the script workers, the same
 * time limit and memory bound), and answer with the output and the {@code console.log} lines. A script that fails
 * answers 400 with its error, e.g. "transform function exceeded its time limit of 1000 ms".
 */
public final class FunctionTestRoutes {

    private static final String SUCCESS = "Transformer function run successfully";

    private final ScriptSandbox scripts;

    public FunctionTestRoutes(ScriptSandbox scripts) {
        this.scripts = scripts;
    }

    public void testSubscriptionFunction(Exchange ex) throws Exception {
        String projectId = ex.<dev.hookline.api.model.Project>project().uid();
        FunctionTestRequest request = ex.body(FunctionTestRequest.class);
        ScriptResult result = run(projectId, request);
        ex.ok(200, SUCCESS, new FunctionTestResult(result.output(), result.log()));
    }

    /**
     * {@code type} {@code body} (the default) checks the output is what ingest needs from a body function (an
     * {@code event_type} and {@code data}); {@code header} checks it is an object of string values.
     */
    public void testSourceFunction(Exchange ex) throws Exception {
        String projectId = ex.<dev.hookline.api.model.Project>project().uid();
        FunctionTestRequest request = ex.body(FunctionTestRequest.class);
        String type = request.type() == null || request.type().isBlank() ? "body" : request.type().strip();
        if (!type.equals("body") && !type.equals("header")) {
            throw ApiError.badRequest("type:must be \"body\" or \"header\", got \"" + request.type() + "\"");
        }
        ScriptResult result = run(projectId, request);
        JsonNode output = result.output();
        if (type.equals("body")) {
            JsonNode eventType = output.path("event_type");
            if (!eventType.isTextual() || eventType.textValue().isBlank()) {
                throw ApiError.badRequest("the output payload doesn't include an event type");
            }
            if (!output.has("data") || output.get("data").isNull()) {
                throw ApiError.badRequest("the output payload doesn't include any data");
            }
        } else {
            checkHeaders(output);
        }
        ex.ok(200, SUCCESS, new FunctionTestResult(output, result.log()));
    }

    private ScriptResult run(String projectId, FunctionTestRequest request) {
        if (request.function() == null || request.function().isBlank()) {
            throw ApiError.badRequest("function:please provide a transform function");
        }
        ScriptResult result = scripts.run(projectId, request.function(), request.payload());
        if (!result.ok()) {
            throw ApiError.badRequest(result.error());
        }
        return result;
    }

    private static void checkHeaders(JsonNode output) {
        if (!output.isObject()) {
            throw ApiError.badRequest("the output of a header function must be an object of header names to "
                    + "string values");
        }
        Iterator<Map.Entry<String, JsonNode>> fields = output.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!field.getValue().isTextual()) {
                throw ApiError.badRequest("the output of a header function must map header names to strings; \""
                        + field.getKey() + "\" is not a string");
            }
        }
    }
}
