package dev.hookline.server.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.AlertConfig;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.SubscriptionType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubscriptionsIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject outgoing;
    ApiClient client;
    String path;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        outgoing = server.newProject("outgoing", ProjectType.OUTGOING);
        client = outgoing.client();
        path = pathOf(outgoing);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ------------------------------------------------------------------------------------------------ create

    @Test
    void createAnswers201EchoingTheRawFilterAndReadsShowTheFlattenedOne() throws Exception {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "orders");
        RawResponse response = client.raw("POST", path, "{\"name\":\"orders\",\"endpoint_id\":\"" + endpoint
                + "\",\"app_id\":\"ignored\",\"filter_config\":{\"event_types\":[\"order.paid\"],\"filter\":"
                + "{\"body\":{\"person\":{\"age\":{\"$gte\":5}}},\"headers\":{\"X-Tenant\":\"t1\"}}}}", Map.of());
        assertEquals(201, response.status(), response.body());
        JsonNode body = Json.lenient().readTree(response.body());
        assertEquals("Subscription created successfully", body.get("message").asText());
        JsonNode data = body.get("data");
        assertFalse(data.has("endpoint_id"), "no top-level endpoint_id");
        assertFalse(data.has("source_id"), "no top-level source_id");
        assertFalse(data.has("app_id"));
        assertEquals(endpoint, data.get("endpoint_metadata").get("uid").asText());
        assertTrue(data.get("source_metadata").isNull());
        assertTrue(data.get("device_metadata").isNull());
        assertTrue(data.get("function").isNull());
        assertEquals("api", data.get("type").asText());
        assertEquals("at_least_once", data.get("delivery_mode").asText());
        assertTrue(data.has("retry_config") && data.get("retry_config").isNull(), "none given: written as null");
        assertEquals(Json.lenient().readTree("{\"event_types\":[\"order.paid\"],\"filter\":{\"is_flattened\":false,"
                + "\"headers\":{\"X-Tenant\":\"t1\"},\"body\":{\"person\":{\"age\":{\"$gte\":5}}},\"query\":{},"
                + "\"path\":{}}}"), data.get("filter_config"));

        String id = data.get("uid").asText();
        RawResponse get = client.raw("GET", path + "/" + id, null, Map.of());
        assertEquals(200, get.status());
        JsonNode read = Json.lenient().readTree(get.body());
        assertEquals("Subscription fetched successfully", read.get("message").asText());
        assertEquals(Json.lenient().readTree("{\"event_types\":[\"order.paid\"],\"filter\":{\"is_flattened\":true,"
                + "\"headers\":{\"X-Tenant\":\"t1\"},\"body\":{\"person.age\":{\"$gte\":5}},\"query\":{},"
                + "\"path\":{}}}"), read.get("data").get("filter_config"));
        assertEquals(FilterConfig.class, client.getSubscription(id).filterConfig().getClass());
    }

    @Test
    void defaultsApplyWhenOnlyNameAndEndpointAreGiven() {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "e");
        Subscription created = client.createSubscription(request("minimal", endpoint, null));
        assertEquals(List.of("*"), created.filterConfig().eventTypes());
        assertEquals(DeliveryMode.AT_LEAST_ONCE, created.deliveryMode());
        assertEquals(SubscriptionType.API, created.type());
        assertEquals(outgoing.id(), created.projectId());
        assertNull(created.alertConfig());
        assertNull(created.rateLimitConfig());
        assertNull(created.retryConfig());
        Subscription read = client.getSubscription(created.uid());
        assertEquals(List.of("*"), read.filterConfig().eventTypes());
        assertTrue(read.filterConfig().filter().isFlattened());
        assertTrue(read.filterConfig().filter().body().isEmpty());
    }

    @Test
    void optionalMembersAreStored() {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "e");
        Subscription created = client.createSubscription(new SubscriptionRequest("full", null, endpoint, null,
                "function transform(payload) { return payload; }", new AlertConfig(3, "1h30m"),
                new RateLimitConfig(10, 60L), new FilterConfig(List.of("a", "b", "a"), null),
                DeliveryMode.AT_MOST_ONCE, new SubscriptionRequest.RetryConfig(StrategyType.EXPONENTIAL, "2m", null,
                5L)));
        Subscription read = client.getSubscription(created.uid());
        assertEquals(new AlertConfig(3, "1h30m"), read.alertConfig());
        assertEquals(new RateLimitConfig(10, 60L), read.rateLimitConfig());
        assertEquals(List.of("a", "b"), read.filterConfig().eventTypes(), "duplicates dropped");
        assertEquals(DeliveryMode.AT_MOST_ONCE, read.deliveryMode());
        assertEquals(new Subscription.RetryConfig(StrategyType.EXPONENTIAL, 120L, 5L), read.retryConfig(),
                "retry_config stored (Convoy ignores it on create)");
        assertTrue(read.function().contains("transform(payload)"));
    }

    @Test
    void badInputIsRejectedAndNothingIsWritten() {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "e");
        String ep = "\"endpoint_id\":\"" + endpoint + "\"";
        assertBadCreate(path, "{" + ep + "}", "name:please provide a valid subscription name");
        assertBadCreate(path, "{\"name\":\"s\"}", "endpoint_id:please provide a valid endpoint id");
        assertBadCreate(path, "{\"name\":\"s\",\"endpoint_id\":\"01ARZ3NDEKTSV4RRFFQ69G5FAV\"}",
                "failed to find endpoint by id");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"delivery_mode\":\"exactly_once\"}",
                "\\\"delivery_mode\\\": must be one of at_least_once, at_most_once");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"filter_config\":{\"filter\":{\"body\":{\"a\":{\"$foo\":1}}}}}",
                "$foo starts with a $ and is not a valid operator");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"filter_config\":{\"filter\":{\"headers\":{\"$or\":{}}}}}",
                "filter_config.filter.headers:the value of $or and $and must be an array");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"filter_config\":{\"filter\":{\"body\":{\"a\":{\"$regex\":"
                + "\"[\"}}}}}", "not a valid regular expression");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"filter_config\":{\"filter\":{\"body\":[1]}}}",
                "filter_config.filter.body:must be a JSON object");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"filter_config\":{\"event_types\":[\"a\",\"\"]}}",
                "filter_config.event_types[1]");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"alert_config\":{\"count\":1,\"threshold\":\"an hour\"}}",
                "alert_config.threshold:please provide a valid time duration");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"retry_config\":{\"type\":\"linear\",\"duration\":\"x\"}}",
                "retry_config.duration");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"retry_config\":{\"type\":\"fibonacci\"}}",
                "\\\"retry_config.type\\\"");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"function\":\"function other(p) { return p; }\"}",
                "the transform function is not found");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"rate_limit_config\":{\"count\":-1}}",
                "rate_limit_config");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"source_id\":\"01ARZ3NDEKTSV4RRFFQ69G5FAV\"}",
                "failed to find source by id");
        assertBadCreate(path, "{\"name\":", "badly-formed JSON");
        assertBadCreate(path, "{\"name\":\"s\"," + ep + ",\"filter_config\":{\"event_types\":\"a\"}}",
                "filter_config.event_types");
    }

    @Test
    void anEndpointOfAnotherProjectIsUnknown() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        String theirs = EndpointRows.insert(server, other.id(), "theirs");
        assertBadCreate(path, "{\"name\":\"s\",\"endpoint_id\":\"" + theirs + "\"}", "failed to find endpoint by id");

        String mine = EndpointRows.insert(server, outgoing.id(), "mine");
        Subscription subscription = client.createSubscription(request("s", mine, null));
        int before = countSubscriptions();
        assertBad(client.raw("PUT", path + "/" + subscription.uid(), "{\"endpoint_id\":\"" + theirs + "\"}",
                Map.of()), 400, "failed to find endpoint by id");
        assertEquals(mine, client.getSubscription(subscription.uid()).endpointMetadata().uid(), "unchanged");
        assertEquals(before, countSubscriptions());

        assertInvisibleTo(other, subscription.uid());
    }

    private void assertInvisibleTo(TestProject other, String mySubscription) {
        String otherPath = pathOf(other);
        assertBad(other.client().raw("GET", otherPath + "/" + mySubscription, null, Map.of()), 404,
                "failed to find subscription");
        assertBad(other.client().raw("PUT", otherPath + "/" + mySubscription, "{\"name\":\"x\"}", Map.of()), 404,
                "failed to find subscription");
        assertBad(other.client().raw("DELETE", otherPath + "/" + mySubscription, null, Map.of()), 404,
                "failed to find subscription");
        assertTrue(other.client().listSubscriptions(ListQuery.create()).content().isEmpty());
    }

    @Test
    void incomingProjectsNeedAnExistingSourceOfTheirOwn() {
        TestProject incoming = server.newProject("incoming", ProjectType.INCOMING);
        String incomingPath = pathOf(incoming);
        String endpoint = EndpointRows.insert(server, incoming.id(), "e");
        assertBadCreate(incomingPath, "{\"name\":\"s\",\"endpoint_id\":\"" + endpoint + "\"}",
                "source_id is required for incoming projects");

        TestProject other = server.newProject("other-incoming", ProjectType.INCOMING);
        Source foreign = other.client().createSource(httpSource("foreign"));
        assertBadCreate(incomingPath, "{\"name\":\"s\",\"endpoint_id\":\"" + endpoint + "\",\"source_id\":\""
                + foreign.uid() + "\"}", "failed to find source by id");

        Source source = incoming.client().createSource(httpSource("github"));
        Subscription created = incoming.client().createSubscription(request("s", endpoint, source.uid()));
        assertEquals(source.uid(), created.sourceMetadata().uid());
        assertEquals(source, incoming.client().getSubscription(created.uid()).sourceMetadata());
        assertEquals(source.uid(), incoming.client().listSubscriptions(ListQuery.create()).content().get(0)
                .sourceMetadata().uid());

        Subscription second = incoming.client().createSubscription(request("s2", endpoint, source.uid()));
        assertEquals(endpoint, second.endpointMetadata().uid(), "incoming projects may share an endpoint");
    }

    @Test
    void outgoingProjectsAllowOneSubscriptionPerEndpointUnlessConfigured() {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "e");
        client.createSubscription(request("first", endpoint, null));
        assertBadCreate(path, "{\"name\":\"second\",\"endpoint_id\":\"" + endpoint + "\"}",
                "a subscription for this endpoint already exists");

        String other = EndpointRows.insert(server, outgoing.id(), "other");
        Subscription onOther = client.createSubscription(request("other", other, null));
        assertBad(client.raw("PUT", path + "/" + onOther.uid(), "{\"endpoint_id\":\"" + endpoint + "\"}", Map.of()),
                400, "a subscription for this endpoint already exists");
        assertEquals(other, client.getSubscription(onOther.uid()).endpointMetadata().uid());
        assertEquals(onOther.name(), client.updateSubscription(onOther.uid(),
                new SubscriptionRequest(null, null, other, null, null, null, null, null, null, null)).name(),
                "re-sending its own endpoint is fine");

        ProjectConfig multiple = ProjectConfig.builder().multipleEndpointSubscriptions(true).build();
        client.updateProject(outgoing.id(), new UpdateProjectRequest("outgoing", null, multiple));
        Subscription second = client.createSubscription(request("second", endpoint, null));
        assertEquals(endpoint, second.endpointMetadata().uid());
    }

    @Test
    void endpointMetadataIsRedactedLikeTheEndpointApi() {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "secure",
                new EndpointAuthentication(EndpointAuthType.BASIC_AUTH, null, new BasicAuth("user", "hunter2"), null),
                new MtlsClientCert("-----BEGIN CERTIFICATE-----", "-----BEGIN PRIVATE KEY-----"));
        Subscription created = client.createSubscription(request("s", endpoint, null));
        for (Subscription s : List.of(created, client.getSubscription(created.uid()),
                client.listSubscriptions(ListQuery.create()).content().get(0))) {
            assertEquals(new BasicAuth("user", "[REDACTED]"), s.endpointMetadata().authentication().basicAuth());
            assertEquals(new MtlsClientCert("-----BEGIN CERTIFICATE-----", "[REDACTED]"),
                    s.endpointMetadata().mtlsClientCert());
        }
        RawResponse raw = client.raw("GET", path + "/" + created.uid(), null, Map.of());
        assertFalse(raw.body().contains("hunter2"));
        assertFalse(raw.body().contains("PRIVATE KEY"));
    }

    // ------------------------------------------------------------------------------------------ read, update

    @Test
    void getUpdateDeleteEndToEnd() {
        String endpoint = EndpointRows.insert(server, outgoing.id(), "e");
        Subscription created = client.createSubscription(new SubscriptionRequest("orders", null, endpoint, null,
                null, new AlertConfig(2, "10m"), null, new FilterConfig(List.of("order.paid"),
                new FilterConfig.Filter(null, null, json("{\"amount\":{\"$gt\":10}}"), null, null)), null, null));

        RawResponse put = client.raw("PUT", path + "/" + created.uid(), "{\"name\":\"orders-renamed\"}", Map.of());
        assertEquals(202, put.status(), put.body());
        assertTrue(put.body().contains("\"message\":\"Subscription updated successfully\""));
        Subscription renamed = client.getSubscription(created.uid());
        assertEquals("orders-renamed", renamed.name());
        assertEquals(List.of("order.paid"), renamed.filterConfig().eventTypes(), "kept");
        assertEquals(json("{\"amount\":{\"$gt\":10}}"), renamed.filterConfig().filter().body(), "kept");
        assertEquals(new AlertConfig(2, "10m"), renamed.alertConfig(), "kept");
        assertEquals(endpoint, renamed.endpointMetadata().uid());

        Subscription refiltered = client.updateSubscription(created.uid(), new SubscriptionRequest(null, null, null,
                null, "function transform(p) { return p; }", new AlertConfig(0, "1h"), new RateLimitConfig(5, 1L),
                new FilterConfig(null, new FilterConfig.Filter(null, null, json("{\"order\":{\"state\":\"paid\"}}"),
                        json("{\"page\":\"1\"}"), null)), DeliveryMode.AT_MOST_ONCE,
                new SubscriptionRequest.RetryConfig(StrategyType.LINEAR, null, 30L, 3L)));
        assertEquals(List.of("order.paid"), refiltered.filterConfig().eventTypes(), "event types kept");
        assertEquals(json("{\"order.state\":\"paid\"}"), refiltered.filterConfig().filter().body());
        assertEquals(json("{\"page\":\"1\"}"), refiltered.filterConfig().filter().query());
        assertTrue(refiltered.filterConfig().filter().isFlattened());
        assertEquals(new AlertConfig(2, "1h"), refiltered.alertConfig(), "count 0 keeps the stored count");
        assertEquals(new RateLimitConfig(5, 1L), refiltered.rateLimitConfig());
        assertEquals(DeliveryMode.AT_MOST_ONCE, refiltered.deliveryMode());
        assertEquals(new Subscription.RetryConfig(StrategyType.LINEAR, 30L, 3L), refiltered.retryConfig());
        assertEquals(refiltered, client.getSubscription(created.uid()));

        Subscription retyped = client.updateSubscription(created.uid(), new SubscriptionRequest(null, null, null,
                null, null, null, null, new FilterConfig(List.of("order.refunded"), null), null, null));
        assertEquals(List.of("order.refunded"), retyped.filterConfig().eventTypes());
        assertEquals(json("{\"order.state\":\"paid\"}"), retyped.filterConfig().filter().body(), "filter kept");

        assertBad(client.raw("PUT", path + "/" + created.uid(), "{\"filter_config\":{\"filter\":{\"body\":"
                + "{\"$where\":1}}}}", Map.of()), 400, "$where starts with a $ and is not a valid operator");
        assertBad(client.raw("PUT", path + "/" + created.uid(), "{\"delivery_mode\":\"sometimes\"}", Map.of()), 400,
                "delivery_mode");
        assertEquals(retyped, client.getSubscription(created.uid()), "rejected updates changed nothing");

        RawResponse delete = client.raw("DELETE", path + "/" + created.uid(), null, Map.of());
        assertEquals("{\"status\":true,\"message\":\"Subscription deleted successfully\",\"data\":null}",
                delete.body());
        assertBad(client.raw("GET", path + "/" + created.uid(), null, Map.of()), 404, "failed to find subscription");
        assertBad(client.raw("PUT", path + "/" + created.uid(), "{\"name\":\"x\"}", Map.of()), 404,
                "failed to find subscription");
        assertBad(client.raw("DELETE", path + "/" + created.uid(), null, Map.of()), 404,
                "failed to find subscription");
        assertTrue(client.listSubscriptions(ListQuery.create()).content().isEmpty());
        client.createSubscription(request("again", endpoint, null));
    }

    @Test
    void deletingTheEndpointRemovesItsSubscriptions() {
        String doomed = EndpointRows.insert(server, outgoing.id(), "doomed");
        String kept = EndpointRows.insert(server, outgoing.id(), "kept");
        Subscription gone = client.createSubscription(request("gone", doomed, null));
        Subscription stays = client.createSubscription(request("stays", kept, null));

        client.deleteEndpoint(doomed);

        assertEquals(List.of(stays.uid()), ids(client, ListQuery.create()));
        assertBad(client.raw("GET", path + "/" + gone.uid(), null, Map.of()), 404, "failed to find subscription");
        assertBadCreate(path, "{\"name\":\"late\",\"endpoint_id\":\"" + doomed + "\"}", "failed to find endpoint by id");
    }

    @Test
    void deletingTheSourceRemovesItsSubscriptions() {
        TestProject incoming = server.newProject("incoming", ProjectType.INCOMING);
        String endpoint = EndpointRows.insert(server, incoming.id(), "e");
        Source doomed = incoming.client().createSource(httpSource("doomed"));
        Source kept = incoming.client().createSource(httpSource("kept"));
        Subscription gone = incoming.client().createSubscription(request("gone", endpoint, doomed.uid()));
        Subscription stays = incoming.client().createSubscription(request("stays", endpoint, kept.uid()));

        incoming.client().deleteSource(doomed.uid());

        assertEquals(List.of(stays.uid()), ids(incoming.client(), ListQuery.create()));
        assertBad(incoming.client().raw("GET", pathOf(incoming) + "/" + gone.uid(), null, Map.of()), 404,
                "failed to find subscription");
    }

    // ------------------------------------------------------------------------------------------------- lists

    @Test
    void listFiltersByRepeatedEndpointIdAndName() {
        ProjectConfig multiple = ProjectConfig.builder().multipleEndpointSubscriptions(true).build();
        client.updateProject(outgoing.id(), new UpdateProjectRequest("outgoing", null, multiple));
        String a = EndpointRows.insert(server, outgoing.id(), "a");
        String b = EndpointRows.insert(server, outgoing.id(), "b");
        String c = EndpointRows.insert(server, outgoing.id(), "c");
        Subscription onA = client.createSubscription(request("Invoices Paid", a, null));
        Subscription onB = client.createSubscription(request("orders", b, null));
        Subscription onC = client.createSubscription(request("invoices refunded", c, null));
        Subscription onA2 = client.createSubscription(request("misc", a, null));

        RawResponse list = client.raw("GET", path, null, Map.of());
        assertTrue(list.body().startsWith("{\"status\":true,\"message\":\"Subscriptions fetched successfully\","
                + "\"data\":{\"content\":["), list.body());
        assertEquals(List.of(onA2.uid(), onC.uid(), onB.uid(), onA.uid()), ids(client, ListQuery.create()));
        assertEquals(List.of(onA2.uid(), onB.uid(), onA.uid()),
                ids(client, ListQuery.create().withAll("endpointId", List.of(a, b))));
        assertEquals(List.of(onC.uid()), ids(client, ListQuery.create().with("endpointId", c)));
        assertEquals(List.of(onA2.uid(), onB.uid(), onA.uid()),
                ids(client, ListQuery.create().with("endpointId[]", a).with("endpointId", b)), "endpointId[] too");
        assertEquals(List.of(onC.uid(), onA.uid()), ids(client, ListQuery.create().with("name", "INVOICES")));
        assertEquals(List.of(onA.uid()), ids(client, ListQuery.create().with("name", "invoices").with("endpointId", a)));
        assertEquals(List.of(), ids(client, ListQuery.create().with("name", "_")), "LIKE wildcards are literal");
        assertEquals(List.of(), ids(client, ListQuery.create().with("endpointId", "01ARZ3NDEKTSV4RRFFQ69G5FAV")));
        assertEquals(List.of(onA.uid(), onB.uid(), onC.uid(), onA2.uid()),
                ids(client, ListQuery.create().sort(ListQuery.Sort.ASC)));
        assertTrue(client.listSubscriptions(ListQuery.create()).content().stream()
                .allMatch(s -> s.filterConfig().filter().isFlattened()));
    }

    @Test
    void paginationWalksEveryRowOnceInBothDirections() {
        ProjectConfig multiple = ProjectConfig.builder().multipleEndpointSubscriptions(true).build();
        client.updateProject(outgoing.id(), new UpdateProjectRequest("outgoing", null, multiple));
        String a = EndpointRows.insert(server, outgoing.id(), "a");
        String b = EndpointRows.insert(server, outgoing.id(), "b");
        String c = EndpointRows.insert(server, outgoing.id(), "c");
        List<String> all = new ArrayList<>();
        List<String> onAOrB = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String endpoint = i % 3 == 0 ? a : i % 3 == 1 ? b : c;
            String id = client.createSubscription(request("s" + i, endpoint, null)).uid();
            all.add(id);
            if (!endpoint.equals(c)) {
                onAOrB.add(id);
            }
        }
        List<String> newestFirst = new ArrayList<>(all);
        Collections.reverse(newestFirst);
        List<String> filteredNewestFirst = new ArrayList<>(onAOrB);
        Collections.reverse(filteredNewestFirst);
        assertEquals(7, onAOrB.size());
        for (int perPage = 1; perPage <= 4; perPage++) {
            KeysetWalk.assertWalks(newestFirst, ListQuery.ofPerPage(perPage), client::listSubscriptions,
                    Subscription::uid);
            ListQuery filtered = ListQuery.ofPerPage(perPage).withAll("endpointId", List.of(a, b));
            KeysetWalk.assertWalks(filteredNewestFirst, filtered, client::listSubscriptions, Subscription::uid);
            KeysetWalk.assertWalks(onAOrB, filtered.sort(ListQuery.Sort.ASC), client::listSubscriptions,
                    Subscription::uid);
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static String pathOf(TestProject project) {
        return "/v1/projects/" + project.id() + "/subscriptions";
    }

    private static SubscriptionRequest request(String name, String endpointId, String sourceId) {
        return new SubscriptionRequest(name, sourceId, endpointId, null, null, null, null, null, null, null);
    }

    private static CreateSourceRequest httpSource(String name) {
        return new CreateSourceRequest(name, SourceType.HTTP, null, null, null, null, null, null, null);
    }

    private static JsonNode json(String text) {
        try {
            return Json.strict().readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static List<String> ids(ApiClient client, ListQuery query) {
        return client.listSubscriptions(query).content().stream().map(Subscription::uid).toList();
    }

    private void assertBadCreate(String subscriptionsPath, String body, String messagePart) {
        int before = countSubscriptions();
        ApiClient caller = subscriptionsPath.equals(path) ? client : server.admin();
        assertBad(caller.raw("POST", subscriptionsPath, body, Map.of()), 400, messagePart);
        assertEquals(before, countSubscriptions(), "nothing written for " + body);
    }

    private int countSubscriptions() {
        return server.server().store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM subscriptions");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    private static void assertBad(RawResponse response, int status, String messagePart) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.body().startsWith("{\"status\":false,\"message\":"), response.body());
        assertTrue(response.body().contains(messagePart), "expected \"" + messagePart + "\" in " + response.body());
        assertFalse(response.body().contains("\"data\""), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
    }
}
