package dev.hookline.server.ingest;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static dev.hookline.server.testing.ApiAssertions.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /ingest/{maskID}} through real HTTP and a real SQLite file: verifiers, presets, idempotency, answers. */
class IngestIT {

    private static final String BODY = "{\"id\":\"evt_1\",\"amount\":10}";

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    ApiClient root;
    IngestFixtures fx;
    Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("in", ProjectType.INCOMING);
        client = project.client();
        root = server.root("unused");
        fx = new IngestFixtures(client);
        endpoint = fx.endpoint("receiver");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Source source(String name, SourceProvider provider, Verifier verifier) {
        Source source = client.createSource(new CreateSourceRequest(name, SourceType.HTTP, provider, null, verifier,
                null, null, null, null));
        fx.subscribe(name + "-sub", endpoint.uid(), source.uid(), List.of("*"));
        return source;
    }

    private Source noopSource() {
        return source("plain", null, null);
    }

    /** POSTs {@code body} to the source's ingest URL with exactly {@code headers} (plus a JSON content type). */
    private RawResponse ingest(Source source, String body, Map<String, String> headers) {
        Map<String, String> all = new HashMap<>();
        all.put("Authorization", null);
        all.putAll(headers);
        return root.raw("POST", "/ingest/" + source.maskId(), body, all);
    }

    /** The source's events, once planned (ingest answers on durable receipt and plans after, ADR 0038). */
    private List<Event> eventsOf(Source source) {
        return dev.hookline.server.testing.Await.value(java.time.Duration.ofSeconds(60), "events planned",
                () -> client.listEvents(ListQuery.create().with("sourceId", source.uid())).content(),
                events -> events.stream().noneMatch(e -> e.status() == dev.hookline.api.model.EventStatus.PENDING));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static String b64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static byte[] mac(String hash, String secret, String body) {
        String algorithm = hash.equals("SHA512") ? "HmacSHA512" : "HmacSHA256";
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance(algorithm);
            mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), algorithm));
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void noopSourceStoresTheEventWithItsMaskAsTypeAndSchedulesTheSubscribedDelivery() {
        Source source = noopSource();

        RawResponse response = ingest(source, BODY, Map.of("X-Trace", "t1"));

        JsonNode data = assertEnvelope(response, 200, "Event received");
        assertEquals(BODY.length(), data.asInt());
        List<Event> events = eventsOf(source);
        assertEquals(1, events.size());
        Event event = events.get(0);
        assertEquals(source.maskId(), event.eventType());
        assertEquals(source.uid(), event.sourceId());
        assertEquals(List.of(source.maskId()), event.headers().get("X-Convoy-Source-Id"));
        assertEquals(List.of("t1"), event.headers().get("X-Trace"));
        assertEquals(BODY, event.data().toString());
        assertEquals(List.of(endpoint.uid()), event.endpoints());
        List<EventDelivery> deliveries = fx.deliveriesOf(event.uid());
        assertEquals(1, deliveries.size());
        assertEquals(EventDeliveryStatus.SCHEDULED, deliveries.get(0).status());
        assertEquals(endpoint.uid(), deliveries.get(0).endpointId());
    }

    @Test
    void hmacVerifierAcceptsTheRightHexSignatureAndRejectsAWrongOne() {
        Source source = source("hmac", null, new Verifier(VerifierType.HMAC,
                new Verifier.Hmac("X-Signature", "SHA256", "s3cret", "hex"), null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Signature", hex(mac("SHA256", "s3cret", BODY)))), 200,
                "Event received");
        assertBad(ingest(source, BODY, Map.of("X-Signature", hex(mac("SHA256", "other", BODY)))), 401,
                "X-Signature");
        assertBad(ingest(source, BODY, Map.of()), 401, "header X-Signature is missing");
        assertEquals(1, eventsOf(source).size());
    }

    @Test
    void hmacVerifierWithSha512AndBase64() {
        Source source = source("hmac512", null, new Verifier(VerifierType.HMAC,
                new Verifier.Hmac("X-Sig", "SHA512", "k", "base64"), null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Sig", b64(mac("SHA512", "k", BODY)))), 200, "Event received");
        assertBad(ingest(source, BODY, Map.of("X-Sig", b64(mac("SHA256", "k", BODY)))), 401, "does not match");
    }

    @Test
    void basicAuthVerifierChecksUserAndPassword() {
        Source source = source("basic", null, new Verifier(VerifierType.BASIC_AUTH, null,
                new BasicAuth("hook", "pa55"), null));

        assertEnvelope(ingest(source, BODY, Map.of("Authorization", "Basic " + b64("hook:pa55".getBytes()))), 200,
                "Event received");
        assertBad(ingest(source, BODY, Map.of("Authorization", "Basic " + b64("hook:wrong".getBytes()))), 401,
                "wrong basic auth credentials");
        assertBad(ingest(source, BODY, Map.of()), 401, "Authorization is missing");
    }

    @Test
    void apiKeyVerifierChecksTheNamedHeader() {
        Source source = source("key", null, new Verifier(VerifierType.API_KEY, null, null,
                new ApiKeyHeader("X-Api-Key", "k-123")));

        assertEnvelope(ingest(source, BODY, Map.of("X-Api-Key", "k-123")), 200, "Event received");
        assertBad(ingest(source, BODY, Map.of("X-Api-Key", "k-124")), 401, "wrong api key in header X-Api-Key");
    }

    @Test
    void githubPresetVerifiesXHubSignature256() {
        Source source = source("gh", SourceProvider.GITHUB, new Verifier(VerifierType.HMAC,
                new Verifier.Hmac("X-Hub-Signature-256", "SHA256", "ghs", "hex"), null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Hub-Signature-256", "sha256=" + hex(mac("SHA256", "ghs",
                BODY)))), 200, "Event received");
        assertBad(ingest(source, BODY, Map.of("X-Hub-Signature-256", hex(mac("SHA256", "ghs", BODY)))), 401,
                "X-Hub-Signature-256");
        assertBad(ingest(source, BODY, Map.of("X-Hub-Signature-256", "sha256=" + hex(mac("SHA256", "x", BODY)))),
                401, "does not match");
    }

    @Test
    void shopifyPresetVerifiesTheBase64Header() {
        Source source = source("shop", SourceProvider.SHOPIFY, new Verifier(VerifierType.HMAC,
                new Verifier.Hmac("X-Shopify-Hmac-Sha256", "SHA256", "shh", "base64"), null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Shopify-Hmac-SHA256", b64(mac("SHA256", "shh", BODY)))), 200,
                "Event received");
        assertBad(ingest(source, BODY, Map.of("X-Shopify-Hmac-SHA256", b64(mac("SHA256", "no", BODY)))), 401,
                "X-Shopify-Hmac-Sha256");
    }

    @Test
    void twitterPresetVerifiesSignaturesAndAnswersTheCrcChallenge() {
        Source source = source("tw", SourceProvider.TWITTER, new Verifier(VerifierType.HMAC,
                new Verifier.Hmac("X-Twitter-Webhooks-Signature", "SHA256", "tws", "base64"), null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Twitter-Webhooks-Signature",
                "sha256=" + b64(mac("SHA256", "tws", BODY)))), 200, "Event received");
        assertBad(ingest(source, BODY, Map.of("X-Twitter-Webhooks-Signature",
                "sha256=" + b64(mac("SHA256", "x", BODY)))), 401, "does not match");

        RawResponse crc = root.raw("GET", "/ingest/" + source.maskId() + "?crc_token=challenge-1",
                null, Map.of());
        assertEquals(200, crc.status(), crc.body());
        assertEquals("sha256=" + b64(mac("SHA256", "tws", "challenge-1")), tree(crc).path("response_token").asText());
        assertNotNull(client.getSource(source.uid()).providerConfig().twitter().crcVerifiedAt());
    }

    @Test
    void crcOnANonTwitterSourceIsABadRequest() {
        Source source = noopSource();
        assertBad(root.raw("GET", "/ingest/" + source.maskId() + "?crc_token=x", null, Map.of()), 400,
                "Provider type undefined");
    }

    @Test
    void unknownMaskIsNotFoundAndDisabledSourceIsForbidden() {
        assertBad(root.raw("POST", "/ingest/nosuchmask000000", BODY, Map.of()), 404, "source not found");

        Source source = noopSource();
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, true, null, null,
                null, null, null, null, null));
        assertBad(ingest(source, BODY, Map.of()), 403, "source is disabled");
        assertTrue(eventsOf(source).isEmpty());
    }

    @Test
    void bodyAboveTheProjectLimitIsRefusedWith413() {
        Source source = noopSource();
        String big = "{\"pad\":\"" + "x".repeat(60_000) + "\"}";

        assertBad(ingest(source, big, Map.of()), 413, "request body too large");
        assertTrue(eventsOf(source).isEmpty());
    }

    @Test
    void malformedJsonIsABadRequest() {
        Source source = noopSource();
        assertBad(ingest(source, "{not json", Map.of()), 400, "not valid JSON");
    }

    @Test
    void duplicateIdempotencyKeyIsStoredAsDuplicateWithoutDeliveries() {
        Source source = source("dedup", null, null);
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null, null, null,
                null, null, List.of("request.header.X-Id", "request.body.id"), null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Id", "a")), 200, "Event received");
        assertEnvelope(ingest(source, BODY, Map.of("X-Id", "a")), 200,
                "Duplicate event received, but will not be sent");
        assertEnvelope(ingest(source, BODY, Map.of("X-Id", "b")), 200, "Event received");

        List<Event> events = eventsOf(source);
        assertEquals(3, events.size());
        Event duplicate = events.get(1); // newest first: b, duplicate a, first a
        assertTrue(duplicate.isDuplicateEvent());
        assertEquals(events.get(2).idempotencyKey(), duplicate.idempotencyKey());
        assertFalse(duplicate.idempotencyKey().isEmpty());
        assertTrue(fx.deliveriesOf(duplicate.uid()).isEmpty());
        assertEquals(1, fx.deliveriesOf(events.get(2).uid()).size());
        assertEquals(1, fx.deliveriesOf(events.get(0).uid()).size());
    }

    @Test
    void customResponseIsTheAnswer() {
        Source source = noopSource();
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null, null,
                new CustomResponse("<ok/>", "application/xml"), null, null, null, null, null));

        RawResponse response = ingest(source, BODY, Map.of());

        assertEquals(200, response.status());
        assertEquals("<ok/>", response.body());
        assertEquals("application/xml", response.header("Content-Type"));
        assertEquals(1, eventsOf(source).size());
    }

    @Test
    void forwardHeadersGoOnEachDeliveryAndOtherHeadersStayOnTheEvent() {
        Source source = noopSource();
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null,
                List.of("X-Tenant"), null, null, null, null, null, null));

        assertEnvelope(ingest(source, BODY, Map.of("X-Tenant", "acme", "X-Secret-Thing", "s")), 200,
                "Event received");

        Event event = eventsOf(source).get(0);
        assertEquals(List.of("s"), event.headers().get("X-Secret-Thing"));
        EventDelivery delivery = fx.deliveriesOf(event.uid()).get(0);
        assertEquals(Map.of("X-Tenant", List.of("acme")), delivery.headers());
    }

    @Test
    void formBodiesBecomeAFlatJsonObject() {
        Source source = noopSource();

        assertEnvelope(ingest(source, "a=1&b=two+words&a=3",
                Map.of("Content-Type", "application/x-www-form-urlencoded")), 200, "Event received");

        Event event = eventsOf(source).get(0);
        assertEquals("1", event.data().path("a").asText(), event.data().toString());
        assertEquals("two words", event.data().path("b").asText());
    }

    @Test
    void sourceWithoutSubscriptionStoresAFailedEvent() {
        Source source = client.createSource(new CreateSourceRequest("lonely", SourceType.HTTP, null, null, null,
                null, null, null, null));

        assertEnvelope(ingest(source, BODY, Map.of()), 200, "Event received");

        Event event = eventsOf(source).get(0);
        assertEquals(DeliveryPlanner.NO_MATCH, event.failureReason());
        assertNull(event.endpoints() == null || event.endpoints().isEmpty() ? null : event.endpoints());
    }

    @Test
    void sourceFunctionsShapeTheStoredEvent() {
        Source source = noopSource();
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null, null, null,
                null, null, null,
                "function transform(p) { return {event_type: 'payment.' + p.kind, data: {cents: p.amount * 100}}; }",
                "function transform(h) { h['X-Added'] = 'yes'; return h; }"));

        assertEnvelope(ingest(source, "{\"kind\":\"captured\",\"amount\":3}", Map.of()), 200, "Event received");

        Event event = eventsOf(source).get(0);
        assertEquals("payment.captured", event.eventType());
        assertEquals(300, event.data().path("cents").asInt(), event.data().toString());
        assertEquals(List.of("yes"), event.headers().get("X-Added"));
        assertEquals(List.of(source.maskId()), event.headers().get("X-Convoy-Source-Id"));
        assertEquals(1, fx.deliveriesOf(event.uid()).size());
    }

    @Test
    void failingSourceFunctionRejectsTheRequestAndStoresNothing() {
        Source source = noopSource();
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null, null, null,
                null, null, null, "function transform(p) { throw new Error('bad shape'); }", null));

        assertBad(ingest(source, BODY, Map.of()), 400, "body_function failed");
        assertTrue(eventsOf(source).isEmpty());
    }

    @Test
    void concurrentRequestsAreAllStoredAndOnlyTheFirstOfAnIdempotencyKeyIsDelivered() throws Exception {
        Source source = noopSource();
        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null, null, null,
                null, null, List.of("request.body.id"), null, null));
        int requests = 40;
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(8)) {
            List<java.util.concurrent.Future<RawResponse>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < requests; i++) {
                String id = i % 2 == 0 ? "same" : "unique-" + i;
                answers.add(pool.submit(() -> ingest(source, "{\"id\":\"" + id + "\"}", Map.of())));
            }
            for (var answer : answers) {
                assertEquals(200, answer.get().status(), answer.get().body());
            }
        }

        List<Event> events = client.listEvents(ListQuery.ofPerPage(100).with("sourceId", source.uid())).content();
        assertEquals(requests, events.size());
        List<Event> firsts = events.stream().filter(e -> !e.isDuplicateEvent()).toList();
        assertEquals(requests / 2 + 1, firsts.size());
        for (Event e : events) {
            assertEquals(e.isDuplicateEvent() ? 0 : 1, fx.deliveriesOf(e.uid()).size(), e.uid());
        }
    }

    @Test
    void configurationChangesApplyToTheNextRequest() {
        Source source = noopSource();
        assertEnvelope(ingest(source, BODY, Map.of()), 200, "Event received");

        Endpoint second = fx.endpoint("second");
        fx.subscribe("second-sub", second.uid(), source.uid(), List.of("*"));
        client.pauseEndpoint(endpoint.uid());
        assertEnvelope(ingest(source, BODY, Map.of()), 200, "Event received");

        Event latest = eventsOf(source).get(0);
        Map<String, EventDeliveryStatus> byEndpoint = new HashMap<>();
        fx.deliveriesOf(latest.uid()).forEach(d -> byEndpoint.put(d.endpointId(), d.status()));
        assertEquals(Map.of(endpoint.uid(), EventDeliveryStatus.DISCARDED, second.uid(),
                EventDeliveryStatus.SCHEDULED), byEndpoint);

        client.updateSource(source.uid(), new UpdateSourceRequest(source.name(), SourceType.HTTP, null, null, null,
                new Verifier(VerifierType.API_KEY, null, null, new ApiKeyHeader("X-Key", "k")), null, null, null,
                null));
        assertBad(ingest(source, BODY, Map.of()), 401, "X-Key");
    }
}
