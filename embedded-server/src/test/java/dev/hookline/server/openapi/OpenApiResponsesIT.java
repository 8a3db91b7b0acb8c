package dev.hookline.server.openapi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.AlertConfig;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.FanoutEventRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.ExpireSecretRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.OAuth2TestRequest;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.http.Router;
import dev.hookline.server.openapi.OpenApiDocument.Operation;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestCertificates;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real answers of a real server, with data of every shape (each verifier, broker, endpoint authentication, portal
 * link kind), validate against Hookline's own OpenAPI document: every registered operation is called at least once
 * and every answer matches the schema the document gives for its status, errors included.
 */
class OpenApiResponsesIT {

    private static final String V1 = "/api/v1/projects";
    private static final String PROJECT = V1 + "/{projectID}";
    private static final String ENDPOINTS = PROJECT + "/endpoints";
    private static final String ENDPOINT = ENDPOINTS + "/{endpointID}";
    private static final String SOURCES = PROJECT + "/sources";
    private static final String SOURCE = SOURCES + "/{sourceID}";
    private static final String SUBSCRIPTIONS = PROJECT + "/subscriptions";
    private static final String SUBSCRIPTION = SUBSCRIPTIONS + "/{subscriptionID}";
    private static final String LINKS = PROJECT + "/portal-links";
    private static final String LINK = LINKS + "/{portalLinkID}";
    private static final String PAGED = "perPage=2&sort=ASC";

    @TempDir
    Path dataDir;
    @TempDir
    Path certDir;

    TestServer server;
    ApiClient admin;
    final OpenApiDocument document = OpenApiDocument.hookline();
    final DocumentedCalls calls = new DocumentedCalls(document);

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        admin = server.root(TestServer.INSTANCE_KEY);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyRegisteredOperationAnswersAsDocumented() {
        JsonNode created = calls.call(admin, "POST", V1, Map.of(), "", new CreateProjectRequest("outgoing",
                ProjectType.OUTGOING, "https://example.com/logo.png", null), 201);
        String projectId = created.path("data").path("project").path("uid").asText();
        ApiClient project = server.root(created.path("data").path("api_key").path("key").asText());
        Map<String, String> ids = new HashMap<>(Map.of("projectID", projectId));

        calls.checkNotJson(admin.raw("GET", "/api/v1/openapi.yaml", null, Map.of()), "GET", "/api/v1/openapi.yaml",
                200);
        calls.call(server.root("none"), "GET", "/healthz", Map.of(), "", null, 200);
        calls.call(project, "GET", V1, Map.of(), "", null, 200);
        calls.call(admin, "GET", V1, Map.of(), "", null, 200);
        calls.call(project, "GET", PROJECT, ids, "", null, 200);
        calls.call(project, "PUT", PROJECT, ids, "", new UpdateProjectRequest("outgoing, renamed", null,
                ProjectConfig.builder()
                        .disableEndpoint(true)
                        .multipleEndpointSubscriptions(true)
                        .metaEvent(new ProjectConfig.MetaEventConfig(true, "http", List.of("endpoint.created"), "https://meta.example.com/in", null))
                        .build()), 202);
        calls.call(project, "PUT", PROJECT, ids, "", Map.of("name", "outgoing, renamed", "config",
                Map.of("retention_policy", Map.of("policy", "168h", "enabled", true))), 202);
        calls.call(project, "PUT", PROJECT, ids, "", Map.of("name", "outgoing, renamed", "config",
                Map.of("retention_policy", Map.of("policy", "abc"))), 400);
        calls.call(project, "GET", PROJECT + "/storage", ids, "", null, 200); // no event yet

        endpoints(project, ids);
        sources(project, ids);
        ingest(project, ids);
        subscriptions(project, ids);
        catalogueAndOnboarding(project, ids);
        events(project, ids);
        eventCreation(project, ids);
        portalLinks(project, ids);
        captureBins(project, ids);
        calls.call(project, "GET", PROJECT + "/storage", ids, "", null, 200); // with an oldest event
        calls.call(admin, "POST", "/api/v1/storage/compact", Map.of(), "", null, 200);
        calls.call(project, "POST", "/api/v1/storage/compact", Map.of(), "", null, 403); // the instance key only

        calls.call(project, "DELETE", SUBSCRIPTION, ids, "", null, 200);
        calls.call(project, "DELETE", SOURCE, ids, "", null, 200);
        calls.call(project, "PUT", LINK + "/revoke", ids, "", null, 200);
        calls.call(project, "DELETE", ENDPOINT, ids, "", null, 200);
        calls.call(admin, "DELETE", PROJECT, ids, "", null, 200);

        calls.assertNoProblems();
        Set<Operation> uncalled = new TreeSet<>();
        for (Router.Route route : server.server().router().routes()) {
            uncalled.add(new Operation(route.method(), route.template()));
        }
        uncalled.removeAll(calls.called());
        assertTrue(uncalled.isEmpty(), "operations this test does not check yet: " + uncalled);
    }

    @Test
    void errorAnswersAreTheDocumentedErrorEnvelope() {
        JsonNode created = calls.call(admin, "POST", V1, Map.of(), "", new CreateProjectRequest("p",
                ProjectType.OUTGOING, null, null), 201);
        String projectId = created.path("data").path("project").path("uid").asText();
        ApiClient project = server.root(created.path("data").path("api_key").path("key").asText());
        Map<String, String> ids = Map.of("projectID", projectId, "endpointID", "01J00000000000000000000000",
                "sourceID", "01J00000000000000000000000");
        JsonNode other = calls.call(admin, "POST", V1, Map.of(), "", new CreateProjectRequest("other",
                ProjectType.OUTGOING, null, null), 201);
        Map<String, String> otherIds = Map.of("projectID", other.path("data").path("project").path("uid").asText());

        calls.call(project, "POST", ENDPOINTS, ids, "", "{\"name\":\"no url\"}", 400);
        calls.call(project, "POST", ENDPOINTS, ids, "", "{\"url\":", 400);
        calls.call(project, "GET", ENDPOINTS, ids, "perPage=zero", null, 400);
        calls.call(server.root("CO.unknown.key"), "GET", ENDPOINTS, ids, "", null, 401);
        calls.call(project, "GET", SOURCES, otherIds, "", null, 403);
        calls.call(project, "POST", V1, Map.of(), "", new CreateProjectRequest("x", ProjectType.INCOMING, null,
                null), 403);
        calls.call(project, "GET", ENDPOINT, ids, "", null, 404);
        calls.call(project, "PUT", SOURCE, ids, "", new UpdateSourceRequest("s", SourceType.HTTP, null, null, null,
                null, null, null, null, null), 404);
        calls.call(project, "POST", SOURCES, ids, "", "{\"name\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}", 413);
        RawResponse textPlain = project.raw("POST", ENDPOINTS.replace("{projectID}", projectId), "url=x",
                Map.of("Content-Type", "text/plain"));
        calls.check(textPlain, "POST", ENDPOINTS, 415);
        RawResponse noKey = project.raw("GET", "/portal-api/endpoints", null, Map.of("Authorization", "Bearer"));
        calls.check(noKey, "GET", "/portal-api/endpoints", 401);

        calls.assertNoProblems();
    }

    // ---------------------------------------------------------------------------------------------- endpoints

    private void endpoints(ApiClient project, Map<String, String> ids) {
        TestCertificates.Pair pair = TestCertificates.rsa(certDir);
        JsonNode plain = calls.call(project, "POST", ENDPOINTS, ids, "", EndpointRequest.of("https://a.example/in",
                "plain"), 201);
        ids.put("endpointID", plain.path("data").path("uid").asText());
        calls.call(project, "POST", ENDPOINTS, ids, "", new EndpointRequest("http://127.0.0.1:9000/in", "full",
                "my-own-secret", "tenant-1", "all members", true, "ops@example.com", false,
                "https://hooks.slack.com/x", "https://teams.example.com/y", 30L, 50, 60L, ContentType.FORM_URLENCODED,
                new EndpointAuthentication(EndpointAuthType.BASIC_AUTH, null, new BasicAuth("user", "pa55"), null),
                new MtlsClientCert(pair.certPem(), pair.keyPem()), null), 201);
        calls.call(project, "POST", ENDPOINTS, ids, "", endpoint("api-key", new EndpointAuthentication(
                EndpointAuthType.API_KEY, new ApiKeyHeader("X-Key", "k"), null, null)), 201);
        calls.call(project, "POST", ENDPOINTS, ids, "", endpoint("oauth2", new EndpointAuthentication(
                EndpointAuthType.OAUTH2, null, null, new EndpointAuthentication.OAuth2("https://auth.example/token",
                "client", "shared_secret", "s3cret", null, null, null, null, null, "read", null,
                new EndpointAuthentication.FieldMapping("token", null, null), "seconds"))), 201);
        JsonNode jwk = Json.strict().createObjectNode().put("kty", "EC").put("crv", "P-256").put("x", "a")
                .put("y", "b").put("d", "c");
        calls.call(project, "POST", ENDPOINTS, ids, "", endpoint("assertion", new EndpointAuthentication(
                EndpointAuthType.OAUTH2, null, null, new EndpointAuthentication.OAuth2("https://auth.example/token",
                "client", "client_assertion", null, jwk, "ES256", "iss", "sub", null, null, "aud", null, null))),
                201);

        calls.call(project, "GET", ENDPOINTS, ids, PAGED, null, 200);
        JsonNode first = calls.call(project, "GET", ENDPOINTS, ids, PAGED, null, 200);
        calls.call(project, "GET", ENDPOINTS, ids, PAGED + "&direction=next&next_page_cursor="
                + first.path("data").path("pagination").path("next_page_cursor").asText(), null, 200);
        calls.call(project, "GET", ENDPOINTS, ids, "q=zzz-no-match", null, 200);
        calls.call(project, "GET", ENDPOINT, ids, "", null, 200);
        calls.call(project, "PUT", ENDPOINT, ids, "", new EndpointRequest("https://a.example/in", "plain, renamed",
                null, null, null, null, null, null, null, null, 0L, null, null, null, null, null, null), 202);
        calls.call(project, "PUT", ENDPOINT + "/pause", ids, "", null, 202);
        calls.call(project, "POST", ENDPOINT + "/activate", ids, "", null, 202);
        calls.call(project, "PUT", ENDPOINT + "/expire_secret", ids, "", new ExpireSecretRequest(null, 60L), 200);
        oauth2Test(project, ids);
    }

    private void oauth2Test(ApiClient project, Map<String, String> ids) {
        try (Receiver tokenServer = Receiver.start()) {
            EndpointAuthentication.OAuth2 settings = new EndpointAuthentication.OAuth2(tokenServer.url("/token"),
                    "client", "shared_secret", "s3cret", null, null, null, null, null, null, null, null, null);
            tokenServer.answerAlways(Receiver.Answer.ok()
                    .withBody("{\"access_token\":\"t0k\",\"token_type\":\"Bearer\",\"expires_in\":60}"));
            calls.call(project, "POST", ENDPOINTS + "/oauth2/test", ids, "", new OAuth2TestRequest(settings), 200);
            tokenServer.answerAlways(Receiver.Answer.status(401));
            calls.call(project, "POST", ENDPOINTS + "/oauth2/test", ids, "", new OAuth2TestRequest(settings), 200);
        }
        calls.call(project, "POST", ENDPOINTS + "/oauth2/test", ids, "", "{\"oauth2\":{\"client_id\":\"c\"}}", 400);
    }

    private static EndpointRequest endpoint(String name, EndpointAuthentication authentication) {
        return new EndpointRequest("https://" + name + ".example/in", name, null, null, null, null, null, null, null,
                null, null, null, null, null, authentication, null, null);
    }

    // ------------------------------------------------------------------------------------------------ sources

    private void sources(ApiClient project, Map<String, String> ids) {
        JsonNode noop = calls.call(project, "POST", SOURCES, ids, "", source("noop", SourceType.HTTP, null, null,
                null), 201);
        ids.put("sourceID", noop.path("data").path("uid").asText());
        calls.call(project, "POST", SOURCES, ids, "", source("hmac", SourceType.HTTP, null, new Verifier(
                VerifierType.HMAC, new Verifier.Hmac("X-Sig", "SHA512", "s3cret", "base64"), null, null), null), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("basic", SourceType.HTTP, null, new Verifier(
                VerifierType.BASIC_AUTH, null, new BasicAuth("u", "p"), null), null), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("key", SourceType.HTTP, null, new Verifier(
                VerifierType.API_KEY, null, null, new ApiKeyHeader("X-Api-Key", "k3y")), null), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("twitter", SourceType.HTTP, SourceProvider.TWITTER,
                new Verifier(null, new Verifier.Hmac(null, null, "tw", null), null, null), null), 201);
        calls.call(project, "POST", SOURCES, ids, "", new CreateSourceRequest("custom", SourceType.HTTP, null,
                new CustomResponse("ok", "text/plain"), null, null, List.of("request.header.X-Id"), null, null), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("sqs", SourceType.PUB_SUB, null, null,
                new PubSubConfig(PubSubType.SQS, null, new PubSubConfig.Sqs("AKIA", "secret", "eu-west-1", "q",
                        null), null, null, null)), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("google", SourceType.PUB_SUB, null, null,
                new PubSubConfig(PubSubType.GOOGLE, 2, null, new PubSubConfig.Google("proj", "sub", "e30="), null,
                        null)), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("kafka", SourceType.PUB_SUB, null, null,
                new PubSubConfig(PubSubType.KAFKA, 1, null, null, new PubSubConfig.Kafka(List.of("k1:9092"), null,
                        "topic", new PubSubConfig.KafkaAuth("scram", "sha512", "u", "p", true)), null)), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("amqp", SourceType.PUB_SUB, null, null,
                new PubSubConfig(PubSubType.AMQP, null, null, null, null, new PubSubConfig.Amqp(null, "rabbit",
                        "5672", "q", null, new PubSubConfig.AmqpAuth("guest", "g"),
                        new PubSubConfig.AmqpExchange("ex", "rk"), null, null, "dlx"))), 201);
        calls.call(project, "POST", SOURCES, ids, "", source("rest", SourceType.REST_API, null, null, null), 201);

        calls.call(project, "GET", SOURCES, ids, PAGED, null, 200);
        calls.call(project, "GET", SOURCES, ids, "type=pub_sub&provider=", null, 200);
        calls.call(project, "GET", SOURCE, ids, "", null, 200);
        calls.call(project, "PUT", SOURCE, ids, "", new UpdateSourceRequest("noop, renamed", SourceType.HTTP, true,
                List.of("X-Forward"), new CustomResponse("accepted", null), null, null, null, null, null), 202);
    }

    private void ingest(ApiClient project, Map<String, String> ids) {
        String ingest = "/ingest/{maskID}";
        JsonNode plain = calls.call(project, "POST", SOURCES, ids, "", source("ingest", SourceType.HTTP, null, null,
                null), 201);
        JsonNode twitter = calls.call(project, "POST", SOURCES, ids, "", source("twitter-crc", SourceType.HTTP,
                SourceProvider.TWITTER, new Verifier(null, new Verifier.Hmac(null, null, "tw", null), null, null),
                null), 201);
        Map<String, String> mask = Map.of("maskID", plain.path("data").path("mask_id").asText());
        Map<String, String> twitterMask = Map.of("maskID", twitter.path("data").path("mask_id").asText());
        calls.call(project, "POST", ingest, mask, "", Map.of("amount", 10), 200);
        calls.call(project, "POST", ingest, Map.of("maskID", "unknownmask00000"), "", Map.of("amount", 10), 404);
        calls.call(project, "POST", ingest, twitterMask, "", Map.of("amount", 10), 401);
        calls.call(project, "GET", ingest, twitterMask, "crc_token=abc", null, 200);
        calls.call(project, "GET", ingest, mask, "crc_token=abc", null, 400);
    }

    private static CreateSourceRequest source(String name, SourceType type, SourceProvider provider,
                                              Verifier verifier, PubSubConfig pubSub) {
        return new CreateSourceRequest(name, type, provider, null, verifier, pubSub, null, null, null);
    }

    // ------------------------------------------------------------------------------------------ subscriptions

    private void subscriptions(ApiClient project, Map<String, String> ids) {
        JsonNode filter = Json.strict().createObjectNode().set("person",
                Json.strict().createObjectNode().set("age", Json.strict().createObjectNode().put("$gte", 5)));
        JsonNode created = calls.call(project, "POST", SUBSCRIPTIONS, ids, "", new SubscriptionRequest("all",
                ids.get("sourceID"), ids.get("endpointID"), null, "function transform(p) { return p; }",
                new AlertConfig(3, "1h"), new RateLimitConfig(10, 60L), new FilterConfig(List.of("a.b", "c"),
                        new FilterConfig.Filter(null, null, filter, null, null)), DeliveryMode.AT_MOST_ONCE,
                new SubscriptionRequest.RetryConfig(StrategyType.EXPONENTIAL, "2m", null, 4L)), 201);
        ids.put("subscriptionID", created.path("data").path("uid").asText());
        JsonNode second = calls.call(project, "POST", ENDPOINTS, ids, "", EndpointRequest.of("https://b.example/in",
                "second"), 201);
        calls.call(project, "POST", SUBSCRIPTIONS, ids, "", new SubscriptionRequest("plain", null,
                second.path("data").path("uid").asText(), null, null, null, null, null, null, null), 201);

        calls.call(project, "GET", SUBSCRIPTIONS, ids, PAGED, null, 200);
        calls.call(project, "GET", SUBSCRIPTIONS, ids, "endpointId=" + ids.get("endpointID") + "&name=al", null,
                200);
        calls.call(project, "GET", SUBSCRIPTION, ids, "", null, 200);
        calls.call(project, "PUT", SUBSCRIPTION, ids, "", new SubscriptionRequest("all, renamed", null, null, null,
                null, null, null, null, DeliveryMode.AT_LEAST_ONCE, null), 202);
        filtersAndFunctions(project, ids);
    }

    /** Event types, onboarding, toggle_status and period failure rates (issue 18), answers and errors. */
    private void catalogueAndOnboarding(ApiClient project, Map<String, String> ids) {
        String types = PROJECT + "/event-types";
        JsonNode type = calls.call(project, "POST", types, ids, "", "{\"name\":\"order.created\",\"category\":"
                + "\"orders\",\"json_schema\":{\"type\":\"object\",\"required\":[\"id\"]}}", 201);
        ids.put("eventTypeId", type.path("data").path("uid").asText());
        calls.call(project, "POST", types, ids, "", "{\"name\":\"bad\",\"json_schema\":{\"type\":12}}", 400);
        calls.call(project, "GET", types, ids, "", null, 200);
        calls.call(project, "PUT", types + "/{eventTypeId}", ids, "", "{\"description\":\"placed\"}", 201);
        calls.call(project, "POST", types + "/{eventTypeId}/deprecate", ids, "", null, 201);
        calls.call(project, "POST", types + "/import", ids, "", "{\"spec\":\"openapi: 3.1.0\\nwebhooks:\\n  "
                + "paid:\\n    post:\\n      requestBody:\\n        content:\\n          application/json:\\n"
                + "            schema: {type: object}\\n\"}", 200);
        calls.call(project, "POST", types + "/import", ids, "", "{\"spec\":\"openapi: 3.0.0\"}", 400);
        Map<String, String> unknownType = new HashMap<>(ids);
        unknownType.put("eventTypeId", "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        calls.call(project, "POST", types + "/{eventTypeId}/deprecate", unknownType, "", null, 404);

        calls.call(project, "PUT", SUBSCRIPTION + "/toggle_status", ids, "", null, 202);
        calls.call(project, "PUT", SUBSCRIPTION + "/toggle_status", ids, "", null, 202);
        calls.call(project, "GET", ENDPOINTS + "/period-failure-rates", ids, "endpointId=" + ids.get("endpointID"),
                null, 200);
        calls.call(project, "GET", ENDPOINTS + "/period-failure-rates", ids, "endpointId=x&startDate=soon", null,
                400);

        String onboard = PROJECT + "/onboard";
        calls.call(project, "POST", onboard, ids, "dry_run=true", "{\"items\":[{\"name\":\"a\",\"url\":"
                + "\"nope\"}]}", 200);
        calls.call(project, "POST", onboard, ids, "", "{\"items\":[{\"name\":\"a\",\"url\":\"nope\"}]}", 400);
        calls.call(project, "POST", onboard, ids, "", "{\"items\":[]}", 400);
        calls.call(project, "POST", onboard, ids, "", "{\"items\":[{\"name\":\"c\",\"url\":"
                + "\"https://c.example/in\",\"event_type\":\"order.created\"}]}", 202);
    }

    /** The filter and transform-function routes of subscriptions and sources, answers and errors. */
    private void filtersAndFunctions(ApiClient project, Map<String, String> ids) {
        calls.call(project, "POST", SUBSCRIPTIONS + "/test_filter", ids, "", "{\"request\":{\"body\":{\"a\":5},"
                + "\"header\":{\"X-Kind\":\"push\"}},\"schema\":{\"body\":{\"a\":{\"$gte\":3}},"
                + "\"header\":{\"X-Kind\":\"push\"}}}", 200);
        calls.call(project, "POST", SUBSCRIPTIONS + "/test_filter", ids, "",
                "{\"request\":{\"body\":{}},\"schema\":{\"body\":{\"a\":{\"$like\":1}}}}", 400);
        calls.call(project, "POST", SUBSCRIPTIONS + "/test_function", ids, "", "{\"payload\":{\"n\":1},"
                + "\"function\":\"function transform(p) { console.log('n', p.n); p.n++; return p; }\"}", 200);
        calls.call(project, "POST", SUBSCRIPTIONS + "/test_function", ids, "",
                "{\"payload\":{},\"function\":\"function transform(p) { throw new Error('no'); }\"}", 400);
        calls.call(project, "POST", SOURCES + "/test_function", ids, "", "{\"type\":\"body\",\"payload\":{\"t\":1},"
                + "\"function\":\"function transform(p) { return {event_type: 'x', data: p}; }\"}", 200);
        calls.call(project, "POST", SOURCES + "/test_function", ids, "", "{\"type\":\"body\",\"payload\":{},"
                + "\"function\":\"function transform(p) { return {data: p}; }\"}", 400);

        String filters = SUBSCRIPTION + "/filters";
        // the subscription's event types (a.b, c) have their rows already; a filter may name any other type
        calls.call(project, "POST", filters, ids, "", "{\"event_type\":\"a.b\"}", 400);
        JsonNode created = calls.call(project, "POST", filters, ids, "", "{\"event_type\":\"x.y\","
                + "\"body\":{\"person\":{\"age\":{\"$gte\":5}}},\"headers\":{\"X-Kind\":\"push\"}}", 201);
        ids.put("filterID", created.path("data").path("uid").asText());
        JsonNode bulk = calls.call(project, "POST", filters + "/bulk", ids, "",
                "[{\"event_type\":\"d\",\"enabled_at\":null},{\"event_type\":\"*\",\"body\":{\"x\":1}}]", 201);
        calls.call(project, "GET", filters, ids, "", null, 200);
        calls.call(project, "GET", filters + "/{filterID}", ids, "", null, 200);
        calls.call(project, "PUT", filters + "/{filterID}", ids, "", "{\"body\":{\"person.age\":{\"$lt\":9}}}",
                200);
        calls.call(project, "PUT", filters + "/bulk_update", ids, "", "[{\"uid\":\""
                + bulk.path("data").path(0).path("uid").asText() + "\",\"enabled_at\":\"2026-01-02T03:04:05Z\"}]",
                200);
        calls.call(project, "POST", filters + "/test/{eventType}", Map.of("projectID", ids.get("projectID"),
                "subscriptionID", ids.get("subscriptionID"), "eventType", "a.b"), "", "{\"payload\":"
                + "{\"person\":{\"age\":7}},\"request\":{\"header\":{\"X-Kind\":[\"push\"]}}}", 200);
        calls.call(project, "DELETE", filters + "/{filterID}", ids, "", null, 200);
        calls.call(project, "GET", filters + "/{filterID}", ids, "", null, 404);
    }

    // ------------------------------------------------------------------------- events, deliveries, meta events

    /** Seeded through the server's stores (what ingest and the delivery engine write), read over HTTP. */
    private void eventCreation(ApiClient project, Map<String, String> ids) {
        String events = PROJECT + "/events";
        ObjectNode data = Json.strict().createObjectNode().put("amount", 10);
        calls.call(project, "POST", events, ids, "", new CreateEventRequest(ids.get("endpointID"), null, null,
                "invoice.paid", data, Map.of("X-Tenant", "acme"), "idem-create"), 201);
        calls.call(project, "POST", events, ids, "", new CreateEventRequest(ids.get("endpointID"), null, null,
                "invoice.paid", data, null, "idem-create"), 201);
        calls.call(project, "POST", events, ids, "", new CreateEventRequest(ids.get("endpointID"), null, null,
                "invoice.paid", null, null, null), 400);
        calls.call(project, "POST", ENDPOINTS, ids, "", new EndpointRequest("https://owned.example.com/hook",
                "owned", null, "owner-9", null, null, null, null, null, null, null, null, null, null, null, null,
                null), 201);
        calls.call(project, "POST", events + "/fanout", ids, "", new FanoutEventRequest("owner-9", "t", data, null,
                null), 201);
        calls.call(project, "POST", events + "/fanout", ids, "", new FanoutEventRequest("nobody", "t", data, null,
                null), 400);
        calls.call(project, "POST", events + "/broadcast", ids, "", new BroadcastEventRequest("t", data, null,
                null), 201);
        calls.call(project, "POST", events + "/dynamic", ids, "", new DynamicEventRequest(
                "https://dynamic.example.com/hook", null, List.of("t"), "t", data, null, null), 201);
        calls.call(project, "POST", events + "/dynamic", ids, "", new DynamicEventRequest(null, null, null, "t",
                data, null, null), 400);
    }

    private void events(ApiClient project, Map<String, String> ids) {
        EventSeeds seeds = new EventSeeds(server);
        String projectId = ids.get("projectID");
        String endpointId = ids.get("endpointID");
        Event sourced = seeds.event(projectId).type("invoice.paid").source(ids.get("sourceID"))
                .endpoints(endpointId).idempotencyKey("idem-1").data("{\"amount\":10,\"tags\":[\"a\"]}").insert();
        Event failed = seeds.event(projectId).type("invoice.failed").endpoints(endpointId)
                .status(EventStatus.FAILURE, "no subscription matched this event").data("[1,2]").insert();
        seeds.event(projectId).type("bare").insert();
        EventDelivery tried = seeds.delivery(sourced, endpointId).subscription(ids.get("subscriptionID"))
                .status(EventDeliveryStatus.RETRY).tried(1, 0.25, "retrying").insert();
        EventDelivery discarded = seeds.delivery(failed, endpointId).transformed("{\"changed\":true}")
                .status(EventDeliveryStatus.DISCARDED).insert();
        EventDelivery delivered = seeds.delivery(sourced, endpointId).status(EventDeliveryStatus.SUCCESS).insert();
        DeliveryAttempt attempt = seeds.attempt(tried, "500 Internal Server Error", false,
                Map.of("Content-Type", "application/json"), Map.of("Server", "test"));
        seeds.attempt(tried, "200 OK", true, Map.of(), Map.of());
        seeds.metaEvent(projectId, "endpoint.created", "{\"uid\":\"" + endpointId + "\"}",
                EventDeliveryStatus.SCHEDULED);
        MetaEvent meta = seeds.metaEvent(projectId, "eventdelivery.failed", "{\"status\":\"Failure\"}",
                EventDeliveryStatus.FAILURE);
        ids.put("eventID", sourced.uid());
        ids.put("eventDeliveryID", tried.uid());
        ids.put("deliveryAttemptID", attempt.uid());
        ids.put("metaEventID", meta.uid());

        String events = PROJECT + "/events";
        calls.call(project, "GET", events, ids, PAGED, null, 200);
        calls.call(project, "GET", events, ids, "endpointId=" + endpointId + "&sourceId=" + ids.get("sourceID")
                + "&idempotencyKey=idem-1&startDate=2020-01-01T00:00:00&endDate=2099-01-01", null, 200);
        calls.call(project, "GET", events, ids, "query=amount", null, 200);
        calls.call(project, "GET", events, ids, "query=%7B%22amount%22%3A100%7D", null, 200);
        calls.call(project, "GET", events + "/knowntypes", ids, "", null, 200);
        calls.call(project, "GET", events + "/{eventID}", ids, "", null, 200);
        calls.call(project, "GET", events + "/{eventID}", Map.of("projectID", projectId, "eventID", failed.uid()),
                "", null, 200);
        calls.call(project, "PUT", events + "/{eventID}/replay", ids, "", null, 200);
        calls.call(project, "PUT", events + "/{eventID}/replay", Map.of("projectID", projectId, "eventID",
                "01J00000000000000000000000"), "", null, 400);
        calls.call(project, "GET", events + "/countbatchreplayevents", ids, "endpointId=" + endpointId
                + "&query=amount&startDate=2020-01-01T00:00:00", null, 200);
        calls.call(project, "POST", events + "/batchreplay", ids, "sourceId=" + ids.get("sourceID"), null, 200);
        calls.call(project, "POST", events + "/batchreplay", ids, "sort=sideways", null, 400);

        String deliveries = PROJECT + "/eventdeliveries";
        calls.call(project, "GET", deliveries, ids, PAGED, null, 200);
        calls.call(project, "GET", deliveries, ids, "status=Retry&status=Discarded&eventType=invoice.paid&eventId="
                + sourced.uid() + "&subscriptionId=" + ids.get("subscriptionID") + "&endpointId=" + endpointId, null,
                200);
        calls.call(project, "GET", deliveries, ids, "event_type=invoice.failed&idempotencyKey=idem-1", null, 200);
        calls.call(project, "GET", deliveries, ids, "status=Lost", null, 400);
        calls.call(project, "GET", deliveries + "/{eventDeliveryID}", ids, "", null, 200);
        calls.call(project, "GET", deliveries + "/{eventDeliveryID}/deliveryattempts", ids, "", null, 200);
        calls.call(project, "GET", deliveries + "/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}", ids, "",
                null, 200);
        Map<String, String> unknown = new HashMap<>(ids);
        for (String key : List.of("eventID", "eventDeliveryID", "deliveryAttemptID")) {
            unknown.put(key, "01J00000000000000000000000");
        }
        calls.call(project, "GET", events + "/{eventID}", unknown, "", null, 404);
        calls.call(project, "GET", deliveries + "/{eventDeliveryID}", unknown, "", null, 404);
        Map<String, String> unknownAttempt = new HashMap<>(ids);
        unknownAttempt.put("deliveryAttemptID", "01J00000000000000000000000");
        calls.call(project, "GET", deliveries + "/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}",
                unknownAttempt, "", null, 404);

        calls.call(project, "PUT", deliveries + "/{eventDeliveryID}/resend", ids, "", null, 400);
        calls.call(project, "PUT", deliveries + "/{eventDeliveryID}/resend", Map.of("projectID", projectId,
                "eventDeliveryID", discarded.uid()), "", null, 200);
        calls.call(project, "POST", deliveries + "/forceresend", ids, "", Map.of("ids", List.of(delivered.uid())),
                200);
        calls.call(project, "POST", deliveries + "/forceresend", ids, "", Map.of("ids", List.of(tried.uid())), 400);
        calls.call(project, "GET", deliveries + "/countbatchretryevents", ids, "status=Failure&endpointId="
                + endpointId + "&startDate=2020-01-01T00:00:00", null, 200);
        calls.call(project, "POST", deliveries + "/batchretry", ids, "status=Failure&status=Discarded", null, 200);
        calls.call(project, "POST", deliveries + "/batchretry", ids, "status=Lost", null, 400);
        calls.call(project, "GET", deliveries + "/statustotals", ids, "endpointId=" + endpointId
                + "&startDate=2020-01-01T00:00:00", null, 200);
        calls.call(project, "GET", deliveries + "/statustotals", ids, "status=Lost", null, 400);
        calls.call(project, "GET", deliveries + "/timeseries", ids, "bucket=day&startDate="
                + java.time.LocalDate.now(java.time.ZoneOffset.UTC).minusDays(30), null, 200);
        calls.call(project, "GET", deliveries + "/timeseries", ids, "bucket=minute", null, 400);

        String metaEvents = PROJECT + "/meta-events";
        calls.call(project, "GET", metaEvents, ids, "perPage=1", null, 200);
        calls.call(project, "GET", metaEvents, ids, "startDate=2020-01-01T00:00:00", null, 200);
        calls.call(project, "GET", metaEvents, ids, "status=Failure&status=Success&eventType=endpoint.updated", null,
                200);
        calls.call(project, "GET", metaEvents, ids, "status=Lost", null, 400);
        calls.call(project, "GET", metaEvents + "/{metaEventID}", ids, "", null, 200);
        calls.call(project, "GET", metaEvents + "/{metaEventID}", Map.of("projectID", projectId, "metaEventID",
                "01J00000000000000000000000"), "", null, 404);
        calls.call(project, "PUT", metaEvents + "/{metaEventID}/resend", ids, "", null, 200);
        calls.call(project, "PUT", metaEvents + "/{metaEventID}/resend", Map.of("projectID", projectId,
                "metaEventID", "01J00000000000000000000000"), "", null, 404);
    }

    // ------------------------------------------------------------------------------------------ capture bins

    private void captureBins(ApiClient project, Map<String, String> ids) {
        String bins = PROJECT + "/capture-bins";
        String bin = bins + "/{binID}";
        calls.call(project, "POST", bins, ids, "", null, 201);
        JsonNode created = calls.call(project, "POST", bins, ids, "", Map.of("name", "first", "response_status", 503),
                201);
        calls.call(project, "POST", bins, ids, "", Map.of("response_status", 99), 400);
        Map<String, String> binIds = Map.of("projectID", ids.get("projectID"), "binID",
                created.path("data").path("uid").asText());
        Map<String, String> unknown = Map.of("projectID", ids.get("projectID"), "binID", "01J00000000000000000000000");
        calls.call(project, "GET", bins, ids, "", null, 200);
        calls.call(project, "GET", bin, binIds, "", null, 200);
        calls.call(project, "GET", bin, unknown, "", null, 404);
        calls.call(project, "PUT", bin, binIds, "", Map.of("response_status", 200, "response_delay_ms", 1), 202);
        calls.call(project, "PUT", bin, binIds, "", Map.of("response_delay_ms", -1), 400);
        calls.call(project, "POST", "/capture/{binID}", Map.of("binID", binIds.get("binID")), "",
                Map.of("hello", "bin"), 200);
        calls.call(project, "POST", "/capture/{binID}", Map.of("binID", "nope"), "", Map.of(), 404);
        calls.call(project, "GET", bin + "/requests", binIds, "after=0", null, 200);
        calls.call(project, "GET", bin + "/requests", binIds, "after=x", null, 400);
        calls.call(project, "DELETE", bin + "/requests", binIds, "", null, 200);
        calls.call(project, "DELETE", bin, binIds, "", null, 200);
        calls.call(project, "DELETE", bin, unknown, "", null, 404);
    }

    // ------------------------------------------------------------------------------ portal links and portal API

    private void portalLinks(ApiClient project, Map<String, String> ids) {
        calls.call(project, "PUT", ENDPOINT, ids, "", new EndpointRequest("https://a.example/in", "plain",
                null, "tenant-1", null, null, null, null, null, null, null, null, null, null, null, null, null), 202);
        JsonNode managing = calls.call(project, "POST", LINKS, ids, "", new PortalLinkRequest("tenant 1",
                "tenant-1", null, true, null), 201);
        ids.put("portalLinkID", managing.path("data").path("uid").asText());
        JsonNode refresh = calls.call(project, "POST", LINKS, ids, "", new PortalLinkRequest("listed", null,
                List.of(ids.get("endpointID")), false, PortalAuthType.REFRESH_TOKEN), 201);

        calls.call(project, "GET", LINKS, ids, PAGED, null, 200);
        calls.call(project, "GET", LINKS, ids, "ownerId=tenant-1&endpointId=" + ids.get("endpointID") + "&q=ten",
                null, 200);
        calls.call(project, "GET", LINK, ids, "", null, 200);
        calls.call(project, "GET", LINK, Map.of("projectID", ids.get("projectID"), "portalLinkID",
                refresh.path("data").path("uid").asText()), "", null, 200);
        calls.call(project, "PUT", LINK, ids, "", new PortalLinkRequest("tenant 1, renamed", "tenant-1", null, true,
                PortalAuthType.STATIC_TOKEN), 202);
        JsonNode key = calls.call(project, "GET", LINK + "/refresh_token", Map.of("projectID", ids.get("projectID"),
                "portalLinkID", refresh.path("data").path("uid").asText()), "", null, 200);

        ApiClient portal = server.root(managing.path("data").path("token").asText());
        ApiClient refreshPortal = server.root(key.path("data").asText());
        Map<String, String> endpoint = Map.of("endpointID", ids.get("endpointID"));
        calls.call(portal, "GET", "/portal-api/portal_link", Map.of(), "", null, 200);
        calls.call(refreshPortal, "GET", "/portal-api/portal_link", Map.of(), "", null, 200);
        calls.call(portal, "GET", "/portal-api/portal_link/info", Map.of(), "", null, 200);
        calls.checkNotJson(portal.raw("GET", "/portal?token=" + managing.path("data").path("token").asText(), null,
                Map.of()), "GET", "/portal", 200);
        calls.checkNotJson(portal.raw("GET", "/portal?token=wrong", null, Map.of()), "GET", "/portal", 401);
        calls.checkNotJson(portal.raw("GET", "/portal/assets/app.js", null, Map.of()), "GET",
                "/portal/assets/{file}", 200);
        calls.checkNotJson(portal.raw("GET", "/portal/assets/portal.css", null, Map.of()), "GET",
                "/portal/assets/{file}", 200);
        calls.checkNotJson(portal.raw("GET", "/portal/assets/missing.js", null, Map.of()), "GET",
                "/portal/assets/{file}", 404);
        calls.call(portal, "GET", "/portal-api/endpoints", Map.of(), PAGED, null, 200);
        calls.call(refreshPortal, "GET", "/portal-api/endpoints", Map.of(), "", null, 200);
        calls.call(portal, "GET", "/portal-api/endpoints/{endpointID}", endpoint, "", null, 200);
        JsonNode own = calls.call(portal, "POST", "/portal-api/endpoints", Map.of(), "",
                EndpointRequest.of("https://portal.example/in", "from the portal"), 201);
        Map<String, String> ownId = Map.of("endpointID", own.path("data").path("uid").asText());
        calls.call(portal, "PUT", "/portal-api/endpoints/{endpointID}", ownId, "",
                EndpointRequest.of("https://portal.example/in2", "renamed in the portal"), 202);
        calls.call(portal, "PUT", "/portal-api/endpoints/{endpointID}/pause", ownId, "", null, 202);
        calls.call(portal, "PUT", "/portal-api/endpoints/{endpointID}/expire_secret", ownId, "",
                new ExpireSecretRequest("a-new-secret-of-enough-length", 0L), 200);
        calls.call(portal, "POST", "/portal-api/session", Map.of(), "", null, 201);
        calls.call(portal, "GET", "/portal-api/event_types", Map.of(), "", null, 200);
        calls.call(portal, "GET", "/portal-api/endpoints/{endpointID}/event_types", ownId, "", null, 200);
        calls.call(portal, "PUT", "/portal-api/endpoints/{endpointID}/event_types", ownId, "",
                Map.of("event_types", List.of("*")), 202);
        calls.call(portal, "PUT", "/portal-api/endpoints/{endpointID}/event_types", ownId, "",
                Map.of("event_types", List.of()), 400);
        calls.call(portal, "POST", "/portal-api/endpoints/{endpointID}/test_event", ownId, "", Map.of(), 201);
        calls.call(portal, "GET", "/portal-api/endpoints/{endpointID}/secret", ownId, "", null, 200);
        calls.call(portal, "DELETE", "/portal-api/endpoints/{endpointID}", ownId, "", null, 200);
        calls.call(refreshPortal, "DELETE", "/portal-api/endpoints/{endpointID}", endpoint, "", null, 403);
        portalEvents(portal, ids);
    }

    /** The events and deliveries {@link #events} seeded, as the link's holder sees them. */
    private void portalEvents(ApiClient portal, Map<String, String> ids) {
        calls.call(portal, "GET", "/portal-api/events", ids, PAGED, null, 200);
        calls.call(portal, "GET", "/portal-api/events", ids, "endpointId=" + ids.get("endpointID")
                + "&idempotencyKey=idem-1&query=amount", null, 200);
        calls.call(portal, "GET", "/portal-api/events/{eventID}", ids, "", null, 200);
        calls.call(portal, "GET", "/portal-api/events/{eventID}", Map.of("eventID", "01J00000000000000000000000"),
                "", null, 404);
        calls.call(portal, "PUT", "/portal-api/events/{eventID}/replay", ids, "", null, 200);
        calls.call(portal, "GET", "/portal-api/eventdeliveries", ids, PAGED, null, 200);
        calls.call(portal, "GET", "/portal-api/eventdeliveries", ids, "status=Retry&event_type=invoice.paid", null,
                200);
        String delivery = "/portal-api/eventdeliveries/{eventDeliveryID}";
        calls.call(portal, "GET", delivery, ids, "", null, 200);
        calls.call(portal, "GET", delivery + "/deliveryattempts", ids, "", null, 200);
        calls.call(portal, "GET", delivery + "/deliveryattempts/{deliveryAttemptID}", ids, "", null, 200);
        calls.call(portal, "PUT", delivery + "/resend", ids, "", null, 400);
        calls.call(portal, "PUT", delivery + "/resend", Map.of("eventDeliveryID", "01J00000000000000000000000"), "",
                null, 404);
        calls.call(portal, "POST", "/portal-api/eventdeliveries/forceresend", ids, "",
                Map.of("ids", List.of(ids.get("eventDeliveryID"))), 400);
        calls.call(portal, "POST", "/portal-api/eventdeliveries/forceresend", ids, "",
                Map.of("ids", List.of("01J00000000000000000000000")), 200);
        calls.call(portal, "POST", "/portal-api/eventdeliveries/batchretry", ids, "status=Failure", null, 200);
        calls.call(portal, "GET", "/portal-api/eventdeliveries/countbatchretryevents", ids, "status=Discarded", null,
                200);
        calls.call(portal, "GET", "/portal-api/eventdeliveries/countbatchretryevents", ids, "status=Gone", null, 400);
        calls.call(portal, "GET", "/portal-api/eventdeliveries/statustotals", ids, "status=Failure", null, 200);
        calls.call(portal, "GET", "/portal-api/eventdeliveries/statustotals", ids, "status=Gone", null, 400);
        calls.call(portal, "GET", "/portal-api/eventdeliveries/timeseries", ids, "bucket=hour&startDate="
                + java.time.LocalDate.now(java.time.ZoneOffset.UTC), null, 200);
        calls.call(portal, "GET", "/portal-api/eventdeliveries/timeseries", ids, "bucket=year", null, 400);
        calls.call(portal, "POST", "/portal-api/events/batchreplay", ids, "idempotencyKey=idem-1", null, 200);
        calls.call(portal, "GET", "/portal-api/events/countbatchreplayevents", ids, "", null, 200);
        calls.call(portal, "GET", "/portal-api/events/countbatchreplayevents", ids, "perPage=x", null, 400);
    }
}
