package dev.hookline.server.auth;

import dev.hookline.server.ServerContext;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.HttpApi;
import dev.hookline.server.store.Times;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves {@code Authorization: Bearer ...} to a {@link Principal}: API keys ({@code CO.}) against their stored
 * PBKDF2 hash, portal refresh keys ({@code PRT.}) and static portal link tokens. A verified key is remembered for a
 * short while (keyed by its SHA-256, never the key itself) so PBKDF2 does not run on every request; revocations
 * call {@link #forgetAll()}.
 */
public final class KeyAuthenticator implements HttpApi.Authenticator {

    private static final Duration CACHE_TTL = Duration.ofSeconds(30);

    private record Cached(Principal principal, Instant until) {
    }

    private final ServerContext context;
    private final Map<String, Cached> verified = new ConcurrentHashMap<>();
    private final Map<String, Principal> sessionKeys = new ConcurrentHashMap<>();

    public KeyAuthenticator(ServerContext context) {
        this.context = context;
    }

    @Override
    public Principal authenticate(Access access, String header) {
        String token = bearerToken(header);
        Principal principal = cachedOrVerify(token);
        if (principal == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        switch (access) {
            case API_KEY -> {
                if (principal.kind() == Principal.Kind.PORTAL) {
                    throw ApiError.unauthorized("portal tokens reach only /portal-api routes");
                }
            }
            case INSTANCE_KEY -> {
                if (principal.kind() == Principal.Kind.PORTAL) {
                    throw ApiError.unauthorized("portal tokens reach only /portal-api routes");
                }
                if (principal.kind() != Principal.Kind.INSTANCE) {
                    throw ApiError.forbidden("this action needs the instance API key");
                }
            }
            case PORTAL -> {
                if (principal.kind() != Principal.Kind.PORTAL) {
                    throw ApiError.unauthorized("portal routes need a portal link token");
                }
            }
            case PUBLIC -> {
                // nothing to check
            }
        }
        return principal;
    }

    /**
     * Accepts {@code key} as an instance key until the server stops. Used for the console's in-process server: the
     * key lives only in memory (its SHA-256, not the key), so no console credential is ever written to disk.
     */
    public void addSessionKey(String key) {
        sessionKeys.put(sha256(key), Principal.instance());
    }

    /** Drops every remembered verification (after a key, link or project is revoked or deleted). */
    public void forgetAll() {
        verified.clear();
    }

    private Principal cachedOrVerify(String token) {
        String fingerprint = sha256(token);
        Principal session = sessionKeys.get(fingerprint);
        if (session != null) {
            return session;
        }
        Cached cached = verified.get(fingerprint);
        Instant now = context.now();
        if (cached != null && cached.until.isAfter(now)) {
            return cached.principal;
        }
        Principal principal = verify(token, now);
        if (principal != null) {
            verified.put(fingerprint, new Cached(principal, now.plus(CACHE_TTL)));
        }
        return principal;
    }

    private Principal verify(String token, Instant now) {
        if (token.startsWith("CO.")) {
            return verifyApiKey(token, now);
        }
        if (token.startsWith("PRT.")) {
            return verifyPortalRefreshKey(token, now);
        }
        return verifyPortalToken(token);
    }

    private Principal verifyApiKey(String token, Instant now) {
        String mask = Keys.maskOf(token, "CO");
        if (mask == null) {
            return null;
        }
        return context.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT k.key_type, k.project_id, k.hash, k.salt, k.expires_at FROM api_keys k "
                            + "LEFT JOIN projects p ON p.id = k.project_id "
                            + "WHERE k.mask_id = ? AND k.deleted_at IS NULL "
                            + "AND (k.project_id IS NULL OR p.deleted_at IS NULL)")) {
                s.setString(1, mask);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next() || !Keys.matches(token, rs.getString("salt"), rs.getString("hash"))) {
                        return null;
                    }
                    Instant expires = Times.get(rs, "expires_at");
                    if (expires != null && !expires.isAfter(now)) {
                        return null;
                    }
                    return "instance".equals(rs.getString("key_type"))
                            ? Principal.instance()
                            : Principal.project(rs.getString("project_id"));
                }
            }
        });
    }

    private Principal verifyPortalRefreshKey(String token, Instant now) {
        String mask = Keys.maskOf(token, "PRT");
        if (mask == null) {
            return null;
        }
        return context.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT t.hash, t.salt, t.expires_at, l.id, l.project_id FROM portal_tokens t "
                            + "JOIN portal_links l ON l.id = t.portal_link_id "
                            + "WHERE t.mask_id = ? AND l.deleted_at IS NULL")) {
                s.setString(1, mask);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next() || !Keys.matches(token, rs.getString("salt"), rs.getString("hash"))) {
                        return null;
                    }
                    if (!Times.get(rs, "expires_at").isAfter(now)) {
                        return null;
                    }
                    return Principal.portal(rs.getString("project_id"), rs.getString("id"));
                }
            }
        });
    }

    private Principal verifyPortalToken(String token) {
        return context.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id, project_id FROM portal_links WHERE token = ? AND deleted_at IS NULL "
                            + "AND auth_type = 'static_token'")) {
                s.setString(1, token);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Principal.portal(rs.getString("project_id"), rs.getString("id")) : null;
                }
            }
        });
    }

    private static String bearerToken(String header) {
        if (header == null || header.isBlank()) {
            throw ApiError.unauthorized("Authentication required");
        }
        String[] parts = header.trim().split(" ");
        if (parts.length != 2 || !parts[0].toUpperCase(Locale.ROOT).equals("BEARER") || parts[1].isBlank()) {
            throw ApiError.unauthorized("Authentication required");
        }
        return parts[1];
    }

    private static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
