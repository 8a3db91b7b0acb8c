package dev.hookline.server;

import dev.hookline.api.model.Endpoint;
import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.brokers.BrokerConsumers;
import dev.hookline.server.brokers.ConsumerSupervisor;
import dev.hookline.server.deliveries.DeliveryRecovery;
import dev.hookline.server.deliveries.DeliveryService;
import dev.hookline.server.deliveries.DeliveryStatistics;
import dev.hookline.server.dispatch.CircuitBreakers;
import dev.hookline.server.dispatch.Dispatcher;
import dev.hookline.server.dispatch.DispatchState;
import dev.hookline.server.dispatch.OutcomeWriter;
import dev.hookline.server.deliveries.DeliveryMetaEvents;
import dev.hookline.server.endpoints.EndpointMetaEvents;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.pacing.FloodPacing;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.store.Store;
import dev.hookline.server.endpoints.EndpointService;
import dev.hookline.server.events.EventReplay;
import dev.hookline.server.events.EventService;
import dev.hookline.server.filters.SubscriptionFilterService;
import dev.hookline.server.health.HealthService;
import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.eventtypes.EventTypeService;
import dev.hookline.server.http.routes.ApiRoutes;
import dev.hookline.server.http.HttpApi;
import dev.hookline.server.http.Router;
import dev.hookline.server.http.auth.BearerAuthenticator;
import dev.hookline.server.capture.CaptureService;
import dev.hookline.server.http.capture.CaptureBinRoutes;
import dev.hookline.server.http.capture.CaptureRoutes;
import dev.hookline.server.http.deliveries.DeliveryRoutes;
import dev.hookline.server.http.deliveries.DeliveryStatisticsRoutes;
import dev.hookline.server.http.endpoints.EndpointRoutes;
import dev.hookline.server.http.events.EventRoutes;
import dev.hookline.server.http.eventtypes.EventTypeRoutes;
import dev.hookline.server.http.filters.SubscriptionFilterRoutes;
import dev.hookline.server.http.health.HealthRoutes;
import dev.hookline.server.http.ingest.EventCreationRoutes;
import dev.hookline.server.http.ingest.IngestRoutes;
import dev.hookline.server.http.metaevents.MetaEventRoutes;
import dev.hookline.server.http.onboarding.OnboardRoutes;
import dev.hookline.server.http.openapi.OpenApiRoutes;
import dev.hookline.server.http.outbound.OAuth2TestRoutes;
import dev.hookline.server.http.portal.PortalEventRoutes;
import dev.hookline.server.http.portal.PortalPageRoutes;
import dev.hookline.server.http.portal.PortalRoutes;
import dev.hookline.server.http.portallinks.PortalLinkRoutes;
import dev.hookline.server.http.projects.ProjectRoutes;
import dev.hookline.server.http.sources.SourceRoutes;
import dev.hookline.server.http.subscriptions.SubscriptionRoutes;
import dev.hookline.server.http.transforms.FunctionTestRoutes;
import dev.hookline.server.ingest.BrokerIntake;
import dev.hookline.server.ingest.ConfigCache;
import dev.hookline.server.ingest.DeliveryPlanner;
import dev.hookline.server.ingest.IntakeService;
import dev.hookline.server.metaevents.MetaEventDispatcher;
import dev.hookline.server.metaevents.MetaEventService;
import dev.hookline.server.onboarding.OnboardService;
import dev.hookline.server.outbound.LazyWebhookSender;
import dev.hookline.server.outbound.OAuth2TestService;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.outbound.WebhookSender;
import dev.hookline.server.portal.PortalEndpointSetup;
import dev.hookline.server.portal.PortalLinkCheck;
import dev.hookline.server.portal.PortalManagedEndpoints;
import dev.hookline.server.portal.PortalSessions;
import dev.hookline.server.portal.PortalScope;
import dev.hookline.server.portallinks.PortalLinkService;
import dev.hookline.server.projects.ProjectService;
import dev.hookline.server.retention.RetentionRepository;
import dev.hookline.server.retention.RetentionSweeper;
import dev.hookline.server.retention.StorageService;
import dev.hookline.server.http.storage.StorageRoutes;
import dev.hookline.server.sources.SourceService;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.store.DataDirectoryLock;
import dev.hookline.server.store.Database;
import dev.hookline.server.subscriptions.SubscriptionService;
import dev.hookline.server.transforms.ScriptSandbox;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Assembles a running server, and is the one place that does (docs/adr/0041): the data directory's lock
 * (docs/adr/0027), the database (checked), the {@link Store} handle and the {@link Signals}, the {@link Repositories},
 * the services (each given what it uses; the route services in {@link #registerRoutes}), their routes' handler
 * objects, HTTP, the dispatchers and the broker consumers. The whole API (every method, path, access level and
 * handler) is the table in {@link ApiRoutes}; this class only makes the objects that table routes to. Where one
 * feature's service needs another's machinery without depending on its package, it is connected here
 * (docs/adr/0022).
 */
public final class HooklineServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HooklineServer.class);
    /** How often the meta-event dispatcher looks for retries come due (it is woken for new ones). */
    private static final Duration META_EVENT_POLL = Duration.ofSeconds(1);

    private final ServerConfig config;
    private final Store store;
    private final Signals signals = new Signals();
    /** Holds a flooding project back while another project's deliveries lag behind it (ADR 0043). */
    private final FloodPacing pacing = new FloodPacing();
    private final Repositories repositories;
    /** The endpoints' circuit breakers: fed by the dispatcher, shown on endpoints, reset by activation. */
    private final CircuitBreakers circuitBreakers = new CircuitBreakers(CircuitBreakers.Settings.DEFAULTS);
    /** The dispatcher's memory: leases of deliveries in flight, rate limits, breakers (ADR 0008). */
    private final DispatchState dispatchState = new DispatchState(circuitBreakers);
    private final MetaEventRecorder metaEventRecorder;
    private final EndpointMetaEvents endpointMetaEvents;
    private final DeliveryMetaEvents deliveryMetaEvents;
    private final DeliveryPlanner planner;
    /** The server's own address once HTTP listens (its port may be chosen then): the base of ingest and portal URLs. */
    private volatile String baseUrl = "";
    private final Router router = new Router();
    private final KeyAuthenticator authenticator;
    private final ProjectService projects;
    private final HttpApi http;
    private final Dispatcher dispatcher;
    private final MetaEventDispatcher metaEvents;
    private final SearchIndexer searchIndexer;
    private final RetentionRepository retention;
    private final RetentionSweeper retentionSweeper;
    private final ConsumerSupervisor brokerConsumers;
    private final ScriptSandbox scripts;
    private final IntakeService intake;
    private final DataDirectoryLock lock;
    /** A key valid while this process runs, written to the 0600 lock file for a console that finds the dir owned. */
    private final String ownerKey = Keys.unstoredApiKey();
    private volatile boolean ready;
    /** The sender {@link #start(ServerConfig)} made, closed with the server (a sender passed in is the caller's). */
    private LazyWebhookSender ownedSender;

    private HooklineServer(ServerConfig config, DataDirectoryLock lock, Database db, WebhookSender sender,
                           BrokerConsumers consumers) throws IOException {
        this.config = config;
        this.lock = lock;
        this.store = new Store(db, config.clock(), () -> baseUrl);
        this.searchIndexer = new SearchIndexer(db);
        this.repositories = Repositories.on(store, searchIndexer, dispatchState);
        Repositories r = repositories;
        this.retention = new RetentionRepository(db);
        this.retentionSweeper = new RetentionSweeper(store, r.projects(), retention);
        signals.onRetentionChanged(retentionSweeper::wakeUp);
        this.authenticator = new KeyAuthenticator(store);
        authenticator.addSessionKey(ownerKey);
        this.projects = new ProjectService(store, signals, r.projects(), config.destinations(),
                authenticator::forgetAll,
                saved -> circuitBreakers.configure(saved.uid(), saved.config().circuitBreaker()));
        r.projects().defaultOrganisationId();
        this.metaEventRecorder = new MetaEventRecorder(store, signals, r.projects(), r.metaEvents());
        this.endpointMetaEvents = new EndpointMetaEvents(r.endpoints(), metaEventRecorder);
        this.deliveryMetaEvents = new DeliveryMetaEvents(store, r.deliveries(), r.attempts(), metaEventRecorder);
        this.scripts = new ScriptSandbox(ScriptSandbox.Settings.standard(config.scriptTimeLimit()));
        if (db.read(c -> {
            try (var st = c.createStatement(); var rs = st.executeQuery("SELECT 1 FROM subscriptions WHERE "
                    + "deleted_at IS NULL AND function IS NOT NULL AND trim(function) <> '' LIMIT 1")) {
                return rs.next();
            }
        })) {
            scripts.warmUpNow(); // workers warm before the first event, not at it (issue 29)
        }
        ConfigCache configCache = new ConfigCache(store, r.endpoints(), r.sources(), r.projects(), r.subscriptions(),
                r.eventTypes()).install();
        this.planner = new DeliveryPlanner(store, r.events(), r.deliveries(), r.attempts(), r.subscriptionMatch(),
                configCache, scripts);
        this.intake = new IntakeService(store, signals, config.destinations(), r.endpoints(), r.sources(),
                r.subscriptions(), r.filterRows(), r.events(), r.eventSchemas(), metaEventRecorder, endpointMetaEvents,
                configCache, planner, scripts, pacing);
        // broker hosts are checked against the same destination policy as every outbound HTTP call (ADR 0039);
        // made before the routes because the source use cases tell it about changes (it starts once HTTP listens)
        this.brokerConsumers = new ConsumerSupervisor(r.sources(), consumers.checkedBy(config.destinations()),
                new BrokerIntake(intake), config.clock());
        registerRoutes();
        this.http = new HttpApi(config.host(), config.port(), router, new BearerAuthenticator(authenticator),
                r.projects()::find, ServerConfig.MAX_BODY_BYTES, config.httpLimits());
        this.baseUrl = "http://" + hostForUrl(config.host()) + ":" + http.port();
        if (sender != null) {
            // endpoints an outside party can change are reached on public addresses only (ADR 0039)
            sender.connectPublicOnlyFor(new PortalManagedEndpoints(store, r.portalLinks()));
        }
        this.dispatcher = sender == null ? null : new Dispatcher(store, signals, dispatchState, circuitBreakers,
                r.endpoints(), r.projects(), new OutcomeWriter(store, r.attempts(), dispatchState, deliveryMetaEvents,
                endpointMetaEvents), sender, pacing);
        this.metaEvents = sender == null ? null : new MetaEventDispatcher(store, signals, r.projects(),
                r.metaEvents(), sender, META_EVENT_POLL);
    }

    /**
     * Opens the database (creating the data dir), applies migrations, starts delivering through an
     * {@link OkHttpWebhookSender} (made on the first send) and starts listening.
     */
    public static HooklineServer start(ServerConfig config) throws IOException {
        LazyWebhookSender sender = new LazyWebhookSender(config.clock(), config.destinations());
        try {
            HooklineServer server = start(config, sender);
            server.ownedSender = sender;
            return server;
        } catch (IOException | RuntimeException e) {
            sender.close();
            throw e;
        }
    }

    /**
     * Like {@link #start(ServerConfig)}, delivering through {@code sender}: deliveries left {@code Processing} by
     * the last stop are recovered and the dispatcher starts before the server listens, and so does the meta-event
     * dispatcher. A null sender starts neither (deliveries and meta events are stored and wait).
     */
    public static HooklineServer start(ServerConfig config, WebhookSender sender) throws IOException {
        return start(config, sender, StandardBrokers.consumers());
    }

    /**
     * Like {@link #start(ServerConfig, WebhookSender)}, consuming the brokers of pub_sub sources with
     * {@code consumers}: each enabled pub_sub source's consumer starts once the server listens.
     */
    public static HooklineServer start(ServerConfig config, WebhookSender sender, BrokerConsumers consumers)
            throws IOException {
        return start(config, sender, consumers, Database.ConnectionFilter.NONE);
    }

    /**
     * Like {@link #start(ServerConfig, WebhookSender, BrokerConsumers)}, the database's write connection passed
     * through {@code writeConnection} (tests inject storage faults there). The data directory is taken first: a
     * second server on it fails here with {@link dev.hookline.server.store.DataDirectoryInUseException}, before it
     * opens the database or consumes a broker.
     */
    public static HooklineServer start(ServerConfig config, WebhookSender sender, BrokerConsumers consumers,
                                       Database.ConnectionFilter writeConnection) throws IOException {
        DataDirectoryLock lock = DataDirectoryLock.acquire(config.dataDir());
        Database db;
        try {
            db = Database.open(config.databaseFile(), writeConnection);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
        Dispatcher started = null;
        MetaEventDispatcher metaStarted = null;
        SearchIndexer indexing = null;
        RetentionSweeper sweeping = null;
        IntakeService planning = null;
        try {
            HooklineServer server = new HooklineServer(config, lock, db, sender, consumers);
            server.searchIndexer.start(); // catches up what the last run left unindexed, in the background
            indexing = server.searchIndexer;
            server.retentionSweeper.start(); // the first sweep waits a minute: start-up work goes first
            sweeping = server.retentionSweeper;
            server.intake.start(); // plans what the last run acknowledged but left unplanned (ADR 0038)
            planning = server.intake;
            if (server.dispatcher != null) {
                server.dispatcher.start();
                started = server.dispatcher;
            }
            if (server.metaEvents != null) {
                server.metaEvents.start();
                metaStarted = server.metaEvents;
            }
            server.http.start();
            lock.listening(server.baseUrl(), server.ownerKey);
            server.brokerConsumers.start();
            server.ready = true;
            LOG.info("Hookline server on {} with data in {}", server.baseUrl(), config.dataDir().toAbsolutePath());
            return server;
        } catch (IOException | RuntimeException e) {
            if (metaStarted != null) {
                metaStarted.close();
            }
            if (started != null) {
                started.close();
            }
            if (planning != null) {
                planning.close();
            }
            if (sweeping != null) {
                sweeping.close();
            }
            if (indexing != null) {
                indexing.close();
            }
            db.close();
            lock.close();
            throw e;
        }
    }

    private void registerRoutes() {
        Repositories r = repositories;
        EndpointService endpoints = new EndpointService(store, signals, config.destinations(), r.endpoints(),
                endpointMetaEvents, circuits(circuitBreakers));
        PortalLinkService portalLinks = new PortalLinkService(store, r.endpoints(), r.portalLinks(),
                authenticator::forgetAll);
        EventService events = new EventService(r.events());
        EventReplay replay = new EventReplay(store, signals, r.events(), planner, pacing);
        DeliveryService deliveries = new DeliveryService(store, r.deliveries(), r.attempts(), dispatchState);
        DeliveryRecovery recovery = new DeliveryRecovery(store, signals, r.endpoints(), r.deliveries(), dispatchState);
        PortalScope portalScope = new PortalScope(store, r.portalLinks());
        SubscriptionService subscriptions = new SubscriptionService(store, r.endpoints(), r.sources(),
                r.subscriptions(), r.filterRows());
        EventTypeService eventTypes = new EventTypeService(store, r.eventTypes(), r.eventSchemas());
        CaptureService capture = new CaptureService(store, r.endpoints(), r.projects(), r.captureBins());
        // the handler objects; which URL reaches which of their methods is ApiRoutes' table
        ApiRoutes.register(router,
                new ProjectRoutes(projects),
                new OpenApiRoutes(),
                new HealthRoutes(new HealthService(store, r.sources(), brokerConsumers, config.dataDir(), () -> ready)),
                new StorageRoutes(new StorageService(store, config.dataDir(), retention, retentionSweeper)),
                new EndpointRoutes(endpoints),
                new OAuth2TestRoutes(new OAuth2TestService(config.clock(), config.destinations())),
                new EventRoutes(events, replay),
                new DeliveryRoutes(deliveries, recovery),
                new DeliveryStatisticsRoutes(new DeliveryStatistics(store, signals, r.deliveries()), portalScope),
                new MetaEventRoutes(new MetaEventService(store, signals, r.metaEvents())),
                new PortalLinkRoutes(portalLinks),
                new PortalRoutes(projects, endpoints, portalLinks, portalScope, new PortalEndpointSetup(endpoints,
                        subscriptions, eventTypes, intake),
                        new PortalSessions(store, authenticator)),
                new PortalEventRoutes(portalScope, events, replay, deliveries, recovery),
                new PortalPageRoutes(new PortalLinkCheck(store, authenticator), projectId -> {
                    var project = projects.find(projectId);
                    return project == null || project.config() == null
                            || project.config().portalFrameAncestors() == null
                            ? java.util.List.of() : project.config().portalFrameAncestors();
                }),
                new CaptureBinRoutes(capture),
                new CaptureRoutes(capture),
                new SourceRoutes(new SourceService(store, r.sources(), config.destinations(), brokerConsumers)),
                new SubscriptionRoutes(subscriptions),
                new SubscriptionFilterRoutes(new SubscriptionFilterService(store, r.subscriptions(), r.filters(),
                        r.filterEngine(), r.subscriptionMatch())),
                new EventTypeRoutes(eventTypes),
                new OnboardRoutes(new OnboardService(store, config.destinations(), r.endpoints(), r.subscriptions(),
                        r.filterRows(), endpointMetaEvents)),
                new FunctionTestRoutes(scripts),
                new IngestRoutes(intake),
                new EventCreationRoutes(intake));
    }

    /** The dispatcher's circuit breakers as the endpoint use cases see them. */
    private static EndpointService.Circuits circuits(CircuitBreakers breakers) {
        return new EndpointService.Circuits() {
            @Override
            public Endpoint describe(Endpoint endpoint, Instant now) {
                return breakers.describe(endpoint, now);
            }

            @Override
            public boolean closed(String endpointId, Instant now) {
                return breakers.state(endpointId, now) == CircuitBreakers.State.CLOSED;
            }

            @Override
            public void reset(String endpointId) {
                breakers.reset(endpointId);
            }
        };
    }

    /** The database, clock, IDs and address every repository and service of this server shares. */
    public Store store() {
        return store;
    }

    /** The wake-up calls of this server's background loops. */
    public Signals signals() {
        return signals;
    }

    /** This server's repositories (tests seed and inspect the database through them). */
    public Repositories repositories() {
        return repositories;
    }

    /** The background writer of the events' full-text rows (ADR 0024). */
    public SearchIndexer searchIndexer() {
        return searchIndexer;
    }

    /** Records the {@code eventdelivery.*} meta events of delivery outcomes (the dispatcher's outcome write). */
    public DeliveryMetaEvents deliveryMetaEvents() {
        return deliveryMetaEvents;
    }

    /** The one delivery planner (ingest's planning stage and replay). */
    public DeliveryPlanner planner() {
        return planner;
    }

    public Router router() {
        return router;
    }

    public KeyAuthenticator authenticator() {
        return authenticator;
    }

    /** The project use cases (the console's default project, the instance keys of ServerMain). */
    public ProjectService projects() {
        return projects;
    }

    /** Applies the projects' retention policies in the background (ADR 0032). */
    public RetentionSweeper retention() {
        return retentionSweeper;
    }

    /** Where user scripts run (worker processes, per-project shares). */
    public ScriptSandbox scripts() {
        return scripts;
    }

    /** Events acknowledged whose deliveries the planning stage has not stored yet (ADR 0038). */
    public int planningBacklog() {
        return intake.planningBacklog();
    }

    public ServerConfig config() {
        return config;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public int port() {
        return http.port();
    }

    /** An instance key valid while this server runs (kept in memory and in the 0600 lock file only). */
    public String ownerKey() {
        return ownerKey;
    }

    @Override
    public void close() {
        ready = false;
        // consumers first: nothing new comes in while the rest stops, and unacknowledged messages stay queued
        brokerConsumers.close();
        http.close();
        intake.close(); // the planning stage: what it has not planned keeps its marker for the next start
        if (metaEvents != null) {
            metaEvents.close();
        }
        if (dispatcher != null) {
            dispatcher.close();
        }
        if (ownedSender != null) {
            ownedSender.close();
        }
        retentionSweeper.close();
        searchIndexer.close();
        scripts.close();
        authenticator.close();
        store.db().close();
        lock.close(); // last: no one else opens the database before it is closed
        LOG.info("Hookline server stopped");
    }

    private static String hostForUrl(String host) {
        if (host.equals("0.0.0.0") || host.equals("::")) {
            return "127.0.0.1";
        }
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
