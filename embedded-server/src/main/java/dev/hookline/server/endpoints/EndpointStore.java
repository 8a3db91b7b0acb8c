package dev.hookline.server.endpoints;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.server.ServerContext;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Endpoints in the database. Rows come back complete (secrets, auth, mTLS key included): the dispatcher needs
 * them; the HTTP layer redacts what Convoy redacts before answering.
 */
public final class EndpointStore {

    static final String COLUMNS = "id, project_id, owner_id, name, url, description, status, secrets, "
            + "advanced_signatures, http_timeout, rate_limit, rate_limit_duration, slack_webhook_url, "
            + "teams_webhook_url, support_email, content_type, authentication, mtls_client_cert, created_at, "
            + "updated_at, deleted_at";

    private static final TypeReference<List<EndpointSecret>> SECRETS = new TypeReference<>() {
    };

    private final ServerContext context;

    public EndpointStore(ServerContext context) {
        this.context = context;
    }

    /** The live endpoint {@code endpointId} of {@code projectId}, or null. */
    public Endpoint find(String projectId, String endpointId) {
        return context.db().read(c -> find(c, projectId, endpointId));
    }

    public static Endpoint find(Connection c, String projectId, String endpointId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM endpoints WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            s.setString(1, endpointId);
            s.setString(2, projectId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    /** The live endpoints among {@code ids}, by ID (missing ones are absent from the map). */
    public Map<String, Endpoint> findAll(String projectId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        return context.db().read(c -> findAll(c, projectId, ids));
    }

    public static Map<String, Endpoint> findAll(Connection c, String projectId, Collection<String> ids)
            throws SQLException {
        Map<String, Endpoint> out = new LinkedHashMap<>();
        List<String> unique = new ArrayList<>(new java.util.LinkedHashSet<>(ids));
        for (int from = 0; from < unique.size(); from += 500) {
            List<String> chunk = unique.subList(from, Math.min(unique.size(), from + 500));
            String marks = String.join(", ", Collections.nCopies(chunk.size(), "?"));
            try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM endpoints WHERE project_id = ? "
                    + "AND deleted_at IS NULL AND id IN (" + marks + ")")) {
                s.setString(1, projectId);
                for (int i = 0; i < chunk.size(); i++) {
                    s.setString(i + 2, chunk.get(i));
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        Endpoint endpoint = map(rs);
                        out.put(endpoint.uid(), endpoint);
                    }
                }
            }
        }
        return out;
    }

    /** The live endpoints of {@code projectId} whose owner_id is {@code ownerId}, oldest first. */
    public static List<Endpoint> findByOwner(Connection c, String projectId, String ownerId) throws SQLException {
        List<Endpoint> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM endpoints WHERE project_id = ? "
                + "AND owner_id = ? AND deleted_at IS NULL ORDER BY id")) {
            s.setString(1, projectId);
            s.setString(2, ownerId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(map(rs));
                }
            }
        }
        return out;
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
                ContentType.fromWire(rs.getString("content_type")), null, null,
                JsonColumns.read(rs, "mtls_client_cert", MtlsClientCert.class),
                Times.get(rs, "created_at"), Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
