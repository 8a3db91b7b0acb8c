package dev.hookline.server.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A real webhook receiver for tests: an HTTP server on a free loopback port that records every request it gets
 * and answers as the test tells it (a status, a delay, or hanging until closed).
 *
 * <p>Answers are chosen per request by a {@link Responder}; the default answers 200 {@code {"ok":true}}.
 */
public final class Receiver implements AutoCloseable {

    /** One request as the receiver got it. Header names are lower-cased; values keep their order. */
    public record Request(String method, String path, String query, Map<String, List<String>> headers, byte[] body,
                          Instant receivedAt) {

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The first value of a header (any case), or null. */
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.getFirst();
        }
    }

    /** What to answer: a status, headers, a body and how long to wait before answering. */
    public record Answer(int status, Map<String, String> headers, String body, Duration delay, boolean hangs) {

        public static Answer status(int status) {
            return new Answer(status, Map.of("Content-Type", "application/json"), "{\"ok\":" + (status < 300) + "}",
                    Duration.ZERO, false);
        }

        public static Answer ok() {
            return status(200);
        }

        /** Never answers: the connection stays open until the client gives up or the receiver closes. */
        public static Answer hanging() {
            return new Answer(0, Map.of(), "", Duration.ZERO, true);
        }

        public Answer withBody(String body) {
            return new Answer(status, headers, body, delay, hangs);
        }

        public Answer withHeader(String name, String value) {
            Map<String, String> all = new LinkedHashMap<>(headers);
            all.put(name, value);
            return new Answer(status, all, body, delay, hangs);
        }

        public Answer after(Duration delay) {
            return new Answer(status, headers, body, delay, hangs);
        }
    }

    /** Chooses the answer to a request; sees the request and how many requests came before it (0-based). */
    @FunctionalInterface
    public interface Responder {
        Answer answer(Request request, int index);
    }

    private final HttpServer server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private volatile Responder responder = (request, index) -> Answer.ok();

    private Receiver(HttpServer server) {
        this.server = server;
    }

    /** Starts a receiver on a free loopback port. */
    public static Receiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            Receiver receiver = new Receiver(server);
            server.createContext("/", receiver::handle);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the test receiver", e);
        }
    }

    /** The base URL, e.g. {@code http://127.0.0.1:40123}; append a path for an endpoint URL. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public String url(String path) {
        return url() + (path.startsWith("/") ? path : "/" + path);
    }

    /** Answers every later request with {@code answer}. */
    public Receiver answerAlways(Answer answer) {
        this.responder = (request, index) -> answer;
        return this;
    }

    /** Answers each later request with the answer for its index (0-based over all requests this receiver got). */
    public Receiver answerWith(Responder responder) {
        this.responder = responder;
        return this;
    }

    /** Answers by request only (e.g. by path). */
    public Receiver answerBy(Function<Request, Answer> byRequest) {
        this.responder = (request, index) -> byRequest.apply(request);
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public List<Request> requests(Predicate<Request> which) {
        return requests.stream().filter(which).toList();
    }

    /** Waits until at least {@code count} requests arrived; fails with what did arrive after {@code timeout}. */
    public List<Request> awaitRequests(int count, Duration timeout) {
        return awaitRequests(count, r -> true, timeout);
    }

    /** Waits until at least {@code count} requests matching {@code which} arrived. */
    public List<Request> awaitRequests(int count, Predicate<Request> which, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Request> matching = requests(which);
            if (matching.size() >= count) {
                return matching;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + count + " requests within " + timeout + " but got "
                        + matching.size() + " (all: " + requests.size() + ")");
            }
            try {
                TimeUnit.MILLISECONDS.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for requests", e);
            }
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) ->
                headers.put(name.toLowerCase(Locale.ROOT), new ArrayList<>(values)));
        byte[] body = exchange.getRequestBody().readAllBytes();
        Request request = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawQuery(), Map.copyOf(headers), body, Instant.now());
        int index;
        synchronized (requests) {
            index = requests.size();
            requests.add(request);
        }
        Answer answer = responder.answer(request, index);
        try {
            if (answer.hangs()) {
                closing.await();
                return;
            }
            if (!answer.delay().isZero() && closing.await(answer.delay().toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } finally {
            if (answer.hangs()) {
                exchange.close();
            }
        }
        answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        byte[] out = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), out.length == 0 ? -1 : out.length);
        try (OutputStream stream = exchange.getResponseBody()) {
            stream.write(out);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
    }
}
