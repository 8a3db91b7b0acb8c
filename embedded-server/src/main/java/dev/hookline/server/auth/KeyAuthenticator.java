package dev.hookline.server.auth;

import dev.hookline.server.ServerContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves a credential to a {@link Principal}: API keys ({@code CO.}) against their stored PBKDF2 hash, portal
 * refresh keys ({@code PRT.}) and static portal link tokens. A verified key is remembered for a short while (keyed by
 * its SHA-256, never the key itself) so PBKDF2 does not run on every request; revocations call {@link #forgetAll()}.
 * Knows nothing of HTTP: {@code http.auth.BearerAuthenticator} reads the header and answers 401/403.
 */
public final class KeyAuthenticator {

    private static final Duration CACHE_TTL = Duration.ofSeconds(30);

    private record Cached(Principal principal, Instant until) {
    }

    private final ServerContext context;
    private final KeyRepository keys;
    private final Map<String, Cached> verified = new ConcurrentHashMap<>();
    private final Map<String, Principal> sessionKeys = new ConcurrentHashMap<>();

    public KeyAuthenticator(ServerContext context) {
        this.context = context;
        this.keys = new KeyRepository(context);
    }

    /** The principal {@code token} (the credential without its scheme) stands for, or null when it is not valid. */
    public Principal resolve(String token) {
        return cachedOrVerify(token);
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
        KeyRepository.StoredApiKey key = mask == null ? null : keys.apiKey(mask);
        if (key == null || !Keys.matches(token, key.salt(), key.hash())) {
            return null;
        }
        if (key.expiresAt() != null && !key.expiresAt().isAfter(now)) {
            return null;
        }
        return "instance".equals(key.keyType()) ? Principal.instance() : Principal.project(key.projectId());
    }

    private Principal verifyPortalRefreshKey(String token, Instant now) {
        String mask = Keys.maskOf(token, "PRT");
        KeyRepository.StoredRefreshKey key = mask == null ? null : keys.portalRefreshKey(mask);
        if (key == null || !Keys.matches(token, key.salt(), key.hash()) || !key.expiresAt().isAfter(now)) {
            return null;
        }
        return Principal.portal(key.projectId(), key.linkId());
    }

    private Principal verifyPortalToken(String token) {
        KeyRepository.TokenLink link = keys.staticTokenLink(token);
        return link == null ? null : Principal.portal(link.projectId(), link.linkId());
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
