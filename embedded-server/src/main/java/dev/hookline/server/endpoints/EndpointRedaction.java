package dev.hookline.server.endpoints;

import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.MtlsClientCert;
import java.util.List;

/**
 * What an endpoint looks like on the wire: Convoy's redaction of the basic-auth password and the mTLS client key
 * (secrets' values stay in clear, as in Convoy). The stored row keeps the real values for the dispatcher.
 */
public final class EndpointRedaction {

    public static final String REDACTED = "[REDACTED]";

    private EndpointRedaction() {
    }

    public static Endpoint redact(Endpoint e) {
        if (e == null) {
            return null;
        }
        EndpointAuthentication auth = e.authentication();
        if (auth != null && auth.basicAuth() != null) {
            auth = new EndpointAuthentication(auth.type(), auth.apiKey(),
                    new BasicAuth(auth.basicAuth().username(), REDACTED), auth.oauth2());
        }
        MtlsClientCert mtls = e.mtlsClientCert();
        if (mtls != null) {
            mtls = new MtlsClientCert(mtls.clientCert(), REDACTED);
        }
        return e.toBuilder().authentication(auth).mtlsClientCert(mtls).build();
    }

    public static List<Endpoint> redactAll(List<Endpoint> endpoints) {
        return endpoints.stream().map(EndpointRedaction::redact).toList();
    }
}
