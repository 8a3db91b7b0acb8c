package dev.hookline.server.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames between the server and a script worker process (ADR 0023): a 4-byte length, then that many bytes of
 * UTF-8 JSON. A request is {@code {"script":..., "input":...}}, an answer {@code {"output":..., "log":[...],
 * "error":...}}. The worker's first frame is {@code {"ready":true}}, once its engine is warm, so the time limit
 * never counts a process start.
 */
final class ScriptWorkerProtocol {

    /** A frame larger than this is refused (a request carries at most a 1 MB body plus its script). */
    static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private ScriptWorkerProtocol() {
    }

    static void write(DataOutputStream out, JsonNode message) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(message);
        if (bytes.length > MAX_FRAME_BYTES && message.has("log")) {
            bytes = JSON.writeValueAsBytes(answer(tooLarge(bytes.length)));
        }
        out.writeInt(bytes.length);
        out.write(bytes);
        out.flush();
    }

    /** The next frame, or null at the end of the stream. */
    static JsonNode read(DataInputStream in) throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        if (length < 0 || length > MAX_FRAME_BYTES) {
            throw new IOException("frame of " + length + " bytes");
        }
        byte[] bytes = in.readNBytes(length);
        if (bytes.length < length) {
            return null;
        }
        return JSON.readTree(bytes);
    }

    static ObjectNode request(String script, JsonNode input) {
        ObjectNode request = JSON.createObjectNode();
        request.put("script", script);
        request.set("input", input == null ? JSON.nullNode() : input);
        return request;
    }

    static ObjectNode answer(ScriptResult result) {
        ObjectNode answer = JSON.createObjectNode();
        answer.set("output", result.output());
        ArrayNode log = answer.putArray("log");
        result.log().forEach(log::add);
        if (result.error() != null) {
            answer.put("error", result.error());
        }
        return answer;
    }

    static ObjectNode ready() {
        return JSON.createObjectNode().put("ready", true);
    }

    static ScriptResult result(JsonNode answer) {
        List<String> log = new ArrayList<>();
        answer.path("log").forEach(line -> log.add(line.asText()));
        JsonNode error = answer.get("error");
        if (error != null && !error.isNull()) {
            return ScriptResult.failure(error.asText(), log);
        }
        JsonNode output = answer.get("output");
        return ScriptResult.success(output == null ? JSON.nullNode() : output, log);
    }

    /** The result an answer too large to send is replaced by. */
    static ScriptResult tooLarge(int bytes) {
        return ScriptResult.failure("the transform function's result is too large (" + (bytes >> 20) + " MB; at most "
                + (MAX_FRAME_BYTES >> 20) + " MB)", List.of());
    }
}
