package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class UlidTest {

    @Test
    void idsMadeInTheSameMillisecondStillIncrease() {
        Ulid ids = new Ulid(Clock.fixed(Instant.parse("2026-01-02T03:04:05.678Z"), ZoneOffset.UTC));
        String previous = ids.next();
        for (int i = 0; i < 10_000; i++) {
            String next = ids.next();
            assertTrue(next.compareTo(previous) > 0, next + " after " + previous);
            previous = next;
        }
    }

    @Test
    void timePrefixRoundTripsAndBoundsBracketTheMillisecond() {
        long millis = Instant.parse("2026-01-02T03:04:05.678Z").toEpochMilli();
        String id = new Ulid(Clock.fixed(Instant.ofEpochMilli(millis), ZoneOffset.UTC)).next();
        assertEquals(26, id.length());
        assertTrue(Ulid.isUlid(id));
        assertEquals(millis, Ulid.timestampOf(id));
        assertTrue(Ulid.lowerBound(millis).compareTo(id) <= 0);
        assertTrue(Ulid.upperBound(millis).compareTo(id) >= 0);
        assertTrue(Ulid.upperBound(millis - 1).compareTo(id) < 0);
        assertTrue(Ulid.lowerBound(millis + 1).compareTo(id) > 0);
    }

    @Test
    void rejectsNonUlids() {
        assertFalse(Ulid.isUlid("01ARZ3NDEKTSV4RRFFQ69G5FA"));
        assertFalse(Ulid.isUlid("01ARZ3NDEKTSV4RRFFQ69G5FAU!"));
        assertFalse(Ulid.isUlid("01ARZ3NDEKTSV4RRFFQ69G5FAI")); // I is not Crockford
        assertTrue(Ulid.isUlid("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    }
}
