package dev.hookline.server.http.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.FunctionTestRequest;
import dev.hookline.api.model.FunctionTestResult;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.transforms.ScriptResult;
import dev.hookline.server.transforms.ScriptRunner;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code POST /subscriptions/test_function} and {@code POST /sources/test_function}: run a transform function on a
 * sample payload in the same sandbox deliveries and ingest use, and answer with the output and the
 * {@code console.log} lines. A script that fails answers 400 with its error. The checks of the output are the
 * ones ingest makes of a source function's (kept here with the route while the transforms package is being
 * reworked; they move into a transforms service with it).
 */
public final class FunctionTestRoutes {

    private static final String PROJECT = "/api/v1/projects/{projectID}";
    private static final String SUCCESS = "Transformer function run successfully";

    private final ScriptRunner runner;

    public FunctionTestRoutes(ScriptRunner runner) {
        this.runner = runner;
    }

    public void register(Router router) {
        router.post(PROJECT + "/subscriptions/test_function", Access.API_KEY, this::testSubscriptionFunction);
        router.post(PROJECT + "/sources/test_function", Access.API_KEY, this::testSourceFunction);
    }

    private void testSubscriptionFunction(Exchange ex) throws Exception {
        ex.project();
        FunctionTestRequest request = ex.body(FunctionTestRequest.class);
        ScriptResult result = run(request);
        ex.ok(200, SUCCESS, new FunctionTestResult(result.output(), result.log()));
    }

    /**
     * {@code type} {@code body} (the default) checks the output is what ingest needs from a body function (an
     * {@code event_type} and {@code data}); {@code header} checks it is an object of string values.
     */
    private void testSourceFunction(Exchange ex) throws Exception {
        ex.project();
        FunctionTestRequest request = ex.body(FunctionTestRequest.class);
        String type = request.type() == null || request.type().isBlank() ? "body" : request.type().strip();
        if (!type.equals("body") && !type.equals("header")) {
            throw ApiError.badRequest("type:must be \"body\" or \"header\", got \"" + request.type() + "\"");
        }
        ScriptResult result = run(request);
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

    private ScriptResult run(FunctionTestRequest request) {
        if (request.function() == null || request.function().isBlank()) {
            throw ApiError.badRequest("function:please provide a transform function");
        }
        ScriptResult result = runner.run(request.function(), request.payload());
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
