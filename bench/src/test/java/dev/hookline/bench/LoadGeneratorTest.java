package dev.hookline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The engine benchmark's load generator really talks HTTP and counts what the server answered. */
class LoadGeneratorTest {

    @Test
    void fixedRateSendsExactlyRateTimesSecondsAndCountsThemAnswered() throws Exception {
        try (BareBaseline bare = new BareBaseline()) {
            LoadGenerator load = new LoadGenerator("127.0.0.1", bare.port(), "/ingest/x", EngineBenchmark::payload);
            LoadGenerator.Result result = load.fixedRate(40, 4, Duration.ofSeconds(1));
            assertEquals(40, result.ok());
            assertEquals(0, result.rejected());
            assertEquals(0, result.failed());
        }
    }

    @Test
    void closedLoopKeepsConnectionsAliveAcrossRequests() throws Exception {
        try (BareBaseline bare = new BareBaseline()) {
            LoadGenerator load = new LoadGenerator("127.0.0.1", bare.port(), "/ingest/x", EngineBenchmark::payload);
            LoadGenerator.Result result = load.closedLoop(2, Duration.ofMillis(300));
            assertTrue(result.ok() > 2, "more requests than connections: " + result.ok());
            assertEquals(0, result.failed());
        }
    }

    @Test
    void receiverReadsTheSendTimeOutOfThePayload() {
        byte[] body = EngineBenchmark.payload(7);
        long sent = CountingReceiver.sentNanos(body);
        assertTrue(sent > 0 && sent <= System.nanoTime(), "sent_nanos " + sent);
        assertEquals(-1, CountingReceiver.sentNanos("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(42, CountingReceiver.sentNanos("{\"sent_nanos\": 42}".getBytes(StandardCharsets.UTF_8)));
    }
}
