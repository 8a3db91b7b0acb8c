package dev.hookline.server.portallinks;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.server.ServerContext;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Portal links, their explicit endpoint lists and their refresh keys.
 *
 * <p>A link's endpoints: every live endpoint with the link's {@code owner_id} when it has one, otherwise the live
 * endpoints of its explicit list ({@code portal_links_endpoints}). {@link #endpointsOf} is that rule; the portal API
 * and the events/deliveries scoping use it through {@code portal.PortalScope}.
 */
public final class PortalLinkStore {

    static final String COLUMNS = "id, project_id, name, token, owner_id, can_manage_endpoint, auth_type, "
            + "created_at, updated_at, deleted_at";
    static final int TOKEN_LENGTH = 24;
    static final Duration REFRESH_KEY_LIFETIME = Duration.ofHours(1);
    /** "id is in link ?'s explicit list", driven by the join table's primary key. */
    private static final String LISTED =
            "id IN (SELECT endpoint_id FROM portal_links_endpoints WHERE portal_link_id = ?)";

    /** A stored link. */
    public record Link(String id, String projectId, String name, String token, String ownerId,
                       boolean canManageEndpoint, PortalAuthType authType, Instant createdAt, Instant updatedAt,
                       Instant deletedAt) {

        public boolean hasOwner() {
            return !ownerId.isEmpty();
        }
    }

    /** A validated create/update request. {@code endpointIds} deduplicated, in request order. */
    public record Draft(String name, String ownerId, List<String> endpointIds, boolean canManageEndpoint,
                        PortalAuthType authType) {
    }

    private final ServerContext context;

    public PortalLinkStore(ServerContext context) {
        this.context = context;
    }

    // ------------------------------------------------------------------------------------------------- reads

    /** The live link {@code id} of {@code projectId}, or null. */
    public static Link find(Connection c, String projectId, String id) throws SQLException {
        return ProjectRows.findById(c, "portal_links", COLUMNS, projectId, id, PortalLinkStore::map);
    }

    /** The live link {@code id} of any project, or null (portal callers know only their link's ID). */
    public static Link findLive(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM portal_links WHERE id = ? AND deleted_at IS NULL")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    public Link findLive(String id) {
        return context.db().read(c -> findLive(c, id));
    }

    /** The link's live endpoints, oldest first (see the class comment for the rule). */
    public List<Endpoint> endpointsOf(Connection c, Link link) throws SQLException {
        if (link.hasOwner()) {
            return context.endpoints().findByOwner(c, link.projectId(), link.ownerId());
        }
        List<Endpoint> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + EndpointRepository.COLUMNS + " FROM endpoints "
                + "WHERE project_id = ? AND deleted_at IS NULL AND " + LISTED + " ORDER BY id")) {
            s.setString(1, link.projectId());
            s.setString(2, link.id());
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(EndpointRepository.map(rs));
                }
            }
        }
        return out;
    }

    /** IDs of the link's live endpoints, oldest first; empty for an unknown or revoked link. */
    public static List<String> endpointIdsOf(Connection c, String linkId) throws SQLException {
        Link link = findLive(c, linkId);
        if (link == null) {
            return List.of();
        }
        String sql = link.hasOwner()
                ? "SELECT id FROM endpoints WHERE project_id = ? AND owner_id = ? AND deleted_at IS NULL ORDER BY id"
                : "SELECT id FROM endpoints WHERE project_id = ? AND deleted_at IS NULL AND " + LISTED
                + " ORDER BY id";
        List<String> ids = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, link.projectId());
            s.setString(2, link.hasOwner() ? link.ownerId() : link.id());
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** True if {@code endpoint} (a live endpoint) is one of the link's endpoints. */
    public static boolean contains(Connection c, Link link, Endpoint endpoint) throws SQLException {
        if (!endpoint.projectId().equals(link.projectId())) {
            return false;
        }
        if (link.hasOwner()) {
            return link.ownerId().equals(endpoint.ownerId());
        }
        try (PreparedStatement s = c.prepareStatement(
                "SELECT 1 FROM portal_links_endpoints WHERE portal_link_id = ? AND endpoint_id = ?")) {
            s.setString(1, link.id());
            s.setString(2, endpoint.uid());
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * Live links of the project, keyset-paged. Filters (null/empty = none): {@code ownerId}; {@code endpointIds}
     * (links that reach any of them, by explicit list or by the endpoint's owner); {@code nameContains}.
     */
    public Page<PortalLink> list(String projectId, ListParams params, String ownerId, List<String> endpointIds,
                                 String nameContains) {
        KeysetQuery<Link> query = new KeysetQuery<>("SELECT " + COLUMNS + " FROM portal_links", "id",
                PortalLinkStore::map)
                .where("project_id = ?", projectId)
                .where("deleted_at IS NULL");
        if (ownerId != null) {
            query.where("owner_id = ?", ownerId);
        }
        if (nameContains != null && !nameContains.isBlank()) {
            query.where("name LIKE ? ESCAPE '\\'", "%" + EndpointRepository.escapeLike(nameContains.trim()) + "%");
        }
        if (!endpointIds.isEmpty()) {
            String marks = String.join(", ", Collections.nCopies(endpointIds.size(), "?"));
            List<Object> args = new ArrayList<>(endpointIds);
            args.add(projectId);
            args.addAll(endpointIds);
            query.where("id IN (SELECT portal_link_id FROM portal_links_endpoints WHERE endpoint_id IN (" + marks
                    + ")) OR owner_id IN (SELECT owner_id FROM endpoints WHERE project_id = ? AND id IN (" + marks
                    + ") AND owner_id <> '' AND deleted_at IS NULL)", args.toArray());
        }
        return context.db().read(c -> {
            Page<Link> links = query.page(c, params, Link::id);
            List<PortalLink> content = new ArrayList<>(links.content().size());
            for (Link link : links.content()) {
                content.add(response(link, endpointsOf(c, link), ""));
            }
            return new Page<>(content, links.pagination());
        });
    }

    /**
     * The link as answered by GET: for refresh-token links a new {@code PRT.} key is minted (as Convoy does on
     * every GET). Null when unknown.
     */
    public PortalLink get(String projectId, String id) {
        Link link = context.db().read(c -> find(c, projectId, id));
        if (link == null) {
            return null;
        }
        if (link.authType() != PortalAuthType.REFRESH_TOKEN) {
            return context.db().read(c -> response(link, endpointsOf(c, link), ""));
        }
        Keys.Generated key = Keys.portalRefreshKey();
        return context.db().write(c -> {
            Link current = find(c, projectId, id);
            if (current == null) {
                return null;
            }
            String authKey = current.authType() == PortalAuthType.REFRESH_TOKEN ? storeKey(c, current.id(), key) : "";
            return response(current, endpointsOf(c, current), authKey);
        });
    }

    // ------------------------------------------------------------------------------------------------ writes

    /** Creates a link (checking and claiming its endpoints) in one write. */
    public PortalLink create(String projectId, Draft draft) {
        Instant now = context.now();
        String id = context.newId();
        Keys.Generated key = draft.authType() == PortalAuthType.REFRESH_TOKEN ? Keys.portalRefreshKey() : null;
        return context.db().write(c -> {
            linkEndpoints(c, projectId, id, draft, now);
            String token = uniqueToken(c);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO portal_links(" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)")) {
                s.setString(1, id);
                s.setString(2, projectId);
                s.setString(3, draft.name());
                s.setString(4, token);
                s.setString(5, draft.ownerId());
                s.setInt(6, draft.canManageEndpoint() ? 1 : 0);
                s.setString(7, draft.authType().wire());
                Times.set(s, 8, now);
                Times.set(s, 9, now);
                s.executeUpdate();
            }
            insertListedEndpoints(c, id, draft);
            Link link = new Link(id, projectId, draft.name(), token, draft.ownerId(), draft.canManageEndpoint(),
                    draft.authType(), now, now, null);
            String authKey = key == null ? "" : storeKey(c, id, key);
            return response(link, endpointsOf(c, link), authKey);
        });
    }

    /** Replaces a link's settings and endpoints in one write; null when unknown. */
    public PortalLink update(String projectId, String id, Draft draft) {
        Instant now = context.now();
        Keys.Generated key = draft.authType() == PortalAuthType.REFRESH_TOKEN ? Keys.portalRefreshKey() : null;
        return context.db().write(c -> {
            Link current = find(c, projectId, id);
            if (current == null) {
                return null;
            }
            linkEndpoints(c, projectId, id, draft, now);
            try (PreparedStatement s = c.prepareStatement("UPDATE portal_links SET name = ?, owner_id = ?, "
                    + "can_manage_endpoint = ?, auth_type = ?, updated_at = ? WHERE id = ?")) {
                s.setString(1, draft.name());
                s.setString(2, draft.ownerId());
                s.setInt(3, draft.canManageEndpoint() ? 1 : 0);
                s.setString(4, draft.authType().wire());
                Times.set(s, 5, now);
                s.setString(6, id);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement(
                    "DELETE FROM portal_links_endpoints WHERE portal_link_id = ?")) {
                s.setString(1, id);
                s.executeUpdate();
            }
            insertListedEndpoints(c, id, draft);
            if (key == null) {
                deleteKeys(c, id);
            }
            Link link = new Link(id, projectId, draft.name(), current.token(), draft.ownerId(),
                    draft.canManageEndpoint(), draft.authType(), current.createdAt(), now, null);
            String authKey = key == null ? "" : storeKey(c, id, key);
            return response(link, endpointsOf(c, link), authKey);
        });
    }

    /** Soft-deletes the link and drops its refresh keys; false when unknown. */
    public boolean revoke(String projectId, String id) {
        long now = Times.toMicros(context.now());
        return context.db().write(c -> {
            if (ProjectRows.softDelete(c, "portal_links", "id", id, projectId, now) == 0) {
                return false;
            }
            deleteKeys(c, id);
            return true;
        });
    }

    /** A fresh {@code PRT.} key for a refresh-token link; null when unknown, 400 for static-token links. */
    public String refreshKey(String projectId, String id) {
        Keys.Generated key = Keys.portalRefreshKey();
        return context.db().write(c -> {
            Link link = find(c, projectId, id);
            if (link == null) {
                return null;
            }
            if (link.authType() != PortalAuthType.REFRESH_TOKEN) {
                throw ApiError.badRequest("portal link " + id + " uses auth_type static_token: it has no refresh "
                        + "keys (its token does not expire); set auth_type to refresh_token to use them");
            }
            return storeKey(c, id, key);
        });
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /**
     * Checks the draft's listed endpoints exist in the project; with an owner_id, gives the owner-less ones that
     * owner and refuses ones owned by someone else. Throws 400 (nothing written) on the first problem.
     */
    private void linkEndpoints(Connection c, String projectId, String linkId, Draft draft, Instant now)
            throws SQLException {
        if (draft.endpointIds().isEmpty()) {
            return;
        }
        Map<String, Endpoint> found = context.endpoints().findAll(c, projectId, draft.endpointIds());
        for (String endpointId : draft.endpointIds()) {
            if (!found.containsKey(endpointId)) {
                throw ApiError.badRequest("endpoints:endpoint " + endpointId + " not found in this project");
            }
        }
        if (draft.ownerId().isEmpty()) {
            return;
        }
        for (String endpointId : draft.endpointIds()) {
            String owner = found.get(endpointId).ownerId();
            if (owner != null && !owner.isEmpty() && !owner.equals(draft.ownerId())) {
                throw ApiError.badRequest("endpoint " + endpointId + " already has owner_id " + owner);
            }
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE endpoints SET owner_id = ?, updated_at = ? "
                + "WHERE id = ? AND project_id = ? AND owner_id = '' AND deleted_at IS NULL")) {
            for (String endpointId : draft.endpointIds()) {
                s.setString(1, draft.ownerId());
                Times.set(s, 2, now);
                s.setString(3, endpointId);
                s.setString(4, projectId);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** Links without an owner keep their explicit list. */
    private static void insertListedEndpoints(Connection c, String linkId, Draft draft) throws SQLException {
        if (!draft.ownerId().isEmpty() || draft.endpointIds().isEmpty()) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO portal_links_endpoints(portal_link_id, endpoint_id) VALUES (?, ?)")) {
            for (String endpointId : draft.endpointIds()) {
                s.setString(1, linkId);
                s.setString(2, endpointId);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** Adds {@code endpointId} to a link's explicit list (portal-created endpoints of owner-less links). */
    public static void addListedEndpoint(Connection c, String linkId, String endpointId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT OR IGNORE INTO portal_links_endpoints(portal_link_id, endpoint_id) VALUES (?, ?)")) {
            s.setString(1, linkId);
            s.setString(2, endpointId);
            s.executeUpdate();
        }
    }

    private String storeKey(Connection c, String linkId, Keys.Generated key) throws SQLException {
        Instant now = context.now();
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM portal_tokens WHERE portal_link_id = ? AND expires_at <= ?")) {
            s.setString(1, linkId);
            Times.set(s, 2, now);
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO portal_tokens(id, portal_link_id, mask_id, hash, "
                + "salt, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, context.newId());
            s.setString(2, linkId);
            s.setString(3, key.maskId());
            s.setString(4, key.hash());
            s.setString(5, key.salt());
            Times.set(s, 6, now.plus(REFRESH_KEY_LIFETIME));
            Times.set(s, 7, now);
            s.executeUpdate();
        }
        return key.key();
    }

    private static void deleteKeys(Connection c, String linkId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM portal_tokens WHERE portal_link_id = ?")) {
            s.setString(1, linkId);
            s.executeUpdate();
        }
    }

    private static String uniqueToken(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM portal_links WHERE token = ?")) {
            while (true) {
                String token = Keys.random(TOKEN_LENGTH);
                s.setString(1, token);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return token;
                    }
                }
            }
        }
    }

    /** The wire shape; {@code authKey} is "" unless a refresh key was just minted. */
    PortalLink response(Link link, List<Endpoint> endpoints, String authKey) {
        String url = context.baseUrl() + "/portal?token=" + link.token()
                + (authKey.isEmpty() ? "" : "&auth_token=" + authKey);
        return new PortalLink(link.id(), link.name(), link.projectId(), link.ownerId(),
                endpoints.stream().map(Endpoint::uid).toList(), endpoints.size(), link.canManageEndpoint(),
                link.token(), EndpointRedaction.redactAll(endpoints), url, link.authType(), authKey,
                link.createdAt(), link.updatedAt(), link.deletedAt());
    }

    private static Link map(ResultSet rs) throws SQLException {
        return new Link(rs.getString("id"), rs.getString("project_id"), rs.getString("name"), rs.getString("token"),
                rs.getString("owner_id"), rs.getInt("can_manage_endpoint") != 0,
                PortalAuthType.fromWire(rs.getString("auth_type")), Times.get(rs, "created_at"),
                Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
