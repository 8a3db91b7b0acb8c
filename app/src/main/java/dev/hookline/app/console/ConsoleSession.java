package dev.hookline.app.console;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.ServerHealth;
import dev.hookline.app.concurrent.BackgroundTasks;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The console's current connection, shared by every view: the {@link ApiClient} bound to the selected project, the
 * {@link BackgroundTasks} to call it through, and whether the server is reachable.
 *
 * <p>The client changes when the user switches connection or project; views listen to {@link #clientProperty()}
 * and reload. Views are only created once a client is set, so {@link #client()} never returns {@code null} to
 * them. Everything here is used on the FX thread.
 *
 * <p>When a call fails because the server cannot be reached, views hand the failure to
 * {@link #reportConnectionFailure(Throwable)}: the shell shows a banner with Retry until a call gets through.
 */
public final class ConsoleSession {

    private final BackgroundTasks tasks;
    private final ReadOnlyObjectWrapper<ApiClient> client = new ReadOnlyObjectWrapper<>(this, "client");
    private final ReadOnlyBooleanWrapper embedded = new ReadOnlyBooleanWrapper(this, "embedded");
    private final ReadOnlyStringWrapper connectionProblem = new ReadOnlyStringWrapper(this, "connectionProblem");
    private final ReadOnlyBooleanWrapper retrying = new ReadOnlyBooleanWrapper(this, "retrying");
    private final ReadOnlyStringWrapper storageProblem = new ReadOnlyStringWrapper(this, "storageProblem");
    private Callable<ApiClient> recovery;
    private String connectionId;
    private ViewStates viewStates = new ViewStates();
    private final List<Consumer<Navigation>> navigationListeners = new CopyOnWriteArrayList<>();

    /**
     * A view asking the shell to show another view narrowed to some rows, e.g. Events' "Show deliveries":
     * {@code (DELIVERIES, {eventId: ...})}. {@code filter} uses the list's query parameter names.
     */
    public record Navigation(NavigationTarget target, Map<String, String> filter) {
        public Navigation {
            Objects.requireNonNull(target, "target");
            filter = Map.copyOf(filter);
        }
    }
    private boolean checking;

    public ConsoleSession(BackgroundTasks tasks) {
        this.tasks = Objects.requireNonNull(tasks, "tasks");
    }

    /** A session already connected through {@code projectClient}: what view tests start from. */
    public static ConsoleSession connected(ApiClient projectClient, boolean embedded, BackgroundTasks tasks) {
        ConsoleSession session = new ConsoleSession(tasks);
        session.connect(projectClient, embedded);
        return session;
    }

    /**
     * Switches to {@code projectClient} (a client with its project selected). Views reload; a shown banner stays
     * until a call through the new client succeeds.
     */
    public void connect(ApiClient projectClient, boolean embedded) {
        connect(projectClient, embedded, embedded ? "embedded" : projectClient.baseUrl());
    }

    /**
     * As {@link #connect(ApiClient, boolean)}, naming the connection (its profile ID) so that what the views
     * remember ({@link #viewScope}) follows the connection, not its address (the embedded server's port changes).
     */
    public void connect(ApiClient projectClient, boolean embedded, String connectionId) {
        Objects.requireNonNull(projectClient, "projectClient");
        if (projectClient.projectId() == null) {
            throw new IllegalArgumentException("the session's client must have a project selected");
        }
        this.embedded.set(embedded);
        this.connectionId = Objects.requireNonNull(connectionId, "connectionId");
        client.set(projectClient);
    }

    /** The key under which {@code view} remembers its filters for the current connection and project. */
    public String viewScope(String view) {
        ApiClient current = requireClient();
        return connectionId + "|" + current.projectId() + "|" + view;
    }

    /** What the traffic views remember (filters, time window, saved views). */
    public ViewStates viewStates() {
        return viewStates;
    }

    /** Set by the application before any view is created: memory kept in the configuration directory. */
    public void setViewStates(ViewStates states) {
        this.viewStates = Objects.requireNonNull(states, "states");
    }

    /** The client bound to the selected project; changes on a connection or project switch. */
    public ReadOnlyObjectProperty<ApiClient> clientProperty() {
        return client.getReadOnlyProperty();
    }

    /** The current client, bound to the selected project; {@code null} only before the first connection. */
    public ApiClient client() {
        return client.get();
    }

    /** Runs calls off the FX thread; results come back on it. */
    public BackgroundTasks tasks() {
        return tasks;
    }

    /** {@code true} when connected to the in-process server, {@code false} for a remote one. */
    public boolean isEmbedded() {
        return embedded.get();
    }

    public ReadOnlyBooleanProperty embeddedProperty() {
        return embedded.getReadOnlyProperty();
    }

    /**
     * Where senders post to a source with {@code maskId}: {@code {server root}/ingest/{maskId}}, the server root
     * being the base URL without its trailing {@code /api}. Sources returned by the API also carry their
     * {@code url}; prefer it when present (a remote Convoy may use a custom domain).
     */
    public String ingestUrl(String maskId) {
        Objects.requireNonNull(maskId, "maskId");
        String base = requireClient().baseUrl();
        String root = base.endsWith("/api") ? base.substring(0, base.length() - "/api".length()) : base;
        return root + "/ingest/" + maskId;
    }

    /**
     * Shows the unreachable-server banner when {@code failure} (or a cause of it) is an {@link ApiException} with
     * {@link ApiException#isConnectionFailure()}; any other failure is ignored here (the view shows it itself).
     */
    public void reportConnectionFailure(Throwable failure) {
        ApiException connectionFailure = connectionFailureIn(failure);
        if (connectionFailure != null) {
            connectionProblem.set(connectionFailure.getMessage());
        }
    }

    /** The banner's text: why the server cannot be reached, or {@code null} while all is well. */
    public ReadOnlyStringProperty connectionProblemProperty() {
        return connectionProblem.getReadOnlyProperty();
    }

    /** {@code true} while a Retry is under way. */
    public ReadOnlyBooleanProperty retryingProperty() {
        return retrying.getReadOnlyProperty();
    }

    /**
     * What Retry does before probing, e.g. restarting a stopped embedded server; returns the client to use from then
     * on ({@code null}: keep the current one). Runs off the FX thread.
     */
    public void setRecovery(Callable<ApiClient> recovery) {
        this.recovery = recovery;
    }

    /**
     * Retry: runs the recovery (if any), then asks the server for the selected project. On success the banner goes
     * away (the shell then refreshes the view on screen); on failure it shows the new reason.
     */
    public void retryConnection() {
        if (retrying.get() || client.get() == null) {
            return;
        }
        retrying.set(true);
        ApiClient current = client.get();
        Callable<ApiClient> recover = recovery;
        tasks.run(() -> {
            ApiClient next = recover == null ? null : recover.call();
            ApiClient probe = next == null ? current : next;
            probe.getProject(probe.projectId());
            return next;
        }, next -> {
            retrying.set(false);
            if (next != null && next != client.get()) {
                client.set(next);
            }
            connectionProblem.set(null);
        }, failure -> {
            retrying.set(false);
            ApiException connectionFailure = connectionFailureIn(failure);
            connectionProblem.set(connectionFailure != null ? connectionFailure.getMessage()
                    : "The server answered, but not as expected: " + describe(failure));
        });
    }

    /** Shows {@code target} with {@code filter} applied (see {@link ConsoleView#applyFilter}). */
    public void navigate(NavigationTarget target, Map<String, String> filter) {
        Navigation navigation = new Navigation(target, filter);
        navigationListeners.forEach(listener -> listener.accept(navigation));
    }

    /** The shell listens here to carry out {@link #navigate} requests. */
    public void onNavigate(Consumer<Navigation> listener) {
        navigationListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * What the server says is wrong with its storage (disk full, database not writable) from its {@code /healthz},
     * or {@code null}: also while it tells no health (a remote Convoy answers {@code data: null}).
     */
    public ReadOnlyStringProperty storageProblemProperty() {
        return storageProblem.getReadOnlyProperty();
    }

    /**
     * Heartbeat: asks the server for the selected project (no recovery), then for its health. Raises the banner when
     * the server cannot be reached and lowers it when it answers again; the storage banner follows the health. The
     * shell calls this every few seconds and on Ctrl+R.
     */
    public void checkConnection() {
        ApiClient current = client.get();
        if (current == null || checking || retrying.get()) {
            return;
        }
        checking = true;
        tasks.run(() -> {
            current.getProject(current.projectId());
            return Optional.ofNullable(storageProblemIn(current.health()));
        }, problem -> {
            checking = false;
            if (current == client.get()) {
                connectionProblem.set(null);
                storageProblem.set(problem.orElse(null));
            }
        }, failure -> {
            checking = false;
            if (current == client.get()) {
                reportConnectionFailure(failure);
            }
        });
    }

    /** The storage part of a health report in words, or null when the storage is fine or nothing is known. */
    static String storageProblemIn(ServerHealth health) {
        if (health == null || health.database() == null || health.disk() == null) {
            return null;
        }
        return health.disk().full() || !health.database().writable() ? health.problem() : null;
    }

    /** Clears the banner: a call through the current client has just succeeded. */
    public void reportConnectionOk() {
        connectionProblem.set(null);
    }

    private ApiClient requireClient() {
        ApiClient current = client.get();
        if (current == null) {
            throw new IllegalStateException("no connection yet");
        }
        return current;
    }

    private static ApiException connectionFailureIn(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ApiException api && api.isConnectionFailure()) {
                return api;
            }
        }
        return null;
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName()
                : message.strip().lines().findFirst().orElse("");
    }
}
