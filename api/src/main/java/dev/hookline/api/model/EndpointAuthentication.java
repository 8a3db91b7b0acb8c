package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.hookline.api.ConvoyEmpty;

/**
 * How Hookline authenticates to an endpoint; only the member matching {@code type} is set. Used in endpoint responses
 * and in {@link EndpointRequest}.
 */
@JsonPropertyOrder({"type", "api_key", "basic_auth", "oauth2"})
public record EndpointAuthentication(EndpointAuthType type, ApiKeyHeader apiKey, BasicAuth basicAuth, OAuth2 oauth2) {

    /**
     * OAuth2 client-credentials settings. {@code authentication_type} is {@code shared_secret} or
     * {@code client_assertion}; {@code expiry_time_unit} is seconds|milliseconds|minutes|hours; {@code signing_key}
     * is a JWK object kept raw. Unset strings are written {@code ""}, as Convoy's OpenAPI document promises.
     */
    @JsonPropertyOrder({"url", "client_id", "authentication_type", "client_secret", "signing_key", "signing_algorithm",
            "issuer", "subject", "grant_type", "scope", "audience", "field_mapping", "expiry_time_unit"})
    public record OAuth2(String url, String clientId,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String authenticationType,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String clientSecret,
                         JsonNode signingKey,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String signingAlgorithm,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String issuer,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String subject,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String grantType,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String scope,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String audience,
                         FieldMapping fieldMapping,
                         @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String expiryTimeUnit) {
    }

    /** Names of the token response fields when the provider does not use the standard ones ({@code ""} = standard). */
    @JsonPropertyOrder({"access_token", "token_type", "expires_in"})
    public record FieldMapping(@JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String accessToken,
                               @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String tokenType,
                               @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String expiresIn) {
    }
}
