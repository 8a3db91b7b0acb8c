package dev.hookline.server.outbound;

import java.util.Map;

/**
 * The status line recorded on an attempt ({@code "200 OK"}, Convoy's {@code http_status}). HTTP/2 has no reason
 * phrase, so the standard one is filled in when the receiver sent none.
 */
final class StatusLines {

    private static final Map<Integer, String> REASONS = Map.ofEntries(
            Map.entry(100, "Continue"), Map.entry(200, "OK"), Map.entry(201, "Created"), Map.entry(202, "Accepted"),
            Map.entry(204, "No Content"), Map.entry(301, "Moved Permanently"), Map.entry(302, "Found"),
            Map.entry(303, "See Other"), Map.entry(304, "Not Modified"), Map.entry(307, "Temporary Redirect"),
            Map.entry(308, "Permanent Redirect"), Map.entry(400, "Bad Request"), Map.entry(401, "Unauthorized"),
            Map.entry(403, "Forbidden"), Map.entry(404, "Not Found"), Map.entry(405, "Method Not Allowed"),
            Map.entry(408, "Request Timeout"), Map.entry(409, "Conflict"), Map.entry(410, "Gone"),
            Map.entry(413, "Request Entity Too Large"), Map.entry(415, "Unsupported Media Type"),
            Map.entry(422, "Unprocessable Entity"), Map.entry(429, "Too Many Requests"),
            Map.entry(500, "Internal Server Error"), Map.entry(501, "Not Implemented"), Map.entry(502, "Bad Gateway"),
            Map.entry(503, "Service Unavailable"), Map.entry(504, "Gateway Timeout"));

    private StatusLines() {
    }

    static String of(int code, String reason) {
        String phrase = reason == null || reason.isBlank() ? REASONS.getOrDefault(code, "") : reason.trim();
        return phrase.isEmpty() ? Integer.toString(code) : code + " " + phrase;
    }
}
