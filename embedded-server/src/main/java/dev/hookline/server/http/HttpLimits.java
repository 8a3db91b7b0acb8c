package dev.hookline.server.http;

import java.time.Duration;
import java.util.Objects;

/**
 * The HTTP server's connection limits (ADR 0026), part of {@code ServerConfig}.
 *
 * @param headerTimeout  a request's line and headers must arrive within this (slowloris); the connection is closed
 * @param idleTimeout    a connection with no traffic for this long is closed
 * @param maxConnections open connections at most; one more is answered 503 and closed
 * @param maxHeaderBytes the request line and headers together at most (over it: 414 or 431)
 * @param bodyTimeout    a request body must have arrived within this of its first byte (issue 29)
 * @param minBodyBytesPerSecond after a grace of {@link #BODY_GRACE}, a body must arrive at least this fast; a
 *                       slower one is closed, not served at everyone's expense
 * @param maxConnectionsPerClient open connections one client address may hold at most (0: a quarter of
 *                       {@code maxConnections}, at least 16); one more is answered 503 and closed
 */
public record HttpLimits(Duration headerTimeout, Duration idleTimeout, int maxConnections, int maxHeaderBytes,
                         Duration bodyTimeout, long minBodyBytesPerSecond, int maxConnectionsPerClient) {

    /** How long a body may trickle before the minimum data rate applies. */
    public static final Duration BODY_GRACE = Duration.ofSeconds(5);

    public static final HttpLimits DEFAULTS = new HttpLimits(Duration.ofSeconds(10), Duration.ofSeconds(30),
            1000, 32 * 1024, Duration.ofSeconds(60), 8 * 1024, 0);

    public HttpLimits(Duration headerTimeout, Duration idleTimeout, int maxConnections, int maxHeaderBytes) {
        this(headerTimeout, idleTimeout, maxConnections, maxHeaderBytes, DEFAULTS_BODY_TIMEOUT, 8 * 1024, 0);
    }

    private static final Duration DEFAULTS_BODY_TIMEOUT = Duration.ofSeconds(60);

    /** The per-client cap in force. */
    public int effectiveMaxConnectionsPerClient() {
        return maxConnectionsPerClient > 0 ? maxConnectionsPerClient : Math.max(16, maxConnections / 4);
    }

    public HttpLimits withBodyLimits(Duration timeout, long minBytesPerSecond) {
        return new HttpLimits(headerTimeout, idleTimeout, maxConnections, maxHeaderBytes, timeout,
                minBytesPerSecond, maxConnectionsPerClient);
    }

    public HttpLimits withMaxConnectionsPerClient(int max) {
        return new HttpLimits(headerTimeout, idleTimeout, maxConnections, maxHeaderBytes, bodyTimeout,
                minBodyBytesPerSecond, max);
    }

    public HttpLimits {
        Objects.requireNonNull(headerTimeout, "headerTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        if (headerTimeout.isNegative() || headerTimeout.isZero() || idleTimeout.isNegative()
                || idleTimeout.isZero()) {
            throw new IllegalArgumentException("HTTP timeouts must be positive");
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("the connection limit must be at least 1");
        }
        if (maxHeaderBytes < 1024) {
            throw new IllegalArgumentException("the header limit must be at least 1024 bytes");
        }
        Objects.requireNonNull(bodyTimeout, "bodyTimeout");
        if (bodyTimeout.isNegative() || bodyTimeout.isZero() || minBodyBytesPerSecond < 0
                || maxConnectionsPerClient < 0) {
            throw new IllegalArgumentException("the body timeout must be positive and the rates not negative");
        }
    }

    public HttpLimits withHeaderTimeout(Duration timeout) {
        return new HttpLimits(timeout, idleTimeout, maxConnections, maxHeaderBytes, bodyTimeout,
                minBodyBytesPerSecond, maxConnectionsPerClient);
    }

    public HttpLimits withIdleTimeout(Duration timeout) {
        return new HttpLimits(headerTimeout, timeout, maxConnections, maxHeaderBytes, bodyTimeout,
                minBodyBytesPerSecond, maxConnectionsPerClient);
    }

    public HttpLimits withMaxConnections(int max) {
        return new HttpLimits(headerTimeout, idleTimeout, max, maxHeaderBytes, bodyTimeout,
                minBodyBytesPerSecond, maxConnectionsPerClient);
    }
}
