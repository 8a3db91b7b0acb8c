package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import dev.hookline.server.testing.Receiver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CircuitBreakerIT {

    /** Retried much later than any test runs, so only new deliveries are due. */
    private static final Retry LATER = new Retry(StrategyType.LINEAR, 3600, 10, 0);

    @TempDir
    Path dataDir;

    private DispatchFixture f;
    private Receiver failing;
    private Receiver healthy;

    @BeforeEach
    void start() throws IOException {
        f = DispatchFixture.start(dataDir);
        failing = Receiver.start().answerAlways(Answer.status(500));
        healthy = Receiver.start();
    }

    @AfterEach
    void stop() {
        failing.close();
        healthy.close();
        f.close();
    }

    @Test
    void anEndpointThatKeepsFailingHasItsCircuitOpenedAndItsDueDeliveriesWait() {
        String endpoint = f.endpoint(failing.url("/down"));
        assertNull(f.project.client().getEndpoint(endpoint).cbState(), "nothing sent yet: no breaker state");

        openCircuit(endpoint);
        Endpoint shown = f.project.client().getEndpoint(endpoint);
        assertEquals("open", shown.cbState());
        assertEquals(100.0, shown.failureRate());

        List<String> waiting = List.of(f.deliver(endpoint).uid(), f.deliver(endpoint).uid());
        // a delivery to another endpoint signalled after them: once it arrived, the dispatcher has looked past them
        String other = f.endpoint(healthy.url("/fine"));
        f.awaitStatus(f.deliver(other).uid(), EventDeliveryStatus.SUCCESS);

        assertEquals(10, failing.requests().size(), "nothing sent while the circuit is open");
        for (String id : waiting) {
            EventDelivery d = f.delivery(id);
            assertEquals(EventDeliveryStatus.SCHEDULED, d.status());
            assertEquals(0L, d.metadata().numTrials(), "waiting for a circuit is not a try");
        }
    }

    @Test
    void aPortalLinkSeesItsEndpointsFailureRateAndCircuitState() {
        String endpoint = f.endpoint(failing.url("/down"));
        openCircuit(endpoint);
        PortalLink link = f.project.client().createPortalLink(new PortalLinkRequest("viewer", null,
                List.of(endpoint), false, null));
        ApiClient portal = f.server.client(link.token());
        Endpoint listed = portal.portalListEndpoints(ListQuery.create()).content().getFirst();
        assertEquals("open", listed.cbState());
        assertEquals(100.0, listed.failureRate());
        assertEquals("open", portal.portalGetEndpoint(endpoint).cbState());
    }

    @Test
    void afterTheErrorTimeoutOneProbeGoesOutAndItsSuccessClosesTheCircuit() {
        String endpoint = f.endpoint(failing.url("/recovering"));
        openCircuit(endpoint);
        List<String> waiting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiting.add(f.deliver(endpoint).uid());
        }
        failing.answerAlways(Answer.ok());

        f.advance(Duration.ofSeconds(30));

        waiting.forEach(id -> f.awaitStatus(id, EventDeliveryStatus.SUCCESS));
        assertEquals(13, failing.requests().size());
        assertEquals("closed", f.project.client().getEndpoint(endpoint).cbState());
    }

    @Test
    void aFailedProbeOpensTheCircuitAgain() {
        String endpoint = f.endpoint(failing.url("/still-down"));
        openCircuit(endpoint);
        List<String> waiting = List.of(f.deliver(endpoint, LATER, DeliveryMode.AT_LEAST_ONCE).uid(),
                f.deliver(endpoint, LATER, DeliveryMode.AT_LEAST_ONCE).uid());

        f.advance(Duration.ofSeconds(30));

        failing.awaitRequests(11, DispatchFixture.WAIT);
        assertEquals("open", awaitCircuit(endpoint, "open"));
        String other = f.endpoint(healthy.url("/fine"));
        f.awaitStatus(f.deliver(other).uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(1, waiting.stream().filter(id -> f.delivery(id).metadata().numTrials() == 1).count());
        assertEquals(11, failing.requests().size(), "one probe only");
    }

    @Test
    void activatingTheEndpointClosesTheCircuitAndDeliveriesResume() {
        String endpoint = f.endpoint(failing.url("/fixed"));
        openCircuit(endpoint);
        String waiting = f.deliver(endpoint).uid();
        failing.answerAlways(Answer.ok());

        Endpoint activated = f.project.client().activateEndpoint(endpoint);

        assertEquals(EndpointStatus.ACTIVE, activated.status());
        assertNull(activated.cbState(), "the breaker starts over");
        f.awaitStatus(waiting, EventDeliveryStatus.SUCCESS);
        assertEquals("closed", f.project.client().getEndpoint(endpoint).cbState());
    }

    @Test
    void withDisableEndpointADeliveryThatUsesEveryTryDeactivatesItsEndpoint() {
        f.project.client().updateProject(f.project.id(), new UpdateProjectRequest("dispatch", null,
                ProjectConfig.builder().disableEndpoint(true).build()));
        String endpoint = f.endpoint(failing.url("/hopeless"));
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 10, 1, 0),
                DeliveryMode.AT_LEAST_ONCE);

        String failed = f.awaitStatus(delivery.uid(), EventDeliveryStatus.FAILURE).description();
        assertTrue(failed.startsWith("Failed after 1 attempt: the endpoint answered 5"), failed);
        assertEquals(EndpointStatus.INACTIVE, f.project.client().getEndpoint(endpoint).status());
        EventDelivery next = f.deliver(endpoint);
        String discarded = f.awaitStatus(next.uid(), EventDeliveryStatus.DISCARDED).description();
        assertTrue(discarded.startsWith("Discarded: the endpoint was inactive"), discarded);

        failing.answerAlways(Answer.ok());
        assertEquals(EndpointStatus.ACTIVE, f.project.client().activateEndpoint(endpoint).status());
        f.awaitStatus(f.deliver(endpoint).uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(2, failing.requests().size());
    }

    /** Ten failed tries (Convoy's minimum for judging) at a 100 % failure rate open the circuit. */
    private void openCircuit(String endpoint) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add(f.deliver(endpoint, LATER, DeliveryMode.AT_LEAST_ONCE).uid());
        }
        ids.forEach(id -> f.awaitTries(id, 1));
        assertEquals("open", awaitCircuit(endpoint, "open"));
    }

    private String awaitCircuit(String endpoint, String state) {
        long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
        while (true) {
            String now = f.project.client().getEndpoint(endpoint).cbState();
            if (state.equals(now) || System.nanoTime() > deadline) {
                return now;
            }
            DispatchFixture.pause();
        }
    }
}
