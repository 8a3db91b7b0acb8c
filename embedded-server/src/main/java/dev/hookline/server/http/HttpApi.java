package dev.hookline.server.http;

import dev.hookline.server.auth.Principal;
import dev.hookline.server.domain.DomainException;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.gzip.GzipHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP front (ADR 0026): Jetty 12 core with every request handled on a virtual thread, one root handler that
 * matches the {@link Router}, checks content type and credentials, resolves the route's {@code {projectID}}, runs the
 * handler, and turns every failure into the error envelope. What Jetty refuses before a handler runs (a malformed
 * request line, header or body framing; a URI or headers over the limit) gets the same envelope from
 * {@link EnvelopeErrorHandler}; the {@link ConnectionGuard} times out request headers and caps connections. No stack
 * trace ever reaches the wire.
 */
public final class HttpApi implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);

    /** Checks credentials for a route's {@link Access}; throws {@link ApiError} 401/403. */
    public interface Authenticator {
        Principal authenticate(Access access, String authorizationHeader);
    }

    private final Router router;
    private final Authenticator authenticator;
    private final Function<String, Object> projectLookup;
    private final int maxBodyBytes;
    private final Server server;
    private final ServerConnector connector;
    private final ConnectionGuard guard;

    public HttpApi(String host, int port, Router router, Authenticator authenticator,
                   Function<String, Object> projectLookup, int maxBodyBytes) throws IOException {
        this(host, port, router, authenticator, projectLookup, maxBodyBytes, HttpLimits.DEFAULTS);
    }

    /**
     * Binds the port at once (so {@link #port()} is known before {@link #start()}).
     *
     * @param projectLookup finds a live project by ID (null if none); used for routes with {@code {projectID}}
     */
    public HttpApi(String host, int port, Router router, Authenticator authenticator,
                   Function<String, Object> projectLookup, int maxBodyBytes, HttpLimits limits)
            throws IOException {
        this.router = router;
        this.authenticator = authenticator;
        this.projectLookup = projectLookup;
        this.maxBodyBytes = maxBodyBytes;

        // Platform threads only for the selector and acceptor; every handler runs on a virtual thread of its own.
        QueuedThreadPool threads = new QueuedThreadPool(16, 2);
        threads.setName("hookline-http");
        threads.setReservedThreads(0);
        threads.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("hookline-http-"));
        this.server = new Server(threads);

        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        // the request line and the headers together; over it Jetty answers 414 (in the request line) or 431
        http.setRequestHeaderSize(limits.maxHeaderBytes());
        // routes are matched on the path as sent and each segment decoded once (Router), so an encoded "/" or "%"
        // inside an ID is not ambiguous here; the rest of Jetty's default URI checks stay
        http.setUriCompliance(UriCompliance.DEFAULT.with("hookline",
                UriCompliance.Violation.AMBIGUOUS_PATH_SEPARATOR, UriCompliance.Violation.AMBIGUOUS_PATH_ENCODING));
        this.connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(host);
        connector.setPort(port);
        connector.setAcceptQueueSize(1024);
        connector.setIdleTimeout(limits.idleTimeout().toMillis());
        this.guard = new ConnectionGuard(limits);
        connector.addEventListener(guard);
        server.addConnector(connector);
        // the hard ceiling: past the cap plus the refusal headroom Jetty stops accepting (new clients wait in the
        // kernel's backlog) and shortens idle connections' timeout so the held ones go first
        NetworkConnectionLimit ceiling = new NetworkConnectionLimit(ConnectionGuard.ceiling(limits.maxConnections()),
                connector);
        ceiling.setEndPointIdleTimeout(Math.min(1000, limits.idleTimeout().toMillis()));
        server.addBean(ceiling);
        server.setErrorHandler(new EnvelopeErrorHandler(limits.maxHeaderBytes()));
        // the portal's answers (its API and its page) are compressed when the browser accepts it (docs/adr/0025)
        GzipHandler portalGzip = new GzipHandler();
        portalGzip.setIncludedPaths("/portal-api/*", "/portal/*", "/portal");
        portalGzip.setIncludedMethods("GET", "POST", "PUT");
        portalGzip.setMinGzipSize(512);
        portalGzip.setHandler(new Root());
        server.setHandler(portalGzip);
        server.setStopTimeout(1000);
        connector.open();
    }

    public void start() {
        try {
            server.start();
            guard.start();
        } catch (Exception e) {
            throw new IllegalStateException("could not start the HTTP server: " + e.getMessage(), e);
        }
    }

    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() {
        guard.close();
        try {
            server.stop();
        } catch (Exception e) {
            LOG.debug("HTTP server stop: {}", e.toString());
        }
    }

    /** Jetty's entry point: every request, on a virtual thread (the handler blocks). */
    private final class Root extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            try {
                dispatch(request, response);
                callback.succeeded();
            } catch (Throwable t) {
                callback.failed(t);
            }
            return true;
        }
    }

    private void dispatch(Request request, Response response) throws IOException {
        String requestId = requestId();
        response.getHeaders().put("X-Request-ID", requestId);
        response.getHeaders().put("X-Convoy-Version", "2025-11-24");
        String method = request.getMethod().toUpperCase(Locale.ROOT);
        long started = System.nanoTime();
        Exchange exchange = new Exchange(request, response, Map.of(), maxBodyBytes);
        exchange.bodyWatch(guard);
        String path = exchange.rawPath();
        try {
            if (guard.overCap(request.getConnectionMetaData().getConnection())) {
                response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
                response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
                exchange.error(503, "too many open connections (limit " + guard.maxConnections()
                        + "); retry shortly, or reuse a keep-alive connection");
                return;
            }
            if (guard.overClientCap(request.getConnectionMetaData().getConnection())) {
                response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
                response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
                exchange.error(503, "too many open connections from your address (limit "
                        + guard.maxConnectionsPerClient() + " per client); retry shortly, or reuse a keep-alive "
                        + "connection");
                return;
            }
            if (path.startsWith("/portal-api/")) {
                // a portal holder's data: never cached, never sniffed as something else (docs/adr/0025)
                response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
                response.getHeaders().put("X-Content-Type-Options", "nosniff");
            }
            Router.Match match = router.match(method, path);
            if (match == null && "HEAD".equals(method) && path.startsWith("/portal")) {
                match = router.match("GET", path); // the portal page and its assets answer HEAD like GET, bodiless
            }
            if (match == null) {
                if (router.pathExists(path)) {
                    exchange.error(405, "method " + method + " not allowed on " + path);
                } else {
                    exchange.error(404, "route not found: " + method + " " + path);
                }
                return;
            }
            exchange = new Exchange(request, response, match.pathParams(), maxBodyBytes);
            exchange.bodyWatch(guard);
            Router.Route route = match.route();
            if (route.access() != Access.PUBLIC) {
                Principal principal = authenticator.authenticate(route.access(),
                        request.getHeaders().get(HttpHeader.AUTHORIZATION));
                exchange.principal(principal);
                checkContentType(request, router.acceptsMultipart(route.template()));
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
                response.getHeaders().put(HttpHeader.RETRY_AFTER, Long.toString(e.retryAfterSeconds()));
            }
            respondError(exchange, e.status(), e.getMessage());
        } catch (DomainException e) {
            respondError(exchange, ErrorStatus.of(e), e.getMessage());
        } catch (EofException e) {
            // the client closed the connection before its answer was written: nothing to answer, nothing failed
            LOG.debug("request {} {}: the client went away before the answer ({})", method, path, e.toString());
        } catch (Throwable t) {
            if (dev.hookline.server.store.StorageErrors.diskFull(t)) {
                // an operator's fault, not a bug: said in words, with when to come back; the writer logs the fault
                response.getHeaders().put(HttpHeader.RETRY_AFTER, "30");
                respondError(exchange, 503, "the server's disk is full: nothing can be stored until space is freed "
                        + "on it; retry later (GET /healthz tells when it is writable again)");
                return;
            }
            if (t instanceof dev.hookline.server.store.StoreException store && store.getMessage() != null
                    && store.getMessage().startsWith("no read connection free")) {
                response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
                respondError(exchange, 503, "the server is too busy to read its database right now; retry shortly");
                return;
            }
            LOG.error("request {} {} failed (request id {}): {}", method, router.loggablePath(path), requestId,
                    t.toString(), t);
            respondError(exchange, 500, "internal server error (request id " + requestId + ")");
        } finally {
            if (LOG.isDebugEnabled()) {
                LOG.debug("{} {} -> {} in {} ms", method, router.loggablePath(path), response.getStatus(),
                        (System.nanoTime() - started) / 1_000_000);
            }
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
    private static void checkContentType(Request request, boolean multipartAllowed) {
        String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
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

    private static void respondError(Exchange exchange, int status, String message) {
        try {
            if (!exchange.responded()) {
                exchange.error(status, message);
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("could not send error response: {}", e.toString());
        }
    }
}
