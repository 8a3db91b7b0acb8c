package dev.hookline.server.endpoints;

import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.MtlsClientCert;

/**
 * What Convoy hides when it answers with an endpoint: the basic-auth password and the mTLS client key read back as
 * {@code [REDACTED]}. Everything else (secrets, api-key values, OAuth2 client secrets) is returned in clear, as Convoy
 * does.
 */
public final class Redaction {

    public static final String REDACTED = "[REDACTED]";

    private Redaction() {
    }

    /** {@code endpoint} as the API shows it; null stays null. */
    public static Endpoint endpoint(Endpoint endpoint) {
        if (endpoint == null) {
            return null;
        }
        EndpointAuthentication auth = endpoint.authentication();
        if (auth != null && auth.basicAuth() != null && auth.basicAuth().password() != null) {
            auth = new EndpointAuthentication(auth.type(), auth.apiKey(),
                    new BasicAuth(auth.basicAuth().username(), REDACTED), auth.oauth2());
        }
        MtlsClientCert mtls = endpoint.mtlsClientCert();
        if (mtls != null && mtls.clientKey() != null) {
            mtls = new MtlsClientCert(mtls.clientCert(), REDACTED);
        }
        return new Endpoint(endpoint.uid(), endpoint.projectId(), endpoint.ownerId(), endpoint.url(), endpoint.name(),
                endpoint.secrets(), endpoint.advancedSignatures(), endpoint.description(), endpoint.slackWebhookUrl(),
                endpoint.teamsWebhookUrl(), endpoint.supportEmail(), endpoint.status(), endpoint.httpTimeout(),
                endpoint.events(), auth, endpoint.rateLimit(), endpoint.rateLimitDuration(), endpoint.contentType(),
                endpoint.failureRate(), endpoint.cbState(), mtls, endpoint.createdAt(), endpoint.updatedAt(),
                endpoint.deletedAt());
    }
}
