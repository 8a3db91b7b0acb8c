package dev.hookline.server.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.deliveries.DeliveryLifecycle.Actor;
import dev.hookline.server.deliveries.DeliveryLifecycle.Transition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Walks the whole transition table: every (state, transition) pair is either the one expected or refused. */
class DeliveryLifecycleTest {

    private static final EventDeliveryStatus SCHEDULED = EventDeliveryStatus.SCHEDULED;
    private static final EventDeliveryStatus RETRY = EventDeliveryStatus.RETRY;
    private static final EventDeliveryStatus PROCESSING = EventDeliveryStatus.PROCESSING;
    private static final EventDeliveryStatus SUCCESS = EventDeliveryStatus.SUCCESS;
    private static final EventDeliveryStatus FAILURE = EventDeliveryStatus.FAILURE;
    private static final EventDeliveryStatus DISCARDED = EventDeliveryStatus.DISCARDED;

    /** The table as a reader of ADR 0008 expects it: transition -> the states it starts from. */
    private static final Map<Transition, Set<EventDeliveryStatus>> FROM = new EnumMap<>(Transition.class);
    /** ... and the stored status it leaves (null: the status stays). */
    private static final Map<Transition, EventDeliveryStatus> TO = new EnumMap<>(Transition.class);

    private static void expect(Transition t, Set<EventDeliveryStatus> from, EventDeliveryStatus to) {
        FROM.put(t, from);
        TO.put(t, to);
    }

    static {
        Set<EventDeliveryStatus> none = EnumSet.noneOf(EventDeliveryStatus.class);
        Set<EventDeliveryStatus> waiting = EnumSet.of(SCHEDULED, RETRY);
        Set<EventDeliveryStatus> claimed = EnumSet.of(SCHEDULED, RETRY, PROCESSING);
        expect(Transition.PLANNED, none, SCHEDULED);
        expect(Transition.PLANNED_DISCARDED, none, DISCARDED);
        expect(Transition.PLANNED_TRANSFORM_FAILED, none, FAILURE);
        expect(Transition.CLAIMED_IN_MEMORY, waiting, null);
        expect(Transition.CLAIMED_AT_MOST_ONCE, waiting, PROCESSING);
        expect(Transition.SUCCEEDED, claimed, SUCCESS);
        expect(Transition.RETRY_SCHEDULED, claimed, RETRY);
        expect(Transition.FAILED_TRIES_USED_UP, claimed, FAILURE);
        expect(Transition.FAILED_AT_MOST_ONCE, claimed, FAILURE);
        expect(Transition.DISCARDED_ENDPOINT_PAUSED, waiting, DISCARDED);
        expect(Transition.DISCARDED_ENDPOINT_INACTIVE, waiting, DISCARDED);
        expect(Transition.DISCARDED_ENDPOINT_GONE, waiting, DISCARDED);
        expect(Transition.DISCARDED_PROJECT_GONE, waiting, DISCARDED);
        expect(Transition.HELD_RATE_LIMITED, waiting, null);
        expect(Transition.HELD_CIRCUIT_OPEN, claimed, null);
        expect(Transition.HANDED_BACK_ON_STOP, claimed, null);
        expect(Transition.RECOVERED_AFTER_CRASH, EnumSet.of(PROCESSING), null);
        expect(Transition.RECOVERED_AT_MOST_ONCE, EnumSet.of(PROCESSING), FAILURE);
        expect(Transition.RESENT, EnumSet.of(FAILURE, DISCARDED), SCHEDULED);
        expect(Transition.BATCH_RETRIED, EnumSet.of(FAILURE, DISCARDED), SCHEDULED);
        expect(Transition.FORCE_RESENT, EnumSet.of(SUCCESS), SCHEDULED);
    }

    @Test
    void everyTransitionIsInTheTableWithAReason() {
        assertEquals(EnumSet.allOf(Transition.class), FROM.keySet(), "a transition nobody reviewed");
        for (Transition t : DeliveryLifecycle.transitions()) {
            assertTrue(!t.reason().isBlank(), t + " says why");
            assertEquals(FROM.get(t), t.from(), t + " starts from");
            assertEquals(TO.get(t), t.to(), t + " writes");
        }
    }

    @Test
    void everyStateAndTransitionPairIsAllowedOrRefused() {
        List<EventDeliveryStatus> states = new ArrayList<>(Arrays.asList(EventDeliveryStatus.values()));
        states.add(null); // not yet stored
        int allowed = 0;
        int refused = 0;
        for (Transition t : Transition.values()) {
            for (EventDeliveryStatus from : states) {
                boolean expected = from == null ? FROM.get(t).isEmpty() : FROM.get(t).contains(from);
                if (expected) {
                    EventDeliveryStatus after = DeliveryLifecycle.next(from, 0, t);
                    EventDeliveryStatus wanted = TO.get(t) != null ? TO.get(t)
                            : from == PROCESSING ? SCHEDULED : from;
                    assertEquals(wanted, after, from + " --" + t + "-->");
                    allowed++;
                } else {
                    EventDeliveryStatus state = from;
                    IllegalStateException e = assertThrows(IllegalStateException.class,
                            () -> DeliveryLifecycle.next(state, 0, t), from + " --" + t + "--> must be refused");
                    assertTrue(e.getMessage().contains(t.name()), e.getMessage());
                    refused++;
                }
            }
        }
        assertEquals(Transition.values().length * states.size(), allowed + refused);
    }

    @Test
    void aProcessingRowHandedBackGoesBackToScheduledOrRetryByItsTries() {
        assertEquals(SCHEDULED, DeliveryLifecycle.next(PROCESSING, 0, Transition.HANDED_BACK_ON_STOP));
        assertEquals(RETRY, DeliveryLifecycle.next(PROCESSING, 3, Transition.RECOVERED_AFTER_CRASH));
        assertEquals(RETRY, DeliveryLifecycle.next(RETRY, 3, Transition.HELD_CIRCUIT_OPEN));
    }

    @Test
    void nothingLeavesSuccessButAForceResendNorASettledStateButAUser() {
        for (Transition t : Transition.values()) {
            if (t.allowedFrom(SUCCESS)) {
                assertEquals(Transition.FORCE_RESENT, t);
            }
            if (t.allowedFrom(FAILURE) || t.allowedFrom(DISCARDED)) {
                assertEquals(Actor.USER, t.by(), t + " leaves an ended delivery");
            }
        }
    }

    @Test
    void guardsNameTheStatusesATransitionStartsFrom() {
        assertEquals("status IN ('Failure', 'Discarded')", Transition.RESENT.guard().replace("'Discarded', 'Failure'",
                "'Failure', 'Discarded'"));
        assertTrue(Transition.SUCCEEDED.guard().contains("'Processing'"));
        assertThrows(IllegalStateException.class, Transition.PLANNED::guard);
    }

    @Test
    void descriptionsSayTheCurrentReason() {
        Instant now = Instant.parse("2026-12-02T04:00:00Z");
        assertEquals("Failed after 10 attempts: the endpoint answered 410 Gone",
                DeliveryLifecycle.failedDescription(10,
                        DeliveryLifecycle.answerWords("410 Gone", "receiver answered")));
        assertEquals("Held: the endpoint's circuit breaker is open; next try at 2026-12-02T04:00:30Z",
                DeliveryLifecycle.describeWaiting(SCHEDULED, 0, "", DeliveryHold.CIRCUIT_OPEN, now.plusSeconds(30),
                        now));
        String tried = DeliveryLifecycle.retryDescription(1, 10, "the endpoint answered 500 Internal Server Error",
                now.minusSeconds(5));
        assertEquals("Held: the endpoint's circuit breaker is open; next try at 2026-12-02T04:00:30Z (Try 1 of 10 "
                + "failed: the endpoint answered 500 Internal Server Error)",
                DeliveryLifecycle.describeWaiting(RETRY, 1, tried, DeliveryHold.CIRCUIT_OPEN, now.plusSeconds(30), now),
                "the last try's own next time no longer holds: only the hold's is said");
        assertTrue(DeliveryLifecycle.describeWaiting(RETRY, 2, "", DeliveryHold.ENDPOINT_PAUSED, now, now)
                .startsWith("Held: the endpoint is paused"));
        assertEquals("Discarded: the endpoint was paused when the event arrived",
                DeliveryLifecycle.discardedAtPlanning("paused"));
        assertEquals("connection refused by 127.0.0.1:1",
                DeliveryLifecycle.answerWords(null, "connection refused by 127.0.0.1:1"));
    }
}
