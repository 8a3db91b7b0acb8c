package dev.hookline.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.RawHttp;
import dev.hookline.server.testing.TestServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that hold connections cannot make ingest unreachable (issue 17, item 4): request headers must arrive
 * within the header timeout (slowloris), idle connections are closed, and a connection over the cap is answered 503
 * with the envelope. Timeouts are set to about a second so the test stays short.
 */
class ConnectionLimitsIT {

    private static final Duration HEADER_TIMEOUT = Duration.ofMillis(800);
    private static final Duration IDLE_TIMEOUT = Duration.ofMillis(1500);

    @TempDir
    Path dataDir;
    TestServer server;
    String ingestPath;
    final List<Socket> held = new ArrayList<>();
    final AtomicBoolean dribbling = new AtomicBoolean(true);

    private void start(int maxConnections) throws IOException {
        start(maxConnections, HEADER_TIMEOUT);
    }

    private void start(int maxConnections, Duration headerTimeout) throws IOException {
        server = TestServer.startWithHttpLimits(dataDir, HttpLimits.DEFAULTS
                .withHeaderTimeout(headerTimeout).withIdleTimeout(IDLE_TIMEOUT).withMaxConnections(maxConnections));
        TestServer.TestProject project = server.newProject("limits", ProjectType.INCOMING);
        Source source = project.client().createSource(new CreateSourceRequest("held", SourceType.HTTP, null, null,
                null, null, null, null, null));
        ingestPath = "/ingest/" + source.maskId();
    }

    @AfterEach
    void stop() throws IOException {
        dribbling.set(false);
        for (Socket socket : held) {
            socket.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private int port() {
        return server.server().port();
    }

    private String ingestRequest(String connection) {
        return "POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Connection: " + connection + "\r\n\r\n{}";
    }

    /** A connection that sends a request line and then one header byte every 200 ms, for ever. */
    private Socket slowloris() throws IOException {
        Socket socket = RawHttp.connect(port());
        held.add(socket);
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\nX-Slow: ").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread.ofVirtual().start(() -> {
            try {
                while (dribbling.get()) {
                    Thread.sleep(200);
                    out.write('a');
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // closed by the server: what the test wants
            }
        });
        return socket;
    }

    @Test
    void slowlorisConnectionsAreClosedAfterTheHeaderTimeoutAndIngestAnswersMeanwhile() throws IOException {
        start(1000);
        List<Socket> slow = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            slow.add(slowloris());
        }
        RawHttp.Answer answer = RawHttp.exchange(port(), ingestRequest("close"));
        assertEquals(200, answer.status(), answer::text);

        long started = System.nanoTime();
        for (Socket socket : slow) {
            socket.setSoTimeout(5000);
            assertTrue(RawHttp.closedByServer(socket), "a slowloris connection is still open");
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(took.compareTo(Duration.ofSeconds(4)) < 0, "closed only after " + took);
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheHeaderTimeout() throws IOException {
        start(1000);
        Socket silent = RawHttp.connect(port());
        held.add(silent);
        silent.setSoTimeout(5000);
        assertTrue(RawHttp.closedByServer(silent));
    }

    @Test
    void aKeepAliveConnectionIsKeptBetweenRequestsAndClosedWhenIdle() throws Exception {
        start(1000);
        Socket socket = RawHttp.connect(port());
        held.add(socket);
        OutputStream out = socket.getOutputStream();
        for (int i = 0; i < 2; i++) {
            out.write(ingestRequest("keep-alive").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertEquals(200, RawHttp.read(socket.getInputStream()).status());
            // longer than the header timeout: a connection waiting between requests is the idle timeout's business
            Thread.sleep(HEADER_TIMEOUT.toMillis() + 300);
        }
        socket.setSoTimeout(5000);
        assertTrue(RawHttp.closedByServer(socket), "the idle connection was not closed");
    }

    @Test
    void atTheCapANewConnectionTakesThePlaceOfTheLongestIdleKeepAliveOne() throws IOException {
        start(4, Duration.ofSeconds(10));
        List<Socket> kept = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Socket socket = RawHttp.connect(port());
            held.add(socket);
            kept.add(socket);
            socket.getOutputStream().write(ingestRequest("keep-alive").getBytes(StandardCharsets.US_ASCII));
            assertEquals(200, RawHttp.read(socket.getInputStream()).status(), "connection " + i);
        }
        Socket first = kept.getFirst();
        first.setSoTimeout(2000);
        assertTrue(RawHttp.closedByServer(first), "the longest idle connection was not closed to make room");
        Socket last = kept.getLast();
        last.getOutputStream().write(ingestRequest("keep-alive").getBytes(StandardCharsets.US_ASCII));
        assertEquals(200, RawHttp.read(last.getInputStream()).status());
    }

    @Test
    void aConnectionOverTheCapWhileEveryOneIsBusyIsRefusedWithAnEnvelopeUntilOneCloses() throws IOException {
        start(4, Duration.ofSeconds(10));
        List<Socket> busy = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            busy.add(slowloris());
        }
        RawHttp.Answer refused = Await.value(Duration.ofSeconds(5), "a refusal", () -> {
            try {
                return RawHttp.exchange(port(), ingestRequest("keep-alive"));
            } catch (IOException e) {
                return null;
            }
        }, answer -> answer != null && answer.status() == 503);
        assertTrue(refused.contentType().startsWith("application/json"));
        assertFalse(refused.json().path("status").asBoolean(true));
        assertTrue(refused.json().path("message").asText().contains("too many open connections"), refused::text);
        assertEquals("close", refused.headers().get("connection"));

        busy.getFirst().close();
        Await.until(Duration.ofSeconds(5), "a connection is served again", () -> {
            try {
                return RawHttp.exchange(port(), ingestRequest("close")).status() == 200;
            } catch (IOException e) {
                return false;
            }
        });
    }
}
