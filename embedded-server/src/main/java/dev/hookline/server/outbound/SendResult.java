package dev.hookline.server.outbound;

import java.time.Instant;
import java.util.Map;

/**
 * What one try did: the request as sent and the response as received (or the error when there was none). This is
 * what a delivery attempt records.
 *
 * @param url             the URL called
 * @param method          the HTTP method ("POST")
 * @param ipAddress       the receiver's address, when known ("" otherwise)
 * @param requestHeaders  the headers sent (secrets of endpoint authentication masked)
 * @param requestBody     the body sent
 * @param statusCode      the response status, or 0 when no response came
 * @param statusLine      e.g. {@code "200 OK"}; "" without a response
 * @param responseHeaders the response headers
 * @param responseBody    the response body, capped
 * @param error           what went wrong in plain words ("" on a 2xx)
 * @param requestedAt     when the request started
 * @param respondedAt     when the response (or the failure) came
 * @param latencyMillis   time from request to response
 */
public record SendResult(String url, String method, String ipAddress, Map<String, String> requestHeaders,
                         String requestBody, int statusCode, String statusLine, Map<String, String> responseHeaders,
                         String responseBody, String error, Instant requestedAt, Instant respondedAt,
                         long latencyMillis) {

    /** The receiver answered (any status). */
    public boolean responded() {
        return statusCode > 0;
    }

    /** The receiver answered 2xx. */
    public boolean delivered() {
        return statusCode >= 200 && statusCode < 300;
    }
}
