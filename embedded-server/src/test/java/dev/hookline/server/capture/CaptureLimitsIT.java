package dev.hookline.server.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.TestServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Capture bins take unauthenticated requests: what they keep and how long they hold a connection are bounded. */
class CaptureLimitsIT {

    @TempDir
    Path dataDir;
    TestServer server;
    ApiClient client;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        client = server.newProject("bins", ProjectType.OUTGOING).client();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> post(String url, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aLargeBodyIsKeptUpToTheLimitAndABinKeepsABoundedNumberOfBytes() throws Exception {
        CaptureBin bin = client.createCaptureBin(new CaptureBinRequest("big", 200, 0L));
        String big = "x".repeat(200_000);
        for (int i = 0; i < 60; i++) {
            assertEquals(200, post(bin.url(), big).statusCode());
        }
        List<CapturedRequest> kept = client.listCapturedRequests(bin.uid(), 0);
        CapturedRequest newest = kept.getLast();
        assertEquals(200_000L, newest.bodySize(), "the size says how long the body was");
        assertTrue(newest.body().length() < 70_000, "only the first 64 KB are kept: " + newest.body().length());
        assertTrue(newest.body().endsWith("[hookline: body truncated at 65536 bytes]"));
        assertEquals(60L, newest.seq());
        assertTrue(kept.size() < 60, "the bin dropped its oldest requests to stay within its byte limit: "
                + kept.size());
        long bytes = kept.stream().mapToLong(r -> r.body().length() * 2L).sum();
        assertTrue(bytes <= CapturedRequestLog.BYTES_PER_BIN, "kept " + bytes);
    }

    @Test
    void delayedAnswersCannotHoldTheServersConnections() throws Exception {
        CaptureBin slow = client.createCaptureBin(new CaptureBinRequest("slow", 200, 3_000L));
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < CaptureService.MAX_DELAYED_ANSWERS + 8; i++) {
            answers.add(http.sendAsync(HttpRequest.newBuilder(URI.create(slow.url()))
                    .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        int skipped = 0;
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            HttpResponse<String> response = answer.get();
            assertEquals(200, response.statusCode());
            if (response.body().contains("delay_skipped")) {
                skipped++;
            }
        }
        assertTrue(skipped >= 8, "requests beyond the delayed-answer limit are answered at once: " + skipped);
    }
}
