package dev.hookline.server.endpoints;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static dev.hookline.server.testing.ApiAssertions.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.ExpireSecretRequest;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.store.Times;
import dev.hookline.server.testing.ApiAssertions;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.TestCertificates;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EndpointsIT {

    @TempDir
    Path dataDir;
    @TempDir
    Path certDir;
    TestServer server;
    TestProject project;
    ApiClient client;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // --------------------------------------------------------------------------------------------- create/read

    @Test
    void createAppliesConvoyDefaults() {
        Endpoint created = client.createEndpoint(EndpointRequest.of("https://example.com/hooks", "orders"));
        assertEquals(26, created.uid().length());
        assertEquals(project.id(), created.projectId());
        assertEquals("orders", created.name());
        assertEquals("https://example.com/hooks", created.url());
        assertEquals(EndpointStatus.ACTIVE, created.status());
        assertEquals(1, created.secrets().size());
        assertTrue(created.secrets().get(0).value().matches("[A-Za-z0-9]{25}"), created.secrets().get(0).value());
        assertNull(created.secrets().get(0).expiresAt());
        assertEquals(true, created.advancedSignatures());
        assertEquals(10L, created.httpTimeout());
        assertEquals(0, created.rateLimit());
        assertEquals(0L, created.rateLimitDuration());
        assertEquals(ContentType.APPLICATION_JSON, created.contentType());
        assertEquals("", created.ownerId());
        assertEquals("", created.description());
        assertNull(created.authentication());
        assertNull(created.mtlsClientCert());
        assertNull(created.deletedAt());
        assertNotNull(created.createdAt());

        Endpoint fetched = client.getEndpoint(created.uid());
        assertEquals(created, fetched, "GET returns what create returned");
    }

    @Test
    void createKeepsTheValuesGivenAndIgnoresIsDisabled() {
        Endpoint created = client.createEndpoint(new EndpointRequest("http://127.0.0.1:9000/in", "billing",
                "my-own-secret", "tenant-1", "billing hooks", false, "ops@example.com", true,
                "https://hooks.slack.com/x", "https://teams.example.com/y", 30L, 50, 60L,
                ContentType.FORM_URLENCODED, null, null, null));
        assertEquals("my-own-secret", created.secrets().get(0).value());
        assertEquals("tenant-1", created.ownerId());
        assertEquals("billing hooks", created.description());
        assertEquals(false, created.advancedSignatures());
        assertEquals("ops@example.com", created.supportEmail());
        assertEquals("https://hooks.slack.com/x", created.slackWebhookUrl());
        assertEquals("https://teams.example.com/y", created.teamsWebhookUrl());
        assertEquals(30L, created.httpTimeout());
        assertEquals(50, created.rateLimit());
        assertEquals(60L, created.rateLimitDuration());
        assertEquals(ContentType.FORM_URLENCODED, created.contentType());
        assertEquals(EndpointStatus.ACTIVE, created.status(), "is_disabled is ignored on create");
        assertEquals(created, client.getEndpoint(created.uid()));
    }

    @Test
    void everyOperationAnswersWithConvoysStatusAndMessage() {
        String base = "/v1/projects/" + project.id() + "/endpoints";
        RawResponse created = client.raw("POST", base, "{\"url\":\"https://a.example/x\",\"name\":\"a\"}", Map.of());
        assertEnvelope(created, 201, "Endpoint created successfully");
        String id = tree(created).path("data").path("uid").asText();

        assertEnvelope(client.raw("GET", base, null, Map.of()), 200, "Endpoints fetched successfully");
        assertEnvelope(client.raw("GET", base + "/" + id, null, Map.of()), 200, "Endpoint fetched successfully");
        assertEnvelope(client.raw("PUT", base + "/" + id, "{\"url\":\"https://a.example/y\",\"name\":\"b\"}",
                Map.of()), 202, "Endpoint updated successfully");
        assertEnvelope(client.raw("PUT", base + "/" + id + "/pause", null, Map.of()), 202,
                "endpoint status updated successfully");
        assertEnvelope(client.raw("POST", base + "/" + id + "/activate", null, Map.of()), 202,
                "endpoint status successfully activated");
        assertEnvelope(client.raw("PUT", base + "/" + id + "/expire_secret", "{\"expiration\":60}", Map.of()), 200,
                "endpoint secret expired successfully");
        RawResponse deleted = client.raw("DELETE", base + "/" + id, null, Map.of());
        assertEnvelope(deleted, 200, "Endpoint deleted successfully");
        assertTrue(tree(deleted).has("data") && tree(deleted).get("data").isNull(), deleted.body());
    }

    @Test
    void listFiltersByNameCaseInsensitivelyAndByOwner() {
        Endpoint a = create("Orders EU", "acme");
        Endpoint b = create("orders-us", "acme");
        Endpoint c = create("invoices", "globex");
        create("100%_done", "");

        assertEquals(List.of(b.uid(), a.uid()), ids(client.listEndpoints(ListQuery.create().with("q", "ORDERS"))));
        assertEquals(List.of(b.uid(), a.uid()),
                ids(client.listEndpoints(ListQuery.create().with("ownerId", "acme"))));
        assertEquals(List.of(c.uid()), ids(client.listEndpoints(ListQuery.create().with("ownerId", "globex"))));
        assertEquals(List.of(b.uid()), ids(client.listEndpoints(
                ListQuery.create().with("ownerId", "acme").with("q", "us"))));
        assertEquals(1, client.listEndpoints(ListQuery.create().with("q", "%_")).content().size(),
                "LIKE wildcards in q are literal");
        assertTrue(client.listEndpoints(ListQuery.create().with("q", "%")).content().stream()
                .allMatch(e -> e.name().contains("%")));
    }

    // ------------------------------------------------------------------------------------------------ update

    @Test
    void updateChangesSettingsButKeepsSecretsStatusAndOmittedValues() {
        Endpoint created = client.createEndpoint(new EndpointRequest("https://a.example/x", "a", null, "owner-1",
                "first", null, "a@example.com", null, null, null, 20L, 5, 10L, null, null, null, null));
        client.pauseEndpoint(created.uid());
        Endpoint updated = client.updateEndpoint(created.uid(), new EndpointRequest("https://b.example/y", "b",
                "ignored-secret", null, null, false, null, null, null, null, null, 7, null, null, null, null, null));
        assertEquals("https://b.example/y", updated.url());
        assertEquals("b", updated.name());
        assertEquals(false, updated.advancedSignatures());
        assertEquals(7, updated.rateLimit());
        assertEquals("owner-1", updated.ownerId(), "omitted owner_id kept");
        assertEquals("first", updated.description(), "omitted description kept");
        assertEquals("a@example.com", updated.supportEmail());
        assertEquals(20L, updated.httpTimeout());
        assertEquals(10L, updated.rateLimitDuration());
        assertEquals(EndpointStatus.PAUSED, updated.status(), "update does not touch status");
        assertEquals(created.secrets(), updated.secrets(), "update does not touch secrets");
        assertTrue(updated.updatedAt().isAfter(created.updatedAt()) || updated.updatedAt().equals(created.updatedAt()));
        assertEquals(updated, client.getEndpoint(created.uid()), "persisted");
    }

    @Test
    void updateCanAddAndRemoveAuthentication() {
        Endpoint created = create("a", "");
        Endpoint withKey = client.updateEndpoint(created.uid(), request("https://a.example/x", "a",
                new EndpointAuthentication(EndpointAuthType.API_KEY, new ApiKeyHeader("X-Key", "k1"), null, null),
                null));
        assertEquals("[REDACTED]", withKey.authentication().apiKey().headerValue(), "write-only (docs/adr/0028)");
        Endpoint kept = client.updateEndpoint(created.uid(), EndpointRequest.of("https://a.example/x", "a"));
        assertEquals(withKey.authentication(), kept.authentication(), "omitted authentication kept");
        Endpoint removed = client.updateEndpoint(created.uid(), request("https://a.example/x", "a",
                new EndpointAuthentication(null, null, null, null), null));
        assertNull(removed.authentication(), "authentication: {} removes it");
    }

    // ------------------------------------------------------------------------------------------ delete

    @Test
    void deleteSoftDeletesTheEndpointAndItsSubscriptions() throws Exception {
        Endpoint keep = create("keep", "");
        Endpoint gone = create("gone", "");
        insertSubscription("sub-gone", gone.uid());
        insertSubscription("sub-keep", keep.uid());

        client.deleteEndpoint(gone.uid());

        assertEquals(404, assertThrows(ApiException.class, () -> client.getEndpoint(gone.uid())).status());
        assertEquals(List.of(keep.uid()), ids(client.listEndpoints(ListQuery.create())));
        assertNotNull(deletedAt("endpoints", gone.uid()), "row kept, soft-deleted");
        assertNotNull(deletedAt("subscriptions", "sub-gone"));
        assertNull(deletedAt("subscriptions", "sub-keep"));
        assertEquals(404, assertThrows(ApiException.class, () -> client.deleteEndpoint(gone.uid())).status(),
                "deleting twice is unknown");
    }

    // ------------------------------------------------------------------------------------ pause / activate

    @Test
    void pauseTogglesBetweenActiveAndPausedAndReturnsTheNewStatus() {
        Endpoint e = create("a", "");
        Endpoint paused = client.pauseEndpoint(e.uid());
        assertEquals(EndpointStatus.PAUSED, paused.status());
        assertEquals(EndpointStatus.PAUSED, client.getEndpoint(e.uid()).status());
        Endpoint resumed = client.pauseEndpoint(e.uid());
        assertEquals(EndpointStatus.ACTIVE, resumed.status());
        assertEquals(EndpointStatus.ACTIVE, client.getEndpoint(e.uid()).status());
    }

    @Test
    void pauseRefusesInactiveEndpointsAndUnknownIds() throws Exception {
        Endpoint e = create("a", "");
        setStatus(e.uid(), "inactive");
        String base = "/v1/projects/" + project.id() + "/endpoints/";
        assertBad(client.raw("PUT", base + e.uid() + "/pause", null, Map.of()), 400,
                "current endpoint status - inactive, does not support pausing or unpausing");
        assertEquals(EndpointStatus.INACTIVE, client.getEndpoint(e.uid()).status());
        assertBad(client.raw("PUT", base + "01ARZ3NDEKTSV4RRFFQ69G5FAV/pause", null, Map.of()), 400,
                "failed to find endpoint");
    }

    @Test
    void activateBringsInactiveAndPausedEndpointsBack() throws Exception {
        Endpoint e = create("a", "");
        setStatus(e.uid(), "inactive");
        assertEquals(EndpointStatus.ACTIVE, client.activateEndpoint(e.uid()).status());
        client.pauseEndpoint(e.uid());
        assertEquals(EndpointStatus.ACTIVE, client.activateEndpoint(e.uid()).status());
        assertEquals(EndpointStatus.ACTIVE, client.getEndpoint(e.uid()).status());
        String base = "/v1/projects/" + project.id() + "/endpoints/";
        assertBad(client.raw("POST", base + e.uid() + "/activate", null, Map.of()), 400,
                "current endpoint status - active, does not support activation");
        assertBad(client.raw("POST", base + "01ARZ3NDEKTSV4RRFFQ69G5FAV/activate", null, Map.of()), 400,
                "failed to find endpoint");
    }

    // ------------------------------------------------------------------------------------------ secrets

    @Test
    void expireSecretExpiresTheCurrentSecretAndAppendsAGeneratedOne() {
        Endpoint e = create("a", "");
        String oldValue = e.secrets().get(0).value();
        Instant before = Instant.now();
        Endpoint rotated = client.expireSecret(e.uid(), new ExpireSecretRequest(null, 3600L));
        Instant after = Instant.now();

        assertEquals(2, rotated.secrets().size());
        EndpointSecret old = rotated.secrets().get(0);
        EndpointSecret fresh = rotated.secrets().get(1);
        assertEquals(oldValue, old.value());
        assertNotNull(old.expiresAt());
        assertFalse(old.expiresAt().isBefore(before.plusSeconds(3600).minusSeconds(1)), old.expiresAt().toString());
        assertFalse(old.expiresAt().isAfter(after.plusSeconds(3600).plusSeconds(1)), old.expiresAt().toString());
        assertNull(fresh.expiresAt());
        assertTrue(fresh.value().matches("[A-Za-z0-9]{25}"));
        assertNotEquals(oldValue, fresh.value());
        assertEquals(rotated.secrets(), client.getEndpoint(e.uid()).secrets(), "persisted");

        Endpoint again = client.expireSecret(e.uid(), new ExpireSecretRequest("chosen-secret", 0L));
        assertEquals(3, again.secrets().size());
        assertEquals(old.expiresAt(), again.secrets().get(0).expiresAt(), "already expiring secret untouched");
        assertNotNull(again.secrets().get(1).expiresAt(), "the then-current secret now expires");
        assertEquals("chosen-secret", again.secrets().get(2).value());
        assertNull(again.secrets().get(2).expiresAt());
    }

    @Test
    void expireSecretValidatesItsBody() {
        Endpoint e = create("a", "");
        String path = "/v1/projects/" + project.id() + "/endpoints/" + e.uid() + "/expire_secret";
        assertBad(client.raw("PUT", path, "{}", Map.of()), 400, "expiration");
        assertBad(client.raw("PUT", path, "{\"expiration\":-1}", Map.of()), 400, "expiration");
        assertBad(client.raw("PUT", path, "{\"expiration\":604801}", Map.of()), 400, "7 days");
        assertBad(client.raw("PUT", path, "{\"expiration\":\"soon\"}", Map.of()), 400, "expiration");
        assertEquals(1, client.getEndpoint(e.uid()).secrets().size(), "nothing written");
        assertBad(client.raw("PUT", "/v1/projects/" + project.id() + "/endpoints/01ARZ3NDEKTSV4RRFFQ69G5FAV"
                + "/expire_secret", "{\"expiration\":10}", Map.of()), 404, "Resource not found");
    }

    // -------------------------------------------------------------------------------------- authentication

    @Test
    void acceptsEachAuthenticationType() {
        Endpoint apiKey = client.createEndpoint(request("https://a.example/1", "k", new EndpointAuthentication(
                EndpointAuthType.API_KEY, new ApiKeyHeader("X-Api-Key", "v"), null, null), null));
        assertEquals(EndpointAuthType.API_KEY, apiKey.authentication().type());
        assertEquals("X-Api-Key", apiKey.authentication().apiKey().headerName());

        Endpoint shared = client.createEndpoint(request("https://a.example/2", "o", new EndpointAuthentication(
                EndpointAuthType.OAUTH2, null, null, oauth2("shared_secret", "s3cret", null, "seconds")), null));
        assertEquals("[REDACTED]", shared.authentication().oauth2().clientSecret(), "write-only (docs/adr/0028)");
        assertEquals("shared_secret", shared.authentication().oauth2().authenticationType());

        JsonNode jwk = Json.strict().createObjectNode().put("kty", "EC").put("crv", "P-256").put("x", "a")
                .put("y", "b").put("d", "c");
        Endpoint assertion = client.createEndpoint(request("https://a.example/3", "a", new EndpointAuthentication(
                EndpointAuthType.OAUTH2, null, null, oauth2("client_assertion", null, jwk, null)), null));
        assertEquals("EC", assertion.authentication().oauth2().signingKey().path("kty").asText());
        assertEquals("a", assertion.authentication().oauth2().signingKey().path("x").asText(), "public part shown");
        assertEquals("[REDACTED]", assertion.authentication().oauth2().signingKey().path("d").asText());
    }

    @Test
    void redactsBasicAuthPasswordAndClientKeyOnTheWireButStoresThem() throws Exception {
        TestCertificates.Pair pair = TestCertificates.rsa(certDir);
        EndpointRequest request = request("https://a.example/x", "secure", new EndpointAuthentication(
                EndpointAuthType.BASIC_AUTH, null, new BasicAuth("user", "pa55word"), null),
                new MtlsClientCert(pair.certPem(), pair.keyPem()));
        String path = "/v1/projects/" + project.id() + "/endpoints";
        RawResponse created = client.raw("POST", path, Json.strict().writeValueAsString(request), Map.of());
        assertEquals(201, created.status(), created.body());
        assertFalse(created.body().contains("pa55word"), "password not on the wire");
        assertFalse(created.body().contains("PRIVATE KEY"), "client key not on the wire");
        JsonNode data = tree(created).path("data");
        assertEquals("[REDACTED]", data.path("authentication").path("basic_auth").path("password").asText());
        assertEquals("user", data.path("authentication").path("basic_auth").path("username").asText());
        assertEquals("[REDACTED]", data.path("mtls_client_cert").path("client_key").asText());
        assertEquals(pair.certPem().trim(), data.path("mtls_client_cert").path("client_cert").asText());
        String id = data.path("uid").asText();

        RawResponse fetched = client.raw("GET", path + "/" + id, null, Map.of());
        RawResponse listed = client.raw("GET", path, null, Map.of());
        for (RawResponse r : List.of(fetched, listed)) {
            assertFalse(r.body().contains("pa55word"), r.body());
            assertFalse(r.body().contains("PRIVATE KEY"), r.body());
            assertTrue(r.body().contains("[REDACTED]"), r.body());
        }

        Endpoint stored = server.server().repositories().endpoints().find(project.id(), id);
        assertEquals("pa55word", stored.authentication().basicAuth().password());
        assertEquals(pair.keyPem().trim(), stored.mtlsClientCert().clientKey());

        // a client can PUT back what it read: the redacted values keep the stored ones
        Endpoint read = client.getEndpoint(id);
        client.updateEndpoint(id, request(read.url(), "renamed", read.authentication(), read.mtlsClientCert()));
        Endpoint after = server.server().repositories().endpoints().find(project.id(), id);
        assertEquals("renamed", after.name());
        assertEquals("pa55word", after.authentication().basicAuth().password());
        assertEquals(pair.keyPem().trim(), after.mtlsClientCert().clientKey());
    }

    @Test
    void acceptsAnEcClientCertificate() {
        TestCertificates.Pair pair = TestCertificates.ec(certDir);
        Endpoint e = client.createEndpoint(request("https://a.example/x", "ec", null,
                new MtlsClientCert(pair.certPem(), pair.keyPem())));
        assertEquals("[REDACTED]", e.mtlsClientCert().clientKey());
    }

    // ------------------------------------------------------------------------------------------- bad input

    @Test
    void badCreateInputGetsA400NamingTheProblemAndWritesNothing() throws Exception {
        create("existing", "");
        TestCertificates.Pair pair = TestCertificates.rsa(certDir);
        TestCertificates.Pair other = TestCertificates.ec(certDir);
        TestCertificates.Pair expired = TestCertificates.expiredRsa(certDir);
        String path = "/v1/projects/" + project.id() + "/endpoints";
        String ok = "\"url\":\"https://a.example/x\",\"name\":\"n\"";
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("{\"name\":\"n\"}", "please provide a url for your endpoint");
        cases.put("{\"url\":\"  \",\"name\":\"n\"}", "please provide a url for your endpoint");
        cases.put("{\"url\":\"https://a.example/x\"}", "name:");
        cases.put("{\"url\":\"ftp://a.example/x\",\"name\":\"n\"}", "url:");
        cases.put("{\"url\":\"not a url\",\"name\":\"n\"}", "url:");
        cases.put("{\"url\":\"/relative/path\",\"name\":\"n\"}", "url:");
        cases.put("{\"url\":\"https://\",\"name\":\"n\"}", "url:");
        cases.put("{" + ok + ",\"support_email\":\"nope\"}", "support_email");
        cases.put("{" + ok + ",\"slack_webhook_url\":\"slack\"}", "slack_webhook_url");
        cases.put("{" + ok + ",\"teams_webhook_url\":\"teams\"}", "teams_webhook_url");
        cases.put("{" + ok + ",\"http_timeout\":301}", "http_timeout");
        cases.put("{" + ok + ",\"http_timeout\":-1}", "http_timeout");
        cases.put("{" + ok + ",\"rate_limit\":-5}", "rate_limit");
        cases.put("{" + ok + ",\"rate_limit_duration\":-5}", "rate_limit_duration");
        cases.put("{" + ok + ",\"http_timeout\":\"ten\"}", "http_timeout");
        cases.put("{" + ok + ",\"advanced_signatures\":\"yes\"}", "advanced_signatures");
        cases.put("{" + ok + ",\"name\":[\"n\"]}", "name");
        cases.put("{" + ok + ",\"content_type\":\"text/xml\"}", "content_type");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"hmac\"}}", "authentication.type");
        cases.put("{" + ok + ",\"authentication\":{\"api_key\":{\"header_name\":\"a\",\"header_value\":\"b\"}}}",
                "authentication.type");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"api_key\",\"basic_auth\":{\"username\":\"u\","
                + "\"password\":\"p\"}}}", "authentication.basic_auth does not match");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"api_key\"}}", "authentication.api_key");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X\"}}}",
                "authentication.api_key");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"basic_auth\",\"basic_auth\":{\"username\":\"u\"}}}",
                "authentication.basic_auth");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"basic_auth\",\"basic_auth\":{\"username\":\"u\","
                + "\"password\":\"[REDACTED]\"}}}", "authentication.basic_auth.password");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"oauth2\"}}", "authentication.oauth2");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://t.example\","
                + "\"client_id\":\"c\",\"authentication_type\":\"magic\"}}}", "authentication_type");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://t.example\","
                + "\"client_id\":\"c\",\"authentication_type\":\"shared_secret\"}}}", "client_secret");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://t.example\","
                + "\"client_id\":\"c\",\"authentication_type\":\"client_assertion\"}}}", "signing_key");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"https://t.example\","
                + "\"client_id\":\"c\",\"authentication_type\":\"shared_secret\",\"client_secret\":\"s\","
                + "\"expiry_time_unit\":\"days\"}}}", "expiry_time_unit");
        cases.put("{" + ok + ",\"authentication\":{\"type\":\"oauth2\",\"oauth2\":{\"url\":\"token\","
                + "\"client_id\":\"c\",\"authentication_type\":\"shared_secret\",\"client_secret\":\"s\"}}}",
                "authentication.oauth2.url");
        cases.put("{" + ok + ",\"mtls_client_cert\":{\"client_cert\":" + q(pair.certPem()) + "}}",
                "both client_cert and client_key");
        cases.put("{" + ok + ",\"mtls_client_cert\":{\"client_cert\":\"garbage\",\"client_key\":"
                + q(pair.keyPem()) + "}}", "not PEM encoded");
        cases.put("{" + ok + ",\"mtls_client_cert\":{\"client_cert\":" + q(pair.certPem()) + ",\"client_key\":"
                + q(pair.certPem()) + "}}", "PKCS#8");
        cases.put("{" + ok + ",\"mtls_client_cert\":{\"client_cert\":" + q(pair.certPem()) + ",\"client_key\":"
                + q(other.keyPem()) + "}}", "does not belong");
        cases.put("{" + ok + ",\"mtls_client_cert\":{\"client_cert\":" + q(expired.certPem()) + ",\"client_key\":"
                + q(expired.keyPem()) + "}}", "expired");
        cases.put("{\"url\":", "badly-formed JSON");
        cases.put("[1,2]", "JSON object");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertBad(client.raw("POST", path, c.getKey(), Map.of()), 400, c.getValue());
        }
        assertBad(client.raw("POST", path, "", Map.of()), 400, "body must not be empty");
        assertEquals(1, client.listEndpoints(ListQuery.create()).content().size(), "nothing written");
    }

    @Test
    void httpUrlsAreRefusedWhenTheProjectEnforcesSecureEndpoints() {
        Endpoint plain = create("plain", "");
        client.updateProject(project.id(), new UpdateProjectRequest("shop", null, ProjectConfig.builder().ssl(new ProjectConfig.Ssl(true)).build()));
        String path = "/v1/projects/" + project.id() + "/endpoints";
        assertBad(client.raw("POST", path, "{\"url\":\"http://a.example/x\",\"name\":\"n\"}", Map.of()), 400,
                "https");
        assertBad(client.raw("PUT", path + "/" + plain.uid(), "{\"url\":\"http://a.example/x\",\"name\":\"n\"}",
                Map.of()), 400, "https");
        assertEquals(1, client.listEndpoints(ListQuery.create()).content().size());
        assertEquals("plain", client.getEndpoint(plain.uid()).name(), "update wrote nothing");
        assertEquals("https://a.example/x",
                client.createEndpoint(EndpointRequest.of("https://a.example/x", "tls")).url());
    }

    @Test
    void badUpdateInputGetsA400AndLeavesTheEndpointUnchanged() {
        Endpoint e = create("a", "o");
        String path = "/v1/projects/" + project.id() + "/endpoints/" + e.uid();
        assertBad(client.raw("PUT", path, "{\"name\":\"b\"}", Map.of()), 400, "please provide a url");
        assertBad(client.raw("PUT", path, "{\"url\":\"https://b.example\"}", Map.of()), 400, "name:");
        assertBad(client.raw("PUT", path, "{\"url\":\"https://b.example\",\"name\":\"b\",\"authentication\":"
                + "{\"type\":\"basic_auth\"}}", Map.of()), 400, "authentication.basic_auth");
        assertBad(client.raw("PUT", path, "{\"url\":\"https://b.example\",\"name\":\"b\",\"http_timeout\":true}",
                Map.of()), 400, "http_timeout");
        assertEquals(e, client.getEndpoint(e.uid()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-an-id"})
    void unknownIdsAreNotFound(String id) {
        String path = "/v1/projects/" + project.id() + "/endpoints/" + id;
        assertBad(client.raw("GET", path, null, Map.of()), 404, "Resource not found");
        assertBad(client.raw("PUT", path, "{\"url\":\"https://b.example\",\"name\":\"b\"}", Map.of()), 404,
                "Resource not found");
        assertBad(client.raw("DELETE", path, null, Map.of()), 404, "Resource not found");
    }

    @Test
    void anEndpointOfAnotherProjectBehavesLikeAnUnknownOne() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Endpoint theirs = other.client().createEndpoint(EndpointRequest.of("https://them.example", "theirs"));
        String path = "/v1/projects/" + project.id() + "/endpoints/" + theirs.uid();
        assertBad(client.raw("GET", path, null, Map.of()), 404, "Resource not found");
        assertBad(client.raw("PUT", path, "{\"url\":\"https://b.example\",\"name\":\"b\"}", Map.of()), 404,
                "Resource not found");
        assertBad(client.raw("DELETE", path, null, Map.of()), 404, "Resource not found");
        assertBad(client.raw("PUT", path + "/pause", null, Map.of()), 400, "failed to find endpoint");
        assertBad(client.raw("POST", path + "/activate", null, Map.of()), 400, "failed to find endpoint");
        assertBad(client.raw("PUT", path + "/expire_secret", "{\"expiration\":1}", Map.of()), 404,
                "Resource not found");
        assertTrue(client.listEndpoints(ListQuery.create()).content().isEmpty());
        assertEquals(theirs, other.client().getEndpoint(theirs.uid()), "untouched");
        // and through the other project's path with this project's key
        assertEquals(403, client.raw("GET", "/v1/projects/" + other.id() + "/endpoints/" + theirs.uid(), null,
                Map.of()).status());
    }

    // ------------------------------------------------------------------------------------------ pagination

    @Test
    void paginationWalksEveryRowOnceInOrderBothWays() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(create("e" + i, i % 2 == 0 ? "even" : "odd").uid());
        }
        List<String> desc = new ArrayList<>(created);
        desc.sort(Comparator.reverseOrder());
        List<String> asc = new ArrayList<>(created);
        asc.sort(Comparator.naturalOrder());
        List<String> evenAsc = asc.stream().filter(id -> created.indexOf(id) % 2 == 0).toList();
        for (int perPage = 1; perPage <= 4; perPage++) {
            KeysetWalk.assertWalks(desc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.DESC),
                    client::listEndpoints, Endpoint::uid);
            KeysetWalk.assertWalks(asc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.ASC),
                    client::listEndpoints, Endpoint::uid);
            KeysetWalk.assertWalks(evenAsc, ListQuery.ofPerPage(perPage).sort(ListQuery.Sort.ASC)
                    .with("ownerId", "even"), client::listEndpoints, Endpoint::uid);
        }
    }

    @Test
    void listRejectsBadPagingParameters() {
        String path = "/v1/projects/" + project.id() + "/endpoints";
        assertBad(client.raw("GET", path + "?perPage=abc", null, Map.of()), 400, "perPage");
        assertBad(client.raw("GET", path + "?sort=sideways", null, Map.of()), 400, "sort");
        assertBad(client.raw("GET", path + "?next_page_cursor=nope", null, Map.of()), 400, "cursor");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private Endpoint create(String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name.replaceAll("[^a-z0-9]", "") + ".example/h",
                name, null, owner, null, null, null, null, null, null, null, null, null, null, null, null, null));
    }

    static EndpointRequest request(String url, String name, EndpointAuthentication auth, MtlsClientCert mtls) {
        return new EndpointRequest(url, name, null, null, null, null, null, null, null, null, null, null, null, null,
                auth, mtls, null);
    }

    private static EndpointAuthentication.OAuth2 oauth2(String type, String secret, JsonNode key, String unit) {
        return new EndpointAuthentication.OAuth2("https://auth.example/token", "client", type, secret, key,
                key == null ? null : "ES256", null, null, null, null, null, null, unit);
    }

    private void insertSubscription(String id, String endpointId) {
        long now = Times.toMicros(Instant.now());
        server.server().store().db().write(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO subscriptions(id, project_id, name, "
                    + "endpoint_id, filter_config, created_at, updated_at) VALUES (?, ?, ?, ?, '{}', ?, ?)")) {
                s.setString(1, id);
                s.setString(2, project.id());
                s.setString(3, id);
                s.setString(4, endpointId);
                s.setLong(5, now);
                s.setLong(6, now);
                return s.executeUpdate();
            }
        });
    }

    private Instant deletedAt(String table, String id) {
        return server.server().store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT deleted_at FROM " + table + " WHERE id = ?")) {
                s.setString(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    assertTrue(rs.next(), table + " row " + id + " exists");
                    return Times.get(rs, "deleted_at");
                }
            }
        });
    }

    private void setStatus(String endpointId, String status) {
        server.server().store().db().write(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE endpoints SET status = ? WHERE id = ?")) {
                s.setString(1, status);
                s.setString(2, endpointId);
                return s.executeUpdate();
            }
        });
    }

    private static List<String> ids(Page<Endpoint> page) {
        return page.content().stream().map(Endpoint::uid).toList();
    }

    private static String q(String text) {
        try {
            return Json.strict().writeValueAsString(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
