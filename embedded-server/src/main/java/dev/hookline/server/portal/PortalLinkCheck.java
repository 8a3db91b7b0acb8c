package dev.hookline.server.portal;

import dev.hookline.server.store.Store;
import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.auth.Principal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Why a portal link's URL does or does not open the portal page, told in words a person can act on. The page route
 * asks this before serving the page, so an expired, revoked or wrong link gets a human page naming the project
 * ("ask shop for a new one") instead of a JSON 401 from the first API call. The answer never says more than the
 * URL's holder already knows: a token that matches nothing names no project. A refresh key is checked by the
 * {@link KeyAuthenticator} (its bounded PBKDF2 share and memories, docs/adr/0028), never here.
 */
public final class PortalLinkCheck {

    /** The verdict on a link URL's tokens. */
    public enum State {
        /** The tokens open the portal. */
        VALID,
        /** A refresh-token link whose auth key expired or is missing (the link itself is live). */
        EXPIRED,
        /** The link (or its project) was revoked or deleted. */
        REVOKED,
        /** Nothing matches: a wrong, truncated or made-up token. */
        UNKNOWN
    }

    /** The verdict and, when a link matched, its project's name and ID (else empty and null). */
    public record Result(State state, String projectName, String projectId) {
        Result(State state, String projectName) {
            this(state, projectName, null);
        }
    }

    private final Store store;
    private final KeyAuthenticator keys;

    public PortalLinkCheck(Store store, KeyAuthenticator keys) {
        this.store = store;
        this.keys = keys;
    }

    /**
     * Checks the URL's {@code token} (the link's static token, may be null) and {@code authToken} (a {@code PRT.}
     * refresh key of a refresh-token link, may be null).
     *
     * @throws dev.hookline.server.domain.TooBusyException when the refresh key needs a PBKDF2 check and too many wait
     */
    public Result check(String token, String authToken) {
        String refreshKeyLink = liveRefreshKeyLink(authToken);
        return store.db().read(c -> {
            if (token == null) {
                String linkId = refreshKeyLink;
                return linkId == null ? new Result(State.UNKNOWN, "") : projectOf(c, linkId);
            }
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT l.id, l.auth_type, l.deleted_at AS link_deleted, p.id AS project_id, p.name, "
                            + "p.deleted_at AS project_deleted "
                            + "FROM portal_links l JOIN projects p ON p.id = l.project_id WHERE l.token = ?")) {
                s.setString(1, token);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return new Result(State.UNKNOWN, "");
                    }
                    String project = rs.getString("name");
                    String projectId = rs.getString("project_id");
                    if (rs.getObject("link_deleted") != null || rs.getObject("project_deleted") != null) {
                        return new Result(State.REVOKED, project);
                    }
                    if (!"refresh_token".equals(rs.getString("auth_type"))) {
                        return new Result(State.VALID, project, projectId);
                    }
                    String linkId = rs.getString("id");
                    boolean live = linkId.equals(refreshKeyLink);
                    return new Result(live ? State.VALID : State.EXPIRED, project, projectId);
                }
            }
        });
    }

    /** The live link a refresh key belongs to, or null when there is none or it is wrong, expired or revoked. */
    private String liveRefreshKeyLink(String key) {
        if (key == null || !key.startsWith("PRT.")) {
            return null;
        }
        Principal principal = keys.resolve(key);
        return principal == null || principal.kind() != Principal.Kind.PORTAL ? null : principal.portalLinkId();
    }

    private static Result projectOf(Connection c, String linkId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT p.name, p.id FROM portal_links l "
                + "JOIN projects p ON p.id = l.project_id WHERE l.id = ?")) {
            s.setString(1, linkId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new Result(State.VALID, rs.getString(1), rs.getString(2))
                        : new Result(State.VALID, "");
            }
        }
    }
}
