package dev.hookline.server.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.hookline.server.auth.Principal;
import dev.hookline.server.domain.DomainException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP front: the JDK's HttpServer on virtual threads, one root handler that matches the {@link Router},
 * checks content type and credentials, resolves the route's {@code {projectID}}, runs the handler, and turns every
 * failure into the error envelope. No stack trace ever reaches the wire.
 */
public final class HttpApi implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);

    static {
        // Without TCP_NODELAY the JDK server's small responses wait on Nagle + delayed ACK (~40 ms each); must be set
        // before the first HttpServer is created, so it lives here rather than on a command line.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    /** Checks credentials for a route's {@link Access}; throws {@link ApiError} 401/403. */
    public interface Authenticator {
        Principal authenticate(Access access, String authorizationHeader);
    }

    private final Router router;
    private final Authenticator authenticator;
    private final Function<String, Object> projectLookup;
    private final int maxBodyBytes;
    private final HttpServer server;
    private final ExecutorService executor;

    /**
     * @param projectLookup finds a live project by ID (null if none); used for routes with {@code {projectID}}
     */
    public HttpApi(String host, int port, Router router, Authenticator authenticator,
                   Function<String, Object> projectLookup, int maxBodyBytes) throws IOException {
        this.router = router;
        this.authenticator = authenticator;
        this.projectLookup = projectLookup;
        this.maxBodyBytes = maxBodyBytes;
        this.server = HttpServer.create(new InetSocketAddress(host, port), 1024);
        this.executor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("hookline-http-", 0).factory());
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    public void start() {
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(1);
        executor.shutdown();
    }

    private void handle(HttpExchange http) {
        String requestId = requestId();
        http.getResponseHeaders().set("X-Request-ID", requestId);
        http.getResponseHeaders().set("X-Convoy-Version", "2025-11-24");
        String method = http.getRequestMethod().toUpperCase(Locale.ROOT);
        String path = http.getRequestURI().getPath();
        long started = System.nanoTime();
        Exchange exchange = null;
        try {
            Router.Match match = router.match(method, path);
            if (match == null) {
                exchange = new Exchange(http, java.util.Map.of(), maxBodyBytes);
                if (router.pathExists(path)) {
                    exchange.error(405, "method " + method + " not allowed on " + path);
                } else {
                    exchange.error(404, "route not found: " + method + " " + path);
                }
                return;
            }
            exchange = new Exchange(http, match.pathParams(), maxBodyBytes);
            Router.Route route = match.route();
            if (route.access() != Access.PUBLIC) {
                Principal principal = authenticator.authenticate(route.access(),
                        http.getRequestHeaders().getFirst("Authorization"));
                exchange.principal(principal);
                checkContentType(http, router.acceptsMultipart(route.template()));
                if (match.pathParams().containsKey("projectID")) {
                    exchange.project(resolveProject(principal, match.pathParams().get("projectID")));
                }
            }
            route.handler().handle(exchange);
            if (!exchange.responded()) {
                throw new IllegalStateException("handler sent no response: " + route.template());
            }
        } catch (ApiError e) {
            if (e.retryAfterSeconds() > 0) {
                http.getResponseHeaders().set("Retry-After", Long.toString(e.retryAfterSeconds()));
            }
            respondError(exchange, http, e.status(), e.getMessage());
        } catch (DomainException e) {
            respondError(exchange, http, ErrorStatus.of(e), e.getMessage());
        } catch (Throwable t) {
            LOG.error("request {} {} failed (request id {}): {}", method, router.loggablePath(path), requestId,
                    t.toString(), t);
            respondError(exchange, http, 500, "internal server error (request id " + requestId + ")");
        } finally {
            if (LOG.isDebugEnabled()) {
                LOG.debug("{} {} -> {} in {} ms", method, router.loggablePath(path), http.getResponseCode(),
                        (System.nanoTime() - started) / 1_000_000);
            }
            http.close();
        }
    }

    /**
     * A random (version 4) UUID for the X-Request-ID header. Not {@code UUID.randomUUID()}: that draws from the
     * shared SecureRandom (a lock and a read of /dev/urandom per request), and a request ID needs to be unique, not
     * unguessable.
     */
    static String requestId() {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & ~(0xC000000000000000L)) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    private Object resolveProject(Principal principal, String projectId) {
        if (principal.kind() == Principal.Kind.PORTAL) {
            throw ApiError.unauthorized("portal tokens reach only /portal-api routes");
        }
        if (!principal.reachesProject(projectId)) {
            throw ApiError.forbidden("this API key does not reach project " + projectId);
        }
        Object project = projectLookup.apply(projectId);
        if (project == null) {
            throw ApiError.notFound("project not found");
        }
        return project;
    }

    /**
     * Bodies on the API must be JSON (Convoy answers 415 too; we add the envelope so clients can show why), or
     * multipart form data where the route takes a file ({@code /onboard}).
     */
    private static void checkContentType(HttpExchange http, boolean multipartAllowed) {
        String contentType = http.getRequestHeaders().getFirst("Content-Type");
        if (contentType == null || contentType.isBlank()) {
            return;
        }
        String base = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (multipartAllowed && base.equals("multipart/form-data")) {
            return;
        }
        if (!base.equals("application/json") && !base.endsWith("+json")) {
            throw ApiError.unsupportedMediaType("Content-Type must be application/json, got " + base);
        }
    }

    private static void respondError(Exchange exchange, HttpExchange http, int status, String message) {
        try {
            if (exchange == null) {
                exchange = new Exchange(http, java.util.Map.of(), 0);
            }
            if (!exchange.responded()) {
                exchange.error(status, message);
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("could not send error response: {}", e.toString());
        }
    }
}
