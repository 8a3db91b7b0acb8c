package dev.hookline.app.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A webhook endpoint for tests: real HTTP on a free loopback port, answers every request with a fixed status and
 * body, and records each request (method, path, headers, body bytes).
 */
public final class RecordingReceiver implements AutoCloseable {

    /** A received request; header names are case-insensitive. */
    public record Received(String method, String path, Map<String, String> headers, byte[] body) {

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.get(name);
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile int status;
    private volatile String answer;

    private RecordingReceiver(HttpServer server, int status, String answer) {
        this.server = server;
        this.status = status;
        this.answer = answer;
    }

    /** Answers {@code status} with the JSON {@code answer} to every request. */
    public static RecordingReceiver start(int status, String answer) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        RecordingReceiver receiver = new RecordingReceiver(server, status, answer);
        server.createContext("/", exchange -> {
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
            byte[] body = exchange.getRequestBody().readAllBytes();
            receiver.received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    headers, body));
            synchronized (receiver) {
                receiver.notifyAll();
            }
            byte[] bytes = receiver.answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(receiver.status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return receiver;
    }

    /** From now on, answer {@code status} with {@code answer}. */
    public void answerWith(int newStatus, String newAnswer) {
        this.status = newStatus;
        this.answer = newAnswer;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** Waits until at least {@code n} requests arrived; fails after {@code timeout}. */
    public List<Received> awaitCount(int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            while (received.size() < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("expected " + n + " requests, got " + received.size());
                }
                wait(Math.max(1, left / 1_000_000));
            }
        }
        return received();
    }

    /** Waits until at least {@code n} requests to {@code path} arrived; returns those. */
    public List<Received> awaitPath(String path, int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            while (true) {
                List<Received> matching = received.stream().filter(r -> r.path().equals(path)).toList();
                if (matching.size() >= n) {
                    return matching;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("expected " + n + " requests to " + path + ", got " + matching.size());
                }
                wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
