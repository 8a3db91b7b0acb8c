package dev.hookline.server.portallinks;

import dev.hookline.api.model.PortalAuthType;
import java.util.List;

/**
 * A validated portal link create/update request ({@link PortalLinkService}'s, stored by {@link PortalLinkRepository}).
 * {@code endpointIds} deduplicated, in request order.
 */
public record PortalLinkDraft(String name, String ownerId, List<String> endpointIds, boolean canManageEndpoint,
                              PortalAuthType authType) {
}
