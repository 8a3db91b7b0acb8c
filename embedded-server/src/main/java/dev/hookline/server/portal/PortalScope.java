package dev.hookline.server.portal;

import dev.hookline.server.auth.Principal;
import dev.hookline.server.endpoints.EndpointScope;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.portallinks.PortalLinkRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What a portal link reaches: the live endpoints with the link's {@code owner_id} when it has one, otherwise the
 * live endpoints of its explicit list. Every {@code /portal-api} route scopes its data with this.
 */
public final class PortalScope {

    private final PortalLinkRepository links;

    public PortalScope(PortalLinkRepository links) {
        this.links = links;
    }

    /**
     * IDs of the endpoints portal link {@code portalLinkId} reaches, oldest first; empty for an unknown or revoked
     * link. For the events and event-deliveries portal routes: filter by these (an empty list means "nothing").
     */
    public List<String> endpointIds(Connection c, String portalLinkId) throws SQLException {
        return links.endpointIdsOf(c, portalLinkId);
    }

    /** The live link behind a portal caller; 401 when it was revoked since the token was checked. */
    public PortalLinkRepository.Link link(Connection c, Principal principal) throws SQLException {
        if (principal == null || principal.kind() != Principal.Kind.PORTAL || principal.portalLinkId() == null) {
            throw ApiError.unauthorized("portal routes need a portal link token");
        }
        PortalLinkRepository.Link link = links.findLive(c, principal.portalLinkId());
        if (link == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        return link;
    }

    /** The link's endpoints as an {@link EndpointScope} (re-read inside each write, so revocation wins). */
    public EndpointScope of(String portalLinkId) {
        return (c, endpoint) -> {
            PortalLinkRepository.Link link = links.findLive(c, portalLinkId);
            return link != null && links.contains(c, link, endpoint);
        };
    }
}
