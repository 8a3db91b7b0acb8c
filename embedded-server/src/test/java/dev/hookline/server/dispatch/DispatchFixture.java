package dev.hookline.server.dispatch;

import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.outbound.WebhookSender;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.retry.Retry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * A delivering server for dispatcher tests: a real server (HTTP, SQLite file) with a hand-moved clock, its
 * dispatcher sending through the real webhook sender, one project, and helpers to seed due deliveries and wait
 * for what the dispatcher did to them.
 */
final class DispatchFixture implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(10);

    final MutableClock clock;
    final TestServer server;
    final TestServer.TestProject project;
    final EventSeeds seeds;

    private DispatchFixture(MutableClock clock, TestServer server) {
        this.clock = clock;
        this.server = server;
        this.project = server.newProject("dispatch", ProjectType.OUTGOING);
        this.seeds = new EventSeeds(server);
    }

    static DispatchFixture start(Path dataDir) throws IOException {
        MutableClock clock = new MutableClock();
        return new DispatchFixture(clock, TestServer.start(dataDir, clock, sender(clock)));
    }

    /** Restarts on the same data directory and clock (a new process, as far as the server can tell). */
    static DispatchFixture restart(Path dataDir, MutableClock clock) throws IOException {
        return new DispatchFixture(clock, TestServer.start(dataDir, clock, sender(clock)));
    }

    /** The real sender, on the test's clock. */
    static WebhookSender sender(MutableClock clock) {
        return new OkHttpWebhookSender(clock);
    }

    /** An endpoint of the project at {@code url}. */
    String endpoint(String url) {
        return project.client().createEndpoint(EndpointRequest.of(url, "ep-" + System.nanoTime())).uid();
    }

    /** An endpoint at {@code url} with an HTTP timeout and a rate limit (0 = none). */
    String endpoint(String url, long httpTimeoutSeconds, int rateLimit, long rateLimitSeconds) {
        return project.client().createEndpoint(new EndpointRequest(url, "ep-" + System.nanoTime(), null, null, null,
                null, null, null, null, null, httpTimeoutSeconds, rateLimit, rateLimitSeconds, null, null, null,
                null)).uid();
    }

    Event event(String endpointId, String data) {
        return seeds.event(project.id()).endpoints(endpointId).data(data).insert();
    }

    /** A due delivery of a new event to {@code endpointId}, retried by {@code retry}, then a wake-up signal. */
    EventDelivery deliver(String endpointId, Retry retry, DeliveryMode mode) {
        EventDelivery delivery = seeds.delivery(event(endpointId, "{\"n\":1}"), endpointId).retry(retry).mode(mode)
                .insert();
        signal();
        return delivery;
    }

    EventDelivery deliver(String endpointId) {
        return deliver(endpointId, Retry.DEFAULT, DeliveryMode.AT_LEAST_ONCE);
    }

    void signal() {
        server.server().signals().deliveriesDue();
    }

    /** Moves the clock and wakes the dispatcher (as its next poll would). */
    void advance(Duration by) {
        clock.advance(by);
        signal();
    }

    EventDelivery delivery(String id) {
        return project.client().getEventDelivery(id);
    }

    List<DeliveryAttempt> attempts(String deliveryId) {
        return project.client().listDeliveryAttempts(deliveryId);
    }

    /** Waits until the delivery matches {@code condition}; fails with its last state after {@link #WAIT}. */
    EventDelivery await(String deliveryId, Predicate<EventDelivery> condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            EventDelivery d = delivery(deliveryId);
            if (condition.test(d)) {
                return d;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery " + deliveryId + " did not get there within " + WAIT
                        + "; it is " + d.status() + " after " + d.metadata().numTrials() + " tries ("
                        + d.description() + ")");
            }
            pause();
        }
    }

    EventDelivery awaitStatus(String deliveryId, EventDeliveryStatus status) {
        return await(deliveryId, d -> d.status() == status);
    }

    /** Waits until the delivery has {@code tries} tries recorded and is no longer being sent. */
    EventDelivery awaitTries(String deliveryId, long tries) {
        return await(deliveryId, d -> d.metadata().numTrials() >= tries
                && d.status() != EventDeliveryStatus.PROCESSING);
    }

    static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
