package dev.hookline.server.http.portal;

import dev.hookline.server.domain.TooBusyException;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.portal.PortalLinkCheck;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The customer portal page: {@code GET /portal?token=...} (the URL a portal link hands out) and its static assets
 * under {@code /portal/assets/}, shipped in the jar ({@code resources/portal/}). The page is a small script-only app
 * that talks to {@code /portal-api} with the link's token (ADR 0025).
 *
 * <p>Before serving the page the URL's tokens are checked, so an expired, revoked or wrong link gets a page a person
 * can read ("This link has expired; ask shop for a new one"), never a JSON error. A request without tokens gets the
 * page too: after its first load the page keeps its token in session storage and drops it from the address bar, so
 * a reload comes without one. Every answer carries a strict Content-Security-Policy (scripts and styles from this
 * origin only, nothing inline, no framing) and no referrer; the HTML is never cached. The query string (it holds
 * the token) is not logged: {@code HttpApi} logs paths only.
 */
public final class PortalPageRoutes {

    static final String CSP_WITHOUT_FRAMING = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; ";
    static final String CSP = CSP_WITHOUT_FRAMING + "frame-ancestors 'none'";

    /** The files the page is made of; nothing else under {@code resources/portal/} is served. */
    private static final Map<String, String> ASSET_TYPES = Map.of(
            "portal.css", "text/css; charset=utf-8",
            "app.js", "text/javascript; charset=utf-8",
            "api.js", "text/javascript; charset=utf-8",
            "dom.js", "text/javascript; charset=utf-8",
            "endpoints.js", "text/javascript; charset=utf-8",
            "deliveries.js", "text/javascript; charset=utf-8",
            "events.js", "text/javascript; charset=utf-8",
            "favicon.svg", "image/svg+xml");

    private record Asset(byte[] bytes, String contentType, String etag) {
    }

    private final PortalLinkCheck links;
    private final Function<String, List<String>> frameAncestors;
    private final byte[] page;
    private final Map<String, Asset> assets = new LinkedHashMap<>();

    /**
     * @param frameAncestors a project's {@code portal_frame_ancestors} by project ID (empty for none or an unknown
     *                       project): the origins whose pages may frame the portal (docs/adr/0025)
     */
    public PortalPageRoutes(PortalLinkCheck links, Function<String, List<String>> frameAncestors) {
        this.links = links;
        this.frameAncestors = frameAncestors;
        this.page = resource("index.html");
        ASSET_TYPES.forEach((name, type) -> {
            byte[] bytes = resource(name);
            assets.put(name, new Asset(bytes, type, etag(bytes)));
        });
    }

    public void page(Exchange ex) throws IOException {
        ex.responseHeader("Cache-Control", "no-store");
        Optional<String> token = ex.query("token");
        Optional<String> authToken = ex.query("auth_token");
        if (token.isEmpty() && authToken.isEmpty()) {
            // a reload: the page left ?project=ID in the address bar (not a secret), so an embedding stays allowed
            secure(ex, ex.query("project").filter(id -> id.length() <= 64).map(frameAncestors).orElse(List.of()));
            ex.send(200, "text/html; charset=utf-8", page);
            return;
        }
        PortalLinkCheck.Result result;
        try {
            result = links.check(token.orElse(null), authToken.orElse(null));
        } catch (TooBusyException e) {
            secure(ex);
            ex.responseHeader("Retry-After", "1");
            ex.send(429, "text/html; charset=utf-8", PortalErrorPage.render("Busy",
                    "The server is busy checking links right now. Reload the page in a moment."));
            return;
        }
        secure(ex, result.projectId() == null ? List.of() : frameAncestors.apply(result.projectId()));
        switch (result.state()) {
            case VALID -> ex.send(200, "text/html; charset=utf-8", page);
            case EXPIRED -> ex.send(401, "text/html; charset=utf-8", PortalErrorPage.render("This link has expired",
                    "This link has expired; ask " + result.projectName() + " for a new one."));
            case REVOKED -> ex.send(410, "text/html; charset=utf-8", PortalErrorPage.render(
                    "This link no longer works", "This link was revoked; ask " + result.projectName()
                            + " for a new one."));
            case UNKNOWN -> ex.send(401, "text/html; charset=utf-8", PortalErrorPage.render("This link is not valid",
                    "The link is wrong or incomplete. Check that you opened all of it, or ask whoever sent it for "
                            + "a new one."));
        }
    }

    public void asset(Exchange ex) throws IOException {
        secure(ex);
        Asset asset = assets.get(ex.pathParam("file"));
        if (asset == null) {
            ex.responseHeader("Cache-Control", "no-store");
            ex.send(404, "text/plain; charset=utf-8", "not found".getBytes(StandardCharsets.UTF_8));
            return;
        }
        // revalidated on every load (a new server version must not run old scripts), answered 304 when unchanged
        ex.responseHeader("Cache-Control", "no-cache");
        ex.responseHeader("ETag", asset.etag());
        if (ex.header("If-None-Match").map(asset.etag()::equals).orElse(false)) {
            ex.send(304, null, new byte[0]);
            return;
        }
        ex.send(200, asset.contentType(), asset.bytes());
    }

    /** The headers every portal page answer carries (the page, its assets and its error pages). */
    static void secure(Exchange ex) {
        secure(ex, List.of());
    }

    /**
     * {@link #secure(Exchange)} for a page the project lets {@code origins} frame: they are the CSP's
     * {@code frame-ancestors} (checked origins, see {@code ProjectConfigs}); none: {@code 'none'} and
     * {@code X-Frame-Options: DENY} (which would override the list in older browsers, so it is left out then).
     */
    static void secure(Exchange ex, List<String> origins) {
        if (origins == null || origins.isEmpty()) {
            ex.responseHeader("Content-Security-Policy", CSP);
            ex.responseHeader("X-Frame-Options", "DENY");
        } else {
            ex.responseHeader("Content-Security-Policy", CSP_WITHOUT_FRAMING + "frame-ancestors "
                    + String.join(" ", origins));
        }
        ex.responseHeader("Referrer-Policy", "no-referrer");
        ex.responseHeader("X-Content-Type-Options", "nosniff");
        ex.responseHeader("Cross-Origin-Opener-Policy", "same-origin");
        ex.responseHeader("Cross-Origin-Resource-Policy", "same-origin");
        ex.responseHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    }

    private static byte[] resource(String name) {
        String path = "/portal/" + name;
        try (InputStream in = PortalPageRoutes.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("portal page file missing from the classpath: " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String etag(byte[] bytes) {
        try {
            return "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
