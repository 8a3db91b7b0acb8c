package dev.hookline.bench;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The server's clock while seeding: set to each event's time so that IDs (ULIDs carry their creation time) and
 * {@code created_at} spread over the data set's month, as if the server had been running all along. Released, it
 * follows the system clock.
 */
public final class SeedClock extends Clock {

    private volatile Instant fixed;

    /**
     * Starts stopped at {@code initial}. The server must start on this clock already set to the data set's first
     * moment: its ID generator never goes back in time, so one ID made at the real "now" would give every later ID
     * that timestamp.
     */
    public SeedClock(Instant initial) {
        this.fixed = initial;
    }

    /** Stops at {@code instant} until set again or released. */
    public void set(Instant instant) {
        this.fixed = instant;
    }

    /** Follows the system clock from now on. */
    public void release() {
        this.fixed = null;
    }

    @Override
    public Instant instant() {
        Instant now = fixed;
        return now == null ? Instant.now() : now;
    }

    @Override
    public long millis() {
        return instant().toEpochMilli();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        if (!ZoneOffset.UTC.equals(zone)) {
            throw new UnsupportedOperationException("the seed clock is UTC only");
        }
        return this;
    }
}
