package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * "Retry the selected rows": failed and discarded deliveries are resent one by one, delivered ones are force-resent
 * together, and those still on their way (scheduled, processing, retrying) are left alone. Runs off the FX thread;
 * the summary says what happened to each group.
 */
final class RetrySelection {

    private RetrySelection() {
    }

    static String run(ApiClient client, List<EventDelivery> selected) {
        int resent = 0;
        List<String> refused = new ArrayList<>();
        List<String> delivered = new ArrayList<>();
        int inFlight = 0;
        for (EventDelivery delivery : selected) {
            EventDeliveryStatus status = delivery.status();
            if (status == EventDeliveryStatus.FAILURE || status == EventDeliveryStatus.DISCARDED) {
                try {
                    client.resendEventDelivery(delivery.uid());
                    resent++;
                } catch (ApiException e) {
                    if (e.isConnectionFailure()) {
                        throw e;
                    }
                    refused.add(e.getMessage());
                }
            } else if (status == EventDeliveryStatus.SUCCESS) {
                delivered.add(delivery.uid());
            } else {
                inFlight++;
            }
        }
        int forced = 0;
        int forceFailed = 0;
        if (!delivered.isEmpty()) {
            BatchOutcome outcome = client.forceResendEventDeliveries(delivered);
            forced = outcome.successful() == null ? delivered.size() : outcome.successful();
            forceFailed = outcome.failed() == null ? 0 : outcome.failed();
        }
        return summary(resent + forced, refused, forceFailed, inFlight);
    }

    static String summary(int sent, List<String> refused, int forceFailed, int inFlight) {
        StringBuilder text = new StringBuilder(sent + (sent == 1 ? " delivery" : " deliveries") + " sent again");
        int failed = refused.size() + forceFailed;
        if (failed > 0) {
            text.append(", ").append(failed).append(" refused");
            if (!refused.isEmpty()) {
                text.append(" (").append(refused.get(0)).append(')');
            }
        }
        if (inFlight > 0) {
            text.append(", ").append(inFlight).append(" still on their way (left alone)");
        }
        return text.toString();
    }
}
