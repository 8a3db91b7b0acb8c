package dev.hookline.server.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The redaction table of docs/adr/0028, field by field: what an API key holder reads and what a portal link's holder
 * reads, for the endpoint itself, endpoint lists, the portal link's endpoint list and a delivery's endpoint; and that
 * sending back what was read keeps every stored credential.
 */
class RedactionIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REDACTED = "[REDACTED]";
    private static final List<String> CREDENTIALS = List.of("hv-secret-value", "cs-secret-value", "jwk-private-d",
            "bp-secret-value");
    private static final String SIGNING_SECRET = "sig-secret-value";

    @TempDir
    Path dataDir;
    TestServer server;
    HttpClient http;
    TestProject shop;
    String base;
    String portalToken;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        http = HttpClient.newHttpClient();
        shop = server.newProject("shop", ProjectType.OUTGOING);
        base = "/api/v1/projects/" + shop.id();
        portalToken = data(send("POST", base + "/portal-links", shop.apiKey(),
                "{\"name\":\"l\",\"owner_id\":\"acme\",\"can_manage_endpoint\":true}")).path("token").asText();
    }

    @AfterEach
    void stop() {
        http.close();
        server.close();
    }

    @Test
    void apiKeyHeaderValue() throws Exception {
        String id = endpoint("{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X-Key\","
                + "\"header_value\":\"hv-secret-value\"}}");
        assertField(id, "/authentication/api_key/header_value", REDACTED, REDACTED);
        assertField(id, "/authentication/api_key/header_name", "X-Key", "X-Key");
    }

    @Test
    void oauth2ClientSecret() throws Exception {
        String id = endpoint("{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://auth.example/token\","
                + "\"client_id\":\"cid\",\"authentication_type\":\"shared_secret\","
                + "\"client_secret\":\"cs-secret-value\"}}");
        assertField(id, "/authentication/oauth2/client_secret", REDACTED, REDACTED);
        assertField(id, "/authentication/oauth2/client_id", "cid", "cid");
    }

    @Test
    void oauth2SigningKeyPrivateMembers() throws Exception {
        String id = endpoint("{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://auth.example/token\","
                + "\"client_id\":\"cid\",\"authentication_type\":\"client_assertion\",\"signing_key\":{\"kty\":\"EC\","
                + "\"crv\":\"P-256\",\"x\":\"pub-x\",\"y\":\"pub-y\",\"d\":\"jwk-private-d\"}}}");
        assertField(id, "/authentication/oauth2/signing_key/d", REDACTED, REDACTED);
        assertField(id, "/authentication/oauth2/signing_key/x", "pub-x", "pub-x");
    }

    @Test
    void basicAuthPassword() throws Exception {
        String id = endpoint("{\"type\":\"basic_auth\",\"basic_auth\":{\"username\":\"u\","
                + "\"password\":\"bp-secret-value\"}}");
        assertField(id, "/authentication/basic_auth/password", REDACTED, REDACTED);
        assertField(id, "/authentication/basic_auth/username", "u", "u");
    }

    @Test
    void signingSecretsAreForKeyHoldersOnly() throws Exception {
        String id = endpoint(null);
        assertField(id, "/secrets/0/value", SIGNING_SECRET, REDACTED);
    }

    @Test
    void aDeliverysEndpointIsRedactedTheSameWay() throws Exception {
        String id = endpoint("{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X-Key\","
                + "\"header_value\":\"hv-secret-value\"}}");
        data(send("POST", base + "/subscriptions", shop.apiKey(), "{\"name\":\"s\",\"endpoint_id\":\"" + id + "\"}"));
        String event = data(send("POST", base + "/events", shop.apiKey(), "{\"endpoint_id\":\"" + id
                + "\",\"event_type\":\"t\",\"data\":{}}")).path("uid").asText();
        server.awaitPlanned(); // acknowledged on receipt: its delivery follows (ADR 0038)
        String delivery = data(send("GET", base + "/eventdeliveries?eventId=" + event, shop.apiKey(), null))
                .path("content").path(0).path("uid").asText();
        JsonNode api = data(send("GET", base + "/eventdeliveries/" + delivery, shop.apiKey(), null))
                .path("endpoint_metadata");
        JsonNode portal = data(send("GET", "/portal-api/eventdeliveries/" + delivery, portalToken, null))
                .path("endpoint_metadata");
        assertEquals(REDACTED, api.at("/authentication/api_key/header_value").asText());
        assertEquals(SIGNING_SECRET, api.at("/secrets/0/value").asText());
        assertEquals(REDACTED, portal.at("/authentication/api_key/header_value").asText());
        assertEquals(REDACTED, portal.at("/secrets/0/value").asText());
    }

    @Test
    void sendingBackWhatWasReadKeepsEveryStoredCredential() throws Exception {
        String apiKey = endpoint("{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X-Key\","
                + "\"header_value\":\"hv-secret-value\"}}");
        String oauth = endpoint("{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://auth.example/token\","
                + "\"client_id\":\"cid\",\"authentication_type\":\"client_assertion\",\"client_secret\":"
                + "\"cs-secret-value\",\"signing_key\":{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"a\",\"y\":\"b\","
                + "\"d\":\"jwk-private-d\"}}}");
        for (String id : List.of(apiKey, oauth)) {
            JsonNode read = data(send("GET", base + "/endpoints/" + id, shop.apiKey(), null));
            String back = "{\"name\":\"renamed\",\"url\":\"" + read.path("url").asText() + "\",\"authentication\":"
                    + read.path("authentication") + "}";
            assertEquals(202, send("PUT", base + "/endpoints/" + id, shop.apiKey(), back).statusCode());
        }
        Endpoint storedKey = server.server().repositories().endpoints().find(shop.id(), apiKey);
        assertEquals("renamed", storedKey.name());
        assertEquals("hv-secret-value", storedKey.authentication().apiKey().headerValue());
        Endpoint storedOauth = server.server().repositories().endpoints().find(shop.id(), oauth);
        assertEquals("cs-secret-value", storedOauth.authentication().oauth2().clientSecret());
        assertEquals("jwk-private-d", storedOauth.authentication().oauth2().signingKey().path("d").asText());

        HttpResponse<String> nothingStored = send("PUT", base + "/endpoints/" + apiKey, shop.apiKey(),
                "{\"name\":\"x\",\"url\":\"https://acme.example/hook\",\"authentication\":{\"type\":\"basic_auth\","
                        + "\"basic_auth\":{\"username\":\"u\",\"password\":\"[REDACTED]\"}}}");
        assertEquals(400, nothingStored.statusCode(), "[REDACTED] keeps a stored value; there is none to keep");
    }

    @Test
    void aPortalCreatedEndpointsSecretIsNotEchoedToThePortal() throws Exception {
        JsonNode created = data(send("POST", "/portal-api/endpoints", portalToken,
                "{\"name\":\"mine\",\"url\":\"https://mine.example/hook\",\"secret\":\"portal-made-secret\"}"));
        assertEquals(REDACTED, created.at("/secrets/0/value").asText());
        JsonNode rolled = data(send("PUT", "/portal-api/endpoints/" + created.path("uid").asText()
                + "/expire_secret", portalToken, "{\"expiration\":60,\"secret\":\"portal-rolled-secret\"}"));
        assertFalse(rolled.toString().contains("portal-rolled-secret"), rolled.toString());
        JsonNode api = data(send("GET", base + "/endpoints/" + created.path("uid").asText(), shop.apiKey(), null));
        assertEquals("portal-rolled-secret", api.at("/secrets/1/value").asText(), "the secret the page sent");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** An endpoint of the portal link's owner with the signing secret and {@code authentication} (JSON or null). */
    private String endpoint(String authentication) throws Exception {
        return data(send("POST", base + "/endpoints", shop.apiKey(), "{\"name\":\"e\",\"url\":"
                + "\"https://acme.example/hook\",\"owner_id\":\"acme\",\"secret\":\"" + SIGNING_SECRET + "\""
                + (authentication == null ? "" : ",\"authentication\":" + authentication) + "}")).path("uid").asText();
    }

    /**
     * The field at {@code pointer} as the API shows it (get, list, created answer) and as the portal shows it (get,
     * list, the portal link's endpoints); no portal answer holds any credential or the signing secret anywhere.
     */
    private void assertField(String id, String pointer, String api, String portal) throws Exception {
        JsonNode apiGet = data(send("GET", base + "/endpoints/" + id, shop.apiKey(), null));
        JsonNode apiList = data(send("GET", base + "/endpoints", shop.apiKey(), null)).path("content");
        JsonNode portalGet = data(send("GET", "/portal-api/endpoints/" + id, portalToken, null));
        JsonNode portalList = data(send("GET", "/portal-api/endpoints", portalToken, null)).path("content");
        JsonNode portalLink = data(send("GET", "/portal-api/portal_link", portalToken, null))
                .path("endpoints_metadata");
        assertEquals(api, apiGet.at(pointer).asText(), "API get " + pointer);
        assertEquals(api, byId(apiList, id).at(pointer).asText(), "API list " + pointer);
        assertEquals(portal, portalGet.at(pointer).asText(), "portal get " + pointer);
        assertEquals(portal, byId(portalList, id).at(pointer).asText(), "portal list " + pointer);
        assertEquals(portal, byId(portalLink, id).at(pointer).asText(), "portal link " + pointer);
        for (JsonNode answer : List.of(apiGet, apiList)) {
            CREDENTIALS.forEach(secret -> assertFalse(answer.toString().contains(secret), answer.toString()));
        }
        for (JsonNode answer : List.of(portalGet, portalList, portalLink)) {
            CREDENTIALS.forEach(secret -> assertFalse(answer.toString().contains(secret), answer.toString()));
            assertFalse(answer.toString().contains(SIGNING_SECRET), answer.toString());
        }
    }

    private static JsonNode byId(JsonNode list, String id) {
        for (JsonNode item : list) {
            if (item.path("uid").asText().equals(id)) {
                return item;
            }
        }
        throw new AssertionError("no " + id + " in " + list);
    }

    private HttpResponse<String> send(String method, String path, String key, String json) throws Exception {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json");
        builder.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json));
        return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode data(HttpResponse<String> response) throws Exception {
        assertTrue(response.statusCode() < 300, response.statusCode() + " " + response.body());
        return JSON.readTree(response.body()).path("data");
    }
}
