package dev.hookline.server.outbound;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.ProjectConfig;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One webhook to send.
 *
 * @param projectId      the project it belongs to
 * @param endpoint       the target as stored: URL, secrets (expired ones included: the sender skips them),
 *                       advanced_signatures, authentication, mtls_client_cert, http_timeout, content_type
 * @param signature      the project's signature settings (header name, versions)
 * @param eventType      the event type (sent as a header where Convoy does)
 * @param eventId        the event's ID ("" for meta events)
 * @param deliveryId     the event delivery's (or meta event's) ID
 * @param idempotencyKey the event's idempotency key ("" when none)
 * @param headers        extra headers to send: forwarded source headers and the event's custom headers
 * @param body           the body to send, exactly (after transforms)
 */
public record Webhook(String projectId, Endpoint endpoint, ProjectConfig.Signature signature, String eventType,
                      String eventId, String deliveryId, String idempotencyKey, Map<String, List<String>> headers,
                      byte[] body) {

    public Webhook {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(body, "body");
        eventType = eventType == null ? "" : eventType;
        eventId = eventId == null ? "" : eventId;
        deliveryId = deliveryId == null ? "" : deliveryId;
        idempotencyKey = idempotencyKey == null ? "" : idempotencyKey;
        headers = headers == null ? Map.of() : headers;
    }

    /**
     * This webhook with Convoy's trace headers {@code X-Convoy-Event-ID} and {@code X-Convoy-EventDelivery-ID} added
     * to its headers: what a project with {@code add_event_id_trace_headers} sends. Like Convoy, they replace
     * forwarded headers of the same names.
     */
    public Webhook withEventIdTraceHeaders() {
        Map<String, List<String>> all = new java.util.LinkedHashMap<>();
        headers.forEach((name, values) -> {
            if (!name.equalsIgnoreCase("X-Convoy-Event-ID") && !name.equalsIgnoreCase("X-Convoy-EventDelivery-ID")) {
                all.put(name, values);
            }
        });
        all.put("X-Convoy-EventDelivery-ID", List.of(deliveryId));
        all.put("X-Convoy-Event-ID", List.of(eventId));
        return new Webhook(projectId, endpoint, signature, eventType, eventId, deliveryId, idempotencyKey,
                java.util.Collections.unmodifiableMap(all), body);
    }
}
