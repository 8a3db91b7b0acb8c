package dev.hookline.app.deliveries;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.Locale;

/** How the deliveries table and detail put a delivery's counters into words. */
public final class DeliveryRows {

    private DeliveryRows() {
    }

    /** Attempts made, e.g. {@code 2} or {@code 2 of 5} when the retry limit is known. */
    public static String attempts(EventDelivery delivery) {
        if (delivery.metadata() == null || delivery.metadata().numTrials() == null) {
            return "0";
        }
        long trials = delivery.metadata().numTrials();
        Long limit = delivery.metadata().retryLimit();
        return limit == null ? Long.toString(trials) : trials + " of " + limit;
    }

    /**
     * When the next attempt is due; only for deliveries still waiting for one. A held delivery says what holds it
     * first: {@code Held: circuit open · 12:00:03}.
     */
    public static String nextAttempt(EventDelivery delivery) {
        String next = nextSendTime(delivery);
        if (delivery.heldBy() != null) {
            return "Held: " + hold(delivery.heldBy()) + (next.isEmpty() ? "" : " · " + next);
        }
        return next;
    }

    private static String nextSendTime(EventDelivery delivery) {
        EventDeliveryStatus status = delivery.status();
        boolean waiting = status == EventDeliveryStatus.SCHEDULED || status == EventDeliveryStatus.RETRY;
        if (!waiting || delivery.metadata() == null || delivery.metadata().nextSendTime() == null) {
            return "";
        }
        return DetailWidgets.time(delivery.metadata().nextSendTime());
    }

    /** What holds a delivery, in a few words. */
    public static String hold(DeliveryHold hold) {
        return switch (hold) {
            case CIRCUIT_OPEN -> "circuit open";
            case RATE_LIMITED -> "rate limited";
            case ENDPOINT_PAUSED -> "endpoint paused";
        };
    }

    /**
     * The last attempt's answer in short: {@code 410 Gone}, {@code timeout}, {@code connection refused},
     * {@code TLS error} (the server's {@code last_response}); {@code ""} when never tried or the server does not say
     * (a Convoy server).
     */
    public static String lastResponse(EventDelivery delivery) {
        return delivery.lastResponse() == null ? "" : delivery.lastResponse().strip();
    }

    /**
     * The headline of a delivery that did not go through or is held: the last response first, then the server's
     * reason, e.g. {@code 410 Gone (Retry limit exceeded)} or {@code Held: circuit open, next try at 12:00:03};
     * {@code ""} for a delivery on its way or delivered.
     */
    public static String headline(EventDelivery delivery) {
        if (delivery.heldBy() != null && !stopped(delivery)) {
            String next = nextSendTime(delivery);
            String reason = delivery.description() == null || delivery.description().isBlank() ? ""
                    : " (" + delivery.description().strip() + ")";
            return "Held: " + hold(delivery.heldBy()) + reason + (next.isEmpty() ? "" : ", next try at " + next);
        }
        String why = why(delivery);
        String last = lastResponse(delivery);
        if (last.isEmpty() || !stopped(delivery)) {
            return why;
        }
        return why.isEmpty() || why.equalsIgnoreCase(last) ? last : last + " (" + why + ")";
    }

    private static boolean stopped(EventDelivery delivery) {
        return delivery.status() == EventDeliveryStatus.FAILURE || delivery.status() == EventDeliveryStatus.DISCARDED;
    }

    /** The delivery's latency: {@code latency_seconds} as ms or s; Convoy's text form otherwise. */
    public static String latency(EventDelivery delivery) {
        if (delivery.latencySeconds() != null && delivery.latencySeconds() > 0) {
            double seconds = delivery.latencySeconds();
            return seconds < 1 ? Math.round(seconds * 1000) + " ms"
                    : String.format(Locale.ROOT, "%.2f s", seconds);
        }
        return delivery.latency() == null ? "" : delivery.latency();
    }

    /**
     * Why a delivery did not go through, in the server's words ({@code description}: "endpoint is paused", "Retry
     * limit exceeded", "Endpoint returned status code 500"...), for {@code Failure} and {@code Discarded}; else
     * {@code ""}.
     */
    public static String why(EventDelivery delivery) {
        boolean stopped = delivery.status() == EventDeliveryStatus.FAILURE
                || delivery.status() == EventDeliveryStatus.DISCARDED;
        if (!stopped || delivery.description() == null || delivery.description().isBlank()) {
            return "";
        }
        return delivery.description().strip();
    }

    /** The source's name, else its ID; {@code ""} for events sent through the API. */
    public static String source(EventDelivery delivery) {
        if (delivery.sourceMetadata() != null) {
            String name = delivery.sourceMetadata().name();
            return name != null && !name.isBlank() ? name : nullToEmpty(delivery.sourceMetadata().uid());
        }
        return delivery.eventMetadata() == null ? "" : nullToEmpty(delivery.eventMetadata().sourceId());
    }

    private static String nullToEmpty(String text) {
        return text == null ? "" : text;
    }
}
