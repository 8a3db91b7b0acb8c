package dev.hookline.server.dispatch;

import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.outbound.WebhookSender;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Webhook senders for dispatcher tests. */
final class TestSenders {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private TestSenders() {
    }

    /** A plain POST of the body with the delivery's headers and the endpoint's timeout; nothing else. */
    static WebhookSender plainHttp() {
        return webhook -> {
            String url = webhook.endpoint().url();
            Map<String, String> sent = new LinkedHashMap<>();
            sent.put("Content-Type", "application/json");
            webhook.headers().forEach((name, values) -> sent.put(name, String.join(",", values)));
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofSeconds(webhook.endpoint().httpTimeout()))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(webhook.body()));
            sent.forEach(request::header);
            String body = new String(webhook.body(), StandardCharsets.UTF_8);
            Instant started = Instant.now();
            try {
                HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
                Instant answered = Instant.now();
                Map<String, String> headers = new LinkedHashMap<>();
                response.headers().map().forEach((name, values) -> headers.put(name, String.join(",", values)));
                return new SendResult(url, "POST", "127.0.0.1", sent, body, response.statusCode(),
                        response.statusCode() + (response.statusCode() < 300 ? " OK" : " Error"), headers,
                        response.body(), response.statusCode() < 300 ? "" : "status " + response.statusCode(),
                        started, answered, Duration.between(started, answered).toMillis());
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                Instant failed = Instant.now();
                return new SendResult(url, "POST", "", sent, body, 0, "", Map.of(), "", "failed: " + e,
                        started, failed, Duration.between(started, failed).toMillis());
            }
        };
    }
}
