package dev.hookline.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The webhook receiver of the benchmark: answers 200 at once, counts deliveries, and measures each delivery's
 * ingest-to-receiver latency from the {@code "sent_nanos"} member the load generator put into the payload (the
 * generator and the receiver share one JVM, so {@link System#nanoTime()} is one clock).
 */
final class CountingReceiver implements AutoCloseable {

    private static final byte[] OK = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SENT_MARK = "\"sent_nanos\":".getBytes(StandardCharsets.US_ASCII);

    private final HttpServer server;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong firstNanos = new AtomicLong();
    private final AtomicLong lastNanos = new AtomicLong();
    private volatile AtomicLongArray latencies = new AtomicLongArray(0);
    private final AtomicLong latencyCount = new AtomicLong();

    CountingReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            long now = System.nanoTime();
            firstNanos.compareAndSet(0, now);
            lastNanos.set(now);
            received.incrementAndGet();
            long sent = sentNanos(body);
            AtomicLongArray samples = latencies;
            if (sent > 0 && samples.length() > 0) {
                long index = latencyCount.getAndIncrement();
                if (index < samples.length()) {
                    samples.set((int) index, now - sent);
                }
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, OK.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(OK);
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    long received() {
        return received.get();
    }

    /** Clears the counters and starts recording up to {@code capacity} latency samples. */
    void reset(int capacity) {
        received.set(0);
        firstNanos.set(0);
        lastNanos.set(0);
        latencyCount.set(0);
        latencies = new AtomicLongArray(capacity);
    }

    long firstNanos() {
        return firstNanos.get();
    }

    long lastNanos() {
        return lastNanos.get();
    }

    /** The latency samples recorded since the last {@link #reset}, in nanoseconds. */
    long[] latencySamples() {
        AtomicLongArray samples = latencies;
        int n = (int) Math.min(latencyCount.get(), samples.length());
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = samples.get(i);
        }
        return out;
    }

    static long sentNanos(byte[] body) {
        outer:
        for (int i = 0; i + SENT_MARK.length < body.length; i++) {
            for (int j = 0; j < SENT_MARK.length; j++) {
                if (body[i + j] != SENT_MARK[j]) {
                    continue outer;
                }
            }
            long value = 0;
            int k = i + SENT_MARK.length;
            while (k < body.length && body[k] == ' ') {
                k++;
            }
            boolean digits = false;
            while (k < body.length && body[k] >= '0' && body[k] <= '9') {
                value = value * 10 + (body[k++] - '0');
                digits = true;
            }
            return digits ? value : -1;
        }
        return -1;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
