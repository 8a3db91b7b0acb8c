package dev.hookline.server.ingest;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.server.store.Store;
import dev.hookline.server.eventtypes.EventTypeRepository;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.store.SqlWork;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.sqlite.Function;

/**
 * The configuration intake reads for every event (sources by mask, projects, subscriptions, endpoints), cached in
 * memory and dropped as a whole whenever any row of {@code projects}, {@code sources}, {@code subscriptions},
 * {@code endpoints} or {@code event_types} changes. One instance per server, built in {@code HooklineServer} and {@link #install}ed there.
 *
 * <p>Every lookup reads <b>committed</b> data through a read connection, never the writer: planning an event runs on
 * the request's own thread before the write job (ADR 0023). Changes are seen through temporary triggers on the write
 * connection (they call back into Java), so every writer is covered (routes, the dispatcher, anything added later)
 * without the stores having to remember to invalidate; the committed version moves after the commit of a group that
 * changed config, before its callers get their answers. An entry is tagged with the committed version seen before it
 * was loaded and reloaded once that version moves, so a request that follows a 2xx of a config change sees it.
 */
public final class ConfigCache {

    private static final List<String> CONFIG_TABLES = List.of("projects", "sources", "subscriptions", "endpoints",
            "event_types");
    private static final String CHANGED_FUNCTION = "hookline_config_changed";
    /** Bound on each map, so random ingest URLs or IDs cannot grow the cache without limit. */
    private static final int MAX_ENTRIES = 10_000;

    private final Store store;
    private final EndpointRepository endpointRepository;
    private final SourceRepository sourceRepository;
    private final ProjectRepository projectRepository;
    private final SubscriptionRepository subscriptionRepository;
    private final EventTypeRepository eventTypeRepository;
    private final AtomicLong committedVersion = new AtomicLong();
    private volatile boolean changedInGroup;
    private volatile boolean installed;

    private final Map<String, Versioned<Optional<Source>>> sourcesByMask = new ConcurrentHashMap<>();
    private final Map<String, Versioned<Optional<Project>>> projects = new ConcurrentHashMap<>();
    private final Map<String, Versioned<Optional<Source>>> sources = new ConcurrentHashMap<>();
    private final Map<String, Versioned<Optional<Endpoint>>> endpoints = new ConcurrentHashMap<>();
    private final Map<String, Versioned<List<SubscriptionRepository.Row>>> subscriptions = new ConcurrentHashMap<>();
    private final Map<String, Versioned<Optional<EventType>>> eventTypes = new ConcurrentHashMap<>();

    private record Versioned<T>(long version, T value) {
    }

    public ConfigCache(Store store, EndpointRepository endpointRepository, SourceRepository sourceRepository,
                       ProjectRepository projectRepository, SubscriptionRepository subscriptionRepository,
                       EventTypeRepository eventTypeRepository) {
        this.store = store;
        this.endpointRepository = endpointRepository;
        this.sourceRepository = sourceRepository;
        this.projectRepository = projectRepository;
        this.subscriptionRepository = subscriptionRepository;
        this.eventTypeRepository = eventTypeRepository;
    }

    /** Installs the change listeners on the write connection (once; call at server start, not on the writer). */
    public ConfigCache install() {
        if (!installed) {
            store.db().write(c -> {
                install(c);
                return null;
            });
        }
        return this;
    }

    private synchronized void install(Connection c) throws SQLException {
        if (installed) {
            return;
        }
        // temporary triggers on the write connection call back into Java for config rows only (an update hook
        // would be called for every event and delivery row too)
        // unwrap: the write connection may be a wrapper (Database.ConnectionFilter); functions live on the driver's
        Function.create(c.unwrap(org.sqlite.SQLiteConnection.class), CHANGED_FUNCTION, new Function() {
            @Override
            protected void xFunc() throws SQLException {
                changedInGroup = true;
                result(0);
            }
        });
        try (Statement s = c.createStatement()) {
            for (String table : CONFIG_TABLES) {
                for (String operation : List.of("INSERT", "UPDATE", "DELETE")) {
                    s.execute("CREATE TEMP TRIGGER IF NOT EXISTS hookline_config_" + table + "_"
                            + operation.toLowerCase(Locale.ROOT) + " AFTER " + operation + " ON main."
                            + table + " BEGIN SELECT " + CHANGED_FUNCTION + "(); END");
                }
            }
        }
        store.db().afterCommit(() -> {
            if (changedInGroup) {
                changedInGroup = false;
                committedVersion.incrementAndGet();
            }
        });
        installed = true;
    }

    /** Moves with every commit that changed config: a plan made at one version is as of that version. */
    long version() {
        return committedVersion.get();
    }

    /** The live source whose ingest mask is {@code maskId}, or null. */
    public Source sourceByMask(String maskId) {
        return cached(sourcesByMask, maskId,
                () -> Optional.ofNullable(sourceRepository.findByMaskId(maskId))).orElse(null);
    }

    /** The live project {@code projectId}, or null. */
    public Project project(String projectId) {
        return cached(projects, projectId, () -> Optional.ofNullable(read(c -> projectRepository.find(c, projectId))))
                .orElse(null);
    }

    Source source(String projectId, String sourceId) {
        String baseUrl = store.baseUrl();
        return cached(sources, projectId + "/" + sourceId,
                () -> Optional.ofNullable(read(c -> sourceRepository.find(c, projectId, sourceId, baseUrl)))).orElse(null);
    }

    Endpoint endpoint(String projectId, String endpointId) {
        return cached(endpoints, projectId + "/" + endpointId,
                () -> Optional.ofNullable(read(c -> endpointRepository.find(c, projectId, endpointId)))).orElse(null);
    }

    /** The project's catalogued event type called {@code name}, or null. */
    EventType eventType(String projectId, String name) {
        return cached(eventTypes, projectId + "/" + name,
                () -> Optional.ofNullable(read(c -> eventTypeRepository.findByName(c, projectId, name)))).orElse(null);
    }

    List<SubscriptionRepository.Row> subscriptionsBySource(String projectId, String sourceId) {
        return cached(subscriptions, "s/" + projectId + "/" + sourceId,
                () -> read(c -> subscriptionRepository.findBySource(c, projectId, sourceId)));
    }

    List<SubscriptionRepository.Row> subscriptionsByEndpoint(String projectId, String endpointId) {
        return cached(subscriptions, "e/" + projectId + "/" + endpointId,
                () -> read(c -> subscriptionRepository.findByEndpoint(c, projectId, endpointId)));
    }

    List<SubscriptionRepository.Row> subscriptionsWithEndpoint(String projectId) {
        return cached(subscriptions, "p/" + projectId,
                () -> read(c -> subscriptionRepository.findWithEndpoint(c, projectId)));
    }

    private interface Load<T> {
        T get();
    }

    private <T> T cached(Map<String, Versioned<T>> map, String key, Load<T> load) {
        // the version seen before loading: a change committed while loading makes the next lookup load again
        long version = committedVersion.get();
        Versioned<T> hit = map.get(key);
        if (hit != null && hit.version() == version) {
            return hit.value();
        }
        T value = load.get();
        if (map.size() >= MAX_ENTRIES) {
            map.clear();
        }
        map.put(key, new Versioned<>(version, value));
        return value;
    }

    private <T> T read(SqlWork<T> work) {
        return store.db().read(work);
    }
}
