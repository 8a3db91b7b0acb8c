package dev.hookline.server;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.projects.ProjectConfigs;
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
                key = Keys.apiKey().key();
                server.authenticator().addSessionKey(key);
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
        ServerContext context = server.context();
        return server.projects().create(DEFAULT_PROJECT_NAME, ProjectType.OUTGOING, "",
                ProjectConfigs.defaults(context::newId, context.now())).project().uid();
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

    @Override
    public void close() {
        server.close();
    }
}
