package dev.hookline.server.http.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The portal page over plain HTTP (no browser): its security headers, caching, the human pages for links that do
 * not work, and its weight.
 */
class PortalPageIT {

    private static final List<String> FILES = List.of("index.html", "app.js", "api.js", "dom.js", "endpoints.js",
            "deliveries.js", "events.js", "portal.css");

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("Acme <Payments>", ProjectType.OUTGOING);
        project.client().createEndpoint(new EndpointRequest("https://a.example/h", "a", null, "tenant", null, null,
                null, null, null, null, null, null, null, null, null, null, null));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void thePageAndItsAssetsCarryStrictHeadersAndThePageIsNeverCached() throws Exception {
        PortalLink link = link(PortalAuthType.STATIC_TOKEN);
        HttpResponse<String> page = get(link.url().replace(server.baseUrl(), ""), null);
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertEquals("no-store", page.headers().firstValue("Cache-Control").orElse(""));
        assertSecure(page);
        assertTrue(page.body().contains("<script type=\"module\" src=\"/portal/assets/app.js\"></script>"));
        assertFalse(page.body().contains("style="), "no inline style");

        for (String asset : List.of("app.js", "portal.css")) {
            HttpResponse<String> first = get("/portal/assets/" + asset, null);
            assertEquals(200, first.statusCode(), asset);
            assertSecure(first);
            assertEquals("no-cache", first.headers().firstValue("Cache-Control").orElse(""));
            String etag = first.headers().firstValue("ETag").orElseThrow();
            HttpResponse<String> again = get("/portal/assets/" + asset, etag);
            assertEquals(304, again.statusCode(), "unchanged: not sent again");
            assertEquals("", again.body());
        }
        assertEquals("text/javascript; charset=utf-8",
                get("/portal/assets/app.js", null).headers().firstValue("Content-Type").orElse(""));
        HttpResponse<String> missing = get("/portal/assets/index.html", null);
        assertEquals(404, missing.statusCode(), "only the page's listed files are assets");
        assertSecure(missing);
    }

    @Test
    void linksThatDoNotWorkGetAPageNamingTheProjectNeverJson() throws Exception {
        PortalLink revoked = link(PortalAuthType.STATIC_TOKEN);
        project.client().revokePortalLink(revoked.uid());
        HttpResponse<String> gone = get("/portal?token=" + revoked.token(), null);
        assertEquals(410, gone.statusCode());
        assertTrue(gone.body().contains("This link was revoked; ask Acme &lt;Payments&gt; for a new one."),
                "the project's name, escaped: " + gone.body());
        assertSecure(gone);
        assertEquals("no-store", gone.headers().firstValue("Cache-Control").orElse(""));

        PortalLink refresh = link(PortalAuthType.REFRESH_TOKEN);
        HttpResponse<String> noKey = get("/portal?token=" + refresh.token(), null);
        assertEquals(401, noKey.statusCode(), "a refresh-token link without its auth key");
        assertTrue(noKey.body().contains("This link has expired; ask Acme &lt;Payments&gt; for a new one."));
        HttpResponse<String> wrongKey = get("/portal?token=" + refresh.token() + "&auth_token=PRT.nope.nope", null);
        assertEquals(401, wrongKey.statusCode());
        assertEquals(200, get(refresh.url().replace(server.baseUrl(), ""), null).statusCode(), "with its key");

        HttpResponse<String> wrong = get("/portal?token=made-up", null);
        assertEquals(401, wrong.statusCode());
        assertTrue(wrong.body().contains("This link is not valid"));
        assertFalse(wrong.body().contains("Acme"), "a token that matches nothing names no project");
        for (HttpResponse<String> answer : List.of(gone, noKey, wrong)) {
            assertTrue(answer.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
            assertFalse(answer.body().contains("\"status\""), "no JSON envelope");
        }
        assertEquals(200, get("/portal", null).statusCode(), "no token: the page (it reads session storage)");
    }

    @Test
    void thePageWeighsUnder300KilobytesUncompressed() throws Exception {
        long total = 0;
        for (String file : FILES) {
            total += Files.size(Path.of("src", "main", "resources", "portal", file));
        }
        assertTrue(total <= 300 * 1024, "HTML+JS+CSS is " + total + " bytes");
    }

    private void assertSecure(HttpResponse<String> response) {
        String csp = response.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(csp.contains("default-src 'self'") && csp.contains("script-src 'self'")
                && csp.contains("style-src 'self'") && csp.contains("frame-ancestors 'none'")
                && !csp.contains("unsafe-inline"), csp);
        assertEquals("DENY", response.headers().firstValue("X-Frame-Options").orElse(""));
        assertEquals("no-referrer", response.headers().firstValue("Referrer-Policy").orElse(""));
        assertEquals("nosniff", response.headers().firstValue("X-Content-Type-Options").orElse(""));
    }

    private PortalLink link(PortalAuthType auth) {
        return project.client().createPortalLink(new PortalLinkRequest("tenant", "tenant", null, false, auth));
    }

    private HttpResponse<String> get(String path, String ifNoneMatch) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl() + path)).GET();
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
