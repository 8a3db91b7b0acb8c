package dev.hookline.server;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.projects.ProjectConfigs;
import dev.hookline.server.store.Store;
import dev.hookline.server.store.DataDirectoryInUseException;
import dev.hookline.server.store.Database;
import java.io.IOException;
import java.util.List;

/**
 * The one facade the console (and tests) use: start a server, read its address and key, stop it. Everything else
 * goes over HTTP through the api module's ApiClient, exactly as for a remote server.
 */
public final class EmbeddedServer implements AutoCloseable {

    static final String DEFAULT_PROJECT_NAME = "Default project";

    private final HooklineServer server;
    private final String apiKey;
    private final String defaultProjectId;

    private EmbeddedServer(HooklineServer server, String apiKey, String defaultProjectId) {
        this.server = server;
        this.apiKey = apiKey;
        this.defaultProjectId = defaultProjectId;
    }

    /** Starts a server and returns once it is listening. */
    public static EmbeddedServer start(ServerConfig config) throws IOException {
        HooklineServer server = HooklineServer.start(config);
        try {
            String key = config.instanceApiKey();
            if (config.console() && key == null) {
                key = server.ownerKey();
            }
            String projectId = config.console() ? ensureDefaultProject(server) : null;
            return new EmbeddedServer(server, key, projectId);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private static String ensureDefaultProject(HooklineServer server) {
        List<Project> projects = server.projects().list(null, null);
        if (!projects.isEmpty()) {
            return projects.get(0).uid();
        }
        Store store = server.store();
        return server.projects().create(DEFAULT_PROJECT_NAME, ProjectType.OUTGOING, "",
                ProjectConfigs.defaults(store::newId, store.now())).project().uid();
    }

    /** e.g. {@code http://127.0.0.1:41234} (no trailing slash). */
    public String baseUrl() {
        return server.baseUrl();
    }

    public int port() {
        return server.port();
    }

    /** An instance key usable as {@code Bearer} on /api/v1, or null if the caller did not give one (headless). */
    public String apiKey() {
        return apiKey;
    }

    /** The default project (console mode), or null. */
    public String defaultProjectId() {
        return defaultProjectId;
    }

    /**
     * Writes a consistent copy of the database to {@code target} (docs/adr/0027); the server keeps running.
     *
     * @return the size of the copy in bytes
     */
    public long backup(java.nio.file.Path target) {
        return Database.backup(server.config().databaseFile(), target);
    }

    /**
     * Writes a consistent copy of the database in {@code dataDir} to {@code target}, whichever process runs the server
     * on it (the copy takes no lock; docs/adr/0027).
     *
     * @return the size of the copy in bytes
     */
    public static long backup(java.nio.file.Path dataDir, java.nio.file.Path target) {
        return Database.backup(dataDir.resolve(ServerConfig.DATABASE_FILE), target);
    }

    /**
     * Who owns {@code dataDir} when a start failed because it is in use: the owner's address and a key that reaches
     * it while it runs (both from its lock file), or null when the failure was something else.
     */
    public static Owner ownerFrom(Throwable startFailure) {
        for (Throwable t = startFailure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DataDirectoryInUseException inUse && inUse.owner() != null
                    && inUse.owner().address() != null && inUse.owner().key() != null) {
                return new Owner(inUse.owner().pid(), inUse.owner().address(), inUse.owner().key(), t.getMessage());
            }
        }
        return null;
    }

    /**
     * A running server that owns the data directory: its PID, base URL ({@code http://host:port}, no {@code /api}),
     * an instance key valid while it runs, and the refusal in words.
     */
    public record Owner(long pid, String baseUrl, String apiKey, String message) {
        @Override
        public String toString() {
            return "Owner[pid=" + pid + ", baseUrl=" + baseUrl + "]"; // never the key
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
