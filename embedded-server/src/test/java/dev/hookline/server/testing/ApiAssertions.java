package dev.hookline.server.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.RawResponse;

/** Assertions on raw responses: the envelope, the status code and the message. */
public final class ApiAssertions {

    private ApiAssertions() {
    }

    public static JsonNode tree(RawResponse response) {
        try {
            return Json.strict().readTree(response.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    /** A success envelope with this status and message, and a {@code data} key. */
    public static JsonNode assertEnvelope(RawResponse response, int status, String message) {
        assertEquals(status, response.status(), response.body());
        JsonNode body = tree(response);
        assertTrue(body.path("status").asBoolean(), response.body());
        assertEquals(message, body.path("message").asText());
        assertTrue(body.has("data"), response.body());
        return body.get("data");
    }

    /** An error envelope (no data, no stack trace) with this status whose message contains {@code messagePart}. */
    public static void assertBad(RawResponse response, int status, String messagePart) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.body().startsWith("{\"status\":false,\"message\":"), response.body());
        assertTrue(response.body().contains(messagePart), "expected \"" + messagePart + "\" in " + response.body());
        assertFalse(response.body().contains("\"data\""), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
    }
}
