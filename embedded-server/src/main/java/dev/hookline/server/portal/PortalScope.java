package dev.hookline.server.portal;

import dev.hookline.server.auth.Principal;
import dev.hookline.server.endpoints.EndpointScope;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.portallinks.PortalLinkStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What a portal link reaches: the live endpoints with the link's {@code owner_id} when it has one, otherwise the
 * live endpoints of its explicit list. Every {@code /portal-api} route scopes its data with this.
 */
public final class PortalScope {

    private PortalScope() {
    }

    /**
     * IDs of the endpoints portal link {@code portalLinkId} reaches, oldest first; empty for an unknown or revoked
     * link. For the events and event-deliveries portal routes: filter by these (an empty list means "nothing").
     */
    public static List<String> endpointIds(Connection c, String portalLinkId) throws SQLException {
        return PortalLinkStore.endpointIdsOf(c, portalLinkId);
    }

    /** The live link behind a portal caller; 401 when it was revoked since the token was checked. */
    public static PortalLinkStore.Link link(Connection c, Principal principal) throws SQLException {
        if (principal == null || principal.kind() != Principal.Kind.PORTAL || principal.portalLinkId() == null) {
            throw ApiError.unauthorized("portal routes need a portal link token");
        }
        PortalLinkStore.Link link = PortalLinkStore.findLive(c, principal.portalLinkId());
        if (link == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        return link;
    }

    /** The link's endpoints as an {@link EndpointScope} (re-read inside each write, so revocation wins). */
    public static EndpointScope of(String portalLinkId) {
        return (c, endpoint) -> {
            PortalLinkStore.Link link = PortalLinkStore.findLive(c, portalLinkId);
            return link != null && PortalLinkStore.contains(c, link, endpoint);
        };
    }
}
