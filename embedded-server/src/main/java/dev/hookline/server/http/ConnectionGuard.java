package dev.hookline.server.http;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.IdleTimeout;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Jetty does not do for us at the connection level (ADR 0026):
 * <ul>
 *   <li>a <b>header-read timeout</b>: a request's line and headers must arrive within
 *       {@link HttpLimits#headerTimeout()}, counted from the connection's opening for its first request
 *       and from the request's first byte for the next ones on a keep-alive connection. Jetty's idle timeout alone
 *       lets a client that sends a byte now and then (slowloris) hold a connection for ever. A connection past the
 *       deadline is closed (there is no request yet to answer).</li>
 *   <li>a <b>connection cap</b> with a clear refusal: when {@link HttpLimits#maxConnections()} are
 *       open, a new connection first takes the place of the longest-idle keep-alive connection; when every open
 *       connection is busy with a request, it is answered 503 with the envelope and closed. Above the cap plus a
 *       headroom for those refusals ({@link #ceiling}), Jetty's {@code NetworkConnectionLimit} stops accepting.</li>
 * </ul>
 * A sweep every quarter of the timeout checks the open connections; the deadline is therefore kept to within a
 * quarter of the timeout. Reading the parser's state from the sweep's thread is a racy read of an enum; at worst it
 * sees a state one sweep late.
 */
final class ConnectionGuard implements Connection.Listener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);

    /** What the sweep knows of one open connection. */
    private static final class Tracked {
        final boolean overCap;
        /** Requests whose headers had been read when the current header deadline started. */
        volatile long messagesIn;
        /** When the headers being read started to arrive (as seen by a sweep); 0 when none are being read. */
        volatile long headerStartedNanos;

        final boolean overClientCap;
        /** The client's address, kept: a closed endpoint no longer tells it. */
        volatile java.net.InetAddress client;

        Tracked(boolean overCap, long openedNanos, boolean overClientCap) {
            this.overCap = overCap;
            this.overClientCap = overClientCap;
            this.headerStartedNanos = openedNanos;
        }
    }

    private final Map<Connection, Tracked> open = new ConcurrentHashMap<>();
    /** Open connections per client address (issue 29: one client must not hold the whole cap). */
    private final Map<java.net.InetAddress, java.util.concurrent.atomic.AtomicInteger> perClient =
            new ConcurrentHashMap<>();
    /** Bodies being read by a handler: their connection, when the read started and how much has arrived. */
    private final Map<Connection, BodyWatch> bodies = new ConcurrentHashMap<>();
    private final int maxPerClient;
    private final long bodyTimeoutNanos;
    private final long minBodyBytesPerSecond;
    private final int maxConnections;
    private final long headerTimeoutNanos;
    private final ScheduledExecutorService sweeper;

    ConnectionGuard(HttpLimits limits) {
        this.maxConnections = limits.maxConnections();
        this.headerTimeoutNanos = limits.headerTimeout().toNanos();
        this.maxPerClient = limits.effectiveMaxConnectionsPerClient();
        this.bodyTimeoutNanos = limits.bodyTimeout().toNanos();
        this.minBodyBytesPerSecond = limits.minBodyBytesPerSecond();
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hookline-http-guard");
            t.setDaemon(true);
            return t;
        });
    }

    /** Where Jetty stops accepting: the cap plus room to answer the refused ones. */
    static int ceiling(int maxConnections) {
        return maxConnections + Math.max(16, maxConnections / 4);
    }

    void start() {
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(50), Math.min(TimeUnit.SECONDS.toNanos(1),
                headerTimeoutNanos / 4));
        sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.NANOSECONDS);
    }

    int maxConnections() {
        return maxConnections;
    }

    /** True when {@code connection} was opened over the cap (its request is answered 503). */
    boolean overCap(Connection connection) {
        Tracked tracked = open.get(connection);
        return tracked != null && tracked.overCap;
    }

    /** True when {@code connection} was opened over its client's own cap (its request is answered 503). */
    boolean overClientCap(Connection connection) {
        Tracked tracked = open.get(connection);
        return tracked != null && tracked.overClientCap;
    }

    int maxConnectionsPerClient() {
        return maxPerClient;
    }

    private static java.net.InetAddress clientOf(Connection connection) {
        return connection.getEndPoint().getRemoteSocketAddress() instanceof java.net.InetSocketAddress inet
                ? inet.getAddress() : null;
    }

    /** A body being read; {@link #close()} when the read ends (however it ends). */
    final class BodyWatch implements AutoCloseable {
        private final Connection connection;
        private final long startedNanos = System.nanoTime();
        private final java.util.function.LongSupplier bytesRead;

        private BodyWatch(Connection connection, java.util.function.LongSupplier bytesRead) {
            this.connection = connection;
            this.bytesRead = bytesRead;
        }

        /** Why the body is too slow at {@code now}, or null. */
        String tooSlow(long now) {
            long elapsed = now - startedNanos;
            if (elapsed > bodyTimeoutNanos) {
                return "the request body did not arrive within " + TimeUnit.NANOSECONDS.toSeconds(bodyTimeoutNanos)
                        + " s";
            }
            long grace = HttpLimits.BODY_GRACE.toNanos();
            if (minBodyBytesPerSecond > 0 && elapsed > grace) {
                double seconds = (elapsed - grace) / 1e9;
                if (bytesRead.getAsLong() < minBodyBytesPerSecond * seconds) {
                    return "the request body arrived slower than " + minBodyBytesPerSecond + " bytes/s";
                }
            }
            return null;
        }

        @Override
        public void close() {
            bodies.remove(connection, this);
        }
    }

    /**
     * Watches the body {@code connection}'s handler is about to read: past the body deadline, or slower than the
     * minimum data rate after the grace, the connection is closed (the blocked read fails; nothing is stored).
     */
    BodyWatch watchBody(Connection connection, java.util.function.LongSupplier bytesRead) {
        BodyWatch watch = new BodyWatch(connection, bytesRead);
        if (connection != null) {
            bodies.put(connection, watch);
        }
        return watch;
    }

    @Override
    public void onOpened(Connection connection) {
        boolean over = open.size() >= maxConnections && live() >= maxConnections && !evictIdle();
        java.net.InetAddress client = clientOf(connection);
        boolean overClient = false;
        if (client != null) {
            int count = perClient.computeIfAbsent(client, k -> new java.util.concurrent.atomic.AtomicInteger())
                    .incrementAndGet();
            // over by the counter: count precisely, leaving out connections already answered and closing
            overClient = count > maxPerClient && liveFrom(client) >= maxPerClient && !evictIdle(client);
            if (overClient) {
                LOG.debug("per-client connection limit reached ({}): refusing a connection from {}", maxPerClient,
                        client);
            }
        }
        Tracked tracked = new Tracked(over, System.nanoTime(), overClient);
        tracked.client = client;
        open.put(connection, tracked);
        if (over) {
            LOG.warn("connection limit reached ({} open, none idle): refusing a connection from {}", maxConnections,
                    connection.getEndPoint().getRemoteSocketAddress());
        }
    }

    /**
     * Makes room at the cap by closing the keep-alive connection that has waited longest for its next request (none
     * is lost: a client must expect a kept-alive connection to be closed between requests). So clients that merely
     * hold connections cannot keep a new one out; only connections busy with a request count against the cap.
     */
    private boolean evictIdle() {
        return evictIdle(null);
    }

    /** {@link #evictIdle()} among {@code client}'s connections only (null: anyone's). */
    private boolean evictIdle(java.net.InetAddress client) {
        Connection longest = null;
        long longestIdleMillis = -1;
        for (Map.Entry<Connection, Tracked> entry : open.entrySet()) {
            Connection connection = entry.getKey();
            if (client != null && !client.equals(entry.getValue().client)) {
                continue;
            }
            if (connection instanceof HttpConnection http && waitingForNextRequest(http)
                    && connection.getEndPoint() instanceof IdleTimeout endPoint
                    && endPoint.getIdleFor() > longestIdleMillis) {
                longestIdleMillis = endPoint.getIdleFor();
                longest = connection;
            }
        }
        if (longest == null) {
            return false;
        }
        LOG.debug("connection limit reached: closing the idle keep-alive connection {}", longest);
        longest.getEndPoint().close();
        return true;
    }

    /** Answered at least one request, sent every answer, and not one byte of the next request yet. */
    private static boolean waitingForNextRequest(HttpConnection http) {
        return !http.getEndPoint().isOutputShutdown() && http.getMessagesIn() > 0
                && http.getMessagesIn() == http.getMessagesOut() && http.getParser().isStart();
    }

    /** Open connections of {@code client} that still serve (see {@link #live()}). */
    private long liveFrom(java.net.InetAddress client) {
        return open.entrySet().stream().filter(e -> client.equals(e.getValue().client)
                && !e.getKey().getEndPoint().isOutputShutdown()).count();
    }

    /**
     * Open connections that still serve: one whose output is shut (answered with {@code Connection: close}, or idle
     * and timed out) only waits for the client's FIN and does not count. Counted only at the cap, so an accept costs
     * a map insert, not a walk over every connection.
     */
    private long live() {
        return open.keySet().stream().filter(c -> !c.getEndPoint().isOutputShutdown()).count();
    }

    @Override
    public void onClosed(Connection connection) {
        Tracked tracked = open.remove(connection);
        bodies.remove(connection);
        java.net.InetAddress client = tracked == null ? null : tracked.client;
        if (client != null) {
            perClient.computeIfPresent(client, (k, count) -> count.decrementAndGet() <= 0 ? null : count);
        }
    }

    private void sweep() {
        long now = System.nanoTime();
        bodies.forEach((connection, watch) -> {
            String slow = watch.tooSlow(now);
            if (slow != null) {
                LOG.debug("closing {}: {}", connection.getEndPoint().getRemoteSocketAddress(), slow);
                bodies.remove(connection, watch);
                connection.getEndPoint().close();
            }
        });
        open.forEach((connection, tracked) -> {
            try {
                if (connection instanceof HttpConnection http && headersLate(http, tracked, now)) {
                    LOG.debug("closing {}: request headers not received within the header timeout",
                            connection.getEndPoint().getRemoteSocketAddress());
                    connection.getEndPoint().close();
                }
            } catch (RuntimeException e) {
                LOG.debug("connection sweep: {}", e.toString());
            }
        });
    }

    private boolean headersLate(HttpConnection http, Tracked tracked, long now) {
        long messages = http.getMessagesIn();
        boolean firstRequest = messages == 0;
        boolean readingHeaders = http.getParser().inHeaderState() && !http.getParser().isStart();
        if (messages != tracked.messagesIn) {
            // a request's headers arrived since the last look: its deadline is met, the next one starts later
            tracked.messagesIn = messages;
            tracked.headerStartedNanos = readingHeaders ? now : 0;
            return false;
        }
        if (!firstRequest && !readingHeaders) {
            // between requests on a keep-alive connection (the idle timeout's business), or reading a body
            tracked.headerStartedNanos = 0;
            return false;
        }
        if (tracked.headerStartedNanos == 0) {
            tracked.headerStartedNanos = now;
            return false;
        }
        return now - tracked.headerStartedNanos > headerTimeoutNanos;
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
