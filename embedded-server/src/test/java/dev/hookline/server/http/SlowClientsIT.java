package dev.hookline.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * No client shuts the others out (issue 29): bodies sent slowly are closed instead of holding the cap, and one
 * client address cannot take every connection.
 */
class SlowClientsIT {

    @TempDir
    Path dataDir;
    TestServer server;
    String ingestPath;
    final List<Socket> held = new ArrayList<>();
    final AtomicBoolean dribbling = new AtomicBoolean(true);

    private void start(HttpLimits limits) throws IOException {
        server = TestServer.startWithHttpLimits(dataDir, limits);
        TestServer.TestProject project = server.newProject("slow", ProjectType.INCOMING);
        Source source = project.client().createSource(new CreateSourceRequest("s", SourceType.HTTP, null, null,
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

    private String ingestRequest() {
        return "POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Connection: close\r\n\r\n{}";
    }

    /** Headers at once, then a body of a declared 100 KB at one byte every 200 ms. */
    private Socket slowBody() throws IOException {
        Socket socket = RawHttp.connect(port());
        held.add(socket);
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100000\r\n\r\n{\"a\":\"").getBytes(StandardCharsets.US_ASCII));
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

    private boolean served() {
        try {
            return RawHttp.exchange(port(), ingestRequest()).status() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void slowBodiesAtTheCapAreClosedAndOthersAreServedAgain() throws IOException {
        start(HttpLimits.DEFAULTS.withMaxConnections(8).withMaxConnectionsPerClient(100)
                .withBodyLimits(Duration.ofSeconds(2), 8 * 1024));
        List<Socket> slow = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            slow.add(slowBody());
        }
        // every connection is busy with a slow body: until they are closed, a new client is refused
        Await.until(Duration.ofSeconds(15), "a legitimate request is served again", this::served);
        for (Socket socket : slow) {
            socket.setSoTimeout(10_000);
            assertTrue(RawHttp.closedByServer(socket), "a slow body's connection is still open");
        }
        assertTrue(served());
    }

    @Test
    void aBodyTrickledBelowTheMinimumRateIsClosedAfterTheGrace() throws IOException {
        start(HttpLimits.DEFAULTS.withBodyLimits(Duration.ofSeconds(60), 8 * 1024));
        Socket slow = slowBody();
        slow.setSoTimeout(20_000);
        long started = System.nanoTime();
        assertTrue(RawHttp.closedByServer(slow), "closed well before the 60 s body deadline");
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(took.compareTo(Duration.ofSeconds(15)) < 0, "closed only after " + took);
        assertTrue(served());
    }

    @Test
    void oneClientAddressCannotHoldEveryConnection() throws IOException {
        start(HttpLimits.DEFAULTS.withMaxConnections(100).withMaxConnectionsPerClient(4));
        for (int i = 0; i < 6; i++) { // busy connections: a request begun and not finished
            Socket socket = RawHttp.connect(port());
            held.add(socket);
            socket.getOutputStream().write(("POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        }
        // the held connections count once the server has taken them in, which a loaded machine may not have done yet
        RawHttp.Answer refused = Await.value(Duration.ofSeconds(5), "a request from the same address refused",
                () -> {
                    try {
                        return RawHttp.exchange(port(), ingestRequest());
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }, answer -> answer.status() == 503);
        assertEquals(503, refused.status(), refused::text);
        assertTrue(refused.json().path("message").asText().contains("from your address (limit 4 per client)"),
                refused::text);
        assertEquals("1", refused.headers().get("retry-after"));
        for (Socket socket : held) {
            socket.close();
        }
        held.clear();
        Await.until(Duration.ofSeconds(5), "served once the client holds fewer", this::served);
    }
}
