package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.outbound.SendResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DeliveryOutcomeTest {

    private static final Instant ACKNOWLEDGED = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant NOW = ACKNOWLEDGED.plusMillis(1500);
    private static final Retry THREE_TRIES = new Retry(StrategyType.LINEAR, 60, 3, 0);

    private static DueDelivery due(DeliveryMode mode, long trialsSoFar) {
        return new DueDelivery("d1", "p1", "e1", "ep1", "", "invoice.paid", "", EventDeliveryStatus.SCHEDULED, mode,
                Map.of(), "", THREE_TRIES, trialsSoFar, ACKNOWLEDGED, ACKNOWLEDGED, ACKNOWLEDGED, "{}");
    }

    private static SendResult answered(int status) {
        return new SendResult("http://r", "POST", "127.0.0.1", Map.of(), "{}", status, status + " X", Map.of(), "",
                status < 300 ? "" : "unexpected status", NOW.minusMillis(20), NOW, 20);
    }

    private static SendResult noAnswer() {
        return new SendResult("http://r", "POST", "", Map.of(), "{}", 0, "", Map.of(), "", "connection refused",
                NOW.minusMillis(1), NOW, 1);
    }

    private static DeliveryOutcome outcome(DeliveryMode mode, long trialsSoFar, SendResult result) {
        return DeliveryOutcome.of(due(mode, trialsSoFar), result, NOW, new SplittableRandom(1));
    }

    @Test
    void a2xxSucceedsWithTheLatencySinceAcknowledgement() {
        DeliveryOutcome o = outcome(DeliveryMode.AT_LEAST_ONCE, 0, answered(204));
        assertEquals(EventDeliveryStatus.SUCCESS, o.status());
        assertEquals(1, o.numTrials());
        assertEquals("", o.description());
        assertEquals(1.5, o.latencySeconds(), 1e-9);
        assertEquals(ACKNOWLEDGED, o.acknowledgedAt());
    }

    @Test
    void anErrorAnswerIsRetriedAtTheScheduledTime() {
        DeliveryOutcome o = outcome(DeliveryMode.AT_LEAST_ONCE, 0, answered(500));
        assertEquals(EventDeliveryStatus.RETRY, o.status());
        assertEquals(NOW.plusSeconds(60), o.nextSendTime());
        assertEquals("Try 1 of 3 failed: the endpoint answered 500 X; next try at 2026-11-23T10:01:01Z",
                o.description());
        assertEquals("500 X", o.lastResponse());
        assertEquals(0, o.latencySeconds());
    }

    @Test
    void noAnswerIsRetriedWithTheErrorAsDescription() {
        DeliveryOutcome o = outcome(DeliveryMode.AT_LEAST_ONCE, 1, noAnswer());
        assertEquals(EventDeliveryStatus.RETRY, o.status());
        assertEquals(2, o.numTrials());
        assertEquals("Try 2 of 3 failed: connection refused; next try at 2026-11-23T10:01:01Z", o.description());
        assertEquals("connection refused", o.lastResponse());
    }

    @Test
    void theLastAllowedTryFailsTheDelivery() {
        for (SendResult r : List.of(answered(500), noAnswer())) {
            DeliveryOutcome o = outcome(DeliveryMode.AT_LEAST_ONCE, 2, r);
            assertEquals(EventDeliveryStatus.FAILURE, o.status());
            assertEquals(3, o.numTrials());
            assertTrue(o.description().startsWith("Failed after 3 attempts: "), o.description());
            assertTrue(o.description().endsWith(r.responded() ? "the endpoint answered 500 X" : "connection refused"),
                    o.description());
            assertTrue(o.limitReached());
        }
    }

    @Test
    void atMostOnceFailsOnAnyAnswerButRetriesWhenNoneCame() {
        DeliveryOutcome answeredOnce = outcome(DeliveryMode.AT_MOST_ONCE, 0, answered(502));
        assertEquals(EventDeliveryStatus.FAILURE, answeredOnce.status());
        assertEquals("Failed: the endpoint answered 502 X (at_most_once deliveries are not sent again)",
                answeredOnce.description());
        assertFalse(answeredOnce.limitReached());

        assertEquals(EventDeliveryStatus.RETRY, outcome(DeliveryMode.AT_MOST_ONCE, 0, noAnswer()).status());
        assertEquals(EventDeliveryStatus.SUCCESS, outcome(DeliveryMode.AT_MOST_ONCE, 0, answered(200)).status());
    }
}
