package dev.hookline.server.outbound;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.ProjectConfig;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Endpoints and webhooks for sender tests, built the way the store hands them to the dispatcher. */
final class OutboundFixtures {

    static final Instant CREATED = Instant.parse("2026-01-01T00:00:00Z");

    private OutboundFixtures() {
    }

    static Endpoint endpoint(String url) {
        return endpoint(url, null, List.of(), false, null, null);
    }

    static Endpoint endpoint(String url, Long httpTimeout, List<EndpointSecret> secrets, boolean advanced,
                             EndpointAuthentication authentication, MtlsClientCert mtls) {
        return new Endpoint("01ENDPOINT0000000000000000", "01PROJECT00000000000000000", "", url, "receiver", secrets,
                advanced, "", "", "", "", EndpointStatus.ACTIVE, httpTimeout, null, authentication, 0, 0L,
                ContentType.APPLICATION_JSON, null, null, mtls, CREATED, CREATED, null);
    }

    static Endpoint withContentType(Endpoint e, ContentType type) {
        return new Endpoint(e.uid(), e.projectId(), e.ownerId(), e.url(), e.name(), e.secrets(),
                e.advancedSignatures(), e.description(), e.slackWebhookUrl(), e.teamsWebhookUrl(), e.supportEmail(),
                e.status(), e.httpTimeout(), e.events(), e.authentication(), e.rateLimit(), e.rateLimitDuration(), type,
                e.failureRate(), e.cbState(), e.mtlsClientCert(), e.createdAt(), e.updatedAt(), e.deletedAt());
    }

    static ProjectConfig.Signature defaultSignature() {
        return new ProjectConfig.Signature("X-Convoy-Signature",
                List.of(new ProjectConfig.SignatureVersion("01VERSION00000000000000000", "SHA256", "hex", CREATED)));
    }

    static Webhook webhook(Endpoint endpoint, String body) {
        return webhook(endpoint, body, Map.of());
    }

    static Webhook webhook(Endpoint endpoint, String body, Map<String, List<String>> headers) {
        return new Webhook(endpoint.projectId(), endpoint, defaultSignature(), "invoice.paid",
                "01EVENT0000000000000000000", "01DELIVERY0000000000000000", "", headers,
                body.getBytes(StandardCharsets.UTF_8));
    }
}
