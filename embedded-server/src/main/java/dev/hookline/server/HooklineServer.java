package dev.hookline.server;

import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.brokers.BrokerConsumers;
import dev.hookline.server.brokers.ConsumerSupervisor;
import dev.hookline.server.deliveries.DeliveryRoutes;
import dev.hookline.server.dispatch.Dispatcher;
import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.endpoints.EndpointRoutes;
import dev.hookline.server.events.EventRoutes;
import dev.hookline.server.filters.SubscriptionFilterRoutes;
import dev.hookline.server.http.HttpApi;
import dev.hookline.server.ingest.BrokerIntake;
import dev.hookline.server.ingest.EventCreationRoutes;
import dev.hookline.server.ingest.IngestRoutes;
import dev.hookline.server.http.Router;
import dev.hookline.server.metaevents.MetaEventDispatcher;
import dev.hookline.server.metaevents.MetaEventRoutes;
import dev.hookline.server.openapi.OpenApiRoutes;
import dev.hookline.server.outbound.OAuth2TestRoutes;
import dev.hookline.server.outbound.LazyWebhookSender;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.outbound.WebhookSender;
import dev.hookline.server.portal.PortalEventRoutes;
import dev.hookline.server.portal.PortalRoutes;
import dev.hookline.server.portallinks.PortalLinkRoutes;
import dev.hookline.server.projects.ProjectRoutes;
import dev.hookline.server.projects.ProjectStore;
import dev.hookline.server.sources.SourceRoutes;
import dev.hookline.server.sources.SourceStore;
import dev.hookline.server.store.Database;
import dev.hookline.server.subscriptions.SubscriptionRoutes;
import dev.hookline.server.transforms.FunctionTestRoutes;
import dev.hookline.server.transforms.ScriptRunner;
import java.io.IOException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Assembles a running server: database, features, routes, HTTP. Each feature registers its own routes in
 * {@link #registerRoutes}; that list is the whole API.
 */
public final class HooklineServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HooklineServer.class);
    /** How often the meta-event dispatcher looks for retries come due (it is woken for new ones). */
    private static final Duration META_EVENT_POLL = Duration.ofSeconds(1);

    private final ServerConfig config;
    private final ServerContext context;
    private final Router router = new Router();
    private final KeyAuthenticator authenticator;
    private final ProjectStore projects;
    private final HttpApi http;
    private final Dispatcher dispatcher;
    private final MetaEventDispatcher metaEvents;
    private final SearchIndexer searchIndexer;
    private final ConsumerSupervisor brokerConsumers;
    /** The sender {@link #start(ServerConfig)} made, closed with the server (a sender passed in is the caller's). */
    private LazyWebhookSender ownedSender;

    private HooklineServer(ServerConfig config, Database db, WebhookSender sender, BrokerConsumers consumers)
            throws IOException {
        this.config = config;
        this.context = new ServerContext(db, config.clock());
        this.searchIndexer = new SearchIndexer(db);
        context.searchIndexer(searchIndexer);
        this.authenticator = new KeyAuthenticator(context);
        this.projects = new ProjectStore(context);
        projects.defaultOrganisationId();
        registerRoutes();
        this.http = new HttpApi(config.host(), config.port(), router, authenticator, projects::find,
                ServerConfig.MAX_BODY_BYTES);
        context.baseUrl("http://" + hostForUrl(config.host()) + ":" + http.port());
        this.dispatcher = sender == null ? null : new Dispatcher(context, sender);
        this.metaEvents = sender == null ? null : new MetaEventDispatcher(context, sender, META_EVENT_POLL);
        this.brokerConsumers = new ConsumerSupervisor(new SourceStore(context), consumers, new BrokerIntake(context),
                context.clock());
        context.sourceConsumers(brokerConsumers);
    }

    /**
     * Opens the database (creating the data dir), applies migrations, starts delivering through an
     * {@link OkHttpWebhookSender} (made on the first send) and starts listening.
     */
    public static HooklineServer start(ServerConfig config) throws IOException {
        LazyWebhookSender sender = new LazyWebhookSender(config.clock());
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
        return start(config, sender, BrokerConsumers.standard());
    }

    /**
     * Like {@link #start(ServerConfig, WebhookSender)}, consuming the brokers of pub_sub sources with
     * {@code consumers}: each enabled pub_sub source's consumer starts once the server listens.
     */
    public static HooklineServer start(ServerConfig config, WebhookSender sender, BrokerConsumers consumers)
            throws IOException {
        Database db = Database.open(config.databaseFile());
        Dispatcher started = null;
        MetaEventDispatcher metaStarted = null;
        SearchIndexer indexing = null;
        try {
            HooklineServer server = new HooklineServer(config, db, sender, consumers);
            server.searchIndexer.start(); // catches up what the last run left unindexed, in the background
            indexing = server.searchIndexer;
            if (server.dispatcher != null) {
                server.dispatcher.start();
                started = server.dispatcher;
            }
            if (server.metaEvents != null) {
                server.metaEvents.start();
                metaStarted = server.metaEvents;
            }
            server.http.start();
            server.brokerConsumers.start();
            LOG.info("Hookline server on {} with data in {}", server.baseUrl(), config.dataDir().toAbsolutePath());
            return server;
        } catch (IOException | RuntimeException e) {
            if (metaStarted != null) {
                metaStarted.close();
            }
            if (started != null) {
                started.close();
            }
            if (indexing != null) {
                indexing.close();
            }
            db.close();
            throw e;
        }
    }

    private void registerRoutes() {
        new ProjectRoutes(context, projects, authenticator).register(router);
        new OpenApiRoutes().register(router);
        // feature routes
        new EndpointRoutes(context).register(router);
        new OAuth2TestRoutes(context).register(router);
        new EventRoutes(context).register(router);
        new DeliveryRoutes(context).register(router);
        new MetaEventRoutes(context).register(router);
        new PortalLinkRoutes(context, authenticator).register(router);
        new PortalRoutes(context, projects).register(router);
        new PortalEventRoutes(context).register(router);
        new SourceRoutes(context).register(router);
        new SubscriptionRoutes(context).register(router);
        new SubscriptionFilterRoutes(context).register(router);
        new FunctionTestRoutes(ScriptRunner.standard()).register(router);
        new IngestRoutes(context).register(router);
        new EventCreationRoutes(context).register(router);
    }

    public ServerContext context() {
        return context;
    }

    public Router router() {
        return router;
    }

    public KeyAuthenticator authenticator() {
        return authenticator;
    }

    public ProjectStore projects() {
        return projects;
    }

    public ServerConfig config() {
        return config;
    }

    public String baseUrl() {
        return context.baseUrl();
    }

    public int port() {
        return http.port();
    }

    @Override
    public void close() {
        // consumers first: nothing new comes in while the rest stops, and unacknowledged messages stay queued
        brokerConsumers.close();
        http.close();
        if (metaEvents != null) {
            metaEvents.close();
        }
        if (dispatcher != null) {
            dispatcher.close();
        }
        if (ownedSender != null) {
            ownedSender.close();
        }
        searchIndexer.close();
        context.db().close();
        LOG.info("Hookline server stopped");
    }

    private static String hostForUrl(String host) {
        if (host.equals("0.0.0.0") || host.equals("::")) {
            return "127.0.0.1";
        }
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
