package dev.hookline.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The honest baseline for ingest: the same HTTP server the embedded server uses (the JDK's, on virtual threads,
 * TCP_NODELAY) with a handler that reads the body and answers Convoy's ingest answer without storing anything.
 * Whatever ingest costs on top of this is Hookline's own work.
 */
final class BareBaseline implements AutoCloseable {

    private static final byte[] ANSWER = "{\"status\":true,\"message\":\"Event received\",\"data\":0}"
            .getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    BareBaseline() throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, ANSWER.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(ANSWER);
            }
        });
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.close();
    }
}
