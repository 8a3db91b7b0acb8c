package dev.hookline.server;

import dev.hookline.server.http.HttpLimits;
import dev.hookline.server.outbound.DestinationPolicy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How to start a server.
 *
 * @param host           address to bind (default 127.0.0.1: loopback only)
 * @param port           port, 0 for a free one
 * @param dataDir        directory of the database ({@value #DATABASE_FILE}); created if missing
 * @param instanceApiKey the instance key ({@code CO.<16>.<64>}) that reaches every project; null to keep the stored
 *                       one (or generate one on first start, see {@link ServerMain})
 * @param console        started in-process by the console: mint a per-session instance key kept only in memory,
 *                       and make sure a default project exists
 * @param clock          the clock (tests inject one)
 * @param scriptTimeLimit wall-clock limit of one run of a user script (transforms, source functions; ADR 0023)
 * @param httpLimits     how long a client may take and how many connections it may hold (ADR 0026)
 * @param destinations   where outbound requests may connect (ADR 0039); the programmatic default is the console's
 *                       ({@link DestinationPolicy#EMBEDDED}: loopback allowed), the headless {@link ServerMain}
 *                       refuses non-public addresses unless opened with {@code --allow-destination}
 */
public record ServerConfig(String host, int port, Path dataDir, String instanceApiKey, boolean console,
                           Clock clock, Duration scriptTimeLimit, HttpLimits httpLimits,
                           DestinationPolicy destinations) {

    public static final String DATABASE_FILE = "hookline.db";
    public static final int DEFAULT_PORT = 5005;
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    public static final Duration DEFAULT_SCRIPT_TIME_LIMIT = Duration.ofSeconds(1);

    public ServerConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(scriptTimeLimit, "scriptTimeLimit");
        Objects.requireNonNull(httpLimits, "httpLimits");
        Objects.requireNonNull(destinations, "destinations");
    }

    public ServerConfig(String host, int port, Path dataDir, String instanceApiKey, boolean console, Clock clock,
                        Duration scriptTimeLimit, HttpLimits httpLimits) {
        this(host, port, dataDir, instanceApiKey, console, clock, scriptTimeLimit, httpLimits,
                DestinationPolicy.EMBEDDED);
    }

    public ServerConfig(String host, int port, Path dataDir, String instanceApiKey, boolean console, Clock clock,
                        Duration scriptTimeLimit) {
        this(host, port, dataDir, instanceApiKey, console, clock, scriptTimeLimit, HttpLimits.DEFAULTS);
    }

    public ServerConfig(String host, int port, Path dataDir, String instanceApiKey, boolean console, Clock clock) {
        this(host, port, dataDir, instanceApiKey, console, clock, DEFAULT_SCRIPT_TIME_LIMIT);
    }

    /** Headless/standalone: the given address and key. */
    public static ServerConfig standalone(String host, int port, Path dataDir, String instanceApiKey) {
        return new ServerConfig(host, port, dataDir, instanceApiKey, false, Clock.systemUTC());
    }

    /** In-process for the console: loopback, a free port, a session key and a default project. */
    public static ServerConfig embedded(Path dataDir) {
        return embedded(dataDir, 0);
    }

    /** In-process for the console on a given loopback port (0 for a free one): the console keeps its port. */
    public static ServerConfig embedded(Path dataDir, int port) {
        return new ServerConfig("127.0.0.1", port, dataDir, null, true, Clock.systemUTC());
    }

    public Path databaseFile() {
        return dataDir.resolve(DATABASE_FILE);
    }

    public ServerConfig withClock(Clock newClock) {
        return new ServerConfig(host, port, dataDir, instanceApiKey, console, newClock, scriptTimeLimit, httpLimits, destinations);
    }

    public ServerConfig withScriptTimeLimit(Duration limit) {
        return new ServerConfig(host, port, dataDir, instanceApiKey, console, clock, limit, httpLimits, destinations);
    }

    public ServerConfig withHttpLimits(HttpLimits limits) {
        return new ServerConfig(host, port, dataDir, instanceApiKey, console, clock, scriptTimeLimit, limits, destinations);
    }

    public ServerConfig withDestinations(DestinationPolicy policy) {
        return new ServerConfig(host, port, dataDir, instanceApiKey, console, clock, scriptTimeLimit, httpLimits,
                policy);
    }
}
