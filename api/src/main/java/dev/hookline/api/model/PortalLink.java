package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.List;

/**
 * A portal link. {@code url} is {@code {host}/portal?token=<token>} (plus {@code &auth_token=} for refresh-token
 * links); {@code auth_key} is {@code ""} for static-token links and a fresh {@code PRT.} key otherwise.
 */
@JsonPropertyOrder({"uid", "name", "project_id", "owner_id", "endpoints", "endpoint_count", "can_manage_endpoint",
        "token", "endpoints_metadata", "url", "auth_type", "auth_key", "created_at", "updated_at", "deleted_at"})
public record PortalLink(String uid, String name, String projectId, String ownerId, List<String> endpoints,
                         Integer endpointCount, Boolean canManageEndpoint, String token,
                         List<Endpoint> endpointsMetadata, String url, PortalAuthType authType, String authKey,
                         Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link PortalLink} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String name;
        private String projectId;
        private String ownerId;
        private List<String> endpoints;
        private Integer endpointCount;
        private Boolean canManageEndpoint;
        private String token;
        private List<Endpoint> endpointsMetadata;
        private String url;
        private PortalAuthType authType;
        private String authKey;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;

        private Builder() {
        }

        private Builder(PortalLink from) {
            this.uid = from.uid;
            this.name = from.name;
            this.projectId = from.projectId;
            this.ownerId = from.ownerId;
            this.endpoints = from.endpoints;
            this.endpointCount = from.endpointCount;
            this.canManageEndpoint = from.canManageEndpoint;
            this.token = from.token;
            this.endpointsMetadata = from.endpointsMetadata;
            this.url = from.url;
            this.authType = from.authType;
            this.authKey = from.authKey;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder projectId(String projectId) {
            this.projectId = projectId;
            return this;
        }

        public Builder ownerId(String ownerId) {
            this.ownerId = ownerId;
            return this;
        }

        public Builder endpoints(List<String> endpoints) {
            this.endpoints = endpoints;
            return this;
        }

        public Builder endpointCount(Integer endpointCount) {
            this.endpointCount = endpointCount;
            return this;
        }

        public Builder canManageEndpoint(Boolean canManageEndpoint) {
            this.canManageEndpoint = canManageEndpoint;
            return this;
        }

        public Builder token(String token) {
            this.token = token;
            return this;
        }

        public Builder endpointsMetadata(List<Endpoint> endpointsMetadata) {
            this.endpointsMetadata = endpointsMetadata;
            return this;
        }

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        public Builder authType(PortalAuthType authType) {
            this.authType = authType;
            return this;
        }

        public Builder authKey(String authKey) {
            this.authKey = authKey;
            return this;
        }

        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder updatedAt(Instant updatedAt) {
            this.updatedAt = updatedAt;
            return this;
        }

        public Builder deletedAt(Instant deletedAt) {
            this.deletedAt = deletedAt;
            return this;
        }

        public PortalLink build() {
            return new PortalLink(uid, name, projectId, ownerId, endpoints, endpointCount, canManageEndpoint, token,
                    endpointsMetadata, url, authType, authKey, createdAt, updatedAt, deletedAt);
        }
    }
}
