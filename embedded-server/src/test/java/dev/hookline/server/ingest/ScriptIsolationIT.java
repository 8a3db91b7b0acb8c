package dev.hookline.server.ingest;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts cannot hurt anyone but their own event (ADR 0023, 0038): a project whose transform never ends is still
 * answered at once (its events stored, planned later) and does not delay another project's planning or deliveries, and a script over its time limit (inside a long built-in) or
 * its memory bound fails only its own delivery, with the reason on it and in the Test panel's answer.
 */
class ScriptIsolationIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String LOOP = "function transform(p) { while (true) {} }";
    /** Sorts (Java-side, unseen by the instruction observer) far past the limit, in a few MB. */
    private static final String SORT = "function transform(p) { var a = []; for (var i = 0; i < 300000; i++) { a.push(Math.random()); } "
            + "for (var k = 0; k < 100; k++) { a.sort(); } return {n: a.length}; }";
    private static final String REPEAT = "function transform(p) { return {s: 'x'.repeat(2 ** 28)}; }";

    @TempDir
    Path dataDir;
    private Receiver receiver;
    private OkHttpWebhookSender sender;
    private TestServer server;

    @BeforeEach
    void start() {
        receiver = Receiver.start();
        sender = new OkHttpWebhookSender(Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        sender.close();
        receiver.close();
    }

    private Source sourceDeliveringTo(TestProject project, String name, String function) {
        ApiClient client = project.client();
        Endpoint endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/" + name), name));
        Source source = client.createSource(new CreateSourceRequest(name, SourceType.HTTP, null, null, null, null,
                null, null, null));
        new IngestFixtures(client).subscribe(name + "-sub", endpoint.uid(), source.uid(), List.of("*"), null,
                function);
        return source;
    }

    private RawResponse ingest(Source source, String body) {
        Map<String, String> headers = new java.util.HashMap<>();
        headers.put("Authorization", null);
        return server.root("unused").raw("POST", "/ingest/" + source.maskId(), body, headers);
    }

    @Test
    void aProjectWhoseTransformNeverEndsIsAnsweredAtOnceAndDoesNotDelayAnotherProject() throws Exception {
        // a long limit: project A's scripts stay stuck for the whole test, whatever the machine's speed
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofMinutes(5), sender);
        TestProject a = server.newProject("a", ProjectType.INCOMING);
        TestProject b = server.newProject("b", ProjectType.INCOMING);
        Source stuckSource = sourceDeliveringTo(a, "a", LOOP);
        Source fineSource = sourceDeliveringTo(b, "b", "function transform(p) { p.seen = 'b'; return p; }");
        int share = server.server().scripts().settings().projectShare();

        // acknowledged on durable receipt (ADR 0038): every answer comes back while A's transforms never end
        for (int i = 0; i <= share; i++) {
            assertEnvelope(ingest(stuckSource, "{\"from\":\"a\"}"), 200, "Event received");
        }
        Await.until(WAIT, "project A's scripts hold all of A's share",
                () -> server.server().scripts().running(a.id()) == share);
        List<Event> stored = a.client().listEvents(dev.hookline.api.client.ListQuery.create()
                .with("sourceId", stuckSource.uid())).content();
        assertEquals(share + 1, stored.size(), "A's events are stored");
        assertTrue(stored.stream().allMatch(e -> e.status() == EventStatus.PENDING), "and not planned yet");
        assertTrue(a.client().listEventDeliveries(dev.hookline.api.client.ListQuery.create()).content().isEmpty());

        for (int i = 0; i < 3; i++) {
            assertEnvelope(ingest(fineSource, "{\"n\":" + i + "}"), 200, "Event received");
        }
        List<Receiver.Request> delivered = receiver.awaitRequests(3, r -> r.path().equals("/b"), WAIT);

        assertTrue(delivered.stream().allMatch(r -> r.bodyText().contains("\"seen\":\"b\"")),
                "B's events were planned and its transform ran while A's loop was stuck");
        assertEquals(share, server.server().scripts().running(a.id()));
        assertTrue(receiver.requests(r -> r.path().equals("/a")).isEmpty());
    }

    @Test
    void aTransformStuckInALongBuiltInFailsOnlyItsDeliveryWithTheReason() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(1), sender);
        TestProject project = server.newProject("p", ProjectType.INCOMING);
        Source slow = sourceDeliveringTo(project, "slow", SORT);
        Source fine = sourceDeliveringTo(project, "fine", null);

        assertEnvelope(ingest(slow, "{\"n\":1}"), 200, "Event received");
        assertEnvelope(ingest(fine, "{\"n\":2}"), 200, "Event received");

        receiver.awaitRequests(1, r -> r.path().equals("/fine"), WAIT);
        EventDelivery failed = onlyDeliveryOf(project, slow);
        assertEquals(EventDeliveryStatus.FAILURE, failed.status());
        assertEquals(DeliveryPlanner.TRANSFORM_FAILED + "transform function exceeded its time limit of 1000 ms",
                failed.description());
        List<DeliveryAttempt> attempts = project.client().listDeliveryAttempts(failed.uid());
        assertTrue(attempts.get(0).error().contains("exceeded its time limit of 1000 ms"), attempts.get(0).error());
        assertTrue(receiver.requests(r -> r.path().equals("/slow")).isEmpty());
    }

    @Test
    void aTransformOverItsMemoryBoundFailsOnlyItsDeliveryWithTheReason() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(5), sender);
        TestProject project = server.newProject("p", ProjectType.INCOMING);
        Source greedy = sourceDeliveringTo(project, "greedy", REPEAT);
        Source fine = sourceDeliveringTo(project, "fine", "function transform(p) { return p; }");

        assertEnvelope(ingest(greedy, "{\"n\":1}"), 200, "Event received");
        assertEnvelope(ingest(fine, "{\"n\":2}"), 200, "Event received");

        receiver.awaitRequests(1, r -> r.path().equals("/fine"), WAIT);
        EventDelivery failed = onlyDeliveryOf(project, greedy);
        assertEquals(EventDeliveryStatus.FAILURE, failed.status());
        int heap = server.server().scripts().settings().heapMegabytes();
        assertEquals(DeliveryPlanner.TRANSFORM_FAILED + "transform function exceeded its memory bound of " + heap
                + " MB", failed.description());
    }

    @Test
    void theTestPanelsAnswerWhyAScriptWasStopped() throws Exception {
        server = TestServer.startWithScriptLimit(dataDir, Duration.ofSeconds(1), sender);
        TestProject project = server.newProject("p", ProjectType.INCOMING);
        ApiClient root = server.root(project.apiKey());
        String base = "/api/v1/projects/" + project.id();

        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},\"function\":\""
                + SORT + "\"}", Map.of()), 400, "transform function exceeded its time limit of 1000 ms");
        assertBad(root.raw("POST", base + "/sources/test_function", "{\"payload\":{},\"function\":\""
                + REPEAT + "\"}", Map.of()), 400, "transform function exceeded its memory bound of");
        assertBad(root.raw("POST", base + "/subscriptions/test_function", "{\"payload\":{},\"function\":\""
                + LOOP + "\"}", Map.of()), 400, "transform function exceeded its time limit of 1000 ms");
        RawResponse fine = root.raw("POST", base + "/subscriptions/test_function",
                "{\"payload\":{\"a\":1},\"function\":\"function transform(p) { return p; }\"}", Map.of());
        assertEnvelope(fine, 200, "Transformer function run successfully");
    }

    private EventDelivery onlyDeliveryOf(TestProject project, Source source) {
        String eventId = Await.value(WAIT, "the event of " + source.name(), () -> project.client().listEvents(
                dev.hookline.api.client.ListQuery.create().with("sourceId", source.uid())).content(),
                events -> !events.isEmpty()).get(0).uid();
        List<EventDelivery> deliveries = new IngestFixtures(project.client()).deliveriesOf(eventId);
        assertEquals(1, deliveries.size());
        assertFalse(deliveries.get(0).description().isEmpty());
        return deliveries.get(0);
    }
}
