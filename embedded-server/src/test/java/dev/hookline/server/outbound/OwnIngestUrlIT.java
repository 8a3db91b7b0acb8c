package dev.hookline.server.outbound;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a URL the server will send to is saved refuses this server's own ingest URL, in any spelling, with a 400
 * naming the field: delivering there would feed every event back in (issue 29, ADR 0039). A receiver elsewhere on
 * this server (another port, another path) is still fine.
 */
class OwnIngestUrlIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestServer.TestProject project;
    ApiClient client;
    int port;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("loops", ProjectType.OUTGOING);
        client = project.client();
        port = server.server().port();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<String> ownIngestSpellings() {
        return List.of(server.baseUrl() + "/ingest/abcdef", "http://localhost:" + port + "/ingest/abcdef",
                "http://LOCALHOST.:" + port + "/ingest/abcdef", "http://[::1]:" + port + "/ingest/abcdef",
                "http://127.0.0.1:" + port + "//ingest/abcdef", "http://127.0.0.1:" + port + "/x/../ingest/abcdef",
                "http://127.0.0.1:" + port + "/%69ngest/abcdef", "http://2130706433:" + port + "/ingest/abcdef");
    }

    @Test
    void creatingOrChangingAnEndpointToThisServersOwnIngestUrlIsA400NamingTheUrl() {
        for (String url : ownIngestSpellings()) {
            RawResponse created = client.raw("POST", "/v1/projects/" + project.id() + "/endpoints",
                    "{\"name\":\"loop\",\"url\":\"" + url + "\"}", Map.of());
            assertBad(created, 400, "own ingest URL");
            assertTrue(created.body().contains("url"), created.body());
        }
        Endpoint elsewhere = client.createEndpoint(EndpointRequest.of("http://127.0.0.1:" + port + "/capture/x",
                "same server, not ingest"));
        assertBad(client.raw("PUT", "/v1/projects/" + project.id() + "/endpoints/" + elsewhere.uid(),
                "{\"name\":\"loop\",\"url\":\"" + server.baseUrl() + "/ingest/abcdef\"}", Map.of()), 400,
                "own ingest URL");
        Endpoint otherPort = client.createEndpoint(EndpointRequest.of("http://127.0.0.1:" + (port == 1 ? 2 : port - 1)
                + "/ingest/abcdef", "another server on this machine"));
        assertFalse(otherPort.uid().isEmpty());
    }

    @Test
    void aDynamicEventToThisServersOwnIngestUrlIsA400AndMakesNoEndpoint() {
        RawResponse dynamic = client.raw("POST", "/v1/projects/" + project.id() + "/events/dynamic",
                "{\"url\":\"" + server.baseUrl() + "/ingest/abcdef\",\"event_type\":\"a\",\"data\":{}}", Map.of());
        assertBad(dynamic, 400, "own ingest URL");
        assertEquals(0, client.listEndpoints(dev.hookline.api.client.ListQuery.ofPerPage(10)).content().size());
    }

    @Test
    void aMetaEventUrlAtThisServersOwnIngestUrlIsA400NamingTheField() {
        RawResponse meta = client.raw("PUT", "/v1/projects/" + project.id(),
                "{\"name\":\"loops\",\"config\":{\"meta_event\":{\"is_enabled\":true,\"type\":\"http\",\"url\":\""
                        + "http://localhost:" + port + "/ingest/abcdef\",\"event_type\":[\"event.loop_cut\"]}}}",
                Map.of());
        assertBad(meta, 400, "config.meta_event.url");
        assertTrue(meta.body().contains("own ingest URL"), meta.body());
    }

    @Test
    void aPortalLinkHolderCannotAimAnEndpointAtThisServersOwnIngestUrl() {
        PortalLink link = client.createPortalLink(new PortalLinkRequest("link", "acme", null, true, null));
        ApiClient portal = server.client(link.token());
        for (String url : ownIngestSpellings()) {
            assertBad(portal.raw("POST", "/../portal-api/endpoints", "{\"name\":\"loop\",\"url\":\"" + url + "\"}",
                    Map.of()), 400, "url");
        }
        // a public literal address: no name to resolve, nothing is sent (no event)
        Endpoint theirs = portal.portalCreateEndpoint(EndpointRequest.of("https://203.0.113.10/in", "theirs"));
        RawResponse changed = portal.raw("PUT", "/../portal-api/endpoints/" + theirs.uid(),
                "{\"name\":\"theirs\",\"url\":\"" + server.baseUrl() + "/ingest/abcdef\"}", Map.of());
        assertBad(changed, 400, "url");
        assertEquals("https://203.0.113.10/in", client.getEndpoint(theirs.uid()).url(), "unchanged");
    }
}
