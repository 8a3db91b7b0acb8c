package dev.hookline.server.endpoints;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.MtlsClientCert;
import java.util.List;
import java.util.Set;

/**
 * What an endpoint looks like on the wire (docs/adr/0028, one rule for every field): a credential only Hookline uses
 * to reach the receiver (api_key {@code header_value}, basic-auth password, OAuth2 {@code client_secret} and the
 * private members of its signing key, the mTLS client key) is write-only and reads as {@code [REDACTED]} for
 * everyone; sending {@code [REDACTED]} back keeps the stored value ({@link EndpointValidator}). The signing secrets,
 * which the receiver must hold too, are shown to API key holders (as Convoy does) and never to a portal link's holder
 * ({@link #forPortal}). The stored row keeps the real values for the dispatcher.
 */
public final class EndpointRedaction {

    public static final String REDACTED = "[REDACTED]";

    /** The members of a JWK that are private key material (RFC 7518 6.2.2, 6.3.2, 6.4.1; OKP's {@code d}). */
    private static final Set<String> PRIVATE_JWK_MEMBERS = Set.of("d", "p", "q", "dp", "dq", "qi", "oth", "k");

    private EndpointRedaction() {
    }

    /** The endpoint as an API key holder reads it: credentials redacted, signing secrets in clear. */
    public static Endpoint redact(Endpoint e) {
        if (e == null) {
            return null;
        }
        MtlsClientCert mtls = e.mtlsClientCert();
        if (mtls != null) {
            mtls = new MtlsClientCert(mtls.clientCert(), REDACTED);
        }
        return e.toBuilder().authentication(authentication(e.authentication())).mtlsClientCert(mtls).build();
    }

    public static List<Endpoint> redactAll(List<Endpoint> endpoints) {
        return endpoints == null ? null : endpoints.stream().map(EndpointRedaction::redact).toList();
    }

    /** The endpoint as a portal link's holder reads it: as {@link #redact}, and the signing secrets' values too. */
    public static Endpoint forPortal(Endpoint e) {
        Endpoint redacted = redact(e);
        if (redacted == null || redacted.secrets() == null) {
            return redacted;
        }
        List<EndpointSecret> secrets = redacted.secrets().stream()
                .map(s -> new EndpointSecret(s.uid(), REDACTED, s.expiresAt(), s.createdAt(), s.updatedAt(),
                        s.deletedAt()))
                .toList();
        return redacted.toBuilder().secrets(secrets).build();
    }

    public static List<Endpoint> forPortalAll(List<Endpoint> endpoints) {
        return endpoints == null ? null : endpoints.stream().map(EndpointRedaction::forPortal).toList();
    }

    /** True if {@code jwk} carries a redacted private member (a signing key read back and sent again). */
    static boolean isRedacted(JsonNode jwk) {
        if (jwk == null || !jwk.isObject()) {
            return false;
        }
        for (String member : PRIVATE_JWK_MEMBERS) {
            if (REDACTED.equals(jwk.path(member).asText(null))) {
                return true;
            }
        }
        return false;
    }

    private static EndpointAuthentication authentication(EndpointAuthentication auth) {
        if (auth == null) {
            return null;
        }
        ApiKeyHeader apiKey = auth.apiKey() == null ? null
                : new ApiKeyHeader(auth.apiKey().headerName(), redacted(auth.apiKey().headerValue()));
        BasicAuth basic = auth.basicAuth() == null ? null
                : new BasicAuth(auth.basicAuth().username(), redacted(auth.basicAuth().password()));
        EndpointAuthentication.OAuth2 oauth2 = auth.oauth2();
        if (oauth2 != null) {
            oauth2 = new EndpointAuthentication.OAuth2(oauth2.url(), oauth2.clientId(), oauth2.authenticationType(),
                    redacted(oauth2.clientSecret()), signingKey(oauth2.signingKey()), oauth2.signingAlgorithm(),
                    oauth2.issuer(), oauth2.subject(), oauth2.grantType(), oauth2.scope(), oauth2.audience(),
                    oauth2.fieldMapping(), oauth2.expiryTimeUnit());
        }
        return new EndpointAuthentication(auth.type(), apiKey, basic, oauth2);
    }

    /** Null and empty stay what they are (nothing is stored, nothing to hide). */
    private static String redacted(String value) {
        return value == null || value.isEmpty() ? value : REDACTED;
    }

    private static JsonNode signingKey(JsonNode jwk) {
        if (jwk == null || !jwk.isObject()) {
            return jwk;
        }
        ObjectNode copy = ((ObjectNode) jwk).deepCopy();
        for (String member : PRIVATE_JWK_MEMBERS) {
            if (copy.has(member) && !copy.get(member).isNull()) {
                copy.put(member, REDACTED);
            }
        }
        return copy;
    }
}
