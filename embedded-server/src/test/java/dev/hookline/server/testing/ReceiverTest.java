package dev.hookline.server.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test receiver records what it got and answers as told: the other tests rely on both. */
class ReceiverTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void recordsRequestsAndAnswersByIndex() throws Exception {
        try (Receiver receiver = Receiver.start()) {
            receiver.answerWith((request, index) -> index == 0 ? Receiver.Answer.status(503) : Receiver.Answer.ok());
            HttpResponse<String> first = post(receiver.url("/hook?x=1"), "{\"a\":1}");
            HttpResponse<String> second = post(receiver.url("/hook"), "{\"a\":2}");

            assertEquals(503, first.statusCode());
            assertEquals(200, second.statusCode());
            List<Receiver.Request> got = receiver.awaitRequests(2, Duration.ofSeconds(2));
            assertEquals("/hook", got.get(0).path());
            assertEquals("x=1", got.get(0).query());
            assertEquals("{\"a\":1}", got.get(0).bodyText());
            assertEquals("application/json", got.get(0).header("Content-Type"));
        }
    }

    @Test
    void hangingAnswerTimesTheClientOut() {
        try (Receiver receiver = Receiver.start()) {
            receiver.answerAlways(Receiver.Answer.hanging());
            HttpRequest request = HttpRequest.newBuilder(URI.create(receiver.url("/slow")))
                    .timeout(Duration.ofMillis(300)).POST(HttpRequest.BodyPublishers.ofString("{}")).build();
            assertThrows(HttpTimeoutException.class, () -> http.send(request, HttpResponse.BodyHandlers.ofString()));
        }
    }

    private HttpResponse<String> post(String url, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
