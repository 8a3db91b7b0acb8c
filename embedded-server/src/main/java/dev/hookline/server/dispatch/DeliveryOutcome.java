package dev.hookline.server.dispatch;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.deliveries.DeliveryLifecycle;
import dev.hookline.server.deliveries.DeliveryLifecycle.Transition;
import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.retry.RetrySchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * What a try does to its delivery: the step after a try of {@link DeliveryLifecycle}, pure (no I/O), so every rule is
 * tested alone.
 *
 * <ul>
 *   <li>2xx: {@link Transition#SUCCEEDED}; the latency is counted from when the event was acknowledged.</li>
 *   <li>{@code at_most_once} and the receiver answered (any status): {@link Transition#FAILED_AT_MOST_ONCE}, never
 *       re-sent.</li>
 *   <li>Otherwise (non-2xx, or no answer at all): {@link Transition#RETRY_SCHEDULED} at the time
 *       {@link RetrySchedule} gives, until {@code retry_limit} tries were made, then
 *       {@link Transition#FAILED_TRIES_USED_UP}, whose description is what the endpoint last answered ("Failed after
 *       10 attempts: the endpoint answered 410 Gone"), not a bare "Retry limit exceeded".</li>
 * </ul>
 *
 * @param transition     the lifecycle's transition this try makes
 * @param status         the delivery's new status
 * @param numTrials      tries made, this one included
 * @param nextSendTime   when the next try is due ({@code Retry}); the time of this try otherwise
 * @param description    why it is in this state ("" on success)
 * @param latencySeconds from acknowledgement to the 2xx (0 unless {@code Success})
 * @param acknowledgedAt the delivery's acknowledgement time (filled if it had none)
 * @param limitReached   {@code Failure} because every try was used (what may disable the endpoint)
 * @param lastResponse   the answer in short ({@code last_response}): "410 Gone", "timeout", "connection refused"
 */
record DeliveryOutcome(Transition transition, EventDeliveryStatus status, long numTrials, Instant nextSendTime,
                       String description, double latencySeconds, Instant acknowledgedAt, boolean limitReached,
                       String lastResponse) {

    static DeliveryOutcome of(DueDelivery delivery, SendResult result, Instant now, RandomGenerator random) {
        long trials = delivery.numTrials() + 1;
        Instant acknowledged = delivery.acknowledgedAt() != null ? delivery.acknowledgedAt() : delivery.createdAt();
        String summary = lastResponse(result);
        if (result.delivered()) {
            Instant answered = result.respondedAt() != null ? result.respondedAt() : now;
            double latency = Math.max(0, Duration.between(acknowledged, answered).toNanos() / 1e9);
            return of(delivery, Transition.SUCCEEDED, trials, now, "", latency, acknowledged, false, summary);
        }
        String answer = DeliveryLifecycle.answerWords(result.responded() ? summary : null, result.error());
        if (delivery.mode() == DeliveryMode.AT_MOST_ONCE && result.responded()) {
            return of(delivery, Transition.FAILED_AT_MOST_ONCE, trials, now,
                    DeliveryLifecycle.failedAtMostOnceDescription(answer), 0, acknowledged, false, summary);
        }
        if (RetrySchedule.exhausted(delivery.retry(), trials)) {
            return of(delivery, Transition.FAILED_TRIES_USED_UP, trials, now,
                    DeliveryLifecycle.failedDescription(trials, answer), 0, acknowledged, true, summary);
        }
        Instant next = RetrySchedule.nextAttemptAt(delivery.retry(), trials, now, random);
        return of(delivery, Transition.RETRY_SCHEDULED, trials, next,
                DeliveryLifecycle.retryDescription(trials, delivery.retry().retryLimit(), answer, next), 0,
                acknowledged, false, summary);
    }

    private static DeliveryOutcome of(DueDelivery d, Transition t, long trials, Instant next, String description,
                                      double latency, Instant acknowledged, boolean limitReached, String summary) {
        EventDeliveryStatus status = DeliveryLifecycle.next(d.status(), d.numTrials(), t);
        return new DeliveryOutcome(t, status, trials, next, description, latency, acknowledged, limitReached,
                summary);
    }

    /**
     * A try's answer in short, for {@code last_response}: the status line ("410 Gone") when the endpoint answered,
     * else the kind of network failure ("timeout", "connection refused", "TLS error", "DNS lookup failed", "no
     * route to host", "connection closed"), else "network error".
     */
    static String lastResponse(SendResult result) {
        if (result.responded()) {
            String line = result.statusLine() == null ? "" : result.statusLine().strip();
            return line.isEmpty() ? String.valueOf(result.statusCode()) : line;
        }
        String error = result.error() == null ? "" : result.error().toLowerCase(Locale.ROOT);
        if (error.contains("refused")) {
            return "connection refused";
        }
        if (error.contains("timed out") || error.contains("timeout")) {
            return "timeout";
        }
        if (error.contains("tls") || error.contains("certificate") || error.contains("ssl")) {
            return "TLS error";
        }
        if (error.contains("resolve host") || error.contains("unknown host")) {
            return "DNS lookup failed";
        }
        if (error.contains("no route to host")) {
            return "no route to host";
        }
        if (error.contains("closed the connection") || error.contains("connection reset")) {
            return "connection closed";
        }
        return "network error";
    }
}
