package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectConfig.CircuitBreaker;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each project's {@code circuit_breaker} config drives its own endpoints' breakers, and a save applies at once. */
class ProjectCircuitBreakerIT {

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
    void aLowThresholdOpensTheCircuitOfThatProjectsEndpointWhileAProjectWithDefaultsKeepsSending() {
        configure(f.project, new CircuitBreaker(null, null, 50L, null, null, 3L, null));
        TestProject defaults = f.server.newProject("defaults", ProjectType.OUTGOING);
        String strict = f.endpoint(failing.url("/strict"));
        String lenient = endpoint(defaults, failing.url("/lenient"));

        failTimes(f.project, strict, 3);
        failTimes(defaults, lenient, 3);

        assertEquals("open", awaitCircuit(f.project.client(), strict, "open"), "3 of 3 failed: 100 % >= 50 %");
        assertEquals("closed", defaults.client().getEndpoint(lenient).cbState(), "3 tries: below Convoy's 10");
        String waiting = deliver(f.project, strict);
        deliver(defaults, lenient);
        // signalled after the held one: once it arrived, the dispatcher has looked past the held one
        failing.awaitRequests(7, DispatchFixture.WAIT);
        assertEquals(0L, f.delivery(waiting).metadata().numTrials(), "the open circuit holds its delivery");
        assertEquals(7, failing.requests().size());
    }

    @Test
    void aSavedThresholdAppliesToTheNextTryWithoutARestart() {
        String endpoint = f.endpoint(failing.url("/down"));
        failTimes(f.project, endpoint, 3);
        assertEquals("closed", f.project.client().getEndpoint(endpoint).cbState(), "defaults: 3 tries are too few");

        configure(f.project, new CircuitBreaker(null, null, null, null, null, 4L, null));
        failTimes(f.project, endpoint, 1);

        assertEquals("open", awaitCircuit(f.project.client(), endpoint, "open"), "4 tries now suffice");
    }

    @Test
    void aShorterErrorTimeoutLetsTheProbeOfAnOpenCircuitGoCountedFromWhenItOpened() {
        configure(f.project, new CircuitBreaker(null, 3600L, null, null, null, 2L, null));
        String endpoint = f.endpoint(failing.url("/flaky"));
        failTimes(f.project, endpoint, 2);
        assertEquals("open", awaitCircuit(f.project.client(), endpoint, "open"));
        String waiting = deliver(f.project, endpoint);
        failing.answerAlways(Answer.ok());
        f.advance(Duration.ofSeconds(90));
        assertEquals("open", f.project.client().getEndpoint(endpoint).cbState(), "90 s of 3600");

        configure(f.project, new CircuitBreaker(null, 60L, null, null, null, null, null));
        f.signal();

        f.awaitStatus(waiting, EventDeliveryStatus.SUCCESS);
        assertEquals("closed", f.project.client().getEndpoint(endpoint).cbState(),
                "opened 90 s ago, 60 s timeout: the probe went at once and its success closed the circuit");
        assertEquals(3, failing.requests().size());
    }

    @Test
    void aHighSuccessThresholdKeepsTheCircuitHalfOpenUntilEnoughProbesSucceeded() {
        configure(f.project, new CircuitBreaker(null, null, null, 50L, null, 2L, null));
        String endpoint = f.endpoint(failing.url("/slow-recovery"));
        failTimes(f.project, endpoint, 2);
        assertEquals("open", awaitCircuit(f.project.client(), endpoint, "open"));
        failing.answerAlways(Answer.ok());
        f.advance(Duration.ofSeconds(30));

        f.awaitStatus(deliver(f.project, endpoint), EventDeliveryStatus.SUCCESS);
        assertEquals("half-open", f.project.client().getEndpoint(endpoint).cbState(), "1 of 3 succeeded: 33 %");
        f.awaitStatus(deliver(f.project, endpoint), EventDeliveryStatus.SUCCESS);
        assertEquals("closed", awaitCircuit(f.project.client(), endpoint, "closed"), "2 of 4: 50 %");
    }

    private void configure(TestProject project, CircuitBreaker cb) {
        project.client().updateProject(project.id(), new UpdateProjectRequest(project.client().getProject(
                project.id()).name(), null, ProjectConfig.builder().circuitBreaker(cb).build()));
    }

    private static String endpoint(TestProject project, String url) {
        return project.client().createEndpoint(EndpointRequest.of(url, "ep-" + System.nanoTime())).uid();
    }

    /** {@code times} deliveries to the failing endpoint, each tried once (retries are an hour away). */
    private void failTimes(TestProject project, String endpoint, int times) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            ids.add(deliver(project, endpoint));
        }
        ids.forEach(id -> awaitTried(project.client(), id));
    }

    /** Waits until the delivery's try is recorded (its status written after the breaker counted it). */
    private static void awaitTried(ApiClient client, String id) {
        long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
        while (client.getEventDelivery(id).metadata().numTrials() < 1
                || client.getEventDelivery(id).status() == EventDeliveryStatus.PROCESSING) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery " + id + " was not tried within " + DispatchFixture.WAIT);
            }
            DispatchFixture.pause();
        }
    }

    private String deliver(TestProject project, String endpoint) {
        String id = f.seeds.delivery(f.seeds.event(project.id()).endpoints(endpoint).data("{\"n\":1}").insert(),
                endpoint).retry(LATER).mode(DeliveryMode.AT_LEAST_ONCE).insert().uid();
        f.signal();
        return id;
    }

    private static String awaitCircuit(ApiClient client, String endpoint, String state) {
        long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
        while (true) {
            String now = client.getEndpoint(endpoint).cbState();
            if (state.equals(now) || System.nanoTime() > deadline) {
                return now;
            }
            DispatchFixture.pause();
        }
    }
}
