package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** What a test run of a transform function gave: the transformed {@code payload} and its {@code console.log} lines. */
@JsonPropertyOrder({"payload", "log"})
public record FunctionTestResult(JsonNode payload, List<String> log) {
}
