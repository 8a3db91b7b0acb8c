package dev.hookline.server.portal;

import dev.hookline.server.store.Store;
import dev.hookline.server.endpoints.EndpointScope;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.portallinks.PortalLinkRepository;
import dev.hookline.server.portallinks.StoredPortalLink;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What a portal link reaches: the live endpoints with the link's {@code owner_id} when it has one, otherwise the
 * live endpoints of its explicit list. Every {@code /portal-api} route scopes its data with this. A revoked link
 * reaches nothing (the lookups answer null, and the HTTP layer answers that as a lost session).
 */
public final class PortalScope {

    private final Store store;
    private final PortalLinkRepository links;

    public PortalScope(Store store, PortalLinkRepository portalLinks) {
        this.store = store;
        this.links = portalLinks;
    }

    /** The caller's live link and the endpoints it reaches, read together. */
    public record Reach(StoredPortalLink link, EventScope scope) {
        public String projectId() {
            return link.projectId();
        }
    }

    /** The live link {@code portalLinkId}, or null when it was revoked. */
    public StoredPortalLink liveLink(String portalLinkId) {
        return store.db().read(c -> links.findLive(c, portalLinkId));
    }

    /** The live link and its endpoints as an {@link EventScope}, or null when it was revoked. */
    public Reach reach(String portalLinkId) {
        return store.db().read(c -> {
            StoredPortalLink link = links.findLive(c, portalLinkId);
            return link == null ? null : new Reach(link, EventScope.endpoints(endpointIds(c, link.id())));
        });
    }

    /**
     * IDs of the endpoints portal link {@code portalLinkId} reaches, oldest first; empty for an unknown or revoked
     * link (an empty scope means "nothing").
     */
    public List<String> endpointIds(Connection c, String portalLinkId) throws SQLException {
        return links.endpointIdsOf(c, portalLinkId);
    }

    /** The link's endpoints as an {@link EndpointScope} (re-read inside each write, so revocation wins). */
    public EndpointScope of(String portalLinkId) {
        return (c, endpoint) -> {
            StoredPortalLink link = links.findLive(c, portalLinkId);
            return link != null && links.contains(c, link, endpoint);
        };
    }

    /** True while {@code portalLinkId} is live, read on the caller's connection (inside a write). */
    public boolean isLive(Connection c, String portalLinkId) throws SQLException {
        return links.findLive(c, portalLinkId) != null;
    }
}
