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
        return Endpoint.builder().uid("01ENDPOINT0000000000000000").projectId("01PROJECT00000000000000000")
                .ownerId("").url(url).name("receiver").secrets(secrets).advancedSignatures(advanced).description("")
                .slackWebhookUrl("").teamsWebhookUrl("").supportEmail("").status(EndpointStatus.ACTIVE)
                .httpTimeout(httpTimeout).authentication(authentication).rateLimit(0).rateLimitDuration(0L)
                .contentType(ContentType.APPLICATION_JSON).mtlsClientCert(mtls).createdAt(CREATED).updatedAt(CREATED)
                .build();
    }

    static Endpoint withContentType(Endpoint e, ContentType type) {
        return e.toBuilder().contentType(type).build();
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
