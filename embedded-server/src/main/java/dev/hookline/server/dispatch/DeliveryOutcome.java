package dev.hookline.server.dispatch;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.retry.RetrySchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * What a try does to its delivery: the delivery state machine, pure (no I/O), so every rule is tested alone.
 *
 * <ul>
 *   <li>2xx: {@code Success}; the latency is counted from when the event was acknowledged.</li>
 *   <li>{@code at_most_once} and the receiver answered (any status): {@code Failure} at once, never re-sent.</li>
 *   <li>Otherwise (non-2xx, or no answer at all): {@code Retry} at the time {@link RetrySchedule} gives, until
 *       {@code retry_limit} tries were made, then {@code Failure} ("Retry limit exceeded").</li>
 * </ul>
 *
 * @param status         the delivery's new status
 * @param numTrials      tries made, this one included
 * @param nextSendTime   when the next try is due ({@code Retry}); the time of this try otherwise
 * @param description    why it is in this state, in Convoy's words ("" on success)
 * @param latencySeconds from acknowledgement to the 2xx (0 unless {@code Success})
 * @param acknowledgedAt the delivery's acknowledgement time (filled if it had none)
 * @param limitReached   {@code Failure} because every try was used (what may disable the endpoint)
 */
record DeliveryOutcome(EventDeliveryStatus status, long numTrials, Instant nextSendTime, String description,
                       double latencySeconds, Instant acknowledgedAt, boolean limitReached) {

    static final String RETRY_LIMIT_EXCEEDED = "Retry limit exceeded";

    static DeliveryOutcome of(DueDelivery delivery, SendResult result, Instant now, RandomGenerator random) {
        long trials = delivery.numTrials() + 1;
        Instant acknowledged = delivery.acknowledgedAt() != null ? delivery.acknowledgedAt() : delivery.createdAt();
        if (result.delivered()) {
            Instant answered = result.respondedAt() != null ? result.respondedAt() : now;
            double latency = Math.max(0, Duration.between(acknowledged, answered).toNanos() / 1e9);
            return new DeliveryOutcome(EventDeliveryStatus.SUCCESS, trials, now, "", latency, acknowledged, false);
        }
        String why = result.responded() ? "Endpoint returned status code " + result.statusCode()
                : (result.error() == null || result.error().isBlank() ? "no response" : result.error());
        if (delivery.mode() == DeliveryMode.AT_MOST_ONCE && result.responded()) {
            return new DeliveryOutcome(EventDeliveryStatus.FAILURE, trials, now, why, 0, acknowledged, false);
        }
        if (RetrySchedule.exhausted(delivery.retry(), trials)) {
            return new DeliveryOutcome(EventDeliveryStatus.FAILURE, trials, now, RETRY_LIMIT_EXCEEDED, 0,
                    acknowledged, true);
        }
        return new DeliveryOutcome(EventDeliveryStatus.RETRY, trials,
                RetrySchedule.nextAttemptAt(delivery.retry(), trials, now, random), why, 0, acknowledged, false);
    }
}
