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
     * The headline of a delivery that did not go through or is held; {@code ""} for a delivery on its way or
     * delivered. A Hookline server words the whole reason itself in {@code description} ("Failed after 3 attempts:
     * the endpoint answered 410 Gone", "Held: the endpoint's circuit breaker is open; next try at ...", ADR 0008) and
     * says so by sending {@code retryable}: its description is the headline as is. For a server that does not (a
     * Convoy server, whose descriptions are terse: "Retry limit exceeded") the last response leads:
     * {@code 410 Gone (Retry limit exceeded)}, or {@code Held: circuit open, next try at 12:00:03}.
     */
    public static String headline(EventDelivery delivery) {
        boolean held = delivery.heldBy() != null && !stopped(delivery);
        if (wordsItsReasons(delivery)) {
            return (held || stopped(delivery)) && delivery.description() != null
                    ? delivery.description().strip() : "";
        }
        if (held) {
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

    /**
     * The headline of the delivery's detail: {@link #headline} with the status in front ("Failure: Retry limit
     * exceeded") where the headline does not already say what happened (a held delivery's, or a reason a Hookline
     * server worded whole); {@code ""} when there is no headline.
     */
    public static String detailHeadline(EventDelivery delivery) {
        String headline = headline(delivery);
        if (headline.isEmpty() || delivery.heldBy() != null || wordsItsReasons(delivery)) {
            return headline;
        }
        return delivery.status().wire() + ": " + headline;
    }

    /**
     * What the attempts pane says of a delivery without attempts: "Not attempted yet.", or why it never will be
     * ("Not attempted: endpoint is paused.", or a Hookline server's whole reason after "Not attempted.").
     */
    public static String notAttempted(EventDelivery delivery) {
        String headline = headline(delivery);
        if (headline.isEmpty()) {
            return "Not attempted yet.";
        }
        if (wordsItsReasons(delivery)) {
            return "Not attempted. " + headline + (headline.endsWith(".") ? "" : ".");
        }
        return "Not attempted: " + headline + ".";
    }

    /** Whether the server words a delivery's whole reason in its description (it sends {@code retryable}). */
    private static boolean wordsItsReasons(EventDelivery delivery) {
        return delivery.retryable() != null;
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
