package dev.hookline.server.http.auth;

import dev.hookline.server.auth.Principal;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.portal.PortalScope;
import dev.hookline.server.portallinks.StoredPortalLink;

/**
 * The portal caller's link, checked on every {@code /portal-api} request: 401 when the credentials are not a portal
 * link's, or the link was revoked since the token was checked (the portal then asks for a new session).
 */
public final class PortalCaller {

    private PortalCaller() {
    }

    /** The caller's live link. */
    public static StoredPortalLink link(Exchange ex, PortalScope scope) {
        StoredPortalLink link = scope.liveLink(linkId(ex));
        if (link == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        return link;
    }

    /** The caller's live link and the endpoints it reaches, read together. */
    public static PortalScope.Reach reach(Exchange ex, PortalScope scope) {
        PortalScope.Reach reach = scope.reach(linkId(ex));
        if (reach == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        return reach;
    }

    private static String linkId(Exchange ex) {
        Principal principal = ex.principal();
        if (principal == null || principal.kind() != Principal.Kind.PORTAL || principal.portalLinkId() == null) {
            throw ApiError.unauthorized("portal routes need a portal link token");
        }
        return principal.portalLinkId();
    }
}
