package dev.hookline.server.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.testing.Receiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What happens after downtime: every provider retries at once the moment the server is back. A burst against a
 * freshly started server (cold configuration cache, after a SIGKILL) is served like a warm server's: nobody waits
 * for a read connection, nobody gets a 500 (issue 29).
 */
class RestartBurstIT {

    private static final String KEY = "CO.RestartBurst00001.0123456789012345678901234567890123456789012345678901234567890123";
    private static final int BURST = 16;

    @TempDir
    Path tmp;

    @Test
    void aBurstOfIngestsRightAfterARestartIsAnsweredWithoutStallOr500() throws Exception {
        Path data = tmp.resolve("data");
        String[] args = {"--port", "0", "--data-dir", data.toString(), "--api-key", KEY,
                "--allow-destination", "127.0.0.0/8"};
        String mask;
        String projectId;
        try (Receiver receiver = Receiver.start()) {
            HeadlessProcess first = HeadlessProcess.start(args);
            try (ApiClient root = new ApiClient(first.baseUrl + "/api", KEY)) {
                projectId = root.createProject(new CreateProjectRequest("burst", ProjectType.INCOMING, null, null))
                        .project().uid();
                ApiClient client = root.withProject(projectId);
                Source source = client.createSource(new CreateSourceRequest("provider", SourceType.HTTP, null, null,
                        null, null, null, null, null));
                mask = source.maskId();
                for (int i = 0; i < 4; i++) { // the source fans out to 4 endpoints
                    Endpoint endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/e" + i), "e" + i));
                    client.createSubscription(new SubscriptionRequest("s" + i, source.uid(), endpoint.uid(), null,
                            null, null, null, new FilterConfig(List.of("*"), null), DeliveryMode.AT_LEAST_ONCE,
                            null));
                }
                HttpClient http = HttpClient.newHttpClient();
                for (int i = 0; i < 200; i++) { // a database with data
                    assertEquals(200, ingest(http, first.baseUrl, mask, i).get(30, TimeUnit.SECONDS).statusCode());
                }
            }
            first.kill();

            for (int restart = 0; restart < 3; restart++) {
                HeadlessProcess again = HeadlessProcess.start(args);
                try {
                    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                    List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
                    long started = System.nanoTime();
                    for (int i = 0; i < BURST; i++) {
                        burst.add(ingest(http, again.baseUrl, mask, 1000 * (restart + 1) + i));
                    }
                    burst.add(http.sendAsync(HttpRequest.newBuilder(URI.create(again.baseUrl + "/api/v1/projects/"
                                    + projectId + "/events?perPage=20")).header("Authorization", "Bearer " + KEY)
                            .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString()));
                    for (CompletableFuture<HttpResponse<String>> answer : burst) {
                        HttpResponse<String> response = answer.get(60, TimeUnit.SECONDS);
                        assertEquals(200, response.statusCode(), "restart " + restart + ": " + response.body());
                    }
                    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                    // the stall this guards against was a 30 s wait for a read connection, then a 500
                    assertTrue(tookMs < 20_000, "restart " + restart + ": the burst took " + tookMs + " ms");
                    assertTrue(again.lines.stream().noneMatch(l -> l.contains("no read connection free")),
                            String.join("\n", again.lines));
                } finally {
                    again.kill();
                }
            }
        }
    }

    private static CompletableFuture<HttpResponse<String>> ingest(HttpClient http, String baseUrl, String mask,
                                                                 int n) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create(baseUrl + "/ingest/" + mask))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString("{\"event_type\":\"order.paid\",\"n\":" + n + "}"))
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
