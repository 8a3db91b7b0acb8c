package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A source's ingest verifier; only the member matching {@code type} is set. Responses always carry the object
 * ({@code {"type":"noop","hmac":null,"basic_auth":null,"api_key":null}} when none), secrets in clear.
 */
@JsonPropertyOrder({"type", "hmac", "basic_auth", "api_key"})
public record Verifier(VerifierType type, Hmac hmac, BasicAuth basicAuth, ApiKeyHeader apiKey) {

    /** HMAC verification: signature header, hash name (e.g. {@code SHA256}), secret, encoding ({@code hex|base64}). */
    @JsonPropertyOrder({"header", "hash", "secret", "encoding"})
    public record Hmac(String header, String hash, String secret, String encoding) {
    }
}
