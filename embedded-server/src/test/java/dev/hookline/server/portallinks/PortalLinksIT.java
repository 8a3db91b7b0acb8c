package dev.hookline.server.portallinks;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.ApiAssertions;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortalLinksIT {

    private static final String PRT = "PRT\\.[A-Za-z0-9]{16}\\.[A-Za-z0-9]{64}";

    @TempDir
    Path dataDir;
    MutableClock clock = new MutableClock();
    TestServer server;
    TestProject project;
    ApiClient client;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ------------------------------------------------------------------------------------------------ create

    @Test
    void aLinkWithAnOwnerReachesEveryEndpointOfThatOwner() {
        Endpoint a = endpoint("a", "acme");
        Endpoint b = endpoint("b", "acme");
        endpoint("c", "globex");

        PortalLink link = client.createPortalLink(new PortalLinkRequest("Acme portal", "acme", null, null, null));
        assertEquals("Acme portal", link.name());
        assertEquals("acme", link.ownerId());
        assertEquals(project.id(), link.projectId());
        assertEquals(List.of(a.uid(), b.uid()), link.endpoints());
        assertEquals(2, link.endpointCount());
        assertEquals(List.of(a.uid(), b.uid()), link.endpointsMetadata().stream().map(Endpoint::uid).toList());
        assertEquals(a.secrets(), link.endpointsMetadata().get(0).secrets(), "endpoint objects, in full");
        assertTrue(link.token().matches("[A-Za-z0-9]{24}"), link.token());
        assertEquals(server.baseUrl() + "/portal?token=" + link.token(), link.url());
        assertEquals(PortalAuthType.STATIC_TOKEN, link.authType());
        assertEquals("", link.authKey());
        assertEquals(false, link.canManageEndpoint());

        Endpoint later = endpoint("d", "acme");
        PortalLink again = client.getPortalLink(link.uid());
        assertEquals(3, again.endpointCount(), "a new endpoint of the owner joins the link");
        assertTrue(again.endpoints().contains(later.uid()));
        assertEquals(link.token(), again.token());
    }

    @Test
    void aLinkWithOnlyAnEndpointListReachesOnlyThoseEndpoints() {
        Endpoint a = endpoint("a", "");
        Endpoint b = endpoint("b", "");
        endpoint("c", "");

        PortalLink link = client.createPortalLink(new PortalLinkRequest("listed", null,
                List.of(b.uid(), a.uid(), b.uid()), true, null));
        assertEquals("", link.ownerId());
        assertEquals(List.of(a.uid(), b.uid()), link.endpoints());
        assertEquals(2, link.endpointCount());
        assertEquals(true, link.canManageEndpoint());
        assertEquals("", client.getEndpoint(a.uid()).ownerId(), "listed endpoints keep their owner");

        client.deleteEndpoint(a.uid());
        assertEquals(List.of(b.uid()), client.getPortalLink(link.uid()).endpoints(), "deleted endpoints drop out");
    }

    @Test
    void ownerAndEndpointListGiveOwnerlessEndpointsTheLinksOwner() {
        Endpoint free = endpoint("free", "");
        Endpoint mine = endpoint("mine", "acme");
        PortalLink link = client.createPortalLink(new PortalLinkRequest("both", "acme",
                List.of(free.uid(), mine.uid()), null, null));
        assertEquals("acme", client.getEndpoint(free.uid()).ownerId());
        assertEquals(List.of(free.uid(), mine.uid()), link.endpoints());
    }

    @Test
    void anEndpointOwnedBySomeoneElseIsRefusedAndNothingIsWritten() {
        Endpoint free = endpoint("free", "");
        Endpoint theirs = endpoint("theirs", "globex");
        String body = "{\"name\":\"x\",\"owner_id\":\"acme\",\"endpoints\":[\"" + free.uid() + "\",\""
                + theirs.uid() + "\"]}";
        assertBad(client.raw("POST", linksPath(), body, Map.of()), 400,
                "endpoint " + theirs.uid() + " already has owner_id globex");
        assertEquals(0, client.listPortalLinks(ListQuery.create()).content().size());
        assertEquals("", client.getEndpoint(free.uid()).ownerId(), "the owner-less endpoint was not claimed");
    }

    @Test
    void unknownOrForeignEndpointsAreRefusedAndNothingIsWritten() {
        Endpoint mine = endpoint("mine", "");
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Endpoint foreign = other.client().createEndpoint(EndpointRequest.of("https://them.example", "theirs"));
        for (String bad : List.of("01ARZ3NDEKTSV4RRFFQ69G5FAV", foreign.uid())) {
            String body = "{\"name\":\"x\",\"owner_id\":\"acme\",\"endpoints\":[\"" + mine.uid() + "\",\"" + bad
                    + "\"]}";
            assertBad(client.raw("POST", linksPath(), body, Map.of()), 400, bad);
            assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"endpoints\":[\"" + bad + "\"]}", Map.of()),
                    400, bad);
        }
        assertEquals(0, client.listPortalLinks(ListQuery.create()).content().size());
        assertEquals("", client.getEndpoint(mine.uid()).ownerId());
        assertEquals("", other.client().getEndpoint(foreign.uid()).ownerId());
    }

    @Test
    void badInputGetsA400AndWritesNothing() {
        Endpoint e = endpoint("e", "");
        assertBad(client.raw("POST", linksPath(), "{\"owner_id\":\"acme\"}", Map.of()), 400, "name");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\" \",\"owner_id\":\"acme\"}", Map.of()), 400, "name");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\"}", Map.of()), 400,
                "please provide an owner_id or endpoints");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"owner_id\":\"\",\"endpoints\":[]}", Map.of()),
                400, "please provide an owner_id or endpoints");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"endpoints\":[\"\"]}", Map.of()), 400,
                "endpoints");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"owner_id\":\"a\",\"auth_type\":\"magic\"}",
                Map.of()), 400, "auth_type");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"owner_id\":\"a\",\"can_manage_endpoint\":"
                + "\"yes\"}", Map.of()), 400, "can_manage_endpoint");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"endpoints\":\"" + e.uid() + "\"}", Map.of()),
                400, "endpoints");
        assertBad(client.raw("POST", linksPath(), "{\"name\":\"x\",\"owner_id\":{\"id\":7}}", Map.of()), 400,
                "owner_id");
        assertBad(client.raw("POST", linksPath(), "{\"name\":", Map.of()), 400, "badly-formed JSON");
        assertEquals(0, client.listPortalLinks(ListQuery.create()).content().size());
    }

    @Test
    void everyOperationAnswersWithConvoysStatusAndMessage() {
        JsonNode created = assertEnvelope(client.raw("POST", linksPath(),
                "{\"name\":\"x\",\"owner_id\":\"acme\",\"auth_type\":\"refresh_token\"}", Map.of()), 201,
                "Portal link created successfully");
        String id = created.path("uid").asText();
        assertEnvelope(client.raw("GET", linksPath(), null, Map.of()), 200, "Portal links fetched successfully");
        assertEnvelope(client.raw("GET", linksPath() + "/" + id, null, Map.of()), 200,
                "Portal link fetched successfully");
        assertEnvelope(client.raw("PUT", linksPath() + "/" + id, "{\"name\":\"y\",\"owner_id\":\"acme\"}", Map.of()),
                202, "Portal link updated successfully");
        JsonNode refreshed = assertEnvelope(client.raw("PUT", linksPath() + "/" + id,
                "{\"name\":\"y\",\"owner_id\":\"acme\",\"auth_type\":\"refresh_token\"}", Map.of()), 202,
                "Portal link updated successfully");
        assertTrue(refreshed.path("auth_key").asText().matches(PRT));
        JsonNode key = assertEnvelope(client.raw("GET", linksPath() + "/" + id + "/refresh_token", null, Map.of()),
                200, "Portal link fetched successfully");
        assertTrue(key.isTextual() && key.asText().matches(PRT), key.toString());
        JsonNode revoked = assertEnvelope(client.raw("PUT", linksPath() + "/" + id + "/revoke", null, Map.of()), 200,
                "Portal link revoked successfully");
        assertTrue(revoked.isNull());
    }

    @Test
    void unknownAndForeignLinksAreNotFound() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        PortalLink theirs = other.client().createPortalLink(new PortalLinkRequest("t", "o", null, null, null));
        for (String id : List.of("01ARZ3NDEKTSV4RRFFQ69G5FAV", theirs.uid())) {
            String path = linksPath() + "/" + id;
            assertBad(client.raw("GET", path, null, Map.of()), 404, "Resource not found");
            assertBad(client.raw("PUT", path, "{\"name\":\"y\",\"owner_id\":\"a\"}", Map.of()), 404,
                    "Resource not found");
            assertBad(client.raw("PUT", path + "/revoke", null, Map.of()), 404, "Resource not found");
            assertBad(client.raw("GET", path + "/refresh_token", null, Map.of()), 404, "Resource not found");
        }
        assertEquals("t", other.client().getPortalLink(theirs.uid()).name(), "untouched");
    }

    // ------------------------------------------------------------------------------------------------ update

    @Test
    void updateReplacesNameScopeAndPermissionsButKeepsTheToken() {
        Endpoint a = endpoint("a", "acme");
        Endpoint b = endpoint("b", "");
        PortalLink link = client.createPortalLink(new PortalLinkRequest("v1", "acme", null, null, null));
        PortalLink updated = client.updatePortalLink(link.uid(),
                new PortalLinkRequest("v2", null, List.of(b.uid()), true, null));
        assertEquals("v2", updated.name());
        assertEquals("", updated.ownerId());
        assertEquals(List.of(b.uid()), updated.endpoints());
        assertEquals(true, updated.canManageEndpoint());
        assertEquals(link.token(), updated.token());
        assertEquals(updated.endpoints(), client.getPortalLink(link.uid()).endpoints(), "persisted");

        PortalLink back = client.updatePortalLink(link.uid(), new PortalLinkRequest("v3", "acme", null, null, null));
        assertEquals(List.of(a.uid()), back.endpoints(), "the explicit list is replaced by the owner");
        assertBad(client.raw("PUT", linksPath() + "/" + link.uid(), "{\"name\":\"v4\"}", Map.of()), 400,
                "please provide an owner_id or endpoints");
        assertBad(client.raw("PUT", linksPath() + "/" + link.uid(), "{\"name\":\"v4\",\"endpoints\":"
                + "[\"01ARZ3NDEKTSV4RRFFQ69G5FAV\"]}", Map.of()), 400, "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assertEquals("v3", client.getPortalLink(link.uid()).name(), "bad updates write nothing");
    }

    // ------------------------------------------------------------------------------------------------ tokens

    @Test
    void revokingALinkStopsItsTokenAtOnce() {
        endpoint("a", "acme");
        PortalLink link = client.createPortalLink(new PortalLinkRequest("x", "acme", null, null, null));
        ApiClient portal = server.client(link.token());
        assertEquals(1, portal.portalListEndpoints(ListQuery.create()).content().size(), "token works");

        client.revokePortalLink(link.uid());

        assertEquals(401, assertThrows(ApiException.class,
                () -> portal.portalListEndpoints(ListQuery.create())).status());
        assertEquals(404, assertThrows(ApiException.class, () -> client.getPortalLink(link.uid())).status());
        assertTrue(client.listPortalLinks(ListQuery.create()).content().isEmpty());
    }

    @Test
    void refreshTokenLinksHandOutShortLivedKeysThatReachThePortalApi() {
        endpoint("a", "acme");
        PortalLink link = client.createPortalLink(new PortalLinkRequest("r", "acme", null, null,
                PortalAuthType.REFRESH_TOKEN));
        assertEquals(PortalAuthType.REFRESH_TOKEN, link.authType());
        assertTrue(link.authKey().matches(PRT), link.authKey());
        assertEquals(server.baseUrl() + "/portal?token=" + link.token() + "&auth_token=" + link.authKey(), link.url());

        assertEquals(1, server.client(link.authKey()).portalListEndpoints(ListQuery.create()).content().size());
        assertEquals(401, assertThrows(ApiException.class, () -> server.client(link.token())
                .portalListEndpoints(ListQuery.create())).status(), "the static token is not a credential here");

        String fromGet = client.getPortalLink(link.uid()).authKey();
        assertTrue(fromGet.matches(PRT));
        assertNotEquals(link.authKey(), fromGet, "every GET mints a new key");
        String fromRefresh = client.refreshPortalLinkToken(link.uid());
        assertTrue(fromRefresh.matches(PRT));
        for (String key : List.of(link.authKey(), fromGet, fromRefresh)) {
            assertEquals(1, server.client(key).portalListEndpoints(ListQuery.create()).content().size(),
                    "older keys stay valid until they expire");
        }

        clock.advance(Duration.ofMinutes(61));
        for (String key : List.of(link.authKey(), fromGet, fromRefresh)) {
            assertEquals(401, assertThrows(ApiException.class, () -> server.client(key)
                    .portalListEndpoints(ListQuery.create())).status(), "keys expire after an hour");
        }

        String fresh = client.refreshPortalLinkToken(link.uid());
        assertEquals(1, server.client(fresh).portalListEndpoints(ListQuery.create()).content().size());
        client.revokePortalLink(link.uid());
        assertEquals(401, assertThrows(ApiException.class, () -> server.client(fresh)
                .portalListEndpoints(ListQuery.create())).status(), "revocation stops refresh keys too");
    }

    @Test
    void aStaticTokenLinkMintsAnHourLongRefreshKeyAsConvoyDoesAndKeepsItsToken() {
        endpoint("a", "acme");
        PortalLink link = client.createPortalLink(new PortalLinkRequest("s", "acme", null, null, null));
        assertEquals(PortalAuthType.STATIC_TOKEN, link.authType(), "Convoy's default");
        JsonNode minted = assertEnvelope(client.raw("GET", linksPath() + "/" + link.uid() + "/refresh_token", null,
                Map.of()), 200, "Portal link fetched successfully");
        String key = minted.asText();
        assertTrue(key.matches(PRT), key);
        assertEquals(1, server.client(key).portalListEndpoints(ListQuery.create()).content().size(),
                "the key reaches what the link reaches");
        assertEquals(1, server.client(link.token()).portalListEndpoints(ListQuery.create()).content().size(),
                "the static token keeps working");
        assertEquals(PortalAuthType.STATIC_TOKEN, client.getPortalLink(link.uid()).authType(), "nothing else changed");
        assertEquals("", client.getPortalLink(link.uid()).authKey(), "a GET of a static link still mints nothing");

        clock.advance(Duration.ofMinutes(61));
        assertEquals(401, assertThrows(ApiException.class, () -> server.client(key)
                .portalListEndpoints(ListQuery.create())).status(), "the key expires after an hour");
        assertEquals(1, server.client(link.token()).portalListEndpoints(ListQuery.create()).content().size());
    }

    @Test
    void switchingARefreshLinkToStaticRetiresItsKeys() {
        endpoint("a", "acme");
        PortalLink link = client.createPortalLink(new PortalLinkRequest("r", "acme", null, null,
                PortalAuthType.REFRESH_TOKEN));
        ApiClient withKey = server.client(link.authKey());
        assertEquals(1, withKey.portalListEndpoints(ListQuery.create()).content().size());

        PortalLink updated = client.updatePortalLink(link.uid(), new PortalLinkRequest("r", "acme", null, null,
                PortalAuthType.STATIC_TOKEN));
        assertEquals("", updated.authKey());
        assertEquals(401, assertThrows(ApiException.class,
                () -> withKey.portalListEndpoints(ListQuery.create())).status());
        assertEquals(1, server.client(link.token()).portalListEndpoints(ListQuery.create()).content().size());
    }

    @Test
    void portalTokensCannotUseTheProjectApi() {
        PortalLink link = client.createPortalLink(new PortalLinkRequest("s", "acme", null, null, null));
        assertEquals(401, server.client(link.token()).raw("GET", linksPath(), null, Map.of()).status());
        assertEquals(401, server.client(link.token()).raw("GET", linksPath() + "/" + link.uid() + "/refresh_token",
                null, Map.of()).status());
    }

    // -------------------------------------------------------------------------------------------------- list

    @Test
    void listFiltersByOwnerEndpointAndName() {
        Endpoint acmeEndpoint = endpoint("a", "acme");
        Endpoint loose = endpoint("b", "");
        PortalLink byOwner = client.createPortalLink(new PortalLinkRequest("Acme Portal", "acme", null, null, null));
        PortalLink byList = client.createPortalLink(new PortalLinkRequest("loose portal", null,
                List.of(loose.uid()), null, null));
        PortalLink unrelated = client.createPortalLink(new PortalLinkRequest("globex", "globex", null, null, null));

        assertEquals(List.of(byOwner.uid()), ids(ListQuery.create().with("ownerId", "acme")));
        assertEquals(List.of(byOwner.uid()), ids(ListQuery.create().withAll("endpointId",
                List.of(acmeEndpoint.uid()))));
        assertEquals(List.of(byList.uid()), ids(ListQuery.create().withAll("endpointId", List.of(loose.uid()))));
        assertEquals(List.of(byList.uid(), byOwner.uid()), ids(ListQuery.create().withAll("endpointId",
                List.of(acmeEndpoint.uid(), loose.uid()))));
        assertEquals(List.of(byList.uid(), byOwner.uid()), ids(ListQuery.create().with("q", "PORTAL")));
        assertEquals(List.of(unrelated.uid(), byList.uid(), byOwner.uid()), ids(ListQuery.create()));
        PortalLink listed = client.listPortalLinks(ListQuery.create().with("ownerId", "acme")).content().get(0);
        assertEquals(1, listed.endpointCount());
        assertEquals(acmeEndpoint.uid(), listed.endpointsMetadata().get(0).uid());
    }

    @Test
    void paginationWalksEveryLinkOnceInOrderBothWays() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(client.createPortalLink(new PortalLinkRequest("l" + i, "o" + i, null, null, null)).uid());
        }
        List<String> asc = created.stream().sorted().toList();
        List<String> desc = created.stream().sorted(Comparator.reverseOrder()).toList();
        for (int perPage = 1; perPage <= 4; perPage++) {
            KeysetWalk.assertWalks(desc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.DESC),
                    client::listPortalLinks, PortalLink::uid);
            KeysetWalk.assertWalks(asc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.ASC),
                    client::listPortalLinks, PortalLink::uid);
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private List<String> ids(ListQuery query) {
        return client.listPortalLinks(query).content().stream().map(PortalLink::uid).toList();
    }

    private Endpoint endpoint(String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name + ".example/h", name, null, owner, null,
                null, null, null, null, null, null, null, null, null, null, null, null));
    }

    private String linksPath() {
        return "/v1/projects/" + project.id() + "/portal-links";
    }
}
