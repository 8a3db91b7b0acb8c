package dev.hookline.server.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcesIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    String path;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("incoming", ProjectType.INCOMING);
        client = project.client();
        path = "/v1/projects/" + project.id() + "/sources";
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ------------------------------------------------------------------------------------------------ create

    @Test
    void createHttpSourceWithoutVerifierAnswers201WithConvoysShape() throws Exception {
        RawResponse response = client.raw("POST", path, "{\"name\":\"plain\",\"type\":\"http\"}", Map.of());
        assertEquals(201, response.status(), response.body());
        JsonNode body = Json.lenient().readTree(response.body());
        assertEquals("Source created successfully", body.get("message").asText());
        JsonNode data = body.get("data");
        String mask = data.get("mask_id").asText();
        assertTrue(mask.matches("[A-Za-z0-9]{16}"), mask);
        assertEquals(server.baseUrl() + "/ingest/" + mask, data.get("url").asText());
        assertEquals(project.id(), data.get("project_id").asText());
        assertEquals(Json.lenient().readTree("{\"type\":\"noop\",\"hmac\":null,\"basic_auth\":null,\"api_key\":null}"),
                data.get("verifier"));
        assertEquals(Json.lenient().readTree("{\"body\":\"\",\"content_type\":\"\"}"), data.get("custom_response"));
        assertFalse(data.get("is_disabled").asBoolean());
        for (String nullField : List.of("provider_config", "pub_sub", "body_function", "header_function",
                "deleted_at")) {
            assertTrue(data.has(nullField) && data.get(nullField).isNull(), nullField + " is present and null");
        }
        // Convoy's OpenAPI document promises a string and arrays here, never null
        assertEquals("", data.get("provider").asText());
        assertTrue(data.get("provider").isTextual());
        assertEquals(Json.lenient().readTree("[]"), data.get("forward_headers"));
        assertEquals(Json.lenient().readTree("[]"), data.get("idempotency_keys"));
    }

    @Test
    void maskIdsAreUnique() {
        List<String> masks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            masks.add(client.createSource(http("s" + i, null)).maskId());
        }
        assertEquals(5, masks.stream().distinct().count());
    }

    @Test
    void eachVerifierTypeIsStoredWithSecretsInClear() {
        Source hmac = client.createSource(http("hmac", new Verifier(VerifierType.HMAC,
                new Verifier.Hmac("X-Sig", "sha512", "s3cret", "BASE64"), null, null)));
        assertEquals(new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Sig", "SHA512", "s3cret", "base64"), null,
                null), client.getSource(hmac.uid()).verifier());

        Source basic = client.createSource(http("basic", new Verifier(VerifierType.BASIC_AUTH, null,
                new BasicAuth("user", "pass"), null)));
        assertEquals(new BasicAuth("user", "pass"), client.getSource(basic.uid()).verifier().basicAuth());

        Source apiKey = client.createSource(http("key", new Verifier(VerifierType.API_KEY, null, null,
                new ApiKeyHeader("X-Api-Key", "k3y"))));
        assertEquals(new Verifier(VerifierType.API_KEY, null, null, new ApiKeyHeader("X-Api-Key", "k3y")),
                client.getSource(apiKey.uid()).verifier());

        Source noop = client.createSource(http("noop", new Verifier(VerifierType.NOOP, null, null, null)));
        assertEquals(VerifierType.NOOP, client.getSource(noop.uid()).verifier().type());
    }

    @Test
    void verifierOfTheWrongShapeIsRejectedAndNothingIsWritten() {
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"hmac\"}}",
                "verifier type is hmac but hmac config is missing");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"hmac\",\"basic_auth\":"
                + "{\"username\":\"u\",\"password\":\"p\"}}}", "verifier type is hmac but basic_auth config is given");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"basic_auth\"}}",
                "verifier type is basic_auth but basic_auth config is missing");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"api_key\",\"api_key\":"
                + "{\"header_value\":\"v\"}}}", "verifier.api_key.header_name");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"basic_auth\",\"basic_auth\":"
                + "{\"username\":\"u\"}}}", "verifier.basic_auth.password");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"hmac\",\"hmac\":"
                + "{\"header\":\"X\",\"hash\":\"SHA256\",\"encoding\":\"hex\"}}}", "verifier.hmac.secret");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"hmac\",\"hmac\":"
                + "{\"header\":\"X\",\"hash\":\"MD5\",\"secret\":\"s\",\"encoding\":\"hex\"}}}",
                "\\\"MD5\\\" is not supported, use SHA256 or SHA512");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"hmac\",\"hmac\":"
                + "{\"header\":\"X\",\"hash\":\"SHA256\",\"secret\":\"s\",\"encoding\":\"base32\"}}}",
                "verifier.hmac.encoding");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"noop\",\"api_key\":"
                + "{\"header_name\":\"h\",\"header_value\":\"v\"}}}", "verifier type is noop but api_key config");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"hmac\":{\"secret\":\"s\"}}}",
                "verifier.type");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":{\"type\":\"jwt\"}}",
                "\\\"verifier.type\\\"");
    }

    @Test
    void providersForceTheirPresetAndNeedTheSecret() {
        Source github = client.createSource(new CreateSourceRequest("gh", SourceType.HTTP, SourceProvider.GITHUB,
                null, new Verifier(null, new Verifier.Hmac(null, null, "ghsecret", null), null, null), null, null,
                null, null));
        assertEquals(new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Hub-Signature-256", "SHA256", "ghsecret",
                "hex"), null, null), github.verifier());
        assertEquals(SourceProvider.GITHUB, github.provider());
        assertNull(github.providerConfig());

        Source shopify = client.createSource(new CreateSourceRequest("shop", SourceType.HTTP, SourceProvider.SHOPIFY,
                null, new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Other", "SHA512", "sh", "hex"), null, null),
                null, null, null, null));
        assertEquals(new Verifier.Hmac("X-Shopify-Hmac-SHA256", "SHA256", "sh", "base64"), shopify.verifier().hmac());

        RawResponse twitter = client.raw("POST", path, "{\"name\":\"tw\",\"type\":\"http\",\"provider\":\"twitter\","
                + "\"verifier\":{\"hmac\":{\"secret\":\"tws\"}}}", Map.of());
        assertEquals(201, twitter.status(), twitter.body());
        assertTrue(twitter.body().contains("\"provider_config\":{\"twitter\":{\"crc_verified_at\":null}}"),
                twitter.body());
        assertTrue(twitter.body().contains("\"header\":\"X-Twitter-Webhooks-Signature\",\"hash\":\"SHA256\","
                + "\"secret\":\"tws\",\"encoding\":\"base64\""), twitter.body());

        assertBadCreate("{\"name\":\"gh\",\"type\":\"http\",\"provider\":\"github\"}",
                "hmac secret is required for github source");
        assertBadCreate("{\"name\":\"gh\",\"type\":\"http\",\"provider\":\"shopify\",\"verifier\":{\"type\":\"hmac\","
                + "\"hmac\":{\"secret\":\"\"}}}", "hmac secret is required for shopify source");
        assertBadCreate("{\"name\":\"gh\",\"type\":\"http\",\"provider\":\"github\",\"verifier\":{\"type\":"
                + "\"basic_auth\",\"hmac\":{\"secret\":\"s\"}}}", "verified with hmac");
        assertBadCreate("{\"name\":\"gh\",\"type\":\"pub_sub\",\"provider\":\"github\",\"verifier\":{\"hmac\":"
                + "{\"secret\":\"s\"}}}", "must have type http");
        assertBadCreate("{\"name\":\"gh\",\"type\":\"http\",\"provider\":\"gitlab\"}", "\\\"provider\\\"");
    }

    @Test
    void sendingBackWhatWasReadKeepsTheBrokerCredentials() {
        Source sqs = client.createSource(pubSub("sqs", new PubSubConfig(PubSubType.SQS, null,
                new PubSubConfig.Sqs("AKIA", "secret", "eu-west-1", "events", null), null, null, null)));
        Source read = client.getSource(sqs.uid());

        client.updateSource(sqs.uid(), new UpdateSourceRequest("sqs, renamed", SourceType.PUB_SUB, null, null, null,
                null, read.pubSub(), null, null, null));

        assertEquals("sqs, renamed", stored(sqs).name());
        assertEquals("secret", stored(sqs).pubSub().sqs().secretKey(), "[REDACTED] keeps the stored key");
        dev.hookline.api.client.ApiException nothingStored = org.junit.jupiter.api.Assertions.assertThrows(
                dev.hookline.api.client.ApiException.class, () -> client.createSource(pubSub("fresh",
                        new PubSubConfig(PubSubType.SQS, null, new PubSubConfig.Sqs("AKIA", "[REDACTED]", "eu-west-1",
                                "events", null), null, null, null))));
        assertEquals(400, nothingStored.status());
        assertTrue(nothingStored.getMessage().contains("pub_sub.sqs.secret_key"), nothingStored.getMessage());
    }

    /** The source as the server stores it (the API answers broker credentials as [REDACTED]). */
    private Source stored(Source source) {
        return server.server().repositories().sources().find(project.id(), source.uid());
    }

    @Test
    void eachPubSubTypeIsStoredComplete() {
        Source sqs = client.createSource(pubSub("sqs", new PubSubConfig(PubSubType.SQS, null,
                new PubSubConfig.Sqs("AKIA", "secret", "eu-west-1", "events", null), null, null, null)));
        assertEquals(1, sqs.pubSub().workers(), "workers default 1");
        assertEquals("events", client.getSource(sqs.uid()).pubSub().sqs().queueName());
        assertEquals("[REDACTED]", client.getSource(sqs.uid()).pubSub().sqs().secretKey(), "write-only (ADR 0028)");
        assertEquals("secret", stored(sqs).pubSub().sqs().secretKey());

        String account = Base64.getEncoder().encodeToString("{\"type\":\"service_account\"}"
                .getBytes(StandardCharsets.UTF_8));
        Source google = client.createSource(pubSub("google", new PubSubConfig(PubSubType.GOOGLE, 4, null,
                new PubSubConfig.Google("proj", "sub", account), null, null)));
        assertEquals(new PubSubConfig.Google("proj", "sub", "[REDACTED]"), client.getSource(google.uid()).pubSub()
                .google());
        assertEquals(new PubSubConfig.Google("proj", "sub", account), stored(google).pubSub().google());
        assertEquals(4, google.pubSub().workers());

        Source kafka = client.createSource(pubSub("kafka", new PubSubConfig(PubSubType.KAFKA, 2, null, null,
                new PubSubConfig.Kafka(List.of("k1:9092", "k2:9092"), null, "topic",
                        new PubSubConfig.KafkaAuth("scram", "sha512", "u", "p", true)), null)));
        PubSubConfig.Kafka storedKafka = client.getSource(kafka.uid()).pubSub().kafka();
        assertEquals(List.of("k1:9092", "k2:9092"), storedKafka.brokers());
        assertEquals(new PubSubConfig.KafkaAuth("scram", "SHA512", "u", "[REDACTED]", true), storedKafka.auth());
        assertEquals("p", stored(kafka).pubSub().kafka().auth().password());

        Source amqp = client.createSource(pubSub("amqp", new PubSubConfig(PubSubType.AMQP, null, null, null, null,
                new PubSubConfig.Amqp(null, "rabbit", "5672", "q", null, new PubSubConfig.AmqpAuth("guest", "g"),
                        new PubSubConfig.AmqpExchange("ex", "rk"), null, null, "dlx"))));
        PubSubConfig.Amqp storedAmqp = client.getSource(amqp.uid()).pubSub().amqp();
        assertEquals("amqp", storedAmqp.schema(), "schema default");
        assertEquals("/", storedAmqp.vhost(), "vhost default");
        assertEquals("ex", storedAmqp.bindedExchange());
        assertEquals("rk", storedAmqp.routingKey());
        assertEquals("dlx", storedAmqp.deadLetterExchange());
        assertNull(storedAmqp.bindExchange(), "responses carry the flattened exchange");
        assertEquals(new PubSubConfig.AmqpAuth("guest", "[REDACTED]"), storedAmqp.auth());
        assertEquals("g", stored(amqp).pubSub().amqp().auth().password());

        Source rest = client.createSource(new CreateSourceRequest("rest", SourceType.REST_API, null, null, null, null,
                null, null, null));
        assertEquals(SourceType.REST_API, client.getSource(rest.uid()).type());
        Source cdc = client.createSource(new CreateSourceRequest("cdc", SourceType.DB_CHANGE_STREAM, null, null, null,
                null, null, null, null));
        assertEquals(SourceType.DB_CHANGE_STREAM, client.getSource(cdc.uid()).type());
    }

    @Test
    void incompletePubSubConfigsAreRejectedAndNothingIsWritten() {
        String account = Base64.getEncoder().encodeToString("{}".getBytes(StandardCharsets.UTF_8));
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\"}", "pub_sub config is required");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"workers\":2}}", "pub_sub.type");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"sqs\"}}",
                "pub_sub type is sqs but sqs config is missing");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"sqs\",\"sqs\":{\"access_key_id\":"
                + "\"a\",\"secret_key\":\"s\",\"default_region\":\"r\"}}}", "pub_sub.sqs.queue_name");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"sqs\",\"sqs\":{\"access_key_id\":"
                + "\"a\",\"secret_key\":\"s\",\"default_region\":\"r\",\"queue_name\":\"q\"},\"kafka\":{}}}",
                "pub_sub type is sqs but kafka config is given");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"google\",\"google\":"
                + "{\"project_id\":\"p\",\"subscription_id\":\"s\",\"service_account\":\"not base64!\"}}}",
                "pub_sub.google.service_account");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"google\",\"google\":"
                + "{\"project_id\":\"p\",\"subscription_id\":\"s\",\"service_account\":\""
                + Base64.getEncoder().encodeToString("not json".getBytes(StandardCharsets.UTF_8)) + "\"}}}",
                "pub_sub.google.service_account");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"google\",\"google\":"
                + "{\"subscription_id\":\"s\",\"service_account\":\"" + account + "\"}}}", "pub_sub.google.project_id");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"kafka\",\"kafka\":"
                + "{\"brokers\":[],\"topic_name\":\"t\"}}}", "brokers list is required");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"kafka\",\"kafka\":"
                + "{\"brokers\":[\"b\"]}}}", "pub_sub.kafka.topic_name");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"kafka\",\"kafka\":"
                + "{\"brokers\":[\"b\"],\"topic_name\":\"t\",\"auth\":{\"type\":\"scram\",\"username\":\"u\","
                + "\"password\":\"p\"}}}}", "scram needs hash SHA256 or SHA512");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"kafka\",\"kafka\":"
                + "{\"brokers\":[\"b\"],\"topic_name\":\"t\",\"auth\":{\"type\":\"oauth\"}}}}",
                "unsupported auth type");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"amqp\",\"amqp\":"
                + "{\"host\":\"h\",\"port\":\"70000\",\"queue\":\"q\"}}}", "pub_sub.amqp.port");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"amqp\",\"amqp\":"
                + "{\"port\":\"5672\",\"queue\":\"q\"}}}", "pub_sub.amqp.host");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"amqp\",\"amqp\":"
                + "{\"host\":\"h\",\"port\":\"5672\",\"queue\":\"q\",\"schema\":\"http\"}}}", "pub_sub.amqp.schema");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"amqp\",\"workers\":65,"
                + "\"amqp\":{\"host\":\"h\",\"port\":\"5672\",\"queue\":\"q\"}}}", "pub_sub.workers");
        assertBadCreate("{\"name\":\"p\",\"type\":\"pub_sub\",\"pub_sub\":{\"type\":\"nats\"}}",
                "\\\"pub_sub.type\\\"");
        assertBadCreate("{\"name\":\"p\",\"type\":\"http\",\"pub_sub\":{\"type\":\"sqs\",\"sqs\":{}}}",
                "only pub_sub sources take a pub_sub config");
    }

    @Test
    void idempotencyKeysFunctionsAndCustomResponseAreValidatedAndStored() {
        Source source = client.createSource(new CreateSourceRequest("full", SourceType.HTTP, null,
                new CustomResponse("ok", "text/plain"), null, null,
                List.of("request.header.X-Id", "req.body.order.id", "request.QueryParam.id"),
                "function transform(payload) { return payload; }", "function transform (h) { return h; }"));
        Source read = client.getSource(source.uid());
        assertEquals(List.of("request.header.X-Id", "req.body.order.id", "request.QueryParam.id"),
                read.idempotencyKeys());
        assertEquals(new CustomResponse("ok", "text/plain"), read.customResponse());
        assertTrue(read.bodyFunction().contains("transform(payload)"));
        assertTrue(read.headerFunction().contains("transform (h)"));

        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"idempotency_keys\":[\"request.header\"]}",
                "not enough parts set for idempotency key location with value: request.header");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"idempotency_keys\":[\"response.body.id\"]}",
                "unsupported input format for idempotency key location with value: response.body.id");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"idempotency_keys\":[\"request.cookie.id\"]}",
                "unsupported input format");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"body_function\":\"function convert(p) { return p; }\"}",
                "the transform function is not found, please define it or rename the existing function");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"header_function\":\"return 1\"}", "header_function");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"custom_response\":{\"body\":\"" + "x".repeat(51_201)
                + "\"}}", "source custom response too large");
    }

    @Test
    void missingNameOrTypeAndMalformedBodiesAreRejected() {
        assertBadCreate("{\"type\":\"http\"}", "name:please provide a source name");
        assertBadCreate("{\"name\":\"  \",\"type\":\"http\"}", "name:please provide a source name");
        assertBadCreate("{\"name\":\"a\"}", "type:please provide a type");
        assertBadCreate("{\"name\":\"a\",\"type\":\"smtp\"}", "\\\"type\\\"");
        assertBadCreate("{\"name\":\"a\",\"type\":\"http\",\"verifier\":[]}", "verifier");
        assertBadCreate("{\"name\":", "badly-formed JSON");
        assertBadCreate("", "body must not be empty");
    }

    // ------------------------------------------------------------------------------------------ read, update

    @Test
    void getUpdateDeleteEndToEnd() throws Exception {
        Source created = client.createSource(http("orders", new Verifier(VerifierType.API_KEY, null, null,
                new ApiKeyHeader("X-Key", "v"))));
        assertEquals(created, client.getSource(created.uid()));

        RawResponse put = client.raw("PUT", path + "/" + created.uid(),
                "{\"name\":\"orders-2\",\"type\":\"http\",\"verifier\":{\"type\":\"basic_auth\",\"basic_auth\":"
                        + "{\"username\":\"u\",\"password\":\"p\"}}}", Map.of());
        assertEquals(202, put.status(), put.body());
        assertTrue(put.body().contains("\"message\":\"Source updated successfully\""), put.body());
        Source updated = client.getSource(created.uid());
        assertEquals("orders-2", updated.name());
        assertEquals(new BasicAuth("u", "p"), updated.verifier().basicAuth());
        assertEquals(created.maskId(), updated.maskId(), "mask ID is stable");
        assertEquals(created.createdAt(), updated.createdAt());
        assertTrue(updated.updatedAt().isAfter(created.updatedAt()) || updated.updatedAt().equals(created.updatedAt()));

        RawResponse get = client.raw("GET", path + "/" + created.uid(), null, Map.of());
        assertEquals(200, get.status());
        assertTrue(get.body().contains("\"message\":\"Source fetched successfully\""));

        RawResponse delete = client.raw("DELETE", path + "/" + created.uid(), null, Map.of());
        assertEquals(200, delete.status(), delete.body());
        assertEquals("{\"status\":true,\"message\":\"Source deleted successfully\",\"data\":null}", delete.body());
        assertBad(client.raw("GET", path + "/" + created.uid(), null, Map.of()), 404, "source not found");
        assertBad(client.raw("PUT", path + "/" + created.uid(), "{\"name\":\"x\",\"type\":\"http\"}", Map.of()), 404,
                "source not found");
        assertBad(client.raw("DELETE", path + "/" + created.uid(), null, Map.of()), 404, "source not found");
        assertTrue(client.listSources(ListQuery.create()).content().isEmpty());
        assertEquals(1, countSources(), "soft delete keeps the row");
    }

    @Test
    void updateReplacesVerifierAndChangesOtherMembersOnlyWhenGiven() {
        Source created = client.createSource(new CreateSourceRequest("s", SourceType.HTTP, null,
                new CustomResponse("thanks", "text/plain"),
                new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Sig", "SHA256", "sec", "hex"), null, null), null,
                List.of("request.header.X-Id"), null, null));

        Source noVerifier = client.updateSource(created.uid(), new UpdateSourceRequest("s", SourceType.HTTP, null,
                null, null, null, null, null, null, null));
        assertEquals(new Verifier(VerifierType.NOOP, null, null, null), noVerifier.verifier(),
                "omitted verifier = noop (Convoy's documented full replace)");
        assertEquals(new CustomResponse("thanks", "text/plain"), noVerifier.customResponse(), "kept");
        assertEquals(List.of("request.header.X-Id"), noVerifier.idempotencyKeys(), "kept");
        assertFalse(noVerifier.isDisabled());

        Source disabled = client.updateSource(created.uid(), new UpdateSourceRequest("s", SourceType.HTTP, true,
                List.of("X-Forward-Me"), new CustomResponse(null, "application/json"), null, null, List.of(),
                "function transform(p) { return p; }", null));
        assertTrue(disabled.isDisabled());
        assertEquals(List.of("X-Forward-Me"), disabled.forwardHeaders());
        assertEquals(new CustomResponse("thanks", "application/json"), disabled.customResponse(),
                "only the given custom_response member changes");
        assertEquals(List.of(), disabled.idempotencyKeys());
        assertTrue(disabled.bodyFunction().startsWith("function transform"));
        assertTrue(client.getSource(created.uid()).isDisabled(), "persisted");

        Source enabled = client.updateSource(created.uid(), new UpdateSourceRequest("s", SourceType.HTTP, false, null,
                null, null, null, null, null, null));
        assertFalse(enabled.isDisabled());
        assertEquals(List.of("X-Forward-Me"), enabled.forwardHeaders(), "kept");

        String id = created.uid();
        assertBad(client.raw("PUT", path + "/" + id, "{\"type\":\"http\"}", Map.of()), 400,
                "name:please provide a source name");
        assertBad(client.raw("PUT", path + "/" + id, "{\"name\":\"s\"}", Map.of()), 400, "type:please provide a type");
        assertBad(client.raw("PUT", path + "/" + id, "{\"name\":\"s\",\"type\":\"http\",\"verifier\":"
                + "{\"type\":\"api_key\"}}", Map.of()), 400, "verifier type is api_key but api_key config is missing");
        assertBad(client.raw("PUT", path + "/" + id, "{\"name\":\"s\",\"type\":\"http\",\"idempotency_keys\":[\"x\"]}",
                Map.of()), 400, "not enough parts");
        assertEquals(enabled, client.getSource(id), "rejected updates changed nothing");
    }

    @Test
    void updateKeepsTheProviderAndItsPreset() {
        Source github = client.createSource(new CreateSourceRequest("gh", SourceType.HTTP, SourceProvider.GITHUB,
                null, new Verifier(VerifierType.HMAC, new Verifier.Hmac(null, null, "one", null), null, null), null,
                null, null, null));

        assertBad(client.raw("PUT", path + "/" + github.uid(), "{\"name\":\"gh2\",\"type\":\"http\"}", Map.of()), 400,
                "hmac secret is required for github source");
        assertBad(client.raw("PUT", path + "/" + github.uid(), "{\"name\":\"gh2\",\"type\":\"http\",\"provider\":"
                + "\"shopify\"}", Map.of()), 400, "hmac secret is required for github source");

        Source updated = client.updateSource(github.uid(), new UpdateSourceRequest("gh2", SourceType.HTTP, null, null,
                null, new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Mine", "SHA512", "two", "base64"), null,
                null), null, null, null, null));
        assertEquals(SourceProvider.GITHUB, updated.provider(), "provider cannot change");
        assertEquals(new Verifier.Hmac("X-Hub-Signature-256", "SHA256", "two", "hex"), updated.verifier().hmac(),
                "preset stays, secret replaced");
        assertEquals("gh2", updated.name());

        assertBad(client.raw("PUT", path + "/" + github.uid(), "{\"name\":\"gh2\",\"type\":\"pub_sub\",\"verifier\":"
                + "{\"hmac\":{\"secret\":\"s\"}}}", Map.of()), 400, "must have type http");
    }

    @Test
    void updatePubSubKeepsTheBrokerConfigUnlessGiven() {
        Source sqs = client.createSource(pubSub("q", new PubSubConfig(PubSubType.SQS, 3,
                new PubSubConfig.Sqs("a", "s", "r", "queue-1", "http://localhost:4566"), null, null, null)));
        Source renamed = client.updateSource(sqs.uid(), new UpdateSourceRequest("q2", SourceType.PUB_SUB, null, null,
                null, null, null, null, null, null));
        assertEquals(sqs.pubSub(), renamed.pubSub());

        Source replaced = client.updateSource(sqs.uid(), new UpdateSourceRequest("q2", SourceType.PUB_SUB, null, null,
                null, null, new PubSubConfig(PubSubType.KAFKA, null, null, null,
                new PubSubConfig.Kafka(List.of("b:9092"), "group", "t", null), null), null, null, null));
        assertEquals(PubSubType.KAFKA, replaced.pubSub().type());
        assertNull(replaced.pubSub().sqs());

        assertBad(client.raw("PUT", path + "/" + sqs.uid(), "{\"name\":\"q\",\"type\":\"pub_sub\",\"pub_sub\":"
                + "{\"type\":\"kafka\",\"kafka\":{\"brokers\":[]}}}", Map.of()), 400, "brokers list is required");

        Source http = client.updateSource(sqs.uid(), new UpdateSourceRequest("q3", SourceType.HTTP, null, null, null,
                null, null, null, null, null));
        assertNull(http.pubSub(), "a source that stops being pub_sub drops its broker config");
    }

    // ------------------------------------------------------------------------------------------------- lists

    @Test
    void listFiltersByTypeProviderAndName() {
        Source gh = client.createSource(new CreateSourceRequest("GitHub Pushes", SourceType.HTTP,
                SourceProvider.GITHUB, null, new Verifier(null, new Verifier.Hmac(null, null, "s", null), null, null),
                null, null, null, null));
        Source plain = client.createSource(http("orders", null));
        Source queue = client.createSource(pubSub("orders queue", new PubSubConfig(PubSubType.SQS, null,
                new PubSubConfig.Sqs("a", "s", "r", "q", null), null, null, null)));

        assertEquals(List.of(queue.uid(), plain.uid(), gh.uid()), ids(ListQuery.create()));
        assertEquals(List.of(plain.uid(), gh.uid()), ids(ListQuery.create().with("type", "http")));
        assertEquals(List.of(queue.uid()), ids(ListQuery.create().with("type", "pub_sub")));
        assertEquals(List.of(gh.uid()), ids(ListQuery.create().with("provider", "github")));
        assertEquals(List.of(), ids(ListQuery.create().with("provider", "twitter")));
        assertEquals(List.of(queue.uid(), plain.uid()), ids(ListQuery.create().with("q", "ORDERS")));
        assertEquals(List.of(gh.uid()), ids(ListQuery.create().with("q", "hub p")));
        assertEquals(List.of(), ids(ListQuery.create().with("q", "%")), "LIKE wildcards are literal");
        assertEquals(List.of(plain.uid()), ids(ListQuery.create().with("q", "orders").with("type", "http")));
        assertEquals(List.of(gh.uid(), plain.uid(), queue.uid()), ids(ListQuery.create().sort(ListQuery.Sort.ASC)),
                "sort honoured (Convoy always sorts DESC)");

        RawResponse list = client.raw("GET", path, null, Map.of());
        assertTrue(list.body().startsWith("{\"status\":true,\"message\":\"Sources fetched successfully\","
                + "\"data\":{\"content\":["), list.body());

        assertBad(client.raw("GET", path + "?type=smtp", null, Map.of()), 400,
                "allowed values are http, rest_api, pub_sub, db_change_stream");
        assertBad(client.raw("GET", path + "?provider=gitlab", null, Map.of()), 400,
                "allowed values are github, twitter, shopify");
        assertBad(client.raw("GET", path + "?perPage=0", null, Map.of()), 400, "perPage");
    }

    @Test
    void paginationWalksEveryRowOnceInBothDirections() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(client.createSource(http("s" + i, null)).uid());
        }
        // a row of another type in between must not disturb a filtered walk
        client.createSource(new CreateSourceRequest("rest", SourceType.REST_API, null, null, null, null, null, null,
                null));
        List<String> newestFirst = new ArrayList<>(created);
        Collections.reverse(newestFirst);
        for (int perPage = 1; perPage <= 4; perPage++) {
            ListQuery filtered = ListQuery.ofPerPage(perPage).with("type", "http");
            KeysetWalk.assertWalks(newestFirst, filtered, client::listSources, Source::uid);
            KeysetWalk.assertWalks(created, filtered.sort(ListQuery.Sort.ASC), client::listSources, Source::uid);
        }
    }

    @Test
    void anotherProjectsSourceBehavesLikeAnUnknownOne() {
        TestProject other = server.newProject("other", ProjectType.INCOMING);
        Source theirs = other.client().createSource(http("theirs", null));
        client.createSource(http("mine", null));

        assertBad(client.raw("GET", path + "/" + theirs.uid(), null, Map.of()), 404, "source not found");
        assertBad(client.raw("PUT", path + "/" + theirs.uid(), "{\"name\":\"x\",\"type\":\"http\"}", Map.of()), 404,
                "source not found");
        assertBad(client.raw("DELETE", path + "/" + theirs.uid(), null, Map.of()), 404, "source not found");
        assertEquals(List.of("mine"), client.listSources(ListQuery.create()).content().stream().map(Source::name)
                .toList());
        assertEquals("theirs", other.client().getSource(theirs.uid()).name(), "untouched");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static CreateSourceRequest http(String name, Verifier verifier) {
        return new CreateSourceRequest(name, SourceType.HTTP, null, null, verifier, null, null, null, null);
    }

    private static CreateSourceRequest pubSub(String name, PubSubConfig config) {
        return new CreateSourceRequest(name, SourceType.PUB_SUB, null, null, null, config, null, null, null);
    }

    private List<String> ids(ListQuery query) {
        return client.listSources(query).content().stream().map(Source::uid).toList();
    }

    private void assertBadCreate(String body, String messagePart) {
        int before = countSources();
        assertBad(client.raw("POST", path, body, Map.of()), 400, messagePart);
        assertEquals(before, countSources(), "nothing written for " + body);
    }

    private int countSources() {
        return server.server().store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM sources");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    static void assertBad(RawResponse response, int status, String messagePart) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.body().startsWith("{\"status\":false,\"message\":"), response.body());
        assertTrue(response.body().contains(messagePart), "expected \"" + messagePart + "\" in " + response.body());
        assertFalse(response.body().contains("\"data\""), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
        assertNotEquals(500, response.status());
    }
}
