package dev.hookline.server;

import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.dispatch.CircuitBreakers;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.events.ReplayPlanner;
import dev.hookline.server.eventtypes.EventSchemas;
import dev.hookline.server.eventtypes.EventTypeRepository;
import dev.hookline.server.filters.FilterEngine;
import dev.hookline.server.filters.FilterRepository;
import dev.hookline.server.filters.SubscriptionFilterRows;
import dev.hookline.server.filters.SubscriptionMatch;
import dev.hookline.server.capture.CaptureBinRepository;
import dev.hookline.server.metaevents.MetaEventRepository;
import dev.hookline.server.portallinks.PortalLinkRepository;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.sources.SourceConsumers;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.Ulid;
import dev.hookline.server.subscriptions.EventTypeFilterRows;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * What every feature of the server shares: the database, the clock, the ID generator, the public address, and the
 * repositories (one instance each, made here when {@code HooklineServer} makes the context, so a repository's
 * caches and state live as long as its database and no longer). Services take their repositories from here;
 * routes get services, never repositories (docs/adr/0022).
 */
public final class ServerContext {

    private final Database db;
    private final Clock clock;
    private final Ulid ids;
    private final java.util.concurrent.atomic.AtomicLong requeues = new java.util.concurrent.atomic.AtomicLong();
    private volatile String baseUrl = "";
    private volatile Runnable deliveriesDue = () -> { };
    private volatile Runnable metaEventsDue = () -> { };
    private volatile Runnable retentionChanged = () -> { };
    private final CircuitBreakers circuitBreakers = new CircuitBreakers(CircuitBreakers.Settings.DEFAULTS);
    private final dev.hookline.server.dispatch.DispatchState dispatchState =
            new dev.hookline.server.dispatch.DispatchState(circuitBreakers);
    private volatile SourceConsumers sourceConsumers = SourceConsumers.NONE;
    private final ProjectRepository projects;
    private final EndpointRepository endpoints;
    private final SourceRepository sources;
    private final PortalLinkRepository portalLinks;
    private final MetaEventRepository metaEvents;
    private final CaptureBinRepository captureBins = new CaptureBinRepository();
    private final EventRepository events;
    private final DeliveryRepository deliveries;
    private final AttemptRepository attempts;
    private final SubscriptionRepository subscriptions;
    private final FilterRepository filters;
    private final FilterEngine filterEngine;
    private final SubscriptionMatch subscriptionMatch;
    private final EventTypeRepository eventTypes = new EventTypeRepository();
    private final EventSchemas eventSchemas = new EventSchemas();
    private final EventTypeFilterRows filterRows;
    private volatile ReplayPlanner replayPlanner;
    private volatile SearchIndexer searchIndexer;
    private volatile dev.hookline.server.outbound.DestinationPolicy destinations =
            dev.hookline.server.outbound.DestinationPolicy.EMBEDDED;

    public ServerContext(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
        this.ids = new Ulid(clock);
        this.projects = new ProjectRepository(this);
        this.endpoints = new EndpointRepository(this);
        this.sources = new SourceRepository(this);
        this.portalLinks = new PortalLinkRepository(this);
        this.metaEvents = new MetaEventRepository(this);
        this.events = new EventRepository(this);
        this.deliveries = new DeliveryRepository(this);
        this.attempts = new AttemptRepository(this);
        this.subscriptions = new SubscriptionRepository(this);
        this.filters = new FilterRepository();
        this.filterEngine = new FilterEngine();
        this.subscriptionMatch = new SubscriptionMatch(filters, filterEngine);
        this.filterRows = new SubscriptionFilterRows(filters, this::newId);
    }

    /** The events' SQL (and the state of the writer's last event insert). */
    public EventRepository events() {
        return events;
    }

    /** The event deliveries' SQL. */
    public DeliveryRepository deliveries() {
        return deliveries;
    }

    /** The delivery attempts' SQL. */
    public AttemptRepository attempts() {
        return attempts;
    }

    /** The meta events' SQL. */
    public CaptureBinRepository captureBins() {
        return captureBins;
    }

    public MetaEventRepository metaEvents() {
        return metaEvents;
    }

    /** The portal links' SQL (and their endpoint lists' and refresh keys'). */
    public PortalLinkRepository portalLinks() {
        return portalLinks;
    }

    /** The subscriptions' SQL. */
    public SubscriptionRepository subscriptions() {
        return subscriptions;
    }

    /** The SQL of subscriptions' per-event-type filter rows. */
    public FilterRepository filters() {
        return filters;
    }

    /** Keeps subscriptions' per-event-type filter rows in step with their filter_config (Convoy's rows). */
    public EventTypeFilterRows filterRows() {
        return filterRows;
    }

    /** The filter engine, with its cache of compiled filters. */
    public FilterEngine filterEngine() {
        return filterEngine;
    }

    /** Whether a subscription wants an event (its filter rows and filter_config, with compiled filters cached). */
    public SubscriptionMatch subscriptionMatch() {
        return subscriptionMatch;
    }

    /** The event type catalogue's SQL. */
    public EventTypeRepository eventTypes() {
        return eventTypes;
    }

    /** The event types' JSON Schemas (checked on save, applied at intake), with their compiled forms cached. */
    public EventSchemas eventSchemas() {
        return eventSchemas;
    }

    /** The sources' SQL. */
    public SourceRepository sources() {
        return sources;
    }

    /** The endpoints' SQL. */
    public EndpointRepository endpoints() {
        return endpoints;
    }

    /** The projects' SQL (and the organisation's and the API keys'). */
    public ProjectRepository projects() {
        return projects;
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

    /**
     * Call after committing a write that puts settled deliveries ({@code Success}, {@code Failure},
     * {@code Discarded}) back in the queue (resend, force resend, batch retry): delivery counts cached for past hours
     * ({@code deliveries.DeliveryStatistics}) are then dropped. The only way a settled delivery changes.
     */
    public void deliveriesRequeued() {
        requeues.incrementAndGet();
    }

    /** How many times {@link #deliveriesRequeued()} was called since start. */
    public long requeues() {
        return requeues.get();
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

    /** Tells the retention sweeper that a project's retention policy changed (it applies it soon, not next hour). */
    public void signalRetentionChanged() {
        retentionChanged.run();
    }

    /** The retention sweeper's wake-up call, run by {@link #signalRetentionChanged()}. */
    public void onRetentionChanged(Runnable wakeUp) {
        this.retentionChanged = wakeUp;
    }

    /** The endpoints' circuit breakers: fed by the dispatcher, shown on endpoints, reset by activation. */
    public CircuitBreakers circuitBreakers() {
        return circuitBreakers;
    }

    /** The dispatcher's memory: leases of deliveries in flight, rate limits, breakers (ADR 0008). */
    public dev.hookline.server.dispatch.DispatchState dispatchState() {
        return dispatchState;
    }

    /** The same, as the deliveries API reads it: what is in flight and what holds an endpoint's deliveries. */
    public dev.hookline.server.deliveries.DeliveryHolds deliveryHolds() {
        return dispatchState;
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

    /** The server's one delivery planner (built in {@code HooklineServer}), as replay uses it. */
    public ReplayPlanner replayPlanner() {
        if (replayPlanner == null) {
            throw new IllegalStateException("no delivery planner: the server is not assembled yet");
        }
        return replayPlanner;
    }

    void replayPlanner(ReplayPlanner planner) {
        this.replayPlanner = planner;
    }

    /** Where outbound requests may connect (ADR 0039); set once by {@code HooklineServer} from its config. */
    public dev.hookline.server.outbound.DestinationPolicy destinations() {
        return destinations;
    }

    void destinations(dev.hookline.server.outbound.DestinationPolicy policy) {
        this.destinations = policy;
    }
}
