package dev.hookline.server.store;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Supplier;

/**
 * What repositories and services share about the one database they work on: the database, the clock, the ID
 * generator and the server's public address. One per server, made by {@code HooklineServer} and passed to each
 * repository and service that uses it (docs/adr/0041), so nothing below the wiring knows the others.
 */
public final class Store {

    private final Database db;
    private final Clock clock;
    private final Ulid ids;
    private final Supplier<String> baseUrl;

    /**
     * @param baseUrl the server's own address; known only once HTTP listens (its port may be chosen then), so it is
     *                asked for each time rather than passed as a value
     */
    public Store(Database db, Clock clock, Supplier<String> baseUrl) {
        this.db = db;
        this.clock = clock;
        this.ids = new Ulid(clock);
        this.baseUrl = baseUrl;
    }

    public Database db() {
        return db;
    }

    public Clock clock() {
        return clock;
    }

    /** Now, at microsecond precision (what the database stores), so a value read back equals the one written. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    public String newId() {
        return ids.next();
    }

    /** A new ID that is also greater than {@code floor} (an ID made before, possibly by an earlier run), or null. */
    public String newIdAbove(String floor) {
        return ids.nextAbove(floor);
    }

    /** The server's own address, e.g. {@code http://127.0.0.1:5005}: the base of ingest and portal URLs. */
    public String baseUrl() {
        return baseUrl.get();
    }
}
