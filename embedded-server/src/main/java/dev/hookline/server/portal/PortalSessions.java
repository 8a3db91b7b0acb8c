package dev.hookline.server.portal;

import dev.hookline.server.store.Store;
import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.auth.Principal;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;

/**
 * Portal sessions (docs/adr/0025): the page trades the credential in its link's URL for a session key on its first
 * load, keeps only that key, and takes the token out of the address bar. A session key ({@code PSK.} + 32 random
 * characters) reaches what its link reaches, lives {@link #LIFETIME} at most, only in memory (a restart ends it),
 * cannot open another session, and stops working the moment its link is revoked (every request checks the link).
 */
public final class PortalSessions {

    /** How long a session key works after it was opened. */
    public static final Duration LIFETIME = Duration.ofHours(4);
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /** A new session: its key (shown once, to the page) and when it stops working. */
    public record Session(String sessionKey, Instant expiresAt) {
    }

    private final Store store;
    private final KeyAuthenticator keys;
    private final SecureRandom random = new SecureRandom();

    public PortalSessions(Store store, KeyAuthenticator keys) {
        this.store = store;
        this.keys = keys;
    }

    /** Opens a session for a portal principal (the caller checked the link is live). */
    public Session open(Principal portal) {
        StringBuilder key = new StringBuilder("PSK.");
        for (int i = 0; i < 32; i++) {
            key.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        Instant until = store.now().plus(LIFETIME);
        keys.addPortalSession(key.toString(), portal, until);
        return new Session(key.toString(), until);
    }
}
