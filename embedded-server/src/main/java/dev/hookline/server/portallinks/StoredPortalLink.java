package dev.hookline.server.portallinks;

import dev.hookline.api.model.PortalAuthType;
import java.time.Instant;

/** A stored portal link, as {@link PortalLinkRepository} reads it (the API shape is {@code PortalLink}). */
public record StoredPortalLink(String id, String projectId, String name, String token, String ownerId,
                               boolean canManageEndpoint, PortalAuthType authType, Instant createdAt, Instant updatedAt,
                               Instant deletedAt) {

    public boolean hasOwner() {
        return !ownerId.isEmpty();
    }
}
