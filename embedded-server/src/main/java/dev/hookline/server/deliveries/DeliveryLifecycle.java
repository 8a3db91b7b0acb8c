package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.EventDeliveryStatus;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A delivery's life, in one place (ADR 0008): every state, every allowed transition with who makes it and why, and
 * the words its {@code description} shows. Every status write of the server names one of these {@link Transition}s:
 * its new status comes from {@link Transition#to()} and its SQL guard from {@link Transition#guard()}, so a row that
 * changed meanwhile (a resend, a delete) is left alone, and a transition the table does not list cannot be written.
 *
 * <pre>
 *   (new) --planned--> Scheduled --claimed (lease in memory)--> in flight --2xx--> Success
 *   (new) --endpoint paused/inactive--> Discarded          in flight --no 2xx, tries left--> Retry
 *   (new) --transform failed--> Failure                     in flight --no 2xx, tries used / at_most_once--> Failure
 *   Scheduled, Retry --held (circuit open, rate limit: next_send_time moves; paused)--> Scheduled, Retry
 *   Scheduled, Retry --endpoint paused/inactive/deleted when due--> Discarded
 *   Failure, Discarded --resend, batch retry (a user)--> Scheduled;   Success --force resend (a user)--> Scheduled
 * </pre>
 *
 * <p>In flight is not a stored status: the dispatcher holds a claimed delivery in memory (its lease) and the API
 * shows it as {@code Processing}; the row keeps {@code Scheduled} or {@code Retry}, so a crash leaves it due and it
 * is sent again at the next start (at least once). Only {@code at_most_once} deliveries write {@code Processing} at
 * claim: after a crash they must not be sent twice, and recovery fails them instead
 * ({@link Transition#RECOVERED_AT_MOST_ONCE}).
 *
 * <p>Held is not a stored status either: a waiting delivery ({@code Scheduled} or {@code Retry}) of an endpoint whose
 * circuit is open, whose rate limit is used up, or which is paused is <em>held</em>; what holds it is read from the
 * endpoint's state when the delivery is shown ({@link #describeWaiting}), never written per row.
 */
public final class DeliveryLifecycle {

    private static final Set<EventDeliveryStatus> NONE = Set.of();
    private static final Set<EventDeliveryStatus> WAITING = Collections.unmodifiableSet(
            EnumSet.of(EventDeliveryStatus.SCHEDULED, EventDeliveryStatus.RETRY));
    /** Where a claimed delivery's row is: waiting (in memory lease) or {@code Processing} (at_most_once). */
    private static final Set<EventDeliveryStatus> CLAIMED = Collections.unmodifiableSet(EnumSet.of(
            EventDeliveryStatus.SCHEDULED, EventDeliveryStatus.RETRY, EventDeliveryStatus.PROCESSING));
    private static final Set<EventDeliveryStatus> ENDED_UNDELIVERED = Collections.unmodifiableSet(
            EnumSet.of(EventDeliveryStatus.FAILURE, EventDeliveryStatus.DISCARDED));

    /** Who makes a transition. */
    public enum Actor { PLANNER, DISPATCHER, RECOVERY_AT_START, USER }

    /**
     * Every transition a delivery may make. {@code from}: the stored statuses it may start from (none: the delivery
     * is being created); {@code to}: the stored status it writes ({@code null}: the status stays, only the time
     * moves); {@code reason}: why, in words.
     */
    public enum Transition {
        PLANNED(NONE, EventDeliveryStatus.SCHEDULED, Actor.PLANNER, "planned: the endpoint is active"),
        PLANNED_DISCARDED(NONE, EventDeliveryStatus.DISCARDED, Actor.PLANNER,
                "discarded at planning: the endpoint was paused or inactive when the event arrived"),
        PLANNED_TRANSFORM_FAILED(NONE, EventDeliveryStatus.FAILURE, Actor.PLANNER,
                "failed at planning: the subscription's transform function failed"),
        /** at_least_once: a lease in memory, no write; the row stays waiting. */
        CLAIMED_IN_MEMORY(WAITING, null, Actor.DISPATCHER, "claimed: being sent (held in memory)"),
        /** at_most_once: written, so a crash never sends it twice. */
        CLAIMED_AT_MOST_ONCE(WAITING, EventDeliveryStatus.PROCESSING, Actor.DISPATCHER,
                "claimed: being sent (at_most_once, written)"),
        SUCCEEDED(CLAIMED, EventDeliveryStatus.SUCCESS, Actor.DISPATCHER, "the endpoint answered 2xx"),
        RETRY_SCHEDULED(CLAIMED, EventDeliveryStatus.RETRY, Actor.DISPATCHER,
                "the endpoint did not answer 2xx; tries are left"),
        FAILED_TRIES_USED_UP(CLAIMED, EventDeliveryStatus.FAILURE, Actor.DISPATCHER,
                "the endpoint did not answer 2xx and every try was used"),
        FAILED_AT_MOST_ONCE(CLAIMED, EventDeliveryStatus.FAILURE, Actor.DISPATCHER,
                "at_most_once: the endpoint answered without 2xx; never sent again"),
        DISCARDED_ENDPOINT_PAUSED(WAITING, EventDeliveryStatus.DISCARDED, Actor.DISPATCHER,
                "the endpoint was paused when the delivery was due"),
        DISCARDED_ENDPOINT_INACTIVE(WAITING, EventDeliveryStatus.DISCARDED, Actor.DISPATCHER,
                "the endpoint was inactive when the delivery was due"),
        DISCARDED_ENDPOINT_GONE(WAITING, EventDeliveryStatus.DISCARDED, Actor.DISPATCHER,
                "the endpoint was deleted"),
        DISCARDED_PROJECT_GONE(WAITING, EventDeliveryStatus.DISCARDED, Actor.DISPATCHER, "the project was deleted"),
        HELD_RATE_LIMITED(WAITING, null, Actor.DISPATCHER,
                "held: the rate limit is used up; next_send_time moves to the window's end"),
        HELD_CIRCUIT_OPEN(CLAIMED, null, Actor.DISPATCHER,
                "held: the circuit opened while it waited for a send slot; back to wait for the probe"),
        HANDED_BACK_ON_STOP(CLAIMED, null, Actor.DISPATCHER, "the server stopped before it was sent"),
        RECOVERED_AFTER_CRASH(Set.of(EventDeliveryStatus.PROCESSING), null, Actor.RECOVERY_AT_START,
                "left Processing by a stop: sent again (at least once)"),
        RECOVERED_AT_MOST_ONCE(Set.of(EventDeliveryStatus.PROCESSING), EventDeliveryStatus.FAILURE,
                Actor.RECOVERY_AT_START, "at_most_once left Processing by a stop: may have arrived, not sent again"),
        RESENT(ENDED_UNDELIVERED, EventDeliveryStatus.SCHEDULED, Actor.USER, "resent by a user"),
        BATCH_RETRIED(ENDED_UNDELIVERED, EventDeliveryStatus.SCHEDULED, Actor.USER, "batch retry by a user"),
        FORCE_RESENT(Set.of(EventDeliveryStatus.SUCCESS), EventDeliveryStatus.SCHEDULED, Actor.USER,
                "force resend by a user");

        private final Set<EventDeliveryStatus> from;
        private final EventDeliveryStatus to;
        private final Actor by;
        private final String reason;

        Transition(Set<EventDeliveryStatus> from, EventDeliveryStatus to, Actor by, String reason) {
            this.from = from.isEmpty() ? NONE : Collections.unmodifiableSet(EnumSet.copyOf(from));
            this.to = to;
            this.by = by;
            this.reason = reason;
        }

        /** The stored statuses this transition starts from (empty: it creates the delivery). */
        public Set<EventDeliveryStatus> from() {
            return from;
        }

        /** The stored status it writes; {@code null} when the status stays (a time moves, or nothing is written). */
        public EventDeliveryStatus to() {
            return to;
        }

        /**
         * The status a row {@code from} with {@code tries} made has afterwards: {@link #to()}, or when that is null
         * the same status, except that a {@code Processing} row goes back to waiting ({@code Scheduled} if never
         * tried, else {@code Retry}).
         */
        public EventDeliveryStatus after(EventDeliveryStatus from, long tries) {
            if (to != null) {
                return to;
            }
            if (from == EventDeliveryStatus.PROCESSING) {
                return tries == 0 ? EventDeliveryStatus.SCHEDULED : EventDeliveryStatus.RETRY;
            }
            return from;
        }

        public Actor by() {
            return by;
        }

        public String reason() {
            return reason;
        }

        public boolean allowedFrom(EventDeliveryStatus status) {
            return status == null ? from.isEmpty() : from.contains(status);
        }

        /**
         * The SQL condition an {@code UPDATE} of this transition is guarded by, e.g.
         * {@code status IN ('Scheduled', 'Retry')}: a row not in a state this transition starts from is left alone.
         */
        public String guard() {
            if (from.isEmpty()) {
                throw new IllegalStateException(this + " creates a delivery: nothing to guard");
            }
            return "status IN (" + from.stream().map(s -> "'" + s.wire() + "'").collect(Collectors.joining(", "))
                    + ")";
        }
    }

    private DeliveryLifecycle() {
    }

    /** Every transition, in the table's order. */
    public static List<Transition> transitions() {
        return List.of(Transition.values());
    }

    /**
     * The status a delivery {@code from} has after {@code t}; refused (an {@link IllegalStateException} naming both)
     * when the table does not allow it.
     */
    public static EventDeliveryStatus next(EventDeliveryStatus from, long tries, Transition t) {
        if (!t.allowedFrom(from)) {
            throw new IllegalStateException("a delivery " + (from == null ? "not yet stored" : "in " + from.wire())
                    + " cannot make the transition " + t + " (" + t.reason() + ")");
        }
        return t.after(from, tries);
    }

    // ---------------------------------------------------------------------------------------------------------
    // The words: what a delivery's description says in each state. Stored with the transition that made the state
    // for Success, Failure, Discarded and Retry; read-time for waiting and held deliveries (what holds them changes
    // without a write).

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC).withLocale(Locale.ROOT);

    /** What a failed try's answer says, in words: "the endpoint answered 410 Gone" or the network error. */
    public static String answerWords(String lastResponse, String error) {
        if (lastResponse != null && !lastResponse.isEmpty() && Character.isDigit(lastResponse.charAt(0))) {
            return "the endpoint answered " + lastResponse;
        }
        if (error != null && !error.isBlank()) {
            return error;
        }
        return lastResponse == null || lastResponse.isEmpty() ? "no response" : lastResponse;
    }

    /** Retry: "Try 2 of 10 failed: the endpoint answered 503 Service Unavailable; next try at ...". */
    public static String retryDescription(long tries, long limit, String answer, Instant next) {
        return "Try " + tries + " of " + limit + " failed: " + answer + "; next try at " + TIME.format(next);
    }

    /** Failure after every try: "Failed after 10 attempts: the endpoint answered 410 Gone". */
    public static String failedDescription(long tries, String answer) {
        return "Failed after " + tries + (tries == 1 ? " attempt: " : " attempts: ") + answer;
    }

    /** at_most_once answered without 2xx: never sent again. */
    public static String failedAtMostOnceDescription(String answer) {
        return "Failed: " + answer + " (at_most_once deliveries are not sent again)";
    }

    /** A transform that failed at planning: its reason, as the planner words it. */
    public static String transformFailedDescription(String why) {
        return why;
    }

    /** The planner's transition for a new delivery: planned when its endpoint is active, else discarded. */
    public static Transition planned(boolean endpointActive) {
        return endpointActive ? Transition.PLANNED : Transition.PLANNED_DISCARDED;
    }

    /** Discarded at planning for the endpoint's status ({@code paused} or {@code inactive}). */
    public static String discardedAtPlanning(String endpointStatus) {
        return "Discarded: the endpoint was " + endpointStatus + " when the event arrived";
    }

    /** The description a transition stores (Discarded and recovery ones; tries have theirs above). */
    public static String storedDescription(Transition t) {
        return switch (t) {
            case DISCARDED_ENDPOINT_PAUSED -> "Discarded: the endpoint was paused when the delivery was due";
            case DISCARDED_ENDPOINT_INACTIVE -> "Discarded: the endpoint was inactive when the delivery was due";
            case DISCARDED_ENDPOINT_GONE -> "Discarded: the endpoint was deleted";
            case DISCARDED_PROJECT_GONE -> "Discarded: the project was deleted";
            case RECOVERED_AT_MOST_ONCE -> "Failed: interrupted by a server stop while being sent; at_most_once "
                    + "deliveries are not sent again";
            case RESENT -> "Resent by a user";
            case BATCH_RETRIED -> "Retried by a user (batch retry)";
            case FORCE_RESENT -> "Force resent by a user";
            default -> "";
        };
    }

    /**
     * The description of a waiting delivery ({@code Scheduled} or {@code Retry}) as shown now: held (and by what,
     * until when), or waiting for its time. {@code stored} is what its last transition wrote (a Retry's last answer,
     * a user's resend).
     */
    public static String describeWaiting(EventDeliveryStatus status, long tries, String stored, DeliveryHold hold,
                                         Instant next, Instant now) {
        boolean none = stored == null || stored.isBlank();
        if (hold != null) {
            // the last try's own "next try at" no longer holds while something holds the delivery: only the hold's
            String tried = none ? "" : " (" + stored.replaceFirst(STALE_NEXT_TRY, "") + ")";
            return switch (hold) {
                case CIRCUIT_OPEN -> "Held: the endpoint's circuit breaker is open; next try at "
                        + TIME.format(next) + tried;
                case RATE_LIMITED -> "Held: the endpoint's rate limit is used up; next try at " + TIME.format(next)
                        + tried;
                case ENDPOINT_PAUSED -> "Held: the endpoint is paused; resume it to send, or this delivery is "
                        + "discarded when due" + tried;
            };
        }
        if (status == EventDeliveryStatus.RETRY) {
            return none ? "Waiting for a retry at " + TIME.format(next) : stored;
        }
        String last = none ? "" : " (" + stored + ")";
        if (!next.isAfter(now.plus(1, ChronoUnit.SECONDS))) {
            return tries == 0 && last.isEmpty() ? "Scheduled: being sent shortly" : "Scheduled: due now" + last;
        }
        return "Scheduled: next try at " + TIME.format(next) + last;
    }

    /** The "; next try at ..." a retry's stored description ends with ({@link #retryDescription}). */
    private static final String STALE_NEXT_TRY = "; next try at \\S+$";

    /** A delivery in flight (held by the dispatcher's lease). */
    public static String describeInFlight(long tries) {
        return "Processing: try " + (tries + 1) + " is being sent";
    }
}
