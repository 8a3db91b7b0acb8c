package dev.hookline.server.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.server.domain.InvalidInputException;
import java.util.Set;

/**
 * Checks OAuth2 settings before anything asks a token server with them: the endpoint validator (settings under
 * {@code authentication.oauth2}) and the connection test (settings under {@code oauth2}) share these rules, each
 * naming the fields where its request has them.
 */
public final class OAuth2Settings {

    private static final Set<String> AUTH_TYPES = Set.of("shared_secret", "client_assertion");
    private static final Set<String> EXPIRY_UNITS = Set.of("seconds", "milliseconds", "minutes", "hours");

    private OAuth2Settings() {
    }

    /** The settings, trimmed; {@link InvalidInputException} naming {@code field}.member for the first problem. */
    public static OAuth2 validate(OAuth2 o, String field) {
        if (o == null) {
            throw InvalidInputException.of(field + ":is required for type oauth2");
        }
        if (blank(o.url()) || !HttpUrls.isHttpUrl(o.url().trim())) {
            throw invalid(field + ".url", "please provide the token endpoint's http(s) url");
        }
        if (blank(o.clientId())) {
            throw invalid(field + ".client_id", "is required");
        }
        if (blank(o.authenticationType()) || !AUTH_TYPES.contains(o.authenticationType())) {
            throw invalid(field + ".authentication_type", "must be shared_secret or client_assertion");
        }
        if (o.authenticationType().equals("shared_secret") && blank(o.clientSecret())) {
            throw invalid(field + ".client_secret", "is required for authentication_type shared_secret");
        }
        if (o.authenticationType().equals("client_assertion")) {
            JsonNode key = o.signingKey();
            if (key == null || !key.isObject() || !key.hasNonNull("kty")) {
                throw invalid(field + ".signing_key", "a JWK object (with kty) is required for authentication_type "
                        + "client_assertion");
            }
        }
        if (!blank(o.expiryTimeUnit()) && !EXPIRY_UNITS.contains(o.expiryTimeUnit())) {
            throw invalid(field + ".expiry_time_unit", "must be one of seconds, milliseconds, minutes, hours");
        }
        return new OAuth2(o.url().trim(), o.clientId(), o.authenticationType(), o.clientSecret(), o.signingKey(),
                o.signingAlgorithm(), o.issuer(), o.subject(), o.grantType(), o.scope(), o.audience(),
                o.fieldMapping(), o.expiryTimeUnit());
    }

    private static InvalidInputException invalid(String field, String message) {
        return InvalidInputException.of(field + ":" + message);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
