package dev.hookline.server.metaevents;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.deliveries.DeliveryMetaEvents;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Meta events end to end: recorded with the change they report, sent signed to the project's meta-event URL. */
class MetaEventsDispatchIT {

    private static final String UNKNOWN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    private static final List<String> ENDPOINT_TYPES = List.of("endpoint.created", "endpoint.updated",
            "endpoint.deleted");
    /** What a recorded meta event can be by the time it is read back (the dispatcher may have sent it). */
    private static final Set<EventDeliveryStatus> RECORDED = Set.of(EventDeliveryStatus.SCHEDULED,
            EventDeliveryStatus.PROCESSING, EventDeliveryStatus.SUCCESS);

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    Receiver meta;
    TestProject project;
    ApiClient client;
    OkHttpWebhookSender sender;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        meta = Receiver.start();
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
    }

    @AfterEach
    void stop() {
        server.close();
        if (sender != null) {
            sender.close();
        }
        meta.close();
    }

    // ------------------------------------------------------------------------------------------------ sending

    @Test
    void endpointCreatedArrivesAtTheMetaUrlSignedWithTheMetaSecret() throws Exception {
        enableMetaEvents(List.of("endpoint.created"), null);
        restartDelivering();

        Endpoint created = client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));

        Receiver.Request request = meta.awaitRequests(1, WAIT).get(0);
        assertEquals("POST", request.method());
        assertEquals("/meta", request.path());
        JsonNode body = Json.strict().readTree(request.body());
        assertEquals("endpoint.created", body.path("event_type").asText());
        assertEquals(created.uid(), body.path("data").path("uid").asText());
        assertEquals(hmacSha256Hex("meta-secret", request.body()), request.header("X-Convoy-Signature"),
                "a simple signature over the body, with the meta-event secret");
        MetaEvent sent = awaitMetaEvent(metaEventsOldestFirst().get(0).uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(sha256Hex(sent.uid()), request.header("X-Convoy-Idempotency-Key"));
        assertTrue(request.header("Content-Type").startsWith("application/json"));
        assertEquals(1, sent.metadata().numTrials());
        assertEquals("{\"ok\":true}", sent.attempt().responseData(), "the response is kept on the meta event");
        assertEquals(request.header("X-Convoy-Signature"), sent.attempt().requestHttpHeader().get("X-Convoy-Signature"));
        assertTrue(sent.attempt().responseHttpHeader().keySet().stream()
                .anyMatch(name -> name.equalsIgnoreCase("Content-Type")), sent.attempt().responseHttpHeader().toString());
    }

    @Test
    void aDeliveredEventReportsEventDeliverySuccessAtTheMetaUrl() throws Exception {
        enableMetaEvents(List.of("eventdelivery.success"), null);
        restartDelivering();
        try (Receiver hooks = Receiver.start()) {
            Endpoint endpoint = client.createEndpoint(EndpointRequest.of(hooks.url("/hooks"), "hooks"));

            Event event = client.createEvent(new CreateEventRequest(endpoint.uid(), null, null, "invoice.paid",
                    Json.strict().readTree("{\"n\":1}"), null, null));

            hooks.awaitRequests(1, WAIT);
            Receiver.Request report = meta.awaitRequests(1, WAIT).get(0);
            JsonNode body = Json.strict().readTree(report.body());
            assertEquals("eventdelivery.success", body.path("event_type").asText());
            assertEquals(event.uid(), body.path("data").path("event_id").asText());
            assertEquals("Success", body.path("data").path("status").asText());
            assertEquals("200 OK", body.path("data").path("attempt").path("http_status").asText(),
                    "the try that delivered it");
            assertEquals(hmacSha256Hex("meta-secret", report.body()), report.header("X-Convoy-Signature"));
        }
    }

    @Test
    void anEndpointTheDispatcherDeactivatesReportsEndpointUpdatedAndEventDeliveryFailed() throws Exception {
        client.updateProject(project.id(), new UpdateProjectRequest("shop", null, ProjectConfig.builder()
                .disableEndpoint(true)
                .strategy(new ProjectConfig.Strategy(StrategyType.LINEAR, 60L, 1L))
                .metaEvent(new ProjectConfig.MetaEventConfig(true, "http", List.of("endpoint.updated", "eventdelivery.failed"), meta.url("/meta"), "meta-secret"))
                .build()));
        restartDelivering();
        try (Receiver failing = Receiver.start()) {
            failing.answerAlways(Receiver.Answer.status(500));
            Endpoint endpoint = client.createEndpoint(EndpointRequest.of(failing.url("/down"), "down"));

            client.createEvent(new CreateEventRequest(endpoint.uid(), null, null, "invoice.paid",
                    Json.strict().readTree("{\"n\":1}"), null, null));

            List<Receiver.Request> reports = meta.awaitRequests(2, WAIT);
            List<String> types = new ArrayList<>();
            for (Receiver.Request r : reports) {
                JsonNode body = Json.strict().readTree(r.body());
                types.add(body.path("event_type").asText());
                if (body.path("event_type").asText().equals("endpoint.updated")) {
                    assertEquals(endpoint.uid(), body.path("data").path("uid").asText());
                    assertEquals("inactive", body.path("data").path("status").asText(), "disable_endpoint");
                }
            }
            assertEquals(Set.of("endpoint.updated", "eventdelivery.failed"), Set.copyOf(types));
        }
    }

    @Test
    void aFailedSendIsRetriedByTheProjectStrategyUntilItGetsThrough() throws IOException {
        enableMetaEvents(List.of("endpoint.created"), new ProjectConfig.Strategy(StrategyType.LINEAR, 30L, 5L));
        meta.answerWith((request, index) -> index == 0 ? Receiver.Answer.status(503)
                : Receiver.Answer.ok());
        restartDelivering();

        client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        meta.awaitRequests(1, WAIT);
        String id = metaEventsOldestFirst().get(0).uid();
        MetaEvent retrying = awaitMetaEvent(id, EventDeliveryStatus.RETRY);
        assertEquals(1, retrying.metadata().numTrials());
        assertEquals(clock.instant().plusSeconds(30).getEpochSecond(),
                retrying.metadata().nextSendTime().getEpochSecond(), 1, "30 s later, linear");
        assertEquals(1, meta.requests().size(), "not before it is due");

        clock.advance(Duration.ofSeconds(31));
        server.server().signals().metaEventsDue();

        meta.awaitRequests(2, WAIT);
        MetaEvent sent = awaitMetaEvent(id, EventDeliveryStatus.SUCCESS);
        assertEquals(2, sent.metadata().numTrials());
    }

    @Test
    void aMetaEventWhoseTriesRunOutFailsAndResendSendsItAgain() throws IOException {
        enableMetaEvents(List.of("endpoint.created"), new ProjectConfig.Strategy(StrategyType.LINEAR, 1L, 2L));
        meta.answerAlways(Receiver.Answer.status(500));
        restartDelivering();

        client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        meta.awaitRequests(1, WAIT);
        String id = metaEventsOldestFirst().get(0).uid();
        awaitMetaEvent(id, EventDeliveryStatus.RETRY);
        clock.advance(Duration.ofSeconds(2));
        server.server().signals().metaEventsDue();
        MetaEvent failed = awaitMetaEvent(id, EventDeliveryStatus.FAILURE);
        assertEquals(2, failed.metadata().numTrials(), "retry_count tries in all");
        assertEquals(2, meta.requests().size());

        meta.answerAlways(Receiver.Answer.ok());
        assertEquals(EventDeliveryStatus.SCHEDULED, client.resendMetaEvent(id).status());

        meta.awaitRequests(3, WAIT);
        assertEquals(3, awaitMetaEvent(id, EventDeliveryStatus.SUCCESS).metadata().numTrials());
    }

    @Test
    void aMetaEventOfAProjectThatSwitchedMetaEventsOffIsDiscardedUnsent() throws IOException {
        enableMetaEvents(List.of("endpoint.created"), null);
        client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        String id = metaEventsOldestFirst().get(0).uid();
        client.updateProject(project.id(), new UpdateProjectRequest("shop", null, ProjectConfig.builder()
                .metaEvent(new ProjectConfig.MetaEventConfig(false, null, null, null, null))
                .build()));

        restartDelivering();

        awaitMetaEvent(id, EventDeliveryStatus.DISCARDED);
        assertEquals(0, meta.requests().size());
    }

    @Test
    void aMetaEventLeftMidSendByAStopIsSentAtTheNextStart() throws IOException {
        enableMetaEvents(List.of("endpoint.created"), null);
        MetaEvent interrupted = new EventSeeds(server).metaEvent(project.id(), "endpoint.created",
                "{\"uid\":\"01E\"}", EventDeliveryStatus.PROCESSING);

        restartDelivering();

        meta.awaitRequests(1, WAIT);
        awaitMetaEvent(interrupted.uid(), EventDeliveryStatus.SUCCESS);
    }

    // -------------------------------------------------------------------------------------------- recording

    @Test
    void endpointCreateUpdatePauseAndDeleteEachRecordAMetaEventWithTheRedactedEndpoint() {
        enableMetaEvents(ENDPOINT_TYPES, new ProjectConfig.Strategy(StrategyType.EXPONENTIAL, 3L, 4L));
        Endpoint created = client.createEndpoint(new EndpointRequest("https://a.example/in", "a", null, null, null,
                null, null, null, null, null, null, null, null, null, new EndpointAuthentication(
                EndpointAuthType.BASIC_AUTH, null, new BasicAuth("user", "pa55word"), null), null, null));
        client.updateEndpoint(created.uid(), EndpointRequest.of("https://a.example/v2", "a2"));
        client.pauseEndpoint(created.uid());
        client.deleteEndpoint(created.uid());

        List<MetaEvent> recorded = metaEventsOldestFirst();
        assertEquals(List.of("endpoint.created", "endpoint.updated", "endpoint.updated", "endpoint.deleted"),
                recorded.stream().map(MetaEvent::eventType).toList());
        JsonNode createdBody = recorded.get(0).metadata().data();
        assertEquals("endpoint.created", createdBody.path("event_type").asText());
        assertEquals(created.uid(), createdBody.path("data").path("uid").asText());
        assertEquals("[REDACTED]", createdBody.path("data").path("authentication").path("basic_auth")
                .path("password").asText(), "secrets are redacted as the endpoints API shows them");
        assertEquals("https://a.example/v2", recorded.get(1).metadata().data().path("data").path("url").asText());
        assertEquals("paused", recorded.get(2).metadata().data().path("data").path("status").asText());
        assertTrue(!recorded.get(3).metadata().data().path("data").path("deleted_at").isNull(), "deleted");
        for (MetaEvent e : recorded) {
            assertTrue(RECORDED.contains(e.status()), e.status().wire());
            assertEquals(StrategyType.EXPONENTIAL, e.metadata().strategy(), "the project's retry strategy");
            assertEquals(3, e.metadata().intervalSeconds());
            assertEquals(4, e.metadata().retryLimit());
        }
    }

    @Test
    void anEndpointADynamicEventCreatesRecordsEndpointCreated() throws Exception {
        enableMetaEvents(List.of("endpoint.created"), null);

        client.dynamicEvent(new DynamicEventRequest("https://dynamic.example/in", "s3cret-value", null,
                "invoice.paid", Json.strict().readTree("{\"n\":1}"), null, null));

        List<MetaEvent> recorded = metaEventsOldestFirst();
        assertEquals(List.of("endpoint.created"), recorded.stream().map(MetaEvent::eventType).toList());
        assertEquals("https://dynamic.example/in", recorded.get(0).metadata().data().path("data").path("url")
                .asText());
    }

    @Test
    void disabledMetaEventsOrUnlistedTypesRecordNothing() {
        Endpoint a = client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        client.updateEndpoint(a.uid(), EndpointRequest.of("https://a.example/v2", "a2"));
        assertEquals(0, metaEventsOldestFirst().size(), "meta events are off by default");

        enableMetaEvents(List.of("endpoint.deleted"), null);
        Endpoint b = client.createEndpoint(EndpointRequest.of("https://b.example/in", "b"));
        client.pauseEndpoint(b.uid());
        assertEquals(0, metaEventsOldestFirst().size(), "created and updated are not listed");
        client.deleteEndpoint(b.uid());
        assertEquals(List.of("endpoint.deleted"), metaEventsOldestFirst().stream().map(MetaEvent::eventType)
                .toList());
    }

    @Test
    void aRefusedEndpointChangeRecordsNoMetaEvent() {
        enableMetaEvents(ENDPOINT_TYPES, null);
        Endpoint a = client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        int before = metaEventsOldestFirst().size();

        assertBad(client.raw("PUT", "/v1/projects/" + project.id() + "/endpoints/" + a.uid(),
                "{\"url\":\"not a url\",\"name\":\"a\"}", Map.of()), 400, "url");
        assertBad(client.raw("POST", "/v1/projects/" + project.id() + "/endpoints/" + a.uid() + "/activate", null,
                Map.of()), 400, "does not support activation");
        assertBad(client.raw("DELETE", "/v1/projects/" + project.id() + "/endpoints/" + UNKNOWN, null, Map.of()),
                404, "not found");

        assertEquals(before, metaEventsOldestFirst().size());
    }

    @Test
    void deliveryOutcomesRecordSuccessAndFailureWithTheDeliveryAndItsLatestAttempt() {
        enableMetaEvents(List.of("eventdelivery.success", "eventdelivery.failed"), null);
        EventSeeds seeds = new EventSeeds(server);
        Endpoint a = client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        Event event = seeds.event(project.id()).endpoints(a.uid()).insert();
        EventDelivery failed = seeds.delivery(event, a.uid()).status(EventDeliveryStatus.FAILURE).insert();
        seeds.attempt(failed, "200 OK", true, Map.of(), Map.of());
        seeds.attempt(failed, "500 Internal Server Error", false, Map.of(), Map.of());
        EventDelivery delivered = seeds.delivery(event, a.uid()).status(EventDeliveryStatus.SUCCESS).insert();
        EventDelivery retrying = seeds.delivery(event, a.uid()).status(EventDeliveryStatus.RETRY).insert();

        int recorded = server.server().store().db().write(c -> server.server().deliveryMetaEvents().record(c, List.of(
                        new DeliveryMetaEvents.DeliveryOutcome(project.id(), failed.uid(), EventDeliveryStatus.FAILURE),
                        new DeliveryMetaEvents.DeliveryOutcome(project.id(), delivered.uid(),
                                EventDeliveryStatus.SUCCESS),
                        new DeliveryMetaEvents.DeliveryOutcome(project.id(), retrying.uid(),
                                EventDeliveryStatus.RETRY))));

        assertEquals(2, recorded, "a retry is not an outcome");
        List<MetaEvent> events = metaEventsOldestFirst();
        assertEquals(List.of("eventdelivery.failed", "eventdelivery.success"),
                events.stream().map(MetaEvent::eventType).toList());
        JsonNode failedData = events.get(0).metadata().data().path("data");
        assertEquals(failed.uid(), failedData.path("uid").asText());
        assertEquals("Failure", failedData.path("status").asText());
        assertEquals(a.uid(), failedData.path("endpoint_metadata").path("uid").asText());
        assertEquals("500 Internal Server Error", failedData.path("attempt").path("http_status").asText(),
                "the latest attempt");
        assertEquals(delivered.uid(), events.get(1).metadata().data().path("data").path("uid").asText());
    }

    @Test
    void deliveryOutcomesOfAProjectWithoutMetaEventsRecordNothing() {
        EventSeeds seeds = new EventSeeds(server);
        Endpoint a = client.createEndpoint(EndpointRequest.of("https://a.example/in", "a"));
        EventDelivery delivered = seeds.delivery(seeds.event(project.id()).endpoints(a.uid()).insert(), a.uid())
                .status(EventDeliveryStatus.SUCCESS).insert();
        int recorded = server.server().store().db().write(c -> server.server().deliveryMetaEvents().record(c, List.of(new DeliveryMetaEvents.DeliveryOutcome(project.id(),
                        delivered.uid(), EventDeliveryStatus.SUCCESS))));
        assertEquals(0, recorded);
        assertEquals(0, metaEventsOldestFirst().size());
    }

    // ----------------------------------------------------------------------------------------------- resend

    @Test
    void resendQueuesAMetaEventAgainWhateverBecameOfIt() {
        EventSeeds seeds = new EventSeeds(server);
        MetaEvent failed = seeds.metaEvent(project.id(), "endpoint.created", "{\"uid\":\"01E\"}",
                EventDeliveryStatus.FAILURE);

        JsonNode data = assertEnvelope(client.raw("PUT", metaPath(failed.uid() + "/resend"), null, Map.of()), 200,
                "Meta event processed for retry successfully");

        assertEquals("Scheduled", data.path("status").asText());
        assertEquals(1, data.path("metadata").path("num_trials").asLong(), "tries so far are kept");
        assertEquals("received", data.path("attempt").path("response_data").asText(), "latest attempt kept");
        assertBad(client.raw("PUT", metaPath(UNKNOWN + "/resend"), null, Map.of()), 404, "meta event not found");
    }

    @Test
    void resendWhileBeingSentIsRefused() {
        MetaEvent sending = new EventSeeds(server).metaEvent(project.id(), "endpoint.created", "{}",
                EventDeliveryStatus.PROCESSING);
        assertBad(client.raw("PUT", metaPath(sending.uid() + "/resend"), null, Map.of()), 400, "being sent");
        assertEquals(EventDeliveryStatus.PROCESSING, client.getMetaEvent(sending.uid()).status());
    }

    // ----------------------------------------------------------------------------------------------- config

    @Test
    void enablingMetaEventsNeedsAnHttpUrlAndKnownTypes() {
        assertBad(updateMeta("{\"is_enabled\":true,\"event_type\":[\"endpoint.created\"]}"), 400,
                "config.meta_event.url");
        assertBad(updateMeta("{\"is_enabled\":true,\"url\":\"ftp://meta.example/in\"}"), 400,
                "config.meta_event.url");
        assertBad(updateMeta("{\"is_enabled\":true,\"url\":\"not a url\"}"), 400, "config.meta_event.url");
        assertBad(updateMeta("{\"is_enabled\":true,\"url\":\"" + meta.url("/meta")
                + "\",\"event_type\":[\"endpoint.renamed\"]}"), 400, "endpoint.renamed");
        assertBad(updateMeta("{\"is_enabled\":true,\"type\":\"grpc\",\"url\":\"" + meta.url("/meta") + "\"}"), 400,
                "config.meta_event.type");

        Project unchanged = client.getProject(project.id());
        assertTrue(!Boolean.TRUE.equals(unchanged.config().metaEvent().isEnabled()), "nothing written");
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static final Duration WAIT = Duration.ofSeconds(10);

    /**
     * Restarts the server on the same data with a real sender, so its delivery and meta-event dispatchers run (the
     * recording tests run without them and read meta events exactly as recorded).
     */
    private void restartDelivering() throws IOException {
        server.close();
        sender = new OkHttpWebhookSender(clock);
        server = TestServer.start(dataDir, clock, sender);
        client = server.client(project.apiKey()).withProject(project.id());
    }

    /** Waits until the meta event has {@code status} (polling the API), and returns it. */
    private MetaEvent awaitMetaEvent(String id, EventDeliveryStatus status) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            MetaEvent current = client.getMetaEvent(id);
            if (current.status() == status) {
                return current;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("meta event " + id + " is " + current.status() + ", expected " + status);
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    private static String hmacSha256Hex(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }

    private static String sha256Hex(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private void enableMetaEvents(List<String> types, ProjectConfig.Strategy strategy) {
        client.updateProject(project.id(), new UpdateProjectRequest("shop", null, ProjectConfig.builder()
                .strategy(strategy)
                .metaEvent(new ProjectConfig.MetaEventConfig(true, "http", types, meta.url("/meta"), "meta-secret"))
                .build()));
    }

    private RawResponse updateMeta(String metaEventJson) {
        return client.raw("PUT", "/v1/projects/" + project.id(), "{\"name\":\"shop\",\"config\":{\"meta_event\":"
                + metaEventJson + "}}", Map.of());
    }

    private List<MetaEvent> metaEventsOldestFirst() {
        return client.listMetaEvents(ListQuery.ofPerPage(100)).content().stream()
                .sorted(Comparator.comparing(MetaEvent::uid)).toList();
    }

    private String metaPath(String rest) {
        return "/v1/projects/" + project.id() + "/meta-events/" + rest;
    }
}
