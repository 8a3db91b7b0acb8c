package dev.hookline.server.dispatch;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.DeliveryMode;
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
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user reads on a delivery (ADR 0008): the reason in {@code description}, the last answer in
 * {@code last_response}, what holds it in {@code held_by} (and the {@code heldBy} filter), when it will really be tried
 * in {@code next_send_time}, and whether a retry would be accepted in {@code retryable}, against real receivers.
 */
class DeliveryReasonsIT {

    /** Retried much later than any test runs. */
    private static final Retry LATER = new Retry(StrategyType.LINEAR, 3600, 10, 0);

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
    void aReceiverThatAnswers410FailsWithWhatItAnsweredNotRetryLimitExceeded() {
        receiver.answerAlways(Answer.status(410));
        String endpoint = f.endpoint(receiver.url("/gone"));
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 10, 2, 0),
                DeliveryMode.AT_LEAST_ONCE);

        EventDelivery retrying = f.awaitTries(delivery.uid(), 1);
        assertEquals(EventDeliveryStatus.RETRY, retrying.status());
        assertEquals("410 Gone", retrying.lastResponse());
        assertTrue(retrying.description().startsWith("Try 1 of 2 failed: the endpoint answered 410 Gone; next try at"),
                retrying.description());

        f.advance(Duration.ofSeconds(10));
        EventDelivery failed = f.awaitStatus(delivery.uid(), EventDeliveryStatus.FAILURE);
        assertEquals("Failed after 2 attempts: the endpoint answered 410 Gone", failed.description());
        assertEquals("410 Gone", failed.lastResponse());
        assertEquals(Boolean.TRUE, failed.retryable(), "its endpoint is active: a resend would be accepted");

        EventDelivery listed = f.project.client().listEventDeliveries(ListQuery.create()).content().stream()
                .filter(d -> d.uid().equals(delivery.uid())).findFirst().orElseThrow();
        assertEquals("410 Gone", listed.lastResponse(), "on the list items too");
        assertEquals(failed.description(), listed.description());
    }

    @Test
    void aReceiverThatIsDownIsReportedAsConnectionRefused() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String endpoint = f.endpoint("http://127.0.0.1:" + closedPort + "/down");
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 10, 1, 0),
                DeliveryMode.AT_LEAST_ONCE);

        EventDelivery failed = f.awaitStatus(delivery.uid(), EventDeliveryStatus.FAILURE);
        assertEquals("connection refused", failed.lastResponse());
        assertTrue(failed.description().startsWith("Failed after 1 attempt: connection refused"),
                failed.description());
    }

    @Test
    void deliveriesHeldByAnOpenCircuitSaySoWithAFutureTimeAndAreFoundByHeldBy() {
        receiver.answerAlways(Answer.status(500));
        String endpoint = f.endpoint(receiver.url("/down"));
        List<String> tried = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tried.add(f.deliver(endpoint, LATER, DeliveryMode.AT_LEAST_ONCE).uid());
        }
        tried.forEach(id -> f.awaitTries(id, 1));
        await(() -> "open".equals(f.project.client().getEndpoint(endpoint).cbState()), "the circuit opens");
        Instant openedBy = f.clock.instant();

        List<String> waiting = List.of(f.deliver(endpoint).uid(), f.deliver(endpoint).uid());
        Receiver healthy = Receiver.start();
        try {
            String other = f.endpoint(healthy.url("/fine"));
            f.awaitStatus(f.deliver(other).uid(), EventDeliveryStatus.SUCCESS); // the dispatcher looked past them
        } finally {
            healthy.close();
        }

        for (String id : waiting) {
            EventDelivery d = f.delivery(id);
            assertEquals(EventDeliveryStatus.SCHEDULED, d.status());
            assertEquals(DeliveryHold.CIRCUIT_OPEN, d.heldBy());
            assertTrue(d.description().startsWith("Held: the endpoint's circuit breaker is open; next try at "),
                    d.description());
            assertTrue(d.metadata().nextSendTime().isAfter(f.clock.instant()), "never in the past while held: "
                    + d.metadata().nextSendTime());
            assertEquals(openedBy.plusSeconds(30).truncatedTo(ChronoUnit.MILLIS),
                    d.metadata().nextSendTime().truncatedTo(ChronoUnit.MILLIS), "when the breaker half-opens");
            assertEquals(Boolean.FALSE, d.retryable(), "queued already");
        }

        ListQuery held = ListQuery.create().heldBy(List.of(DeliveryHold.CIRCUIT_OPEN));
        Set<String> found = f.project.client().listEventDeliveries(held.perPage(100)).content().stream()
                .map(EventDelivery::uid).collect(Collectors.toSet());
        Set<String> expected = new java.util.HashSet<>(tried);
        expected.addAll(waiting);
        assertEquals(expected, found, "every waiting delivery of the endpoint, the Retry ones too, and no other");
        var totals = f.project.client().eventDeliveryStatusTotals(held);
        assertEquals(2, totals.count(EventDeliveryStatus.SCHEDULED));
        assertEquals(10, totals.count(EventDeliveryStatus.RETRY));
        assertEquals(0, totals.count(EventDeliveryStatus.SUCCESS));
        assertEquals(new BatchOutcome("0 successful, 0 failed", 0, 0),
                f.project.client().batchRetryEventDeliveries(held), "held ones are queued already");
        assertTrue(f.project.client().listEventDeliveries(ListQuery.create()
                .heldBy(List.of(DeliveryHold.ENDPOINT_PAUSED))).content().isEmpty());

        assertBad(f.project.client().raw("GET", "/v1/projects/" + f.project.id()
                + "/eventdeliveries?heldBy=circuit_open&heldBy=sleeping", null, Map.of()), 400, "heldBy");
    }

    @Test
    void aPausedEndpointsDeliveriesAreNotRetryableAndARetryIsRefusedWithTheReason() {
        receiver.answerAlways(Answer.status(500));
        String endpoint = f.endpoint(receiver.url("/paused"));
        EventDelivery failed = f.seeds.delivery(f.event(endpoint, "{}"), endpoint)
                .status(EventDeliveryStatus.FAILURE).tried(3, 0, "Failed after 3 attempts: timeout").insert();
        EventDelivery delivered = f.seeds.delivery(f.event(endpoint, "{}"), endpoint)
                .status(EventDeliveryStatus.SUCCESS).tried(1, 0.1, "").insert();
        EventDelivery waiting = f.deliver(endpoint, LATER, DeliveryMode.AT_LEAST_ONCE);
        f.awaitTries(waiting.uid(), 1);
        assertEquals(Boolean.TRUE, f.delivery(failed.uid()).retryable());

        f.project.client().pauseEndpoint(endpoint);

        assertEquals(Boolean.FALSE, f.delivery(failed.uid()).retryable());
        assertEquals(Boolean.FALSE, f.delivery(delivered.uid()).retryable());
        String base = "/v1/projects/" + f.project.id() + "/eventdeliveries/";
        assertBad(f.project.client().raw("PUT", base + failed.uid() + "/resend", null, Map.of()), 400,
                "the endpoint is currently paused");
        assertBad(f.project.client().raw("POST", base + "forceresend", "{\"ids\":[\"" + delivered.uid() + "\"]}",
                Map.of()), 400, "none of the 1 delivery was sent again: 1 delivery: the endpoint is paused (resume "
                + "it, then retry)");
        assertEquals(EventDeliveryStatus.FAILURE, f.delivery(failed.uid()).status(), "nothing changed");
        assertEquals(EventDeliveryStatus.SUCCESS, f.delivery(delivered.uid()).status(), "nothing changed");

        EventDelivery held = f.delivery(waiting.uid());
        assertEquals(DeliveryHold.ENDPOINT_PAUSED, held.heldBy());
        assertTrue(held.description().startsWith("Held: the endpoint is paused"), held.description());
        assertEquals(List.of(waiting.uid()), f.project.client().listEventDeliveries(ListQuery.create()
                .heldBy(List.of(DeliveryHold.ENDPOINT_PAUSED))).content().stream().map(EventDelivery::uid).toList());
    }

    @Test
    void aDeliveryInFlightShowsProcessingWithoutAClaimWrite() {
        receiver.answerAlways(Answer.hanging());
        String endpoint = f.endpoint(receiver.url("/slow"), 60, 0, 0);
        EventDelivery delivery = f.deliver(endpoint);
        receiver.awaitRequests(1, DispatchFixture.WAIT);

        EventDelivery shown = f.delivery(delivery.uid());
        assertEquals(EventDeliveryStatus.PROCESSING, shown.status());
        assertEquals("Processing: try 1 is being sent", shown.description());
        assertEquals(Boolean.FALSE, shown.retryable());
        assertNull(shown.heldBy());
        // stored as it was: the claim is a lease in memory, so a crash now leaves it due (ADR 0003, 0008)
        List<EventDelivery> stored = f.project.client().listEventDeliveries(ListQuery.create()
                .withAll("status", List.of("Scheduled"))).content();
        assertEquals(List.of(delivery.uid()), stored.stream().map(EventDelivery::uid).toList());
        assertFalse(f.project.client().listEventDeliveries(ListQuery.create()
                .withAll("status", List.of("Processing"))).content().stream()
                .anyMatch(d -> d.uid().equals(delivery.uid())));
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " within " + DispatchFixture.WAIT);
            }
            DispatchFixture.pause();
        }
    }
}
