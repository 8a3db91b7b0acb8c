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
}
