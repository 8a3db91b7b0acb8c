package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.server.transforms.ScriptResult;
import dev.hookline.server.transforms.ScriptRunner;

/**
 * The JS functions ingest runs (subscription {@code function}, source {@code body_function}/{@code header_function}),
 * on one shared sandboxed runner (thread-safe, scripts compiled once).
 */
final class Transforms {

    private static final ScriptRunner RUNNER = ScriptRunner.standard();

    private Transforms() {
    }

    static boolean isSet(String function) {
        return function != null && !function.isBlank();
    }

    static ScriptResult run(String function, JsonNode input) {
        return RUNNER.run(function, input);
    }
}
