package dev.hookline.server.ingest;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.server.ServerContext;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.StoreException;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.sqlite.Function;

/**
 * The configuration ingest reads for every event (sources by mask, projects, subscriptions, endpoints), cached in
 * memory and dropped as a whole whenever any row of {@code projects}, {@code sources}, {@code subscriptions} or
 * {@code endpoints} changes.
 *
 * <p>Changes are seen through temporary triggers on the single write connection (they call back into Java), so
 * every writer is covered (routes, the dispatcher, anything added later) without the stores having to remember to
 * invalidate. Two versions:
 * <ul>
 *   <li>the <b>writer version</b> moves the moment a config row changes, inside the transaction; the planner runs on
 *       the writer thread and reads through the write connection, so it sees its own group's changes at once;</li>
 *   <li>the <b>committed version</b> moves after the commit of a group that changed config (before its callers get
 *       their answers); request threads read committed data through read connections, so an entry they load is
 *       tagged with the committed version seen before loading, and is reloaded once that version moves.</li>
 * </ul>
 */
public final class ConfigCache {

    private static final List<String> CONFIG_TABLES = List.of("projects", "sources", "subscriptions", "endpoints");
    private static final String CHANGED_FUNCTION = "hookline_config_changed";
    private static final Map<Database, ConfigCache> CACHES = Collections.synchronizedMap(new WeakHashMap<>());
    /** Bound on remembered unknown masks, so random ingest URLs cannot grow the cache without limit. */
    private static final int MAX_READ_ENTRIES = 10_000;

    private final ServerContext context;
    private final AtomicLong writerVersion = new AtomicLong();
    private volatile long committedVersion;
    private volatile boolean changedInGroup;
    private volatile boolean installed;

    private final Map<String, Versioned<Optional<Source>>> sourcesByMask = new ConcurrentHashMap<>();
    private final Map<String, Versioned<Optional<Project>>> projectsRead = new ConcurrentHashMap<>();

    // Writer-side entries, all tagged with writerCacheVersion.
    private volatile long writerCacheVersion = -1;
    private final Map<String, List<SubscriptionRepository.Row>> subscriptions = new ConcurrentHashMap<>();
    private final Map<String, Optional<Endpoint>> endpoints = new ConcurrentHashMap<>();
    private final Map<String, Optional<Source>> sources = new ConcurrentHashMap<>();
    private final Map<String, Optional<Project>> projects = new ConcurrentHashMap<>();

    private record Versioned<T>(long version, T value) {
    }

    private ConfigCache(ServerContext context) {
        this.context = context;
    }

    /**
     * The cache of {@code context}'s database, installing its listeners on first use. Call at server start (from
     * any thread but the writer), so the first request pays nothing.
     */
    public static ConfigCache of(ServerContext context) {
        ConfigCache cache = CACHES.computeIfAbsent(context.db(), db -> new ConfigCache(context));
        if (!cache.installed) {
            context.db().write(c -> {
                cache.install(c);
                return null;
            });
        }
        return cache;
    }

    /** The cache of {@code context}'s database, from inside a write job on {@code c} (the write connection). */
    static ConfigCache forWriter(ServerContext context, Connection c) throws SQLException {
        ConfigCache cache = CACHES.computeIfAbsent(context.db(), db -> new ConfigCache(context));
        if (!cache.installed) {
            cache.install(c);
        }
        return cache;
    }

    private synchronized void install(Connection c) throws SQLException {
        if (installed) {
            return;
        }
        // temporary triggers on the write connection call back into Java for config rows only (an update hook
        // would be called for every event and delivery row too)
        Function.create(c, CHANGED_FUNCTION, new Function() {
            @Override
            protected void xFunc() throws SQLException {
                writerVersion.incrementAndGet();
                changedInGroup = true;
                result(0);
            }
        });
        try (Statement s = c.createStatement()) {
            for (String table : CONFIG_TABLES) {
                for (String operation : List.of("INSERT", "UPDATE", "DELETE")) {
                    s.execute("CREATE TEMP TRIGGER IF NOT EXISTS hookline_config_" + table + "_"
                            + operation.toLowerCase(java.util.Locale.ROOT) + " AFTER " + operation + " ON main."
                            + table + " BEGIN SELECT " + CHANGED_FUNCTION + "(); END");
                }
            }
        }
        context.db().afterCommit(() -> {
            if (changedInGroup) {
                changedInGroup = false;
                committedVersion++;
                // a savepoint rolled back inside the group may have undone a change the writer already cached
                writerVersion.incrementAndGet();
            }
        });
        installed = true;
    }

    // ------------------------------------------------------------------------------------------ request threads

    /** The live source whose ingest mask is {@code maskId}, or null; committed data. */
    public Source sourceByMask(String maskId) {
        long version = committedVersion;
        Versioned<Optional<Source>> cached = sourcesByMask.get(maskId);
        if (cached != null && cached.version() == version) {
            return cached.value().orElse(null);
        }
        Source source = context.sources().findByMaskId(maskId);
        bounded(sourcesByMask).put(maskId, new Versioned<>(version, Optional.ofNullable(source)));
        return source;
    }

    /** The live project {@code projectId}, or null; committed data. */
    public Project project(String projectId) {
        long version = committedVersion;
        Versioned<Optional<Project>> cached = projectsRead.get(projectId);
        if (cached != null && cached.version() == version) {
            return cached.value().orElse(null);
        }
        Project project = context.db().read(c -> context.projects().find(c, projectId));
        bounded(projectsRead).put(projectId, new Versioned<>(version, Optional.ofNullable(project)));
        return project;
    }

    private static <K, V> Map<K, V> bounded(Map<K, V> map) {
        if (map.size() >= MAX_READ_ENTRIES) {
            map.clear();
        }
        return map;
    }

    // ------------------------------------------------------------------------------------------- writer thread

    /** Drops the writer-side entries (after a write job that changed config failed and was rolled back). */
    void invalidateWriter() {
        writerVersion.incrementAndGet();
    }

    private void checkWriterVersion() {
        long version = writerVersion.get();
        if (version != writerCacheVersion) {
            subscriptions.clear();
            endpoints.clear();
            sources.clear();
            projects.clear();
            writerCacheVersion = version;
        }
    }

    List<SubscriptionRepository.Row> subscriptionsBySource(Connection c, String projectId, String sourceId) {
        checkWriterVersion();
        return subscriptions.computeIfAbsent("s/" + projectId + "/" + sourceId,
                k -> load(() -> context.subscriptions().findBySource(c, projectId, sourceId)));
    }

    List<SubscriptionRepository.Row> subscriptionsByEndpoint(Connection c, String projectId, String endpointId) {
        checkWriterVersion();
        return subscriptions.computeIfAbsent("e/" + projectId + "/" + endpointId,
                k -> load(() -> context.subscriptions().findByEndpoint(c, projectId, endpointId)));
    }

    List<SubscriptionRepository.Row> subscriptionsWithEndpoint(Connection c, String projectId) {
        checkWriterVersion();
        return subscriptions.computeIfAbsent("p/" + projectId,
                k -> load(() -> context.subscriptions().findWithEndpoint(c, projectId)));
    }

    Endpoint endpoint(Connection c, String projectId, String endpointId) {
        checkWriterVersion();
        return endpoints.computeIfAbsent(projectId + "/" + endpointId,
                k -> Optional.ofNullable(load(() -> context.endpoints().find(c, projectId, endpointId)))).orElse(null);
    }

    Source source(Connection c, String projectId, String sourceId) {
        checkWriterVersion();
        String baseUrl = context.baseUrl();
        return sources.computeIfAbsent(projectId + "/" + sourceId,
                k -> Optional.ofNullable(load(() -> context.sources().find(c, projectId, sourceId, baseUrl)))).orElse(null);
    }

    Project project(Connection c, String projectId) {
        checkWriterVersion();
        return projects.computeIfAbsent(projectId,
                k -> Optional.ofNullable(load(() -> context.projects().find(c, projectId)))).orElse(null);
    }

    private interface Load<T> {
        T run() throws SQLException;
    }

    private static <T> T load(Load<T> load) {
        try {
            return load.run();
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }
}
