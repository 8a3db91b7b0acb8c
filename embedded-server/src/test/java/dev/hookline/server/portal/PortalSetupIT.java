package dev.hookline.server.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Subscription;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The portal API's setup routes (docs/adr/0025) through real HTTP: an endpoint created with its event types gets its
 * subscription in the same write, its types change later, a test event goes to it alone, its secret is shown on
 * request to a managing link only, and every {@code /portal-api} answer is no-store, nosniff and gzip when asked.
 */
class PortalSetupIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject shop;
    HttpClient http;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        shop = server.newProject("shop", ProjectType.OUTGOING);
        http = HttpClient.newHttpClient();
        for (String type : List.of("invoice.paid", "Invoice.failed", "order.paid")) {
            shop.client().createEventType(EventTypeRequest.named(type));
        }
    }

    @AfterEach
    void stop() {
        http.close();
        server.close();
    }

    @Test
    void anEndpointCreatedWithEventTypesGetsItsSubscriptionAndTheTypesChangeLater() throws Exception {
        String token = link(true).token();
        HttpResponse<String> created = call(token, "POST", "/endpoints", """
                {"name":"inv","url":"https://inv.example/h","event_types":["INVOICE.PAID","Invoice.failed"]}""");
        assertEquals(201, created.statusCode(), created.body());
        String id = Json.strict().readTree(created.body()).path("data").path("uid").asText();
        List<Subscription> subs = shop.client().listSubscriptions(ListQuery.create().with("endpointId", id)).content();
        assertEquals(1, subs.size(), "one subscription, made with the endpoint");
        assertEquals(List.of("invoice.paid", "Invoice.failed"), subs.get(0).filterConfig().eventTypes(),
                "in the catalogue's spelling");
        assertEquals("[\"invoice.paid\",\"Invoice.failed\"]",
                data(call(token, "GET", "/endpoints/" + id + "/event_types", null)).path("event_types").toString());

        HttpResponse<String> changed = call(token, "PUT", "/endpoints/" + id + "/event_types",
                "{\"event_types\":[\"*\"]}");
        assertEquals(202, changed.statusCode(), changed.body());
        assertEquals(List.of("*"), shop.client().listSubscriptions(ListQuery.create().with("endpointId", id)).content()
                .get(0).filterConfig().eventTypes());

        HttpResponse<String> unknown = call(token, "POST", "/endpoints", """
                {"name":"x","url":"https://x.example/h","event_types":["refund.made"]}""");
        assertEquals(400, unknown.statusCode());
        assertTrue(unknown.body().contains("event_types:refund.made is not one of this project's event types"),
                unknown.body());
        assertTrue(shop.client().listEndpoints(ListQuery.create()).content().stream().noneMatch(e -> "x".equals(
                e.name())), "nothing half-written");

        HttpResponse<String> plain = call(token, "POST", "/endpoints", """
                {"name":"all","url":"https://all.example/h"}""");
        String allId = Json.strict().readTree(plain.body()).path("data").path("uid").asText();
        assertEquals(List.of("*"), shop.client().listSubscriptions(ListQuery.create().with("endpointId", allId))
                .content().get(0).filterConfig().eventTypes(), "every type by default");
    }

    @Test
    void aTestEventGoesToTheEndpointAloneAndOnlyInATypeItReceives() throws Exception {
        String token = link(true).token();
        String id = create(token, "[\"invoice.paid\"]");
        String other = create(token, "[\"invoice.paid\"]");
        HttpResponse<String> sent = call(token, "POST", "/endpoints/" + id + "/test_event",
                "{\"event_type\":\"invoice.paid\"}");
        assertEquals(201, sent.statusCode(), sent.body());
        String eventId = data(sent).path("event_id").asText();
        assertEquals(List.of(id), shop.client().getEvent(eventId).endpoints(), "to this endpoint only, not " + other);
        HttpResponse<String> wrongType = call(token, "POST", "/endpoints/" + id + "/test_event",
                "{\"event_type\":\"order.paid\"}");
        assertEquals(400, wrongType.statusCode());
        assertTrue(wrongType.body().contains("does not receive order.paid"), wrongType.body());
        HttpResponse<String> sample = call(token, "POST", "/endpoints/" + id + "/test_event", null);
        assertEquals(400, sample.statusCode(), "the sample type only for an endpoint that receives every type");
    }

    @Test
    void theSecretIsShownOnRequestToAManagingLinkOnly() throws Exception {
        Endpoint endpoint = shop.client().createEndpoint(new EndpointRequest("https://a.example/h", "a", null, "acme",
                null, null, null, null, null, null, null, null, null, null, null, null, null));
        HttpResponse<String> shown = call(link(true).token(), "GET", "/endpoints/" + endpoint.uid() + "/secret", null);
        assertEquals(200, shown.statusCode(), shown.body());
        assertEquals(endpoint.secrets().getLast().value(), data(shown).path("secret").asText());
        assertEquals(403, call(link(false).token(), "GET", "/endpoints/" + endpoint.uid() + "/secret", null)
                .statusCode());
    }

    @Test
    void portalApiAnswersAreNoStoreNosniffAndCompressedAndThePageAnswersHead() throws Exception {
        ApiClient client = shop.client();
        for (int i = 0; i < 8; i++) {
            client.createEndpoint(new EndpointRequest("https://e" + i + ".example/hook/with/a/longer/path", "endpoint "
                    + i, "described", "acme", null, null, null, null, null, null, null, null, null, null, null, null,
                    null));
        }
        HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                        + "/portal-api/endpoints")).header("Authorization", "Bearer " + link(false).token())
                .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, answer.statusCode());
        assertEquals("no-store", answer.headers().firstValue("Cache-Control").orElse(""));
        assertEquals("nosniff", answer.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertEquals("gzip", answer.headers().firstValue("Content-Encoding").orElse(""));
        String body = new String(new GZIPInputStream(new ByteArrayInputStream(answer.body())).readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(body.contains("endpoint 7"), body);

        HttpResponse<String> refused = call("nope", "GET", "/endpoints", null);
        assertEquals(401, refused.statusCode());
        assertEquals("nosniff", refused.headers().firstValue("X-Content-Type-Options").orElse(""),
                "errors too");

        HttpResponse<String> head = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/portal"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        HttpResponse<String> icon = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                + "/portal/assets/favicon.svg")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, icon.statusCode());
        assertTrue(icon.body().startsWith("<svg"), icon.body());
    }

    @Test
    void aLinksTokenIsTradedForASessionKeyThatEndsWithItsLink() throws Exception {
        shop.client().createEndpoint(new EndpointRequest("https://a.example/h", "a", null, "acme", null, null, null,
                null, null, null, null, null, null, null, null, null, null));
        PortalLink link = link(false);
        HttpResponse<String> opened = call(link.token(), "POST", "/session", null);
        assertEquals(201, opened.statusCode(), opened.body());
        assertEquals("no-store", opened.headers().firstValue("Cache-Control").orElse(""));
        String key = data(opened).path("session_key").asText();
        assertTrue(key.startsWith("PSK.") && key.length() == 36, key);
        assertTrue(data(opened).path("expires_at").asText().endsWith("Z"));
        HttpResponse<String> listed = call(key, "GET", "/endpoints", null);
        assertEquals(200, listed.statusCode(), listed.body());
        assertTrue(listed.body().contains("\"a\""), listed.body());
        assertEquals(403, call(key, "POST", "/session", null).statusCode(), "a session cannot extend itself");
        assertEquals(401, call("PSK.wrongwrongwrongwrongwrongwrongwron", "GET", "/endpoints", null).statusCode());
        shop.client().revokePortalLink(link.uid());
        assertEquals(401, call(key, "GET", "/endpoints", null).statusCode(), "revoking the link ends its sessions");
    }

    @Test
    void theProjectsFrameAncestorsAreCheckedAndWrittenIntoThePagesPolicy() throws Exception {
        assertEquals(List.of(), shop.client().getProject(shop.id()).config().portalFrameAncestors(), "none by default");
        PortalLink link = link(false);
        HttpResponse<String> before = page("/portal?token=" + link.token());
        assertTrue(before.headers().firstValue("Content-Security-Policy").orElse("").endsWith("frame-ancestors 'none'"));
        assertEquals("DENY", before.headers().firstValue("X-Frame-Options").orElse(""));

        for (String bad : List.of("https://app.example/path", "app.example", "https://a.example; script-src *")) {
            dev.hookline.api.client.ApiException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.hookline.api.client.ApiException.class, () -> shop.client().updateProject(shop.id(),
                            new dev.hookline.api.model.UpdateProjectRequest("shop", null, frameAncestors(List.of(bad)))));
            assertEquals(400, refused.status(), bad);
            assertTrue(refused.getMessage().contains("config.portal_frame_ancestors"), refused.getMessage());
        }
        shop.client().updateProject(shop.id(), new dev.hookline.api.model.UpdateProjectRequest("shop", null,
                frameAncestors(List.of("https://App.example", "http://127.0.0.1:8443"))));
        assertEquals(List.of("https://app.example", "http://127.0.0.1:8443"),
                shop.client().getProject(shop.id()).config().portalFrameAncestors());
        for (String path : List.of("/portal?token=" + link.token(), "/portal?project=" + shop.id())) {
            HttpResponse<String> page = page(path);
            assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("")
                    .endsWith("frame-ancestors https://app.example http://127.0.0.1:8443"), path);
            assertTrue(page.headers().firstValue("X-Frame-Options").isEmpty(), path);
        }
        shop.client().updateProject(shop.id(), new dev.hookline.api.model.UpdateProjectRequest("shop", null, null));
        assertEquals(2, shop.client().getProject(shop.id()).config().portalFrameAncestors().size(),
                "left as is when not given");
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        assertTrue(page("/portal?project=" + other.id()).headers().firstValue("Content-Security-Policy").orElse("")
                .endsWith("frame-ancestors 'none'"), "another project's page is not framed by shop's origins");
    }

    private static dev.hookline.api.model.ProjectConfig frameAncestors(List<String> origins) {
        return dev.hookline.api.model.ProjectConfig.builder().portalFrameAncestors(origins).build();
    }

    private HttpResponse<String> page(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String create(String token, String types) throws Exception {
        HttpResponse<String> created = call(token, "POST", "/endpoints", "{\"name\":\"e\",\"url\":\"https://e.example/h\","
                + "\"event_types\":" + types + "}");
        assertEquals(201, created.statusCode(), created.body());
        return data(created).path("uid").asText();
    }

    private HttpResponse<String> call(String token, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl() + "/portal-api" + path))
                .header("Authorization", "Bearer " + token);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode data(HttpResponse<String> answer) throws Exception {
        return Json.strict().readTree(answer.body()).path("data");
    }

    private PortalLink link(boolean manage) {
        return shop.client().createPortalLink(new PortalLinkRequest("acme portal", "acme", null, manage, null));
    }
}
