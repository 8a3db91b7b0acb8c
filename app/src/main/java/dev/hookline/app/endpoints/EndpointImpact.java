package dev.hookline.app.endpoints;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Subscription;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What pausing, deleting or rotating the secret of an endpoint touches, counted before the user confirms: its
 * pending deliveries (Scheduled, Retry, Processing: the dispatcher discards them once the endpoint is paused or
 * gone), its deliveries of the last 24 hours and its subscriptions. Each count is -1 when the server cannot say
 * (a remote Convoy has no {@code statustotals}); the questions then speak without a number.
 *
 * @param pending       deliveries still to be sent
 * @param lastDay       deliveries of the last 24 hours, any status
 * @param subscriptions subscriptions that deliver to it (at most one page counted)
 */
public record EndpointImpact(long pending, long lastDay, long subscriptions) {

    static final List<EventDeliveryStatus> PENDING = List.of(EventDeliveryStatus.SCHEDULED,
            EventDeliveryStatus.RETRY, EventDeliveryStatus.PROCESSING);
    /** Pending deliveries older than this are not looked for (retries are hours apart at most). */
    static final Duration PENDING_LOOKBACK = Duration.ofDays(90);
    private static final int SUBSCRIPTIONS_PAGE = 100;

    public static EndpointImpact unknown() {
        return new EndpointImpact(-1, -1, -1);
    }

    /** Asks {@code client}; blocking, so call it in the background. Never throws: what fails stays unknown. */
    public static EndpointImpact count(ApiClient client, String endpointId, Instant now) {
        long pending = -1;
        long lastDay = -1;
        try {
            DeliveryStatusTotals totals = client.eventDeliveryStatusTotals(ListQuery.create()
                    .withAll("endpointId", List.of(endpointId))
                    .startDate(now.minus(PENDING_LOOKBACK)).endDate(now.plus(Duration.ofDays(1))));
            pending = PENDING.stream().mapToLong(totals::count).sum();
            DeliveryStatusTotals day = client.eventDeliveryStatusTotals(ListQuery.create()
                    .withAll("endpointId", List.of(endpointId))
                    .startDate(now.minus(Duration.ofHours(24))).endDate(now));
            lastDay = java.util.Arrays.stream(EventDeliveryStatus.values()).mapToLong(day::count).sum();
        } catch (RuntimeException unavailable) {
            // a server without status totals, or one that failed: the question goes without numbers
        }
        long subscriptions = -1;
        try {
            List<Subscription> page = client.listSubscriptions(ListQuery.ofPerPage(SUBSCRIPTIONS_PAGE)
                    .withAll("endpointId", List.of(endpointId))).content();
            subscriptions = page == null ? 0 : page.stream().filter(s -> s.endpointMetadata() == null
                    || endpointId.equals(s.endpointMetadata().uid())).count();
        } catch (RuntimeException unavailable) {
            // left unknown
        }
        return new EndpointImpact(pending, lastDay, subscriptions);
    }

    /** Asked before pausing {@code name}. */
    public String pauseQuestion(String name) {
        String pendingPart = pending < 0 ? "Its pending deliveries will be discarded"
                : pending == 0 ? "Nothing is pending for it now"
                : "Its " + deliveries(pending, "pending delivery", "pending deliveries") + " (scheduled, retrying or "
                + "being sent) will be discarded";
        return "Pause \"" + name + "\"? " + pendingPart + ", and its new deliveries are discarded until you resume "
                + "it. Resuming does not send discarded ones: retry them after.";
    }

    /** Asked before deleting {@code name}. */
    public String deleteQuestion(String name) {
        String subscriptionPart = subscriptions < 0 ? "Its subscriptions are deleted"
                : subscriptions == 0 ? "No subscription delivers to it"
                : "The " + deliveries(subscriptions, "subscription delivering to it is",
                "subscriptions delivering to it are") + " deleted";
        String pendingPart = pending < 0 ? "its pending deliveries will be discarded"
                : pending == 0 ? "nothing is pending for it"
                : "its " + deliveries(pending, "pending delivery", "pending deliveries") + " will be discarded";
        return "Delete endpoint \"" + name + "\"? " + subscriptionPart + " and " + pendingPart + ". This cannot be "
                + "undone.";
    }

    /** Shown beside the expire-secret form: what the receiver has to do within {@code hours}. */
    public String expireConsequence(long hours) {
        String within = hours == 0 ? "from now on" : "within " + hours + (hours == 1 ? " hour" : " hours");
        StringBuilder text = new StringBuilder("The receiver must check signatures with the new secret " + within
                + ": after that, deliveries signed only with the new secret fail where it still checks the old one.");
        if (lastDay >= 0) {
            text.append(' ').append("It got ").append(deliveries(lastDay, "delivery", "deliveries"))
                    .append(" in the last 24 hours");
            text.append(pending > 0 ? ", and " + deliveries(pending, "delivery is", "deliveries are") + " pending."
                    : ".");
        }
        return text.toString();
    }

    private static String deliveries(long n, String one, String many) {
        return String.format(java.util.Locale.ROOT, "%,d", n) + " " + (n == 1 ? one : many);
    }
}
