package dev.hookline.server.dispatch;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.retry.Retry;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A delivery that is due, with what a try needs from its own row: the payload to send (the subscription
 * function's output when there is one, else the event's data) and the retry state copied from the project.
 */
record DueDelivery(String id, String projectId, String eventId, String endpointId, String subscriptionId,
                   String eventType, String idempotencyKey, EventDeliveryStatus status, DeliveryMode mode,
                   Map<String, List<String>> headers, String urlQueryParams, Retry retry, long numTrials,
                   Instant nextSendTime, Instant acknowledgedAt, Instant createdAt, String payload) {

    /** The status to go back to when a claimed delivery is handed back unsent. */
    EventDeliveryStatus waitingStatus() {
        return numTrials == 0 ? EventDeliveryStatus.SCHEDULED : EventDeliveryStatus.RETRY;
    }
}
