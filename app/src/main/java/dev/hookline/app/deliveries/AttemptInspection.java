package dev.hookline.app.deliveries;

import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.json.JsonFormat;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * One delivery attempt as the inspector shows it: what was sent (headers, body), what came back (status, headers,
 * body pretty-printed when JSON), the error, the latency, and the request as a cURL command.
 *
 * @param requestBodyAsStored {@code true} when the attempt does not carry the body it sent (a remote Convoy does not
 *                            record it) and {@link #requestBody} is the delivery's stored payload instead, which
 *                            Convoy sends unchanged unless a transform function rewrote it
 */
public record AttemptInspection(String attemptId, String method, String url, boolean succeeded,
                                Map<String, String> requestHeaders, String requestBody, boolean requestBodyAsStored,
                                String responseStatus, Map<String, String> responseHeaders, String responseBody,
                                String error, String latency, String curl) {

    /** What {@code attempt} of {@code delivery} sent and received. */
    public static AttemptInspection of(DeliveryAttempt attempt, EventDelivery delivery) {
        boolean hasSentBody = attempt.requestBody() != null && !attempt.requestBody().isEmpty();
        String sentBody = hasSentBody ? attempt.requestBody() : storedPayload(delivery);
        Map<String, String> requestHeaders = sorted(attempt.requestHttpHeader());
        return new AttemptInspection(attempt.uid(), attempt.method() == null ? "POST" : attempt.method(),
                attempt.url(), Boolean.TRUE.equals(attempt.status()), requestHeaders, JsonFormat.prettyText(sentBody),
                !hasSentBody && sentBody != null, blankToDash(attempt.httpStatus()),
                sorted(attempt.responseHttpHeader()), JsonFormat.prettyText(attempt.responseData()),
                attempt.error() == null ? "" : attempt.error(), latency(attempt),
                attempt.url() == null ? "" : CurlCommand.of(attempt.method(), attempt.url(), requestHeaders, sentBody));
    }

    /** Measured by the sender when known (Hookline), else the time between request and response, else a dash. */
    static String latency(DeliveryAttempt attempt) {
        if (attempt.latencyMs() != null) {
            return formatMillis(attempt.latencyMs());
        }
        if (attempt.requestedAt() != null && attempt.respondedAt() != null) {
            return formatMillis(Duration.between(attempt.requestedAt(), attempt.respondedAt()).toMillis());
        }
        return "—";
    }

    static String formatMillis(long millis) {
        return millis < 1000 ? millis + " ms" : String.format(java.util.Locale.ROOT, "%.2f s", millis / 1000.0);
    }

    private static String storedPayload(EventDelivery delivery) {
        if (delivery == null || delivery.metadata() == null) {
            return null;
        }
        if (delivery.metadata().raw() != null) {
            return delivery.metadata().raw();
        }
        return delivery.metadata().data() == null ? null : delivery.metadata().data().toString();
    }

    private static Map<String, String> sorted(Map<String, String> headers) {
        Map<String, String> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            out.putAll(headers);
        }
        return out;
    }

    private static String blankToDash(String text) {
        return text == null || text.isBlank() ? "—" : text;
    }
}
