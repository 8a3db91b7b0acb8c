package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * An API key as returned once on project creation. {@code key} is the clear {@code CO.<mask>.<secret>} key and is
 * never returned again; {@code key_type} is e.g. {@code "project"}.
 */
@JsonPropertyOrder({"name", "role", "key_type", "key", "uid", "expires_at", "created_at"})
public record ApiKeyResponse(String name, Role role, String keyType, String key, String uid, Instant expiresAt,
                             Instant createdAt) {

    /** The key's role, e.g. {@code {type:"project_admin", project:<id>, endpoint:""}}. */
    @JsonPropertyOrder({"type", "project", "endpoint"})
    public record Role(String type, String project, String endpoint) {
    }

    /** Never prints the clear key. */
    @Override
    public String toString() {
        return "ApiKeyResponse[name=" + name + ", role=" + role + ", keyType=" + keyType + ", key="
                + (key == null ? "null" : "***") + ", uid=" + uid + ", expiresAt=" + expiresAt
                + ", createdAt=" + createdAt + "]";
    }
}
