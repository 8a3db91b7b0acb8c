package dev.hookline.server.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What one run of a transform script gave: the JSON it returned, the {@code console.log} lines it wrote (also when
 * it failed: they help find why), and an error text when it failed (then {@code output} is null).
 */
public record ScriptResult(JsonNode output, List<String> log, String error) {

    public ScriptResult {
        log = List.copyOf(log);
    }

    public boolean ok() {
        return error == null;
    }

    static ScriptResult success(JsonNode output, List<String> log) {
        return new ScriptResult(output, log, null);
    }

    static ScriptResult failure(String error, List<String> log) {
        return new ScriptResult(null, log, error);
    }
}
