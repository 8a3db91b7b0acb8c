package dev.hookline.server.portallinks;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.server.store.Store;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.Times;
import dev.hookline.server.store.RowMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The SQL of portal links, their explicit endpoint lists and their refresh keys (one instance per server,
 * made by {@code HooklineServer}; write methods take the writer's connection, the use cases are {@link PortalLinkService}'s).
 *
 * <p>A link's endpoints: every live endpoint with the link's {@code owner_id} when it has one, otherwise the live
 * endpoints of its explicit list ({@code portal_links_endpoints}). {@link #endpointsOf} is that rule; the portal API
 * and the events/deliveries scoping use it through {@code portal.PortalScope}.
 */
public final class PortalLinkRepository {

    static final String COLUMNS = "id, project_id, name, token, owner_id, can_manage_endpoint, auth_type, "
            + "created_at, updated_at, deleted_at";
    static final int TOKEN_LENGTH = 24;
    static final Duration REFRESH_KEY_LIFETIME = Duration.ofHours(1);
    /** "id is in link ?'s explicit list", driven by the join table's primary key. */
    private static final String LISTED =
            "id IN (SELECT endpoint_id FROM portal_links_endpoints WHERE portal_link_id = ?)";


    private final Store store;
    private final EndpointRepository endpoints;

    public PortalLinkRepository(Store store, EndpointRepository endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    // ------------------------------------------------------------------------------------------------- reads

    /** The live link {@code id} of {@code projectId}, or null. */
    public StoredPortalLink find(Connection c, String projectId, String id) throws SQLException {
        return ProjectRows.findById(c, "portal_links", COLUMNS, projectId, id, PortalLinkRepository::map);
    }

    /** The live link {@code id} of any project, or null (portal callers know only their link's ID). */
    public StoredPortalLink findLive(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM portal_links WHERE id = ? AND deleted_at IS NULL")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    public StoredPortalLink findLive(String id) {
        return store.db().read(c -> findLive(c, id));
    }

    /** The link's live endpoints, oldest first (see the class comment for the rule). */
    public List<Endpoint> endpointsOf(Connection c, StoredPortalLink link) throws SQLException {
        if (link.hasOwner()) {
            return endpoints.findByOwner(c, link.projectId(), link.ownerId());
        }
        try (PreparedStatement s = c.prepareStatement("SELECT " + EndpointRepository.COLUMNS + " FROM endpoints "
                + "WHERE project_id = ? AND deleted_at IS NULL AND " + LISTED + " ORDER BY id")) {
            s.setString(1, link.projectId());
            s.setString(2, link.id());
            return RowMapper.all(s, EndpointRepository::map);
        }
    }

    /** IDs of the link's live endpoints, oldest first; empty for an unknown or revoked link. */
    public List<String> endpointIdsOf(Connection c, String linkId) throws SQLException {
        StoredPortalLink link = findLive(c, linkId);
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

    /**
     * The endpoints of a project that portal link holders can change (ADR 0039): those of its live links with
     * {@code can_manage_endpoint}, as the owners such links reach and the endpoints their explicit lists name.
     */
    public record Managed(Set<String> ownerIds, Set<String> listedEndpointIds) {

        public boolean contains(Endpoint endpoint) {
            return endpoint.ownerId() != null && !endpoint.ownerId().isEmpty() && ownerIds.contains(endpoint.ownerId())
                    || listedEndpointIds.contains(endpoint.uid());
        }
    }

    public Managed managed(Connection c, String projectId) throws SQLException {
        Set<String> owners = new HashSet<>();
        Set<String> listed = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT owner_id FROM portal_links WHERE project_id = ? "
                + "AND deleted_at IS NULL AND can_manage_endpoint = 1 AND COALESCE(owner_id, '') <> ''")) {
            s.setString(1, projectId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    owners.add(rs.getString(1));
                }
            }
        }
        try (PreparedStatement s = c.prepareStatement("SELECT le.endpoint_id FROM portal_links_endpoints le "
                + "JOIN portal_links l ON l.id = le.portal_link_id WHERE l.project_id = ? AND l.deleted_at IS NULL "
                + "AND l.can_manage_endpoint = 1 AND COALESCE(l.owner_id, '') = ''")) {
            s.setString(1, projectId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    listed.add(rs.getString(1));
                }
            }
        }
        return new Managed(owners, listed);
    }

    /** True if {@code endpoint} (a live endpoint) is one of the link's endpoints. */
    public boolean contains(Connection c, StoredPortalLink link, Endpoint endpoint) throws SQLException {
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
        KeysetQuery<StoredPortalLink> query = new KeysetQuery<>("SELECT " + COLUMNS + " FROM portal_links", "id",
                PortalLinkRepository::map)
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
        return store.db().read(c -> {
            Page<StoredPortalLink> links = query.page(c, params, StoredPortalLink::id);
            List<PortalLink> content = new ArrayList<>(links.content().size());
            for (StoredPortalLink link : links.content()) {
                content.add(response(link, endpointsOf(c, link), ""));
            }
            return new Page<>(content, links.pagination());
        });
    }

    // ------------------------------------------------------------------------------------------------ writes

    /** Inserts a link row with a fresh unique token; returns the token. */
    public String insert(Connection c, String id, String projectId, PortalLinkDraft draft, Instant now)
            throws SQLException {
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
        return token;
    }

    /** Replaces a link's settings and its explicit endpoint list. */
    public void update(Connection c, String id, PortalLinkDraft draft, Instant now) throws SQLException {
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
    }

    /** Soft-deletes the link and drops its refresh keys; false when unknown. */
    public boolean softDelete(Connection c, String projectId, String id, Instant at) throws SQLException {
        if (ProjectRows.softDelete(c, "portal_links", "id", id, projectId, Times.toMicros(at)) == 0) {
            return false;
        }
        deleteKeys(c, id);
        return true;
    }

    /** Gives the owner-less endpoints among {@code endpointIds} the owner {@code ownerId}. */
    public void claimEndpoints(Connection c, String projectId, List<String> endpointIds, String ownerId,
                               Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE endpoints SET owner_id = ?, updated_at = ? "
                + "WHERE id = ? AND project_id = ? AND owner_id = '' AND deleted_at IS NULL")) {
            for (String endpointId : endpointIds) {
                s.setString(1, ownerId);
                Times.set(s, 2, now);
                s.setString(3, endpointId);
                s.setString(4, projectId);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** Links without an owner keep their explicit list. */
    private void insertListedEndpoints(Connection c, String linkId, PortalLinkDraft draft)
            throws SQLException {
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
    public void addListedEndpoint(Connection c, String linkId, String endpointId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT OR IGNORE INTO portal_links_endpoints(portal_link_id, endpoint_id) VALUES (?, ?)")) {
            s.setString(1, linkId);
            s.setString(2, endpointId);
            s.executeUpdate();
        }
    }

    /** Stores a refresh key of the link (dropping its expired ones); returns the key. */
    public String storeKey(Connection c, String linkId, Keys.Generated key) throws SQLException {
        Instant now = store.now();
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM portal_tokens WHERE portal_link_id = ? AND expires_at <= ?")) {
            s.setString(1, linkId);
            Times.set(s, 2, now);
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO portal_tokens(id, portal_link_id, mask_id, hash, "
                + "salt, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, store.newId());
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

    public void deleteKeys(Connection c, String linkId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM portal_tokens WHERE portal_link_id = ?")) {
            s.setString(1, linkId);
            s.executeUpdate();
        }
    }

    private String uniqueToken(Connection c) throws SQLException {
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
    public PortalLink response(StoredPortalLink link, List<Endpoint> endpoints, String authKey) {
        String url = store.baseUrl() + "/portal?token=" + link.token()
                + (authKey.isEmpty() ? "" : "&auth_token=" + authKey);
        return new PortalLink(link.id(), link.name(), link.projectId(), link.ownerId(),
                endpoints.stream().map(Endpoint::uid).toList(), endpoints.size(), link.canManageEndpoint(),
                link.token(), EndpointRedaction.redactAll(endpoints), url, link.authType(), authKey,
                link.createdAt(), link.updatedAt(), link.deletedAt());
    }

    private static StoredPortalLink map(ResultSet rs) throws SQLException {
        return new StoredPortalLink(rs.getString("id"), rs.getString("project_id"), rs.getString("name"),
                rs.getString("token"), rs.getString("owner_id"), rs.getInt("can_manage_endpoint") != 0,
                PortalAuthType.fromWire(rs.getString("auth_type")), Times.get(rs, "created_at"),
                Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
