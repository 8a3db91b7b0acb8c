package dev.hookline.server.endpoints;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.Page;
import dev.hookline.server.store.Store;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.Times;
import dev.hookline.server.store.RowMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The SQL of endpoints. Rows come back complete (secrets, auth, mTLS key included): the dispatcher needs them; the
 * HTTP layer redacts what Convoy redacts before answering. One instance per server (made by {@code HooklineServer});
 * write methods take the writer's connection, and the use cases around them are {@link EndpointService}'s.
 */
public final class EndpointRepository {

    /** The columns {@link #map} reads, in table order. */
    public static final String COLUMNS = "id, project_id, owner_id, name, url, description, status, secrets, "
            + "advanced_signatures, http_timeout, rate_limit, rate_limit_duration, slack_webhook_url, "
            + "teams_webhook_url, support_email, content_type, authentication, mtls_client_cert, created_at, "
            + "updated_at, deleted_at";

    private static final TypeReference<List<EndpointSecret>> SECRETS = new TypeReference<>() {
    };

    private final Store store;

    public EndpointRepository(Store store) {
        this.store = store;
    }

    /** The live endpoint {@code endpointId} of {@code projectId}, or null. */
    public Endpoint find(String projectId, String endpointId) {
        return store.db().read(c -> find(c, projectId, endpointId));
    }

    public Endpoint find(Connection c, String projectId, String endpointId) throws SQLException {
        return ProjectRows.findById(c, "endpoints", COLUMNS, projectId, endpointId, EndpointRepository::map);
    }

    /** The live endpoints among {@code ids}, by ID (missing ones are absent from the map). */
    public Map<String, Endpoint> findAll(String projectId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        return store.db().read(c -> findAll(c, projectId, ids));
    }

    public Map<String, Endpoint> findAll(Connection c, String projectId, Collection<String> ids)
            throws SQLException {
        return ProjectRows.findByIds(c, "endpoints", COLUMNS, projectId, ids, EndpointRepository::map, Endpoint::uid);
    }

    /** The live endpoints of {@code projectId} whose owner_id is {@code ownerId}, oldest first. */
    public List<Endpoint> findByOwner(Connection c, String projectId, String ownerId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM endpoints WHERE project_id = ? "
                + "AND owner_id = ? AND deleted_at IS NULL ORDER BY id")) {
            s.setString(1, projectId);
            s.setString(2, ownerId);
            return RowMapper.all(s, EndpointRepository::map);
        }
    }

    /** The oldest live endpoint of {@code projectId} whose URL is exactly {@code url}, or null. */
    public Endpoint findByUrl(Connection c, String projectId, String url) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM endpoints INDEXED BY "
                + "endpoints_project WHERE project_id = ? AND url = ? AND deleted_at IS NULL ORDER BY id LIMIT 1")) {
            s.setString(1, projectId);
            s.setString(2, url);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    /**
     * Live endpoints of {@code projectId}, keyset-paged. {@code nameContains} (case-insensitive), {@code ownerId}
     * (served by {@code endpoints_owner}) and {@code portalLinkId} (the link's explicit endpoint list) may be null.
     */
    public Page<Endpoint> list(String projectId, ListParams params, String nameContains, String ownerId,
                               String portalLinkId) {
        KeysetQuery<Endpoint> query = new KeysetQuery<>("SELECT " + COLUMNS + " FROM endpoints", "id",
                EndpointRepository::map)
                .where("project_id = ?", projectId)
                .where("deleted_at IS NULL");
        if (ownerId != null) {
            query.where("owner_id = ?", ownerId);
        }
        if (nameContains != null && !nameContains.isBlank()) {
            query.where("name LIKE ? ESCAPE '\\'", "%" + escapeLike(nameContains.trim()) + "%");
        }
        if (portalLinkId != null) {
            query.where("id IN (SELECT endpoint_id FROM portal_links_endpoints WHERE portal_link_id = ?)",
                    portalLinkId);
        }
        return store.db().read(c -> query.page(c, params, Endpoint::uid));
    }

    /**
     * Soft-deletes the endpoint and its subscriptions; returns the deleted row (for its meta event), or null when
     * there was no live endpoint.
     */
    public Endpoint softDelete(Connection c, String projectId, String endpointId, Instant at) throws SQLException {
        long now = Times.toMicros(at);
        ProjectRows.softDelete(c, "endpoints", "id", endpointId, projectId, now);
        ProjectRows.softDelete(c, "subscriptions", "endpoint_id", endpointId, projectId, now);
        return ProjectRows.findByIdsIncludingDeleted(c, "endpoints", COLUMNS, projectId, List.of(endpointId),
                EndpointRepository::map, Endpoint::uid).get(endpointId);
    }

    /** Inserts a complete endpoint row. */
    public void insert(Connection c, Endpoint e) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO endpoints(" + COLUMNS + ") VALUES ("
                + String.join(", ", Collections.nCopies(21, "?")) + ")")) {
            s.setString(1, e.uid());
            s.setString(2, e.projectId());
            bindSettings(s, 3, e);
            Times.set(s, 19, e.createdAt());
            Times.set(s, 20, e.updatedAt());
            Times.set(s, 21, e.deletedAt());
            s.executeUpdate();
        }
    }

    /** Writes every mutable column of a live endpoint row (settings, status, secrets, updated_at). */
    public void save(Connection c, Endpoint e) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE endpoints SET owner_id = ?, name = ?, url = ?, "
                + "description = ?, status = ?, secrets = ?, advanced_signatures = ?, http_timeout = ?, "
                + "rate_limit = ?, rate_limit_duration = ?, slack_webhook_url = ?, teams_webhook_url = ?, "
                + "support_email = ?, content_type = ?, authentication = ?, mtls_client_cert = ?, updated_at = ? "
                + "WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            bindSettings(s, 1, e);
            Times.set(s, 17, e.updatedAt());
            s.setString(18, e.uid());
            s.setString(19, e.projectId());
            s.executeUpdate();
        }
    }

    /** Binds owner_id .. mtls_client_cert (16 columns, in {@link #COLUMNS} order) from {@code first}. */
    private static void bindSettings(PreparedStatement s, int first, Endpoint e) throws SQLException {
        int i = first;
        s.setString(i++, e.ownerId() == null ? "" : e.ownerId());
        s.setString(i++, e.name());
        s.setString(i++, e.url());
        s.setString(i++, e.description() == null ? "" : e.description());
        s.setString(i++, e.status().wire());
        s.setString(i++, JsonColumns.write(e.secrets() == null ? List.of() : e.secrets()));
        s.setInt(i++, Boolean.FALSE.equals(e.advancedSignatures()) ? 0 : 1);
        s.setLong(i++, e.httpTimeout() == null ? EndpointValidator.DEFAULT_HTTP_TIMEOUT : e.httpTimeout());
        s.setInt(i++, e.rateLimit() == null ? 0 : e.rateLimit());
        s.setLong(i++, e.rateLimitDuration() == null ? 0 : e.rateLimitDuration());
        s.setString(i++, e.slackWebhookUrl() == null ? "" : e.slackWebhookUrl());
        s.setString(i++, e.teamsWebhookUrl() == null ? "" : e.teamsWebhookUrl());
        s.setString(i++, e.supportEmail() == null ? "" : e.supportEmail());
        s.setString(i++, (e.contentType() == null ? ContentType.APPLICATION_JSON : e.contentType()).wire());
        s.setString(i++, JsonColumns.write(e.authentication()));
        s.setString(i, JsonColumns.write(e.mtlsClientCert()));
    }

    /** {@code text} with LIKE's wildcards escaped by backslash. */
    public static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** Maps a row selected with {@link #COLUMNS}. */
    public static Endpoint map(ResultSet rs) throws SQLException {
        return new Endpoint(rs.getString("id"), rs.getString("project_id"), rs.getString("owner_id"),
                rs.getString("url"), rs.getString("name"), JsonColumns.read(rs, "secrets", SECRETS),
                rs.getInt("advanced_signatures") != 0, rs.getString("description"),
                rs.getString("slack_webhook_url"), rs.getString("teams_webhook_url"), rs.getString("support_email"),
                EndpointStatus.fromWire(rs.getString("status")), rs.getLong("http_timeout"), null,
                JsonColumns.read(rs, "authentication", EndpointAuthentication.class),
                rs.getInt("rate_limit"), rs.getLong("rate_limit_duration"),
                ContentType.fromWire(rs.getString("content_type")), null, null, null, null, null, null,
                JsonColumns.read(rs, "mtls_client_cert", MtlsClientCert.class),
                Times.get(rs, "created_at"), Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
