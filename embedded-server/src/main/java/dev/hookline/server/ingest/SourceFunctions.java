package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.Source;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.transforms.ScriptResult;
import dev.hookline.server.transforms.ScriptSandbox;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A source's {@code header_function} and {@code body_function}, run on each ingest request right after
 * verification (Convoy runs them for broker sources only; Hookline for http sources too, see ADR 0010).
 *
 * <p>{@code header_function} gets the headers as {@code {name: first value}} and returns such an object, which
 * replaces them. {@code body_function} gets the payload; when it returns Convoy's broker shape (an object with a
 * string {@code event_type} and a {@code data} member) the event takes that type and {@code data} as its payload,
 * and {@code custom_headers} (an object of strings, optional) are added to its headers; any other result is the new
 * payload. A function that fails (an error, its time limit, its memory bound) rejects the request as invalid, with
 * the script's error. The functions run in the script sandbox, under the source's project's share.
 */
final class SourceFunctions {

    /** The event after the functions: its type (null: the default), payload and headers. */
    record Result(String eventType, IngestPayload payload, Map<String, List<String>> headers) {
    }

    private final ScriptSandbox scripts;

    SourceFunctions(ScriptSandbox scripts) {
        this.scripts = scripts;
    }

    Result apply(Source source, IngestPayload payload, Map<String, List<String>> headers) {
        Map<String, List<String>> outHeaders = headers;
        if (ScriptSandbox.isSet(source.headerFunction())) {
            outHeaders = runHeaderFunction(source.projectId(), source.headerFunction(), headers);
        }
        if (!ScriptSandbox.isSet(source.bodyFunction())) {
            return new Result(null, payload, outHeaders);
        }
        ScriptResult result = scripts.run(source.projectId(), source.bodyFunction(), payload.tree());
        if (!result.ok()) {
            throw new InvalidInputException("body_function failed: " + result.error());
        }
        JsonNode out = result.output();
        if (out.isObject() && out.path("event_type").isTextual() && !out.path("event_type").asText().isBlank()
                && out.has("data")) {
            JsonNode data = out.get("data");
            Map<String, List<String>> withCustom = new LinkedHashMap<>(outHeaders);
            out.path("custom_headers").properties().forEach(h ->
                    withCustom.put(h.getKey(), List.of(h.getValue().asText())));
            return new Result(out.get("event_type").asText().strip(), new IngestPayload(data.toString(), data),
                    withCustom);
        }
        return new Result(null, new IngestPayload(out.toString(), out), outHeaders);
    }

    private Map<String, List<String>> runHeaderFunction(String projectId, String function,
                                                        Map<String, List<String>> headers) {
        ObjectNode input = Json.lenient().createObjectNode();
        headers.forEach((name, values) -> input.put(name, values.isEmpty() ? "" : values.get(0)));
        ScriptResult result = scripts.run(projectId, function, input);
        if (!result.ok()) {
            throw new InvalidInputException("header_function failed: " + result.error());
        }
        if (!result.output().isObject()) {
            throw new InvalidInputException("header_function failed: it must return an object of header names to values");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        result.output().properties().forEach(h -> {
            JsonNode value = h.getValue();
            List<String> values = new ArrayList<>();
            if (value.isArray()) {
                value.forEach(v -> values.add(v.asText()));
            } else if (!value.isNull()) {
                values.add(value.asText());
            }
            out.put(h.getKey(), values);
        });
        // the source marker is not the function's to remove
        out.put(IntakeService.SOURCE_ID_HEADER, headers.get(IntakeService.SOURCE_ID_HEADER));
        return out;
    }
}
