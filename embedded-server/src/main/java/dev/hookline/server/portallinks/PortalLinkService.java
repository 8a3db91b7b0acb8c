package dev.hookline.server.portallinks;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.server.store.Store;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.Names;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.ListParams;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Portal link use cases: list, create, get (minting a refresh key for refresh-token links, as Convoy does), update,
 * revoke and refresh keys. A link's endpoints are checked and claimed in the same write as the link.
 *
 * <p>Deviation from Convoy's code (not its docs): a link needs {@code owner_id} <em>or</em> a non-empty
 * {@code endpoints} list, as Convoy's documentation presents them as alternatives (Convoy's code demands owner_id).
 */
public final class PortalLinkService {

    static final String NOT_FOUND = "Resource not found";


    private final Store store;
    private final EndpointRepository endpoints;
    private final PortalLinkRepository links;
    private final Runnable credentialsChanged;

    /**
     * @param credentialsChanged told after a change that retires a link's credentials (the authenticator drops
     *                           what it remembered)
     */
    public PortalLinkService(Store store, EndpointRepository endpoints, PortalLinkRepository portalLinks,
                             Runnable credentialsChanged) {
        this.store = store;
        this.endpoints = endpoints;
        this.links = portalLinks;
        this.credentialsChanged = credentialsChanged;
    }

    /**
     * Live links of the project. Filters (null/empty = none): {@code ownerId}; {@code endpointIds} (links that reach
     * any of them, by explicit list or by the endpoint's owner); {@code nameContains}.
     */
    public Page<PortalLink> list(String projectId, ListParams params, String ownerId, List<String> endpointIds,
                                 String nameContains) {
        return links.list(projectId, params, ownerId, endpointIds, nameContains);
    }

    /** The link as answered by GET: for refresh-token links a new {@code PRT.} key is minted. */
    public PortalLink get(String projectId, String id) {
        PortalLink link = find(projectId, id);
        if (link == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return link;
    }

    /** Like {@link #get}, null when the link is unknown or revoked (the portal answers that as a lost session). */
    public PortalLink find(String projectId, String id) {
        StoredPortalLink link = store.db().read(c -> links.find(c, projectId, id));
        if (link == null) {
            return null;
        }
        if (link.authType() != PortalAuthType.REFRESH_TOKEN) {
            return store.db().read(c -> links.response(link, links.endpointsOf(c, link), ""));
        }
        Keys.Generated key = Keys.portalRefreshKey();
        return store.db().write(c -> {
            StoredPortalLink current = links.find(c, projectId, id);
            if (current == null) {
                return null;
            }
            String authKey = current.authType() == PortalAuthType.REFRESH_TOKEN
                    ? links.storeKey(c, current.id(), key) : "";
            return links.response(current, links.endpointsOf(c, current), authKey);
        });
    }

    /** Creates a link (checking and claiming its endpoints) in one write. */
    public PortalLink create(String projectId, PortalLinkRequest request) {
        PortalLinkDraft draft = draft(request);
        Instant now = store.now();
        String id = store.newId();
        Keys.Generated key = draft.authType() == PortalAuthType.REFRESH_TOKEN ? Keys.portalRefreshKey() : null;
        return store.db().write(c -> {
            linkEndpoints(c, projectId, draft, now);
            String token = links.insert(c, id, projectId, draft, now);
            StoredPortalLink link = new StoredPortalLink(id, projectId, draft.name(), token, draft.ownerId(),
                    draft.canManageEndpoint(), draft.authType(), now, now, null);
            String authKey = key == null ? "" : links.storeKey(c, id, key);
            return links.response(link, links.endpointsOf(c, link), authKey);
        });
    }

    /** Replaces a link's settings and endpoints in one write; an auth_type change retires old credentials. */
    public PortalLink update(String projectId, String id, PortalLinkRequest request) {
        PortalLinkDraft draft = draft(request);
        Instant now = store.now();
        Keys.Generated key = draft.authType() == PortalAuthType.REFRESH_TOKEN ? Keys.portalRefreshKey() : null;
        PortalLink updated = store.db().write(c -> {
            StoredPortalLink current = links.find(c, projectId, id);
            if (current == null) {
                return null;
            }
            linkEndpoints(c, projectId, draft, now);
            links.update(c, id, draft, now);
            if (key == null) {
                links.deleteKeys(c, id);
            }
            StoredPortalLink link = new StoredPortalLink(id, projectId, draft.name(), current.token(), draft.ownerId(),
                    draft.canManageEndpoint(), draft.authType(), current.createdAt(), now, null);
            String authKey = key == null ? "" : links.storeKey(c, id, key);
            return links.response(link, links.endpointsOf(c, link), authKey);
        });
        if (updated == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        credentialsChanged.run();
        return updated;
    }

    /** Soft-deletes the link and drops its refresh keys. */
    public void revoke(String projectId, String id) {
        Instant now = store.now();
        if (!store.db().write(c -> links.softDelete(c, projectId, id, now))) {
            throw new NotFoundException(NOT_FOUND);
        }
        credentialsChanged.run();
    }

    /**
     * A fresh {@code PRT.} key (valid for an hour) for any link, as Convoy's {@code RefreshPortalLinkAuthToken} mints
     * one whatever the link's {@code auth_type}: on a {@code static_token} link it reaches exactly what the link's
     * static token reaches, which keeps working (ADR 0030).
     */
    public String refreshKey(String projectId, String id) {
        Keys.Generated key = Keys.portalRefreshKey();
        String refreshKey = store.db().write(c -> {
            StoredPortalLink link = links.find(c, projectId, id);
            if (link == null) {
                return null;
            }
            return links.storeKey(c, id, key);
        });
        if (refreshKey == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return refreshKey;
    }

    /**
     * In the write that creates an endpoint through the portal: the endpoint joins the link (an owner-less link adds
     * it to its list; an owned one reaches it through the owner_id it was given). False, with nothing added, when
     * the link was revoked meanwhile; the caller then abandons the write.
     */
    public boolean joinIfLive(Connection c, StoredPortalLink link, String endpointId) throws SQLException {
        if (links.findLive(c, link.id()) == null) {
            return false;
        }
        if (!link.hasOwner()) {
            links.addListedEndpoint(c, link.id(), endpointId);
        }
        return true;
    }

    /**
     * Checks the draft's listed endpoints exist in the project; with an owner_id, gives the owner-less ones that
     * owner and refuses ones owned by someone else. Throws (nothing written) on the first problem.
     */
    private void linkEndpoints(Connection c, String projectId, PortalLinkDraft draft, Instant now)
            throws SQLException {
        if (draft.endpointIds().isEmpty()) {
            return;
        }
        Map<String, Endpoint> found = endpoints.findAll(c, projectId, draft.endpointIds());
        for (String endpointId : draft.endpointIds()) {
            if (!found.containsKey(endpointId)) {
                throw InvalidInputException.of("endpoints:endpoint " + endpointId
                        + " not found in this project");
            }
        }
        if (draft.ownerId().isEmpty()) {
            return;
        }
        for (String endpointId : draft.endpointIds()) {
            String owner = found.get(endpointId).ownerId();
            if (owner != null && !owner.isEmpty() && !owner.equals(draft.ownerId())) {
                throw InvalidInputException.of("endpoint " + endpointId + " already has owner_id " + owner);
            }
        }
        links.claimEndpoints(c, projectId, draft.endpointIds(), draft.ownerId(), now);
    }

    /** Validates a create/update body. */
    static PortalLinkDraft draft(PortalLinkRequest request) {
        Names.require(request.name(), "please provide the portal link's name");
        String ownerId = request.ownerId() == null ? "" : request.ownerId().trim();
        LinkedHashSet<String> endpoints = new LinkedHashSet<>();
        if (request.endpoints() != null) {
            for (String id : request.endpoints()) {
                if (id == null || id.isBlank()) {
                    throw InvalidInputException.of("endpoints:must not contain empty endpoint ids");
                }
                endpoints.add(id.trim());
            }
        }
        if (ownerId.isEmpty() && endpoints.isEmpty()) {
            throw InvalidInputException.of("please provide an owner_id or endpoints");
        }
        return new PortalLinkDraft(request.name().trim(), ownerId, List.copyOf(new ArrayList<>(endpoints)),
                Boolean.TRUE.equals(request.canManageEndpoint()),
                request.authType() == null ? PortalAuthType.STATIC_TOKEN : request.authType());
    }
}
