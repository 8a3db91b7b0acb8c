package dev.hookline.server.auth;

import dev.hookline.server.store.Store;
import dev.hookline.server.store.Times;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;

/**
 * The SQL behind credentials: stored API keys, portal refresh keys and static portal link tokens, looked up by their
 * public part. Only live ones (not revoked, their project or link not deleted) are found. One instance, made with the
 * {@link KeyAuthenticator}.
 */
final class KeyRepository {

    /** A stored API key: {@code instance} or {@code project}, its PBKDF2 hash and salt, its expiry (null: none). */
    record StoredApiKey(String keyType, String projectId, String hash, String salt, Instant expiresAt) {
    }

    /** A stored portal refresh key of a live link. */
    record StoredRefreshKey(String hash, String salt, Instant expiresAt, String linkId, String projectId) {
    }

    /** A live portal link, by its static token. */
    record TokenLink(String linkId, String projectId) {
    }

    private final Store store;

    KeyRepository(Store store) {
        this.store = store;
    }

    StoredApiKey apiKey(String mask) {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT k.key_type, k.project_id, k.hash, k.salt, k.expires_at FROM api_keys k "
                            + "LEFT JOIN projects p ON p.id = k.project_id "
                            + "WHERE k.mask_id = ? AND k.deleted_at IS NULL "
                            + "AND (k.project_id IS NULL OR p.deleted_at IS NULL)")) {
                s.setString(1, mask);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new StoredApiKey(rs.getString("key_type"), rs.getString("project_id"),
                            rs.getString("hash"), rs.getString("salt"), Times.get(rs, "expires_at")) : null;
                }
            }
        });
    }

    StoredRefreshKey portalRefreshKey(String mask) {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT t.hash, t.salt, t.expires_at, l.id, l.project_id FROM portal_tokens t "
                            + "JOIN portal_links l ON l.id = t.portal_link_id "
                            + "WHERE t.mask_id = ? AND l.deleted_at IS NULL")) {
                s.setString(1, mask);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new StoredRefreshKey(rs.getString("hash"), rs.getString("salt"),
                            Times.get(rs, "expires_at"), rs.getString("id"), rs.getString("project_id")) : null;
                }
            }
        });
    }

    TokenLink staticTokenLink(String token) {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id, project_id FROM portal_links WHERE token = ? AND deleted_at IS NULL "
                            + "AND auth_type = 'static_token'")) {
                s.setString(1, token);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new TokenLink(rs.getString("id"), rs.getString("project_id")) : null;
                }
            }
        });
    }
}
