package dev.hookline.server.testing;

import dev.hookline.api.client.ApiClient;
import dev.hookline.server.http.HttpLimits;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateProjectResponse;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.ServerMainAccess;
import dev.hookline.server.brokers.BrokerConsumers;
import dev.hookline.server.outbound.WebhookSender;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A real server for integration tests: real HTTP on a free loopback port, a real SQLite file in a temp dir, and
 * the api module's ApiClient to drive it.
 */
public final class TestServer implements AutoCloseable {

    /** The instance key every test server accepts. */
    public static final String INSTANCE_KEY =
            "CO.TestInstanceKey0.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab";

    /** A project made for a test, with its own project key and a client bound to it. */
    public record TestProject(String id, String apiKey, ApiClient client) {
    }

    private final HooklineServer server;
    private final List<ApiClient> clients = new ArrayList<>();

    private TestServer(HooklineServer server) {
        this.server = server;
    }

    public static TestServer start(Path dataDir) throws IOException {
        return start(dataDir, Clock.systemUTC());
    }

    /**
     * A server that stores but does not deliver (no dispatcher): tests that seed due deliveries and read them back
     * see them exactly as seeded.
     */
    public static TestServer start(Path dataDir, Clock clock) throws IOException {
        return start(dataDir, clock, null);
    }

    /**
     * A server whose dispatcher delivers through {@code sender} (null: no dispatcher), with the standard broker
     * consumers kept to loopback ({@link LoopbackBrokers}).
     */
    public static TestServer start(Path dataDir, Clock clock, WebhookSender sender) throws IOException {
        return start(dataDir, clock, sender, LoopbackBrokers.standard());
    }

    /** As above, consuming the brokers of pub_sub sources with {@code consumers}. */
    public static TestServer start(Path dataDir, Clock clock, WebhookSender sender, BrokerConsumers consumers)
            throws IOException {
        HooklineServer server = HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dataDir, INSTANCE_KEY).withClock(clock), sender, consumers);
        ServerMainAccess.ensureInstanceKey(server, INSTANCE_KEY);
        return new TestServer(server);
    }

    /** Wraps a server started by the test itself (e.g. with a storage fault injected); the instance key is stored. */
    public static TestServer start(HooklineServer server) {
        ServerMainAccess.ensureInstanceKey(server, INSTANCE_KEY);
        return new TestServer(server);
    }

    /** A delivering server whose user scripts have {@code scriptTimeLimit} instead of the standard second. */
    public static TestServer startWithScriptLimit(Path dataDir, java.time.Duration scriptTimeLimit,
                                                  WebhookSender sender) throws IOException {
        HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, INSTANCE_KEY)
                .withScriptTimeLimit(scriptTimeLimit), sender, LoopbackBrokers.standard());
        ServerMainAccess.ensureInstanceKey(server, INSTANCE_KEY);
        return new TestServer(server);
    }

    /** A storing server (no dispatcher) with the HTTP connection limits given (short timeouts for tests). */
    public static TestServer startWithHttpLimits(Path dataDir, HttpLimits limits) throws IOException {
        HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, INSTANCE_KEY)
                .withHttpLimits(limits), null, LoopbackBrokers.standard());
        ServerMainAccess.ensureInstanceKey(server, INSTANCE_KEY);
        return new TestServer(server);
    }

    public HooklineServer server() {
        return server;
    }

    /**
     * Waits until every event acknowledged so far is planned (its deliveries stored, or its failure reason set):
     * ingest and the event API answer on durable receipt and plan afterwards (ADR 0038).
     */
    public void awaitPlanned() {
        Await.until(java.time.Duration.ofSeconds(60), "the acknowledged events planned",
                () -> server.planningBacklog() == 0);
    }

    /** e.g. {@code http://127.0.0.1:41234} */
    public String baseUrl() {
        return server.baseUrl();
    }

    /** A client with the instance key and no project. */
    public ApiClient admin() {
        return client(INSTANCE_KEY);
    }

    /** A client with any key (or garbage) against this server's {@code /api}. */
    public ApiClient client(String apiKey) {
        ApiClient client = new ApiClient(baseUrl() + "/api", apiKey);
        clients.add(client);
        return client;
    }

    /**
     * A client with any key (or portal token) whose base is the server root, for {@link ApiClient#raw} calls to full
     * paths such as {@code /api/v1/...} and {@code /portal-api/...}.
     */
    public ApiClient root(String apiKey) {
        ApiClient client = new ApiClient(baseUrl(), apiKey);
        clients.add(client);
        return client;
    }

    /** Tries to create a project and ignores a refusal (a write for tests that make writes fail). */
    public void newProjectQuietly() {
        try {
            newProject("p-" + System.nanoTime(), dev.hookline.api.model.ProjectType.OUTGOING);
        } catch (RuntimeException refused) {
            // the test made the write fail on purpose
        }
    }

    /** Creates a project through the API and returns a client that uses its project key. */
    public TestProject newProject(String name, ProjectType type) {
        CreateProjectResponse created = admin().createProject(new CreateProjectRequest(name, type, null, null));
        String id = created.project().uid();
        ApiClient client = client(created.apiKey().key()).withProject(id);
        clients.add(client);
        return new TestProject(id, created.apiKey().key(), client);
    }

    @Override
    public void close() {
        clients.forEach(ApiClient::close);
        server.close();
    }
}
