package dev.hookline.server.deliveries;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.store.Times;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sending deliveries again by hand: resend, force resend, batch retry and its count, over real HTTP. */
class RecoveryActionsIT {

    private static final String UNKNOWN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    /** What a delivery queued again can be by the time it is read back (a dispatcher may already have sent it). */
    private static final Set<EventDeliveryStatus> QUEUED_AGAIN = Set.of(EventDeliveryStatus.SCHEDULED,
            EventDeliveryStatus.PROCESSING, EventDeliveryStatus.SUCCESS);

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    OkHttpWebhookSender sender;
    Receiver receiver;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String epA;
    String epB;
    Event event;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        receiver = Receiver.start();
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        epA = client.createEndpoint(EndpointRequest.of(receiver.url("/a"), "a")).uid();
        epB = client.createEndpoint(EndpointRequest.of(receiver.url("/b"), "b")).uid();
        event = seeds.event(project.id()).endpoints(epA, epB).insert();
    }

    @AfterEach
    void stop() {
        server.close();
        if (sender != null) {
            sender.close();
        }
        receiver.close();
    }

    // ------------------------------------------------------------------------------------ end to end, delivered

    @Test
    void deliveriesDiscardedWhilePausedAreDeliveredByResumingAndBatchRetrying() throws Exception {
        restartDelivering();
        client.pauseEndpoint(epA);
        Event created = client.createEvent(new CreateEventRequest(epA, null, null, "invoice.paid",
                Json.strict().readTree("{\"order\":\"A-1\"}"), null, null));
        EventDelivery discarded = onlyDeliveryOf(created);
        assertEquals(EventDeliveryStatus.DISCARDED, discarded.status(), "Convoy's rule while paused");
        ListQuery discardedToA = ListQuery.create().with("endpointId", epA).withAll("status", List.of("Discarded"));
        // still paused: nothing is sent, and the refusal says why (Hookline: Convoy answers "0 successful, 1 failed")
        assertBad(client.raw("POST", deliveryPath("batchretry") + "?endpointId=" + epA + "&status=Discarded", null,
                Map.of()), 400, "none of the 1 delivery was sent again: 1 delivery: the endpoint is paused (resume it, "
                + "then retry)");

        client.pauseEndpoint(epA);
        assertEquals(1, client.countBatchRetryEventDeliveries(discardedToA));
        assertEquals(new BatchOutcome("1 successful, 0 failed", 1, 0), client.batchRetryEventDeliveries(discardedToA));

        Receiver.Request got = receiver.awaitRequests(1, WAIT).get(0);
        assertEquals("/a", got.path());
        assertEquals("{\"order\":\"A-1\"}", got.bodyText());
        awaitStatus(discarded.uid(), EventDeliveryStatus.SUCCESS);
    }

    @Test
    void aResentFailedDeliveryIsDeliveredAndKeepsItsEarlierAttempts() throws Exception {
        restartDelivering();
        receiver.answerWith((request, index) -> index == 0 ? Receiver.Answer.status(500) : Receiver.Answer.ok());
        client.updateProject(project.id(), new UpdateProjectRequest("shop", null, ProjectConfig.builder()
                .strategy(new ProjectConfig.Strategy(StrategyType.LINEAR, 60L, 1L))
                .build()));
        Event created = client.createEvent(new CreateEventRequest(epA, null, null, "invoice.paid",
                Json.strict().readTree("{\"n\":2}"), null, null));
        String id = onlyDeliveryOf(created).uid();
        awaitStatus(id, EventDeliveryStatus.FAILURE);

        client.resendEventDelivery(id);

        receiver.awaitRequests(2, WAIT);
        EventDelivery delivered = awaitStatus(id, EventDeliveryStatus.SUCCESS);
        assertEquals(2, delivered.metadata().numTrials());
        assertEquals(2, client.listDeliveryAttempts(id).size());
    }

    // ------------------------------------------------------------------------------------------------- resend

    @Test
    void resendPutsAFailedDeliveryBackInTheQueueKeepingItsTriesAndAttempts() {
        EventDelivery failed = delivery(epA, EventDeliveryStatus.FAILURE, 10);
        seeds.attempt(failed, "500 Internal Server Error", false, Map.of(), Map.of());
        clock.advance(Duration.ofMinutes(5));
        Instant resentAt = clock.instant();

        JsonNode data = assertEnvelope(client.raw("PUT", deliveryPath(failed.uid() + "/resend"), null, Map.of()),
                200, "App event processed for retry successfully");

        assertEquals("Scheduled", data.path("status").asText());
        assertEquals(10, data.path("metadata").path("num_trials").asLong(), "tries so far are kept, as in Convoy");
        assertEquals(resentAt.truncatedTo(ChronoUnit.SECONDS),
                Instant.parse(data.path("metadata").path("next_send_time").asText())
                        .truncatedTo(ChronoUnit.SECONDS), "due now");
        assertEquals(epA, data.path("endpoint_metadata").path("uid").asText(), "answered with embedded metadata");
        assertQueuedAgain(failed.uid());
        assertEquals(1, client.listDeliveryAttempts(failed.uid()).size(), "earlier attempts stay");
    }

    @Test
    void resendSendsADiscardedDeliveryToAnActiveEndpoint() {
        EventDelivery discarded = delivery(epA, EventDeliveryStatus.DISCARDED, 0);
        EventDelivery resent = client.resendEventDelivery(discarded.uid());
        assertEquals(EventDeliveryStatus.SCHEDULED, resent.status());
        assertQueuedAgain(discarded.uid());
    }

    @Test
    void resendRefusesDeliveredAndStillPendingDeliveriesWithConvoysMessages() {
        EventDelivery success = delivery(epA, EventDeliveryStatus.SUCCESS, 1);
        EventDelivery retry = delivery(epA, EventDeliveryStatus.RETRY, 2);
        EventDelivery processing = delivery(epA, EventDeliveryStatus.PROCESSING, 1);

        assertBad(client.raw("PUT", deliveryPath(success.uid() + "/resend"), null, Map.of()), 400,
                "event already sent");
        assertBad(client.raw("PUT", deliveryPath(retry.uid() + "/resend"), null, Map.of()), 400,
                "cannot resend event that did not fail previously");
        assertBad(client.raw("PUT", deliveryPath(processing.uid() + "/resend"), null, Map.of()), 400,
                "cannot resend event that did not fail previously");
        assertBad(client.raw("PUT", deliveryPath(UNKNOWN + "/resend"), null, Map.of()), 404,
                "event delivery not found");

        assertEquals(EventDeliveryStatus.SUCCESS, client.getEventDelivery(success.uid()).status());
        assertEquals(EventDeliveryStatus.RETRY, client.getEventDelivery(retry.uid()).status());
    }

    @Test
    void resendToAPausedInactiveOrDeletedEndpointIsRefusedAndChangesNothing() {
        EventDelivery toPaused = delivery(epA, EventDeliveryStatus.FAILURE, 10);
        client.pauseEndpoint(epA);
        assertBad(client.raw("PUT", deliveryPath(toPaused.uid() + "/resend"), null, Map.of()), 400,
                "the endpoint is currently paused");
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(toPaused.uid()).status());

        EventDelivery toInactive = delivery(epB, EventDeliveryStatus.FAILURE, 10);
        setEndpointStatus(epB, "inactive");
        assertBad(client.raw("PUT", deliveryPath(toInactive.uid() + "/resend"), null, Map.of()), 400,
                "the endpoint is currently inactive");

        String epC = client.createEndpoint(EndpointRequest.of(receiver.url("/c"), "c")).uid();
        EventDelivery toDeleted = delivery(epC, EventDeliveryStatus.DISCARDED, 0);
        client.deleteEndpoint(epC);
        assertBad(client.raw("PUT", deliveryPath(toDeleted.uid() + "/resend"), null, Map.of()), 400,
                "endpoint not found");
        assertEquals(EventDeliveryStatus.DISCARDED, client.getEventDelivery(toDeleted.uid()).status());
    }

    // ------------------------------------------------------------------------------------------- force resend

    @Test
    void forceResendQueuesDeliveredOnesAndCountsPausedAndUnknownAsFailed() {
        EventDelivery toActive = delivery(epA, EventDeliveryStatus.SUCCESS, 1);
        EventDelivery toPaused = delivery(epB, EventDeliveryStatus.SUCCESS, 1);
        client.pauseEndpoint(epB);

        RawResponse answer = client.raw("POST", deliveryPath("forceresend"),
                "{\"ids\":[\"" + toActive.uid() + "\",\"" + toPaused.uid() + "\",\"" + UNKNOWN + "\"]}", Map.of());

        JsonNode data = assertEnvelope(answer, 200, "1 successful, 2 failed");
        assertTrue(data.isNull(), answer.body());
        assertQueuedAgain(toActive.uid());
        assertEquals(EventDeliveryStatus.SUCCESS, client.getEventDelivery(toPaused.uid()).status());
    }

    @Test
    void forceResendOfAnUndeliveredDeliveryIsRefusedAndQueuesNothing() {
        EventDelivery success = delivery(epA, EventDeliveryStatus.SUCCESS, 1);
        EventDelivery failure = delivery(epA, EventDeliveryStatus.FAILURE, 10);

        assertBad(client.raw("POST", deliveryPath("forceresend"), "{\"ids\":[\"" + success.uid() + "\",\""
                + failure.uid() + "\"]}", Map.of()), 400, "only successful events can be force resent");

        assertEquals(EventDeliveryStatus.SUCCESS, client.getEventDelivery(success.uid()).status(), "one transaction");
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(failure.uid()).status());
    }

    @Test
    void forceResendNeedsAListOfIds() {
        assertBad(client.raw("POST", deliveryPath("forceresend"), "{}", Map.of()), 400, "ids:");
        assertBad(client.raw("POST", deliveryPath("forceresend"), "{\"ids\":[]}", Map.of()), 400, "ids:");
        assertBad(client.raw("POST", deliveryPath("forceresend"), "{\"ids\":[42]}", Map.of()), 400, "ids:");
        assertBad(client.raw("POST", deliveryPath("forceresend"), "{\"ids\":", Map.of()), 400, "JSON");
    }

    @Test
    void forceResendThroughTheClientReportsTheCounts() {
        EventDelivery success = delivery(epA, EventDeliveryStatus.SUCCESS, 1);
        assertEquals(new BatchOutcome("1 successful, 0 failed", 1, 0),
                client.forceResendEventDeliveries(List.of(success.uid())));
    }

    // -------------------------------------------------------------------------------------------- batch retry

    @Test
    void batchRetryRetriesTheFailedAndDiscardedDeliveriesTheListFiltersMatch() {
        EventDelivery failedA = delivery(epA, EventDeliveryStatus.FAILURE, 10);
        EventDelivery discardedA = delivery(epA, EventDeliveryStatus.DISCARDED, 0);
        EventDelivery successA = delivery(epA, EventDeliveryStatus.SUCCESS, 1);
        EventDelivery retryA = delivery(epA, EventDeliveryStatus.RETRY, 2);
        EventDelivery failedB = delivery(epB, EventDeliveryStatus.FAILURE, 10);
        ListQuery onlyA = ListQuery.create().with("endpointId", epA);

        assertEquals(2, client.countBatchRetryEventDeliveries(onlyA));
        assertEquals(new BatchOutcome("2 successful, 0 failed", 2, 0), client.batchRetryEventDeliveries(onlyA));

        assertQueuedAgain(failedA.uid());
        assertQueuedAgain(discardedA.uid());
        assertEquals(EventDeliveryStatus.SUCCESS, client.getEventDelivery(successA.uid()).status());
        assertEquals(EventDeliveryStatus.RETRY, client.getEventDelivery(retryA.uid()).status());
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(failedB.uid()).status(),
                "another endpoint's delivery is not in the filter");
    }

    @Test
    void batchRetryStatusFilterNarrowsToThoseStatusesAndOtherStatusesMatchNothing() {
        EventDelivery failed = delivery(epA, EventDeliveryStatus.FAILURE, 10);
        EventDelivery discarded = delivery(epA, EventDeliveryStatus.DISCARDED, 0);
        delivery(epA, EventDeliveryStatus.SUCCESS, 1);
        ListQuery onlyDiscarded = ListQuery.create().withAll("status", List.of("Discarded"));
        ListQuery onlySuccess = ListQuery.create().withAll("status", List.of("Success", "Retry"));

        assertEquals(0, client.countBatchRetryEventDeliveries(onlySuccess));
        assertEquals(new BatchOutcome("0 successful, 0 failed", 0, 0), client.batchRetryEventDeliveries(onlySuccess));
        assertEquals(1, client.countBatchRetryEventDeliveries(onlyDiscarded));
        assertEquals(new BatchOutcome("1 successful, 0 failed", 1, 0),
                client.batchRetryEventDeliveries(onlyDiscarded));

        assertQueuedAgain(discarded.uid());
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(failed.uid()).status());
        assertEquals(0, client.countBatchRetryEventDeliveries(onlyDiscarded), "nothing left to retry");
    }

    @Test
    void batchRetryTakesTheDateWindowAndWalksPastOnePage() {
        Instant dayOne = clock.instant();
        for (int i = 0; i < 1_005; i++) {
            delivery(epA, EventDeliveryStatus.FAILURE, 10);
        }
        clock.advance(Duration.ofDays(2));
        EventDelivery later = delivery(epA, EventDeliveryStatus.FAILURE, 10);
        ListQuery firstDay = ListQuery.create().startDate(dayOne.minusSeconds(60)).endDate(dayOne.plusSeconds(3600))
                .perPage(5);

        assertEquals(1_005, client.countBatchRetryEventDeliveries(firstDay), "every match, not one page");
        assertEquals(new BatchOutcome("1005 successful, 0 failed", 1_005, 0),
                client.batchRetryEventDeliveries(firstDay));
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(later.uid()).status(),
                "outside the window");
        assertEquals(0, client.countBatchRetryEventDeliveries(firstDay.withAll("status", List.of("Failure"))));
    }

    @Test
    void batchRetryCountsDeliveriesOfPausedEndpointsAsFailedAndLeavesThem() {
        EventDelivery toActive = delivery(epA, EventDeliveryStatus.FAILURE, 10);
        EventDelivery toPaused = delivery(epB, EventDeliveryStatus.DISCARDED, 0);
        client.pauseEndpoint(epB);

        assertEquals(2, client.countBatchRetryEventDeliveries(ListQuery.create()));
        assertEquals(new BatchOutcome("1 successful, 1 failed", 1, 1),
                client.batchRetryEventDeliveries(ListQuery.create()));

        assertQueuedAgain(toActive.uid());
        assertEquals(EventDeliveryStatus.DISCARDED, client.getEventDelivery(toPaused.uid()).status());
    }

    @Test
    void batchRetryWithABadFilterAnswers400AndRetriesNothing() {
        EventDelivery failed = delivery(epA, EventDeliveryStatus.FAILURE, 10);

        assertBad(client.raw("POST", deliveryPath("batchretry?status=Lost"), null, Map.of()), 400, "status:");
        assertBad(client.raw("POST", deliveryPath("batchretry?startDate=yesterday"), null, Map.of()), 400,
                "startDate");
        assertBad(client.raw("GET", deliveryPath("countbatchretryevents?status=Lost"), null, Map.of()), 400,
                "status:");

        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(failed.uid()).status());
    }

    @Test
    void countAnswersConvoysEnvelopeWithNum() {
        delivery(epA, EventDeliveryStatus.FAILURE, 10);
        JsonNode data = assertEnvelope(client.raw("GET", deliveryPath("countbatchretryevents?eventId="
                + event.uid()), null, Map.of()), 200, "event deliveries count successful");
        assertEquals(1, data.path("num").asLong());
        assertNull(data.get("content"));
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** Restarts the server on the same data with a real sender, so its dispatcher delivers. */
    private void restartDelivering() throws IOException {
        server.close();
        sender = new OkHttpWebhookSender(clock);
        server = TestServer.start(dataDir, clock, sender);
        client = server.client(project.apiKey()).withProject(project.id());
    }

    private EventDelivery onlyDeliveryOf(Event event) {
        List<EventDelivery> deliveries = dev.hookline.server.testing.Planning.deliveriesOf(client, event.uid());
        assertEquals(1, deliveries.size(), deliveries.toString());
        return deliveries.get(0);
    }

    private EventDelivery awaitStatus(String deliveryId, EventDeliveryStatus status) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            EventDelivery current = client.getEventDelivery(deliveryId);
            if (current.status() == status) {
                return current;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery " + deliveryId + " is " + current.status() + ", expected " + status);
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    private EventDelivery delivery(String endpointId, EventDeliveryStatus status, long numTrials) {
        return seeds.delivery(event, endpointId).status(status).tried(numTrials, 0, "").insert();
    }

    private void assertQueuedAgain(String deliveryId) {
        EventDeliveryStatus status = client.getEventDelivery(deliveryId).status();
        assertTrue(QUEUED_AGAIN.contains(status), "expected the delivery queued again, but it is " + status);
    }

    private void setEndpointStatus(String endpointId, String status) {
        server.server().store().db().write(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE endpoints SET status = ?, updated_at = ? "
                    + "WHERE id = ?")) {
                s.setString(1, status);
                Times.set(s, 2, clock.instant());
                s.setString(3, endpointId);
                return s.executeUpdate();
            }
        });
    }

    private String deliveryPath(String rest) {
        return "/v1/projects/" + project.id() + "/eventdeliveries/" + rest;
    }
}
