package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import dev.hookline.server.testing.TestServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecoveryOnStartIT {

    @TempDir
    Path dataDir;

    private final MutableClock clock = new MutableClock();
    private Receiver receiver;

    @BeforeEach
    void startReceiver() {
        receiver = Receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void deliveriesLeftProcessingByAStoppedRunAreSentAfterARestart() throws IOException {
        String projectId;
        String first;
        String retried;
        String atMostOnce;
        // a run that stopped in the middle of sending: its rows are Processing, nothing was recorded
        try (TestServer crashed = TestServer.start(dataDir, clock)) {
            TestServer.TestProject project = crashed.newProject("recovery", ProjectType.OUTGOING);
            projectId = project.id();
            String endpoint = project.client().createEndpoint(EndpointRequest.of(receiver.url("/r"), "r")).uid();
            EventSeeds seeds = new EventSeeds(crashed);
            first = seeds.delivery(seeds.event(projectId).endpoints(endpoint).insert(), endpoint)
                    .status(EventDeliveryStatus.PROCESSING).insert().uid();
            retried = seeds.delivery(seeds.event(projectId).endpoints(endpoint).insert(), endpoint)
                    .status(EventDeliveryStatus.PROCESSING).tried(1, 0, "Endpoint returned status code 500").insert()
                    .uid();
            atMostOnce = seeds.delivery(seeds.event(projectId).endpoints(endpoint).insert(), endpoint)
                    .status(EventDeliveryStatus.PROCESSING).mode(DeliveryMode.AT_MOST_ONCE).insert().uid();
        }

        try (TestServer restarted = TestServer.start(dataDir, clock, DispatchFixture.sender(clock))) {
            ApiClient client = restarted.admin().withProject(projectId);

            assertEquals(1L, await(client, first, d -> d.status() == EventDeliveryStatus.SUCCESS)
                    .metadata().numTrials());
            assertEquals(2L, await(client, retried, d -> d.status() == EventDeliveryStatus.SUCCESS)
                    .metadata().numTrials());
            EventDelivery failed = client.getEventDelivery(atMostOnce);
            assertEquals(EventDeliveryStatus.FAILURE, failed.status(), "at_most_once may have arrived: not resent");
            assertTrue(failed.description().contains("at_most_once"), failed.description());
            assertEquals(2, receiver.requests().size());
            assertTrue(client.listEventDeliveries(null).content().stream()
                    .noneMatch(d -> d.status() == EventDeliveryStatus.PROCESSING), "nothing stays Processing");
        }
    }

    @Test
    void aTryStillUnansweredWhenTheServerStopsIsSentAgainAfterTheRestart() throws IOException {
        receiver.answerAlways(Answer.hanging());
        String projectId;
        String delivery;
        try (TestServer stopping = TestServer.start(dataDir, clock, DispatchFixture.sender(clock))) {
            TestServer.TestProject project = stopping.newProject("in-flight", ProjectType.OUTGOING);
            projectId = project.id();
            String endpoint = project.client().createEndpoint(new EndpointRequest(receiver.url("/slow"), "slow",
                    null, null, null, null, null, null, null, null, 60L, null, null, null, null, null, null)).uid();
            EventSeeds seeds = new EventSeeds(stopping);
            delivery = seeds.delivery(seeds.event(projectId).endpoints(endpoint).insert(), endpoint).insert().uid();
            stopping.server().signals().deliveriesDue();
            receiver.awaitRequests(1, DispatchFixture.WAIT);
            assertEquals(EventDeliveryStatus.PROCESSING, project.client().getEventDelivery(delivery).status());
        } // closes while the receiver still has not answered

        receiver.answerAlways(Answer.ok());
        try (TestServer restarted = TestServer.start(dataDir, clock, DispatchFixture.sender(clock))) {
            ApiClient client = restarted.admin().withProject(projectId);
            EventDelivery done = await(client, delivery, d -> d.status() == EventDeliveryStatus.SUCCESS);
            assertEquals(1L, done.metadata().numTrials(), "the unanswered try was never recorded");
            assertEquals(1, client.listDeliveryAttempts(delivery).size());
            assertEquals(2, receiver.requests().size());
        }
    }

    @Test
    void stoppingHandsBackClaimedDeliveriesThatHadNotStartedAndTheyAreSentAfterTheRestart() throws IOException {
        receiver.answerAlways(Answer.hanging());
        String projectId;
        List<String> ids = new ArrayList<>();
        int sends = DispatchSettings.DEFAULTS.perEndpointSends();
        try (TestServer stopping = TestServer.start(dataDir, clock, DispatchFixture.sender(clock))) {
            TestServer.TestProject project = stopping.newProject("handing-back", ProjectType.OUTGOING);
            projectId = project.id();
            String endpoint = project.client().createEndpoint(new EndpointRequest(receiver.url("/slow"), "slow",
                    null, null, null, null, null, null, null, null, 60L, null, null, null, null, null, null)).uid();
            EventSeeds seeds = new EventSeeds(stopping);
            for (int i = 0; i < sends + 10; i++) {
                ids.add(seeds.delivery(seeds.event(projectId).endpoints(endpoint).insert(), endpoint).insert().uid());
            }
            stopping.server().signals().deliveriesDue();
            receiver.awaitRequests(sends, DispatchFixture.WAIT);
            ApiClient client = project.client();
            long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
            while (ids.stream().filter(id -> client.getEventDelivery(id).status() == EventDeliveryStatus.PROCESSING)
                    .count() < ids.size()) {
                assertTrue(System.nanoTime() < deadline, "every delivery is claimed: 16 sending, 10 waiting");
                DispatchFixture.pause();
            }
        } // stops while 16 tries hang and 10 claimed deliveries wait for a slot

        receiver.answerAlways(Answer.ok());
        try (TestServer restarted = TestServer.start(dataDir, clock, null)) {
            ApiClient client = restarted.admin().withProject(projectId);
            // no dispatcher runs here: this is what the stop left behind. A claim is a lease in memory (ADR 0008):
            // the 10 that never started and the 16 whose tries were never answered are all still waiting
            long waiting = ids.stream().map(client::getEventDelivery)
                    .filter(d -> d.status() == EventDeliveryStatus.SCHEDULED).count();
            assertEquals(ids.size(), waiting, "nothing claimed was written: every one is ready to send");
        }
        try (TestServer restarted = TestServer.start(dataDir, clock, DispatchFixture.sender(clock))) {
            ApiClient client = restarted.admin().withProject(projectId);
            for (String id : ids) {
                EventDelivery done = await(client, id, d -> d.status() == EventDeliveryStatus.SUCCESS);
                assertEquals(1L, done.metadata().numTrials());
            }
        }
    }

    private static EventDelivery await(ApiClient client, String id, Predicate<EventDelivery> condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            EventDelivery d = client.getEventDelivery(id);
            if (condition.test(d)) {
                return d;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery " + id + " is " + d.status() + ": " + d.description());
            }
            DispatchFixture.pause();
        }
    }

}
