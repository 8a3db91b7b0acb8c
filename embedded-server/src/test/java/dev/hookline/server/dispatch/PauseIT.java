package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PauseIT {

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
    void aPausedEndpointReceivesNothingAndItsDueDeliveriesAreDiscarded() {
        String endpoint = f.endpoint(receiver.url("/paused"));
        assertEquals(EndpointStatus.PAUSED, f.project.client().pauseEndpoint(endpoint).status());

        for (int i = 0; i < 3; i++) {
            EventDelivery delivery = f.deliver(endpoint);
            EventDelivery discarded = f.awaitStatus(delivery.uid(), EventDeliveryStatus.DISCARDED);
            assertTrue(discarded.description().startsWith("Discarded: the endpoint was paused"),
                    discarded.description());
            assertEquals(0L, discarded.metadata().numTrials());
            assertTrue(f.attempts(delivery.uid()).isEmpty());
        }
        assertEquals(0, receiver.requests().size());
    }

    @Test
    void aDeliveryWaitingToBeRetriedIsNotSentOnceItsEndpointIsPaused() {
        receiver.answerAlways(Answer.status(500));
        String endpoint = f.endpoint(receiver.url("/flaky"));
        EventDelivery delivery = f.deliver(endpoint, new Retry(StrategyType.LINEAR, 10, 5, 0),
                DeliveryMode.AT_LEAST_ONCE);
        assertEquals(EventDeliveryStatus.RETRY, f.awaitTries(delivery.uid(), 1).status());

        f.project.client().pauseEndpoint(endpoint);
        f.advance(Duration.ofSeconds(10));

        EventDelivery discarded = f.awaitStatus(delivery.uid(), EventDeliveryStatus.DISCARDED);
        assertEquals("Discarded: the endpoint was paused when the delivery was due", discarded.description());
        assertEquals(1L, discarded.metadata().numTrials());
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void afterResumingNewDeliveriesArrive() {
        String endpoint = f.endpoint(receiver.url("/resumed"));
        f.project.client().pauseEndpoint(endpoint);
        f.awaitStatus(f.deliver(endpoint).uid(), EventDeliveryStatus.DISCARDED);

        assertEquals(EndpointStatus.ACTIVE, f.project.client().pauseEndpoint(endpoint).status());
        EventDelivery delivery = f.deliver(endpoint);

        f.awaitStatus(delivery.uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(1, receiver.requests().size());
    }
}
