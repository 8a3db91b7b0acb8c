package dev.hookline.server.auth;

import dev.hookline.server.store.Store;
import dev.hookline.server.domain.TooBusyException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Resolves a credential to a {@link Principal}: API keys ({@code CO.}) against their stored PBKDF2 hash, portal
 * refresh keys ({@code PRT.}) and static portal link tokens. Knows nothing of HTTP: the bearer authenticator of
 * {@code http.auth} reads the header and answers 401/403/429.
 *
 * <p>Rejecting a wrong credential must cost about what accepting a right one does (docs/adr/0028). So:
 * <ul>
 *   <li>a verified key is remembered by its mask (its public part) with the SHA-256 of the whole key: the right key
 *       is then accepted, and any other secret under that mask rejected, by one SHA-256 and a constant-time compare;
 *   <li>a credential that failed is remembered (its SHA-256) for a minute;
 *   <li>a mask with no live key is refused after one indexed read, without PBKDF2;
 *   <li>everything else (a live mask not verified recently) runs PBKDF2 on {@link SlowKeyChecks}: one thread and a
 *       short queue, refused with {@link TooBusyException} when full.
 * </ul>
 * Both memories are bounded. Every change that retires a credential (project deleted, link revoked or changed) calls
 * {@link #forgetAll()}; a check that started before it does not store its result.
 */
public final class KeyAuthenticator implements AutoCloseable {

    /** How long a verified key is trusted without a new check (revocations clear it at once). */
    static final Duration REMEMBER_VALID = Duration.ofMinutes(10);
    /** How long a failed credential is refused without a new check. */
    static final Duration REMEMBER_INVALID = Duration.ofMinutes(1);
    static final int MAX_REMEMBERED = 10_000;
    /** Longer than any credential Hookline issues (a key is 84 characters); refused unread. */
    static final int MAX_TOKEN_LENGTH = 512;
    private static final int PBKDF2_THREADS = 1;
    private static final int PBKDF2_QUEUE = 16;

    /** A verified credential: the SHA-256 of the whole of it, and who it is. */
    private record Verified(byte[] fingerprint, Principal principal) {
    }

    private final Store store;
    private final KeyRepository keys;
    private final RecentEntries<Verified> verified = new RecentEntries<>(MAX_REMEMBERED);
    private final RecentEntries<Boolean> rejected = new RecentEntries<>(MAX_REMEMBERED);
    /** Portal session keys ({@code PSK.}, docs/adr/0025) by SHA-256: memory only, each until it expires. */
    private final RecentEntries<Principal> portalSessions = new RecentEntries<>(MAX_REMEMBERED);
    private final SlowKeyChecks slowChecks = new SlowKeyChecks(PBKDF2_THREADS, PBKDF2_QUEUE);
    private final Map<String, Principal> sessionKeys = new ConcurrentHashMap<>();
    /** Bumped by {@link #forgetAll()}: a check that saw an older value does not remember its result. */
    private final AtomicLong generation = new AtomicLong();

    public KeyAuthenticator(Store store) {
        this.store = store;
        this.keys = new KeyRepository(store);
    }

    /**
     * The principal {@code token} (the credential without its scheme) stands for, or null when it is not valid.
     *
     * @throws TooBusyException when the credential needs a PBKDF2 check and too many are waiting for one
     */
    public Principal resolve(String token) {
        if (token.length() > MAX_TOKEN_LENGTH) {
            return null;
        }
        byte[] fingerprint = sha256(token);
        String fingerprintHex = HexFormat.of().formatHex(fingerprint);
        Principal session = sessionKeys.get(fingerprintHex);
        if (session != null) {
            return session;
        }
        Instant now = store.now();
        if (token.startsWith("PSK.")) {
            return portalSessions.get(fingerprintHex, now);
        }
        String identity = identity(token, fingerprintHex);
        Verified known = verified.get(identity, now);
        if (known != null) {
            // the key under this mask is known: the presented one is either it or wrong, no PBKDF2 needed
            return MessageDigest.isEqual(fingerprint, known.fingerprint) ? known.principal : null;
        }
        if (rejected.get(fingerprintHex, now) != null) {
            return null;
        }
        long seen = generation.get();
        Checked checked = verify(token, fingerprintHex, now);
        if (generation.get() == seen) {
            if (checked.principal == null) {
                rejected.put(fingerprintHex, Boolean.TRUE, now.plus(REMEMBER_INVALID), now);
            } else {
                Instant until = now.plus(REMEMBER_VALID);
                if (checked.expiresAt != null && checked.expiresAt.isBefore(until)) {
                    until = checked.expiresAt;
                }
                verified.put(identity, new Verified(fingerprint, checked.principal), until, now);
            }
        }
        return checked.principal;
    }

    /**
     * Accepts {@code key} as an instance key until the server stops. Used for the console's in-process server: the
     * key lives only in memory (its SHA-256, not the key), so no console credential is ever written to disk.
     */
    public void addSessionKey(String key) {
        sessionKeys.put(HexFormat.of().formatHex(sha256(key)), Principal.instance());
    }

    /**
     * Accepts {@code key} as a portal session of {@code principal} until {@code until} (docs/adr/0025). Kept in memory
     * only (its SHA-256), so a restart ends every session; the link's liveness is still checked on each request.
     */
    public void addPortalSession(String key, Principal principal, Instant until) {
        portalSessions.put(HexFormat.of().formatHex(sha256(key)), principal, until, store.now());
    }

    /** Drops every remembered verification (after a key, link or project is revoked, changed or deleted). */
    public void forgetAll() {
        generation.incrementAndGet();
        verified.clear();
        rejected.clear();
    }

    /** How many PBKDF2 checks have run: what a flood of wrong credentials cost. */
    public long pbkdf2Runs() {
        return slowChecks.runs();
    }

    @Override
    public void close() {
        slowChecks.close();
    }

    /** The result of a full check: who (null: nobody) and until when the credential is valid (null: no expiry). */
    private record Checked(Principal principal, Instant expiresAt) {
        static final Checked NOBODY = new Checked(null, null);
    }

    /** What a verified credential is remembered under: its kind and mask, or (a static token) its SHA-256. */
    private static String identity(String token, String fingerprintHex) {
        String mask = Keys.maskOf(token, "CO");
        if (mask != null) {
            return "CO." + mask;
        }
        mask = Keys.maskOf(token, "PRT");
        return mask != null ? "PRT." + mask : "token:" + fingerprintHex;
    }

    private Checked verify(String token, String fingerprintHex, Instant now) {
        if (token.startsWith("CO.")) {
            return verifyApiKey(token, fingerprintHex, now);
        }
        if (token.startsWith("PRT.")) {
            return verifyPortalRefreshKey(token, fingerprintHex, now);
        }
        KeyRepository.TokenLink link = keys.staticTokenLink(token);
        return link == null ? Checked.NOBODY : new Checked(Principal.portal(link.projectId(), link.linkId()), null);
    }

    private Checked verifyApiKey(String token, String fingerprintHex, Instant now) {
        String mask = Keys.maskOf(token, "CO");
        KeyRepository.StoredApiKey key = mask == null ? null : keys.apiKey(mask);
        if (key == null || (key.expiresAt() != null && !key.expiresAt().isAfter(now))
                || !slowChecks.matches(fingerprintHex, token, key.salt(), key.hash())) {
            return Checked.NOBODY;
        }
        Principal principal = "instance".equals(key.keyType()) ? Principal.instance()
                : Principal.project(key.projectId());
        return new Checked(principal, key.expiresAt());
    }

    private Checked verifyPortalRefreshKey(String token, String fingerprintHex, Instant now) {
        String mask = Keys.maskOf(token, "PRT");
        KeyRepository.StoredRefreshKey key = mask == null ? null : keys.portalRefreshKey(mask);
        if (key == null || !key.expiresAt().isAfter(now)
                || !slowChecks.matches(fingerprintHex, token, key.salt(), key.hash())) {
            return Checked.NOBODY;
        }
        return new Checked(Principal.portal(key.projectId(), key.linkId()), key.expiresAt());
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
