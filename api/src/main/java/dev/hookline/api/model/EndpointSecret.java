package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/** One of an endpoint's signing secrets; {@code expires_at} is set once the secret has been rotated out. */
@JsonPropertyOrder({"uid", "value", "expires_at", "created_at", "updated_at", "deleted_at"})
public record EndpointSecret(String uid, String value, Instant expiresAt, Instant createdAt, Instant updatedAt,
                             Instant deletedAt) {
}
