package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DispatcherIT {

    @TempDir
    Path dataDir;

    private DispatchFixture f;
    private Receiver receiver;

    @BeforeEach
    void start() throws IOException {
        f = DispatchFixture.start(dataDir);
        receiver = Receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
        f.close();
    }

    @Test
    void sendsTheEventPayloadAndDeliveryHeadersAndRecordsASuccessfulAttempt() {
        String endpoint = f.endpoint(receiver.url("/hooks/orders"));
        Event event = f.event(endpoint, "{\"order\": 42, \"items\":[1,2]}");
        f.clock.advance(Duration.ofMillis(250)); // the clock does not move by itself: the latency is exactly this
        EventDelivery delivery = f.seeds.delivery(event, endpoint)
                .headers(Map.of("X-Tenant", List.of("acme"))).insert();
        f.signal();

        Receiver.Request got = receiver.awaitRequests(1, DispatchFixture.WAIT).getFirst();
        assertEquals("POST", got.method());
        assertEquals("/hooks/orders", got.path());
        assertEquals("a=1", got.query(), "the event's url_query_params are appended to the endpoint URL");
        assertEquals("{\"order\": 42, \"items\":[1,2]}", got.bodyText(), "the payload exactly as stored");
        assertEquals("acme", got.header("X-Tenant"));

        EventDelivery done = f.awaitStatus(delivery.uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(1L, done.metadata().numTrials());
        assertEquals("", done.description());
        assertEquals(0.25, done.latencySeconds(), 1e-6, "latency from the event's acknowledgement to the answer");
        List<DeliveryAttempt> attempts = f.attempts(delivery.uid());
        assertEquals(1, attempts.size());
        DeliveryAttempt attempt = attempts.getFirst();
        assertTrue(attempt.status());
        assertTrue(attempt.httpStatus().startsWith("200"), attempt.httpStatus());
        assertEquals(receiver.url("/hooks/orders") + "?a=1", attempt.url());
        assertEquals("{\"ok\":true}", attempt.responseData());
        assertEquals("acme", attempt.requestHttpHeader().get("X-Tenant"));
        assertEquals(delivery.uid(), attempt.msgId());
    }

    @Test
    void sendsTheSubscriptionFunctionsOutputInsteadOfTheEventData() {
        String endpoint = f.endpoint(receiver.url("/t"));
        EventDelivery delivery = f.seeds.delivery(f.event(endpoint, "{\"n\":1}"), endpoint)
                .transformed("{\"changed\":true}").insert();
        f.signal();

        assertEquals("{\"changed\":true}", receiver.awaitRequests(1, DispatchFixture.WAIT).getFirst().bodyText());
        f.awaitStatus(delivery.uid(), EventDeliveryStatus.SUCCESS);
    }

    @Test
    void serverErrorIsRetriedAtTheScheduledTimeAndThenSucceeds() {
        receiver.answerWith((request, index) -> index == 0 ? Answer.status(500) : Answer.ok());
        String endpoint = f.endpoint(receiver.url("/flaky"));
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 10, 5, 0),
                DeliveryMode.AT_LEAST_ONCE);

        EventDelivery retrying = f.awaitTries(delivery.uid(), 1);
        assertEquals(EventDeliveryStatus.RETRY, retrying.status());
        assertTrue(retrying.description().startsWith("Try 1 of 5 failed: the endpoint answered 500 Internal Server "
                + "Error; next try at "), retrying.description());
        assertEquals("500 Internal Server Error", retrying.lastResponse());
        Instant triedAt = f.attempts(delivery.uid()).getFirst().updatedAt();
        assertEquals(f.clock.instant().plusSeconds(10).truncatedTo(java.time.temporal.ChronoUnit.MICROS),
                retrying.metadata().nextSendTime(), "linear: due again after the 10 s interval");
        assertEquals(1, receiver.requests().size());

        f.advance(Duration.ofSeconds(10));
        EventDelivery done = f.awaitStatus(delivery.uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(2L, done.metadata().numTrials());
        List<DeliveryAttempt> attempts = f.attempts(delivery.uid());
        assertEquals(2, attempts.size());
        assertFalse(attempts.get(0).status());
        assertTrue(attempts.get(0).httpStatus().startsWith("500"), attempts.get(0).httpStatus());
        assertTrue(attempts.get(1).status());
        assertFalse(triedAt.isAfter(attempts.get(1).updatedAt()));
    }

    @Test
    void exhaustedRetriesEndInFailureWithEveryAttemptRecorded() {
        receiver.answerAlways(Answer.status(503));
        String endpoint = f.endpoint(receiver.url("/down"));
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.EXPONENTIAL, 10, 3, 0),
                DeliveryMode.AT_LEAST_ONCE);

        f.awaitTries(delivery.uid(), 1);
        f.advance(Duration.ofSeconds(15)); // 10 s + jitter below 5 s
        f.awaitTries(delivery.uid(), 2);
        f.advance(Duration.ofSeconds(25)); // 20 s + jitter
        EventDelivery failed = f.awaitTries(delivery.uid(), 3);

        assertEquals(EventDeliveryStatus.FAILURE, failed.status());
        assertEquals("Failed after 3 attempts: the endpoint answered 503 Service Unavailable", failed.description(),
                "what the endpoint last answered, not \"Retry limit exceeded\"");
        assertEquals("503 Service Unavailable", failed.lastResponse());
        assertEquals(3L, failed.metadata().numTrials());
        List<DeliveryAttempt> attempts = f.attempts(delivery.uid());
        assertEquals(3, attempts.size());
        attempts.forEach(a -> assertTrue(a.httpStatus().startsWith("503"), a.httpStatus()));
        assertEquals(3, receiver.requests().size());
    }

    @Test
    void atMostOnceFailsAtTheFirstErrorAnswerAndIsNeverSentAgain() {
        receiver.answerAlways(Answer.status(500));
        String endpoint = f.endpoint(receiver.url("/once"));
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 1, 5, 0),
                DeliveryMode.AT_MOST_ONCE);

        EventDelivery failed = f.awaitTries(delivery.uid(), 1);
        assertEquals(EventDeliveryStatus.FAILURE, failed.status());
        assertEquals("Failed: the endpoint answered 500 Internal Server Error (at_most_once deliveries are not "
                + "sent again)", failed.description());
        f.advance(Duration.ofMinutes(5));
        // a delivery sent later to the same endpoint proves the dispatcher looked again after the clock moved
        receiver.answerAlways(Answer.ok());
        EventDelivery later = f.deliver(endpoint);
        f.awaitStatus(later.uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(1, f.attempts(delivery.uid()).size());
        assertEquals(2, receiver.requests().size());
    }

    @Test
    void atMostOnceWithoutAnyAnswerIsRetriedLikeConvoy() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String endpoint = f.endpoint("http://127.0.0.1:" + closedPort + "/nobody");
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 30, 5, 0),
                DeliveryMode.AT_MOST_ONCE);

        EventDelivery retrying = f.awaitTries(delivery.uid(), 1);
        assertEquals(EventDeliveryStatus.RETRY, retrying.status());
        DeliveryAttempt attempt = f.attempts(delivery.uid()).getFirst();
        assertFalse(attempt.status());
        assertEquals("", attempt.httpStatus());
        assertFalse(attempt.error().isBlank(), "the error is recorded");
    }

    @Test
    void aHangingEndpointTimesOutAndTheTimeoutIsRecorded() {
        receiver.answerAlways(Answer.hanging());
        String endpoint = f.endpoint(receiver.url("/hang"), 1, 0, 0);
        EventDelivery delivery = f.deliver(endpoint);

        EventDelivery retrying = f.awaitTries(delivery.uid(), 1);
        assertEquals(EventDeliveryStatus.RETRY, retrying.status());
        DeliveryAttempt attempt = f.attempts(delivery.uid()).getFirst();
        assertFalse(attempt.status());
        assertEquals("", attempt.httpStatus());
        assertFalse(attempt.error().isBlank());
        assertTrue(attempt.latencyMs() >= 900, "gave up after the 1 s timeout: " + attempt.latencyMs());
    }

    @Test
    void aHangingEndpointDoesNotDelayDeliveriesToAnother() {
        try (Receiver fast = Receiver.start()) {
            receiver.answerAlways(Answer.hanging());
            String hanging = f.endpoint(receiver.url("/hang"), 30, 0, 0);
            String quick = f.endpoint(fast.url("/fast"));
            for (int i = 0; i < 100; i++) {
                f.deliver(hanging);
            }
            receiver.awaitRequests(DispatchSettings.DEFAULTS.perEndpointSends(), DispatchFixture.WAIT);
            List<String> quickOnes = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                quickOnes.add(f.deliver(quick).uid());
            }

            // well inside the flood's 30 s timeouts (without a share, nothing of the other project goes out before
            // them); 5 s was too tight for a loaded build machine, where the flood's 1,500 connections take seconds
            fast.awaitRequests(5, Duration.ofSeconds(15));
            quickOnes.forEach(id -> f.awaitStatus(id, EventDeliveryStatus.SUCCESS));
            assertEquals(DispatchSettings.DEFAULTS.perEndpointSends(), receiver.requests().size(),
                    "no more than the per-endpoint limit is ever in flight to the hanging endpoint");
        }
    }

    @Test
    void aFloodInOneProjectLeavesRoomForAnotherProjectsDeliveries() {
        try (Receiver fast = Receiver.start()) {
            receiver.answerAlways(Answer.hanging());
            // more due deliveries than the dispatcher holds in flight, all to endpoints that never answer: without a
            // share per project, they would take all the room and the other project would wait 30 s for timeouts
            int endpoints = DispatchSettings.DEFAULTS.maxInFlight() / DispatchSettings.DEFAULTS.perEndpointLoad() + 1;
            for (int e = 0; e < endpoints; e++) {
                String hanging = f.endpoint(receiver.url("/hang-" + e), 30, 0, 0);
                for (int i = 0; i < DispatchSettings.DEFAULTS.perEndpointLoad() + 10; i++) {
                    f.seeds.delivery(f.event(hanging, "{\"n\":" + i + "}"), hanging).insert();
                }
            }
            f.signal();
            // the flood is out (its sends hang); half of its first sends is enough to know, and a loaded machine takes
            // seconds to open all 144 connections
            receiver.awaitRequests((endpoints - 1) * DispatchSettings.DEFAULTS.perEndpointSends() / 2,
                    DispatchFixture.WAIT);

            var other = f.server.newProject("other", dev.hookline.api.model.ProjectType.OUTGOING);
            String quick = other.client().createEndpoint(dev.hookline.api.model.EndpointRequest.of(fast.url("/quick"),
                    "quick")).uid();
            List<String> quickOnes = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                var event = f.seeds.event(other.id()).endpoints(quick).data("{\"q\":" + i + "}").insert();
                quickOnes.add(f.seeds.delivery(event, quick).insert().uid());
            }
            f.signal();

            // well inside the flood's 30 s timeouts (without a share, nothing of the other project goes out before
            // them); 5 s was too tight for a loaded build machine, where the flood's 1,500 connections take seconds
            fast.awaitRequests(5, Duration.ofSeconds(15));
            quickOnes.forEach(id -> assertEquals(EventDeliveryStatus.SUCCESS, await(other, id).status()));
            assertTrue(receiver.requests().size() <= endpoints * DispatchSettings.DEFAULTS.perEndpointSends(),
                    "the flooding project's endpoints get their per-endpoint limit, no more");
        }
    }

    /** Waits until another project's delivery is no longer waiting. */
    private static dev.hookline.api.model.EventDelivery await(dev.hookline.server.testing.TestServer.TestProject project,
                                                               String id) {
        long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
        dev.hookline.api.model.EventDelivery d = project.client().getEventDelivery(id);
        while (d.status() != EventDeliveryStatus.SUCCESS && System.nanoTime() < deadline) {
            DispatchFixture.pause();
            d = project.client().getEventDelivery(id);
        }
        return d;
    }

    @Test
    void aBacklogLargerThanItsLaneBehindAHangingEndpointsBacklogIsDeliveredInFull() {
        try (Receiver fast = Receiver.start()) {
            receiver.answerAlways(Answer.hanging());
            String hanging = f.endpoint(receiver.url("/hang"), 30, 0, 0);
            // more than the hanging lane holds: the rest stays due, ahead of the quick endpoint's rows
            int stuck = DispatchSettings.DEFAULTS.perEndpointLoad() + 100;
            for (int i = 0; i < stuck; i++) {
                f.deliver(hanging);
            }
            receiver.awaitRequests(DispatchSettings.DEFAULTS.perEndpointSends(), DispatchFixture.WAIT);
            String quick = f.endpoint(fast.url("/fast"));
            // more than the quick lane holds at once: it has to be refilled several times
            int many = 3 * DispatchSettings.DEFAULTS.perEndpointLoad();
            for (int i = 0; i < many; i++) {
                f.deliver(quick);
            }

            fast.awaitRequests(many, Duration.ofSeconds(60));
            assertEquals(DispatchSettings.DEFAULTS.perEndpointSends(), receiver.requests().size(),
                    "no more than the per-endpoint limit is ever in flight to the hanging endpoint");
        }
    }

    @Test
    void anEndpointDeletedBeforeItsDeliveryIsDueGetsTheDeliveryDiscarded() {
        String endpoint = f.endpoint(receiver.url("/gone"));
        Event event = f.event(endpoint, "{\"n\":1}");
        f.project.client().deleteEndpoint(endpoint);
        EventDelivery delivery = f.seeds.delivery(event, endpoint).insert();
        f.signal();

        EventDelivery discarded = f.awaitStatus(delivery.uid(), EventDeliveryStatus.DISCARDED);
        assertEquals("Discarded: the endpoint was deleted", discarded.description());
        assertEquals(0L, discarded.metadata().numTrials());
        assertTrue(f.attempts(delivery.uid()).isEmpty());
        assertEquals(0, receiver.requests().size());
    }

    @Test
    void anEventCreatedThroughTheApiArrivesSignedWithItsCustomHeaders() {
        String endpoint = f.endpoint(receiver.url("/api-events"));
        ObjectNode data = Json.strict().createObjectNode().put("invoice", "inv_1");
        f.project.client().createEvent(new CreateEventRequest(endpoint, null, null, "invoice.paid", data,
                Map.of("X-Origin", "billing"), "idem-1"));

        Receiver.Request got = receiver.awaitRequests(1, DispatchFixture.WAIT).getFirst();
        assertEquals("{\"invoice\":\"inv_1\"}", got.bodyText());
        assertEquals("billing", got.header("X-Origin"));
        assertEquals("idem-1", got.header("X-Convoy-Idempotency-Key"));
        assertTrue(got.header("X-Convoy-Signature") != null, "signed by the sender");
        EventDelivery delivery = f.project.client().listEventDeliveries(null).content().getFirst();
        f.awaitStatus(delivery.uid(), EventDeliveryStatus.SUCCESS);
    }
}
