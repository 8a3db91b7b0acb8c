package dev.hookline.server.http.auth;

import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.auth.Principal;
import dev.hookline.server.domain.TooBusyException;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.HttpApi;
import java.util.Locale;

/**
 * {@code Authorization: Bearer ...} for the routes: the credential is resolved by {@link KeyAuthenticator}, then the
 * route's {@link Access} decides. 401 for a missing, unknown or wrong kind of credential; 403 for a project key on an
 * instance-key route; 429 with {@code Retry-After} when the credential needs a PBKDF2 check and the key-check queue is
 * full (docs/adr/0028: "try again", not "your key is wrong", since it may well be right).
 */
public final class BearerAuthenticator implements HttpApi.Authenticator {

    /** A full key-check queue drains in well under a second (16 PBKDF2 runs of about 3 ms). */
    private static final long RETRY_AFTER_SECONDS = 1;

    private final KeyAuthenticator keys;

    public BearerAuthenticator(KeyAuthenticator keys) {
        this.keys = keys;
    }

    @Override
    public Principal authenticate(Access access, String header) {
        Principal principal;
        try {
            principal = keys.resolve(bearerToken(header));
        } catch (TooBusyException e) {
            throw ApiError.tooManyRequests(e.getMessage(), RETRY_AFTER_SECONDS);
        }
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
}
