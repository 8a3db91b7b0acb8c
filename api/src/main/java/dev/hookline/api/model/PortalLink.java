package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.List;

/**
 * A portal link. {@code url} is {@code {host}/portal?token=<token>} (plus {@code &auth_token=} for refresh-token
 * links); {@code auth_key} is {@code ""} for static-token links and a fresh {@code PRT.} key otherwise.
 */
@JsonPropertyOrder({"uid", "name", "project_id", "owner_id", "endpoints", "endpoint_count", "can_manage_endpoint",
        "token", "endpoints_metadata", "url", "auth_type", "auth_key", "created_at", "updated_at", "deleted_at"})
@RecordBuilder
public record PortalLink(String uid, String name, String projectId, String ownerId, List<String> endpoints,
                         Integer endpointCount, Boolean canManageEndpoint, String token,
                         List<Endpoint> endpointsMetadata, String url, PortalAuthType authType, String authKey,
                         Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public PortalLinkBuilder toBuilder() {
        return PortalLinkBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static PortalLinkBuilder builder() {
        return PortalLinkBuilder.builder();
    }
}
