package dev.hookline.app.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.client.ApiClient;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in Convoy over real HTTP on a free loopback port: answers each {@code METHOD path} with a canned status and
 * body, and records every request exactly as it arrived. View-model tests point a real {@link ApiClient} at it to
 * see the query string a filter produces, and that nothing is sent before the user confirms.
 */
public final class FakeConvoy implements AutoCloseable {

    public static final String PROJECT = "01PROJECT0000000000000000A";

    /** One request as received: method, path, raw query string ({@code ""} when none) and body. */
    public record Request(String method, String path, String query, String body) {

        /** Decoded values of a query parameter, in the order sent (repeated keys kept). */
        public List<String> params(String name) {
            List<String> values = new ArrayList<>();
            if (query.isEmpty()) {
                return values;
            }
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                if (key.equals(name)) {
                    values.add(eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
            return values;
        }

        public String param(String name) {
            List<String> values = params(name);
            return values.isEmpty() ? null : values.get(0);
        }
    }

    private record Answer(int status, String body) {
    }

    private final HttpServer server;
    private final Map<String, Answer> answers = new LinkedHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();

    private FakeConvoy(HttpServer server) {
        this.server = server;
    }

    public static FakeConvoy start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        FakeConvoy fake = new FakeConvoy(server);
        server.createContext("/", fake::handle);
        server.start();
        return fake;
    }

    /** Answers {@code method} on the project-relative {@code path} (e.g. {@code eventdeliveries}) with an envelope. */
    public FakeConvoy answer(String method, String projectPath, int status, String dataJson) {
        String body = status < 300
                ? "{\"status\":true,\"message\":\"ok\",\"data\":" + dataJson + "}"
                : "{\"status\":false,\"message\":" + dataJson + "}";
        synchronized (answers) {
            answers.put(method + " " + projectPrefix() + projectPath, new Answer(status, body));
        }
        return this;
    }

    /** Answers {@code method} on the absolute {@code path} (e.g. {@code /healthz}) with {@code body} as it is. */
    public FakeConvoy answerRaw(String method, String path, int status, String body) {
        synchronized (answers) {
            answers.put(method + " " + path, new Answer(status, body));
        }
        return this;
    }

    /** An empty page, for lists. */
    public static String emptyPage() {
        return "{\"content\":[],\"pagination\":{\"per_page\":50,\"has_next_page\":false,\"has_prev_page\":false,"
                + "\"prev_page_cursor\":\"\",\"next_page_cursor\":\"\"}}";
    }

    /** A client on this fake's project. */
    public ApiClient client() {
        return new ApiClient("http://127.0.0.1:" + server.getAddress().getPort() + "/api", "CO.test.key")
                .withProject(PROJECT);
    }

    /** Every request received so far, oldest first. */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The requests to the project-relative {@code path} with {@code method}. */
    public List<Request> requests(String method, String projectPath) {
        String path = projectPrefix() + projectPath;
        return requests.stream().filter(r -> r.method().equals(method) && r.path().equals(path)).toList();
    }

    private static String projectPrefix() {
        return "/api/v1/projects/" + PROJECT + "/";
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String query = exchange.getRequestURI().getRawQuery();
        String path = exchange.getRequestURI().getPath();
        requests.add(new Request(exchange.getRequestMethod(), path, query == null ? "" : query, body));
        Answer answer;
        synchronized (answers) {
            answer = answers.getOrDefault(exchange.getRequestMethod() + " " + path,
                    new Answer(404, "{\"status\":false,\"message\":\"no canned answer for " + path + "\"}"));
        }
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
