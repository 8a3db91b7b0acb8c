package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.SubscriptionRequest;
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

class RateLimitIT {

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
    void deliveriesOverTheEndpointRateLimitAreDeferredWithoutUsingATry() {
        String endpoint = f.endpoint(receiver.url("/limited"), 10, 2, 60); // 2 per minute: one token per 30 s
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(f.deliver(endpoint).uid());
        }

        receiver.awaitRequests(2, DispatchFixture.WAIT);
        List<String> waiting = awaitDeferred(ids, 3);
        for (String id : waiting) {
            EventDelivery d = f.delivery(id);
            assertEquals(EventDeliveryStatus.SCHEDULED, d.status(), "deferred, not failed");
            assertEquals(0L, d.metadata().numTrials(), "a deferral is not a try");
            assertEquals(f.clock.instant().plusSeconds(30).getEpochSecond(),
                    d.metadata().nextSendTime().getEpochSecond(), "due again when the next token is earned");
            assertTrue(f.attempts(id).isEmpty());
        }
        assertEquals(2, receiver.requests().size());

        f.advance(Duration.ofSeconds(30)); // one token earned
        receiver.awaitRequests(3, DispatchFixture.WAIT);
        awaitDeferred(ids, 2);
        assertEquals(3, receiver.requests().size());

        f.advance(Duration.ofSeconds(60)); // the bucket is full again: two tokens
        receiver.awaitRequests(5, DispatchFixture.WAIT);
        for (String id : ids) {
            EventDelivery done = f.awaitStatus(id, EventDeliveryStatus.SUCCESS);
            assertEquals(1L, done.metadata().numTrials());
        }
    }

    @Test
    void theSubscriptionRateLimitConfigIsAppliedToo() {
        String endpoint = f.endpoint(receiver.url("/per-subscription"));
        String subscription = f.project.client().createSubscription(new SubscriptionRequest("limited", null,
                endpoint, null, null, null, new RateLimitConfig(1, 60L), null, null, null)).uid();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(f.seeds.delivery(f.event(endpoint, "{\"n\":" + i + "}"), endpoint).subscription(subscription)
                    .insert().uid());
        }
        f.signal();

        receiver.awaitRequests(1, DispatchFixture.WAIT);
        awaitDeferred(ids, 2);
        assertEquals(1, receiver.requests().size());

        f.advance(Duration.ofSeconds(60));
        receiver.awaitRequests(2, DispatchFixture.WAIT);
        awaitDeferred(ids, 1);
        assertEquals(2, receiver.requests().size());
    }

    /** Waits until {@code count} of the deliveries are waiting with a due time after now; returns them. */
    private List<String> awaitDeferred(List<String> ids, int count) {
        long deadline = System.nanoTime() + DispatchFixture.WAIT.toNanos();
        while (true) {
            List<String> deferred = ids.stream().filter(id -> {
                EventDelivery d = f.delivery(id);
                return d.status() == EventDeliveryStatus.SCHEDULED
                        && d.metadata().nextSendTime().isAfter(f.clock.instant());
            }).toList();
            if (deferred.size() == count) {
                return deferred;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + count + " deferred deliveries, got " + deferred.size());
            }
            DispatchFixture.pause();
        }
    }
}
