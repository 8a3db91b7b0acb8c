package dev.hookline.server.outbound;

import static dev.hookline.server.outbound.OutboundFixtures.endpoint;
import static dev.hookline.server.outbound.OutboundFixtures.webhook;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.ContentType;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OutboundSenderIT {

    private Receiver receiver;
    private OkHttpWebhookSender sender;

    @BeforeEach
    void start() {
        receiver = Receiver.start();
        sender = new OkHttpWebhookSender();
    }

    @AfterEach
    void stop() {
        receiver.close();
        sender.close();
    }

    @Test
    void postsTheBodyExactlyAndRecordsTheAnswer() {
        receiver.answerAlways(Answer.status(201).withBody("{\"received\":1}").withHeader("X-Reply", "yes"));
        String body = "{\"amount\":12,\"currency\":\"EUR\",\"note\":\"ünïcode\"}";

        SendResult result = sender.send(webhook(endpoint(receiver.url("/hooks")), body));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals("POST", got.method());
        assertEquals("/hooks", got.path());
        assertEquals(body, got.bodyText());
        assertEquals("application/json", got.header("Content-Type"));
        assertEquals(OkHttpWebhookSender.USER_AGENT, got.header("User-Agent"));
        assertEquals(201, result.statusCode());
        assertEquals("201 Created", result.statusLine());
        assertTrue(result.delivered());
        assertEquals("", result.error());
        assertEquals("{\"received\":1}", result.responseBody());
        assertEquals("yes", header(result.responseHeaders(), "X-Reply"));
        assertEquals("127.0.0.1", result.ipAddress());
        assertEquals(receiver.url("/hooks"), result.url());
        assertEquals("POST", result.method());
        assertEquals(body, result.requestBody());
        assertEquals("application/json", result.requestHeaders().get("Content-Type"));
        assertTrue(result.latencyMillis() >= 0);
        assertFalse(result.respondedAt().isBefore(result.requestedAt()));
    }

    @Test
    void sendsTheEndpointsFormContentType() {
        var form = OutboundFixtures.withContentType(endpoint(receiver.url("/form")), ContentType.FORM_URLENCODED);

        SendResult result = sender.send(webhook(form, "a=1&b=two"));

        assertTrue(result.delivered());
        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals("application/x-www-form-urlencoded", got.header("Content-Type"));
        assertEquals("a=1&b=two", got.bodyText());
    }

    @Test
    void aServerErrorIsRecordedWithItsStatusBodyAndAPlainError() {
        receiver.answerAlways(Answer.status(500).withBody("database down"));

        SendResult result = sender.send(webhook(endpoint(receiver.url("/hooks")), "{}"));

        assertTrue(result.responded());
        assertFalse(result.delivered());
        assertEquals(500, result.statusCode());
        assertEquals("500 Internal Server Error", result.statusLine());
        assertEquals("database down", result.responseBody());
        assertEquals("receiver answered 500 Internal Server Error", result.error());
    }

    @Test
    void aHangingReceiverTimesOutAfterTheEndpointsHttpTimeout() {
        receiver.answerAlways(Answer.hanging());
        long started = System.nanoTime();

        SendResult result = sender.send(webhook(endpoint(receiver.url("/slow"), 1L, List.of(), false, null, null),
                "{}"));

        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertFalse(result.responded());
        assertEquals(0, result.statusCode());
        assertEquals("", result.statusLine());
        assertTrue(result.error().startsWith("timed out after 1 s"), result.error());
        assertTrue(tookMillis >= 900 && tookMillis < 5_000, "took " + tookMillis + " ms");
        assertEquals("127.0.0.1", result.ipAddress());
    }

    @Test
    void aRefusedConnectionIsReportedInPlainWords() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }

        SendResult result = sender.send(webhook(endpoint("http://127.0.0.1:" + port + "/hooks"), "{}"));

        assertFalse(result.responded());
        assertEquals("connection refused by 127.0.0.1:" + port, result.error());
        assertEquals("127.0.0.1", result.ipAddress());
        assertEquals("{}", result.requestBody());
    }

    @Test
    void aReceiverThatClosesWithoutAnsweringIsReportedInPlainWords() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                // reads the request head, then hangs up every connection without a word
                while (!socket.isClosed()) {
                    try (var connection = socket.accept()) {
                        connection.getInputStream().read(new byte[8192]);
                    } catch (IOException e) {
                        return;
                    }
                }
            });

            SendResult result = sender.send(webhook(endpoint("http://127.0.0.1:" + socket.getLocalPort() + "/h"),
                    "{}"));

            assertFalse(result.responded());
            assertEquals("127.0.0.1:" + socket.getLocalPort() + " closed the connection without answering",
                    result.error());
        }
    }

    @Test
    void anUnknownHostIsReportedInPlainWords() {
        // .invalid never resolves (RFC 2606)
        SendResult result = sender.send(webhook(endpoint("http://hookline-test.invalid/hooks"), "{}"));

        assertFalse(result.responded());
        assertEquals("could not resolve host hookline-test.invalid:80", result.error());
    }

    @Test
    void aLargeResponseBodyIsCappedAndMarkedAsTruncated() {
        String big = "x".repeat(1024 * 1024);
        receiver.answerAlways(Answer.ok().withBody(big));

        SendResult result = sender.send(webhook(endpoint(receiver.url("/big")), "{}"));

        assertTrue(result.delivered());
        assertEquals("x".repeat(OkHttpWebhookSender.RESPONSE_BODY_CAP) + OkHttpWebhookSender.TRUNCATED,
                result.responseBody());
    }

    @Test
    void aBodyExactlyAtTheCapIsNotMarked() {
        String exact = "y".repeat(OkHttpWebhookSender.RESPONSE_BODY_CAP);
        receiver.answerAlways(Answer.ok().withBody(exact));

        SendResult result = sender.send(webhook(endpoint(receiver.url("/exact")), "{}"));

        assertEquals(exact, result.responseBody());
    }

    @Test
    void redirectsAreNotFollowed() {
        receiver.answerBy(request -> request.path().equals("/moved")
                ? Answer.status(302).withHeader("Location", receiver.url("/elsewhere"))
                : Answer.ok());

        SendResult result = sender.send(webhook(endpoint(receiver.url("/moved")), "{}"));

        assertEquals(302, result.statusCode());
        assertFalse(result.delivered());
        assertEquals(receiver.url("/elsewhere"), header(result.responseHeaders(), "Location"));
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void customHeadersAreSentButNeverReplaceHooklinesOwn() {
        Map<String, List<String>> custom = Map.of("X-Tenant", List.of("acme"), "content-type", List.of("text/plain"),
                "X-Multi", List.of("a", "b"));

        SendResult result = sender.send(webhook(endpoint(receiver.url("/h")), "{}", custom));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals("acme", got.header("X-Tenant"));
        assertEquals(List.of("a", "b"), got.headers().get("x-multi"));
        assertEquals("application/json", got.header("Content-Type"));
        assertEquals("acme", result.requestHeaders().get("X-Tenant"));
        assertEquals("a, b", result.requestHeaders().get("X-Multi"));
    }

    /** Header names keep the receiver's spelling (the JDK server sends "X-reply"), so look them up ignoring case. */
    static String header(Map<String, String> headers, String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    @Test
    void anInvalidUrlIsAnErrorNotAnException() {
        SendResult result = sender.send(webhook(endpoint("not a url"), "{}"));

        assertFalse(result.responded());
        assertEquals("invalid endpoint URL: \"not a url\"", result.error());
    }

    @Test
    void keepAliveConnectionsAreReusedAcrossDeliveries() {
        for (int i = 0; i < 20; i++) {
            assertTrue(sender.send(webhook(endpoint(receiver.url("/k")), "{\"n\":" + i + "}")).delivered());
        }

        assertEquals(20, receiver.requests().size());
        assertEquals(1, sender.openConnections());
    }
}
