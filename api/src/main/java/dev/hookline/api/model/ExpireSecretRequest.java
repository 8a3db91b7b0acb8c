package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Body of {@code PUT .../endpoints/{id}/expire_secret}: optional new {@code secret} (generated when null) and the
 * old secret's remaining lifetime {@code expiration}.
 */
@JsonPropertyOrder({"secret", "expiration"})
public record ExpireSecretRequest(String secret, Long expiration) {
}
