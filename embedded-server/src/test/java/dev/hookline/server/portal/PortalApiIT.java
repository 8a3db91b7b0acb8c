package dev.hookline.server.portal;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.api.model.ExpireSecretRequest;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.testing.ApiAssertions;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortalApiIT {

    private static final String UNKNOWN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    final List<ApiClient> rootClients = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
    }

    @AfterEach
    void stop() {
        rootClients.forEach(ApiClient::close);
        server.close();
    }

    // -------------------------------------------------------------------------------------------------- reads

    @Test
    void aTokenSeesOnlyTheEndpointsOfItsLinksOwner() {
        Endpoint a1 = client.createEndpoint(new EndpointRequest("https://a1.example", "a1", null, "acme", null, null,
                null, null, null, null, null, null, null, null, new EndpointAuthentication(EndpointAuthType.BASIC_AUTH,
                null, new BasicAuth("u", "pa55word"), null), null, null));
        Endpoint a2 = endpoint("a2", "acme");
        Endpoint g1 = endpoint("g1", "globex");
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Endpoint foreign = other.client().createEndpoint(new EndpointRequest("https://f.example", "f", null, "acme",
                null, null, null, null, null, null, null, null, null, null, null, null, null));
        ApiClient portal = portal(link("acme", null, false));

        assertEquals(List.of(a2.uid(), a1.uid()), ids(portal.portalListEndpoints(ListQuery.create())));
        Endpoint seen = portal.portalGetEndpoint(a1.uid());
        assertEquals(a1.uid(), seen.uid());
        assertEquals(a1.secrets().stream().map(EndpointSecret::uid).toList(),
                seen.secrets().stream().map(EndpointSecret::uid).toList());
        assertTrue(seen.secrets().stream().allMatch(x -> "[REDACTED]".equals(x.value())),
                "the portal never shows signing secrets (docs/adr/0028)");
        assertEquals("[REDACTED]", seen.authentication().basicAuth().password());
        for (String id : List.of(g1.uid(), foreign.uid(), UNKNOWN)) {
            assertBad(portal.raw("GET", portalPath("/endpoints/" + id), null, Map.of()), 404, "Resource not found");
        }
    }

    @Test
    void aTokenOfAListedLinkSeesOnlyTheListedEndpoints() {
        Endpoint listed = endpoint("listed", "");
        endpoint("unlisted", "");
        Endpoint owned = endpoint("owned", "acme");
        ApiClient portal = portal(link(null, List.of(listed.uid()), false));
        assertEquals(List.of(listed.uid()), ids(portal.portalListEndpoints(ListQuery.create())));
        assertBad(portal.raw("GET", portalPath("/endpoints/" + owned.uid()), null, Map.of()), 404,
                "Resource not found");
        assertEquals(listed.uid(), portal.portalGetEndpoint(listed.uid()).uid());
    }

    @Test
    void theLinkRouteAnswersWithTheCallersLink() {
        endpoint("a", "acme");
        PortalLink link = link("acme", null, true);
        ApiClient root = rootClient(link.token());
        JsonNode data = assertEnvelope(root.raw("GET", "/portal-api/portal_link", null, Map.of()), 200,
                "Portal link fetched successfully");
        assertEquals(link.uid(), data.path("uid").asText());
        assertEquals(1, data.path("endpoint_count").asInt());
        assertTrue(data.path("can_manage_endpoint").asBoolean());

        PortalLink refresh = client.createPortalLink(new PortalLinkRequest("r", "acme", null, null,
                PortalAuthType.REFRESH_TOKEN));
        JsonNode refreshed = assertEnvelope(rootClient(refresh.authKey()).raw("GET", "/portal-api/portal_link", null,
                Map.of()), 200, "Portal link fetched successfully");
        assertEquals(refresh.uid(), refreshed.path("uid").asText());
        assertTrue(refreshed.path("auth_key").asText().startsWith("PRT."), "a fresh key to keep the session going");
    }

    @Test
    void listPagesThroughTheScopeEveryRowOnceInOrder() {
        List<String> mine = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            mine.add(endpoint("m" + i, "acme").uid());
            endpoint("x" + i, "globex");
        }
        ApiClient portal = portal(link("acme", null, false));
        List<String> asc = mine.stream().sorted().toList();
        List<String> desc = mine.stream().sorted(Comparator.reverseOrder()).toList();
        for (int perPage = 1; perPage <= 4; perPage++) {
            KeysetWalk.assertWalks(asc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.ASC),
                    portal::portalListEndpoints, Endpoint::uid);
            KeysetWalk.assertWalks(desc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.DESC),
                    portal::portalListEndpoints, Endpoint::uid);
        }
        assertEquals(List.of(asc.get(3)), ids(portal.portalListEndpoints(ListQuery.create().with("q", "m3"))));
    }

    // ------------------------------------------------------------------------------------------------- writes

    @Test
    void withoutCanManageEndpointEveryChangeIsForbidden() {
        Endpoint e = endpoint("e", "acme");
        ApiClient portal = portal(link("acme", null, false));
        String body = "{\"url\":\"https://n.example\",\"name\":\"n\"}";
        assertBad(portal.raw("POST", portalPath("/endpoints"), body, Map.of()), 403, "Unauthorized");
        assertBad(portal.raw("PUT", portalPath("/endpoints/" + e.uid()), body, Map.of()), 403, "Unauthorized");
        assertBad(portal.raw("DELETE", portalPath("/endpoints/" + e.uid()), null, Map.of()), 403, "Unauthorized");
        assertBad(portal.raw("PUT", portalPath("/endpoints/" + e.uid() + "/pause"), null, Map.of()), 403,
                "Unauthorized");
        assertBad(portal.raw("PUT", portalPath("/endpoints/" + e.uid() + "/expire_secret"), "{\"expiration\":1}",
                Map.of()), 403, "Unauthorized");
        assertEquals(List.of(e), client.listEndpoints(ListQuery.create()).content(), "nothing changed");
    }

    @Test
    void anEndpointCreatedThroughTheLinkJoinsIt() {
        ApiClient ownerPortal = portal(link("acme", null, true));
        Endpoint created = ownerPortal.portalCreateEndpoint(new EndpointRequest("https://n.example", "n", null,
                "someone-else", null, null, null, null, null, null, null, null, null, null, null, null, null));
        assertEquals("acme", created.ownerId(), "the link's owner, whatever the request says");
        assertEquals(EndpointStatus.ACTIVE, created.status());
        assertEquals(List.of(created.uid()), ids(ownerPortal.portalListEndpoints(ListQuery.create())));
        assertEquals("acme", client.getEndpoint(created.uid()).ownerId());

        Endpoint existing = endpoint("existing", "");
        PortalLink listLink = link(null, List.of(existing.uid()), true);
        ApiClient listPortal = portal(listLink);
        Endpoint added = listPortal.portalCreateEndpoint(new EndpointRequest("https://m.example", "m", null,
                "acme", null, null, null, null, null, null, null, null, null, null, null, null, null));
        assertEquals("", added.ownerId(), "cannot slip into another owner's portal");
        assertEquals(List.of(existing.uid(), added.uid()), client.getPortalLink(listLink.uid()).endpoints());
        assertEquals(List.of(added.uid(), existing.uid()), ids(listPortal.portalListEndpoints(ListQuery.create())));

        RawResponse raw = listPortal.raw("POST", portalPath("/endpoints"), "{\"url\":\"https://o.example\","
                + "\"name\":\"o\"}", Map.of());
        assertEquals(201, raw.status(), raw.body());
        assertEquals("Endpoint created successfully", ApiAssertions.tree(raw).path("message").asText());
    }

    @Test
    void updatePauseExpireAndDeleteWorkInsideTheScopeOnly() {
        Endpoint mine = endpoint("mine", "acme");
        Endpoint theirs = endpoint("theirs", "globex");
        ApiClient portal = portal(link("acme", null, true));

        Endpoint updated = portal.portalUpdateEndpoint(mine.uid(), new EndpointRequest("https://new.example", "new",
                null, "globex", null, null, null, null, null, null, 30L, null, null, null, null, null, null));
        assertEquals("new", updated.name());
        assertEquals(30L, updated.httpTimeout());
        assertEquals("acme", updated.ownerId(), "owner_id cannot be changed through the portal");
        assertEquals(updated, EndpointRedaction.forPortal(client.getEndpoint(mine.uid())));

        assertEquals(EndpointStatus.PAUSED, portal.portalPauseEndpoint(mine.uid()).status());
        assertEquals(EndpointStatus.ACTIVE, portal.portalPauseEndpoint(mine.uid()).status());
        RawResponse expired = portal.raw("PUT", portalPath("/endpoints/" + mine.uid() + "/expire_secret"),
                "{\"expiration\":60}", Map.of());
        assertEquals(2, assertEnvelope(expired, 200, "endpoint secret expired successfully").path("secrets").size());

        String body = "{\"url\":\"https://x.example\",\"name\":\"x\"}";
        for (String id : List.of(theirs.uid(), UNKNOWN)) {
            assertBad(portal.raw("PUT", portalPath("/endpoints/" + id), body, Map.of()), 404, "Resource not found");
            assertBad(portal.raw("PUT", portalPath("/endpoints/" + id + "/pause"), null, Map.of()), 404,
                    "Resource not found");
            assertBad(portal.raw("PUT", portalPath("/endpoints/" + id + "/expire_secret"), "{\"expiration\":1}",
                    Map.of()), 404, "Resource not found");
            assertBad(portal.raw("DELETE", portalPath("/endpoints/" + id), null, Map.of()), 404,
                    "Resource not found");
        }
        assertEquals(theirs, client.getEndpoint(theirs.uid()), "the endpoint outside the scope is untouched");

        portal.portalDeleteEndpoint(mine.uid());
        assertEquals(404, assertThrows(ApiException.class, () -> client.getEndpoint(mine.uid())).status());
        assertTrue(portal.portalListEndpoints(ListQuery.create()).content().isEmpty());
    }

    @Test
    void portalWritesFollowTheSameValidationAsTheProjectApi() {
        endpoint("e", "acme");
        ApiClient portal = portal(link("acme", null, true));
        assertBad(portal.raw("POST", portalPath("/endpoints"), "{\"name\":\"n\"}", Map.of()), 400,
                "please provide a url for your endpoint");
        assertBad(portal.raw("POST", portalPath("/endpoints"), "{\"url\":\"https://n.example\",\"name\":\"n\","
                + "\"authentication\":{\"type\":\"api_key\"}}", Map.of()), 400, "authentication.api_key");
        client.updateProject(project.id(), new UpdateProjectRequest("shop", null, ProjectConfig.builder().ssl(new ProjectConfig.Ssl(true)).build()));
        assertBad(portal.raw("POST", portalPath("/endpoints"), "{\"url\":\"http://n.example\",\"name\":\"n\"}",
                Map.of()), 400, "https");
        assertEquals(1, client.listEndpoints(ListQuery.create()).content().size(), "nothing written");
    }

    // ------------------------------------------------------------------------------------------- credentials

    @Test
    void apiKeysCannotUseThePortalApiAndBadTokensAreRefused() {
        assertEquals(401, client.raw("GET", portalPath("/endpoints"), null, Map.of()).status());
        assertEquals(401, server.admin().raw("GET", portalPath("/endpoints"), null, Map.of()).status());
        assertEquals(401, server.client("not-a-token").raw("GET", portalPath("/endpoints"), null, Map.of()).status());
        assertEquals(401, server.client("PRT.nope.nope").raw("GET", portalPath("/endpoints"), null, Map.of())
                .status());
    }

    @Test
    void portalScopeListsTheEndpointIdsOfALink() {
        Endpoint a = endpoint("a", "acme");
        Endpoint b = endpoint("b", "acme");
        Endpoint c = endpoint("c", "");
        endpoint("d", "");
        PortalLink byOwner = link("acme", null, false);
        PortalLink byList = link(null, List.of(c.uid()), false);
        assertEquals(List.of(a.uid(), b.uid()), scope(byOwner.uid()));
        assertEquals(List.of(c.uid()), scope(byList.uid()));
        client.deleteEndpoint(a.uid());
        assertEquals(List.of(b.uid()), scope(byOwner.uid()));
        client.revokePortalLink(byOwner.uid());
        assertTrue(scope(byOwner.uid()).isEmpty(), "a revoked link reaches nothing");
        assertTrue(scope(UNKNOWN).isEmpty());
        assertFalse(scope(byList.uid()).isEmpty());
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private List<String> scope(String linkId) {
        var store = server.server().store();
        return store.db().read(c -> new PortalScope(store, server.server().repositories().portalLinks())
                .endpointIds(c, linkId));
    }

    private PortalLink link(String owner, List<String> endpoints, boolean canManage) {
        return client.createPortalLink(new PortalLinkRequest("link", owner, endpoints, canManage, null));
    }

    private ApiClient portal(PortalLink link) {
        return server.client(link.token());
    }

    /** A client whose base is the server root, for raw calls to {@code /portal-api}. */
    private ApiClient rootClient(String token) {
        ApiClient c = new ApiClient(server.baseUrl(), token);
        rootClients.add(c);
        return c;
    }

    /** Path for {@code raw} on a client based at {@code /api}. */
    private static String portalPath(String rest) {
        return "/../portal-api" + rest;
    }

    private Endpoint endpoint(String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name + ".example/h", name, null, owner, null,
                null, null, null, null, null, null, null, null, null, null, null, null));
    }

    private static List<String> ids(dev.hookline.api.model.Page<Endpoint> page) {
        return page.content().stream().map(Endpoint::uid).toList();
    }
}
