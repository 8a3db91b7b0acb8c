package dev.hookline.server;

import dev.hookline.server.brokers.SourceConsumers;
import dev.hookline.server.dispatch.CircuitBreakers;
import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.Ulid;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** What every feature of the server shares: the database, the clock, the ID generator and the public address. */
public final class ServerContext {

    private final Database db;
    private final Clock clock;
    private final Ulid ids;
    private volatile String baseUrl = "";
    private volatile Runnable deliveriesDue = () -> { };
    private volatile Runnable metaEventsDue = () -> { };
    private final CircuitBreakers circuitBreakers = new CircuitBreakers(CircuitBreakers.Settings.DEFAULTS);
    private volatile SourceConsumers sourceConsumers = SourceConsumers.NONE;
    private volatile SearchIndexer searchIndexer;

    public ServerContext(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
        this.ids = new Ulid(clock);
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
        return baseUrl;
    }

    void baseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /**
     * Tells the dispatcher that deliveries may be due now (call it after committing new or rescheduled deliveries),
     * so they go out at once instead of at the next poll. A no-op until a dispatcher listens.
     */
    public void signalDeliveriesDue() {
        deliveriesDue.run();
    }

    /** The dispatcher's wake-up call, run by {@link #signalDeliveriesDue()}. */
    public void onDeliveriesDue(Runnable wakeUp) {
        this.deliveriesDue = wakeUp;
    }

    /** Tells the meta-event dispatcher that meta events may be due now (recorded or queued again). */
    public void signalMetaEventsDue() {
        metaEventsDue.run();
    }

    /** The meta-event dispatcher's wake-up call, run by {@link #signalMetaEventsDue()}. */
    public void onMetaEventsDue(Runnable wakeUp) {
        this.metaEventsDue = wakeUp;
    }

    /** The endpoints' circuit breakers: fed by the dispatcher, shown on endpoints, reset by activation. */
    public CircuitBreakers circuitBreakers() {
        return circuitBreakers;
    }

    /** The broker consumers of pub_sub sources: told about source changes, asked for a source's consumer state. */
    /** The background writer of the events' full-text rows (ADR 0024); null before the server set it. */
    public SearchIndexer searchIndexer() {
        return searchIndexer;
    }

    void searchIndexer(SearchIndexer indexer) {
        this.searchIndexer = indexer;
    }

    public SourceConsumers sourceConsumers() {
        return sourceConsumers;
    }

    void sourceConsumers(SourceConsumers consumers) {
        this.sourceConsumers = consumers;
    }
}
