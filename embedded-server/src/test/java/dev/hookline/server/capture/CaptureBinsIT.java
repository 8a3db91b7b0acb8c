package dev.hookline.server.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.api.model.CapturedRequest.SignatureStatus;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.TestServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture bins against a real delivering server: an endpoint pointed at a bin gets its deliveries recorded with the
 * signature checked, the bin's status drives the delivery's outcome, and bins are a project's own.
 */
class CaptureBinsIT {

    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path dataDir;

    private TestServer server;
    private TestServer.TestProject project;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, Clock.systemUTC(), new OkHttpWebhookSender(Clock.systemUTC()));
        project = server.newProject("capture", ProjectType.OUTGOING);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aDeliveryToABinIsRecordedWithAValidSignature() {
        ApiClient client = project.client();
        CaptureBin bin = client.createCaptureBin(new CaptureBinRequest("first receiver", null, null));
        assertEquals(server.baseUrl() + "/capture/" + bin.uid(), bin.url());
        assertEquals(200, bin.responseStatus());
        Endpoint endpoint = client.createEndpoint(EndpointRequest.of(bin.url(), "to the bin"));

        Event event = client.createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), "invoice.paid",
                Json.strict().createObjectNode().put("amount", 42)));

        CapturedRequest got = await(() -> client.listCapturedRequests(bin.uid(), 0)).getFirst();
        assertEquals(1L, got.seq());
        assertEquals("POST", got.method());
        assertEquals("/capture/" + bin.uid(), got.path());
        assertTrue(got.body().contains("\"amount\":42"), got.body());
        assertEquals(SignatureStatus.VALID, got.signature().status(), got.signature().detail());
        assertEquals(endpoint.uid(), got.signature().endpointId());
        assertEquals(200, got.responseStatus());
        EventDelivery delivery = awaitDelivery(client, event.uid(), EventDeliveryStatus.SUCCESS);
        assertEquals(EventDeliveryStatus.SUCCESS, delivery.status());
        assertEquals(1, client.getCaptureBin(bin.uid()).requestCount());
    }

    @Test
    void aBinAnswering500MakesTheDeliveryRetry() {
        ApiClient client = project.client();
        CaptureBin bin = client.createCaptureBin(new CaptureBinRequest("failing", 500, null));
        Endpoint endpoint = client.createEndpoint(EndpointRequest.of(bin.url(), "failing receiver"));

        Event event = client.createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), "invoice.paid",
                Json.strict().createObjectNode()));

        EventDelivery delivery = awaitDelivery(client, event.uid(), EventDeliveryStatus.RETRY);
        assertTrue(client.listDeliveryAttempts(delivery.uid()).getFirst().httpStatus().startsWith("500"));
        assertEquals(500, client.listCapturedRequests(bin.uid(), 0).getFirst().responseStatus());
    }

    @Test
    void theSignatureCheckSaysWhatItFound() throws Exception {
        ApiClient client = project.client();
        CaptureBin lonely = client.createCaptureBin(null);
        CaptureBin used = client.createCaptureBin(new CaptureBinRequest("used", 202, null));
        client.createEndpoint(EndpointRequest.of(used.url(), "uses the bin"));

        assertEquals(202, post(used.url(), "{}", "X-Convoy-Signature", "deadbeef").statusCode());
        post(used.url(), "{}");
        post(lonely.url(), "{}", "X-Convoy-Signature", "deadbeef");

        List<CapturedRequest> usedRequests = client.listCapturedRequests(used.uid(), 0);
        assertEquals(SignatureStatus.INVALID, usedRequests.get(0).signature().status());
        assertEquals(SignatureStatus.UNSIGNED, usedRequests.get(1).signature().status());
        assertEquals(SignatureStatus.NO_ENDPOINT,
                client.listCapturedRequests(lonely.uid(), 0).getFirst().signature().status());
        assertEquals(List.of(2L), client.listCapturedRequests(used.uid(), 1).stream().map(CapturedRequest::seq)
                .toList());
    }

    @Test
    void aBodyThatIsNotUtf8IsKeptAsBase64() throws Exception {
        CaptureBin bin = project.client().createCaptureBin(null);
        http.send(HttpRequest.newBuilder(URI.create(bin.url()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {(byte) 0xff, (byte) 0xfe, 0x41})).build(),
                HttpResponse.BodyHandlers.discarding());

        CapturedRequest got = project.client().listCapturedRequests(bin.uid(), 0).getFirst();
        assertNull(got.body());
        assertEquals("//5B", got.bodyBase64());
        assertEquals(3L, got.bodySize());
    }

    @Test
    void settingsAreCheckedAndUnknownBinsAreA404Envelope() throws Exception {
        ApiClient client = project.client();
        ApiException badStatus = assertThrows(ApiException.class,
                () -> client.createCaptureBin(new CaptureBinRequest("x", 99, null)));
        assertEquals(400, badStatus.status());
        assertTrue(badStatus.getMessage().contains("response_status"), badStatus.getMessage());
        assertEquals(400, assertThrows(ApiException.class,
                () -> client.createCaptureBin(new CaptureBinRequest("x", 200, -1L))).status());
        assertEquals(List.of(), client.listCaptureBins());

        HttpResponse<String> unknown = post(server.baseUrl() + "/capture/nope", "{}");
        assertEquals(404, unknown.statusCode());
        JsonNode envelope = Json.strict().readTree(unknown.body());
        assertEquals(false, envelope.get("status").asBoolean());
    }

    @Test
    void anotherProjectCannotSeeOrChangeTheBin() {
        CaptureBin bin = project.client().createCaptureBin(null);
        ApiClient other = server.newProject("other", ProjectType.OUTGOING).client();

        assertEquals(404, assertThrows(ApiException.class, () -> other.getCaptureBin(bin.uid())).status());
        assertEquals(404, assertThrows(ApiException.class, () -> other.listCapturedRequests(bin.uid(), 0)).status());
        assertEquals(404, assertThrows(ApiException.class, () -> other.deleteCaptureBin(bin.uid())).status());
        assertEquals(List.of(), other.listCaptureBins());
    }

    @Test
    void updateClearAndDelete() throws Exception {
        ApiClient client = project.client();
        CaptureBin bin = client.createCaptureBin(null);
        post(bin.url(), "{}");

        CaptureBin updated = client.updateCaptureBin(bin.uid(), new CaptureBinRequest(null, 503, 5L));
        assertEquals(bin.name(), updated.name());
        assertEquals(503, post(bin.url(), "{}").statusCode());
        client.clearCapturedRequests(bin.uid());
        assertEquals(List.of(), client.listCapturedRequests(bin.uid(), 0));
        post(bin.url(), "{}");
        assertEquals(List.of(3L), client.listCapturedRequests(bin.uid(), 0).stream().map(CapturedRequest::seq)
                .toList());

        client.deleteCaptureBin(bin.uid());
        assertEquals(404, post(bin.url(), "{}").statusCode());
    }

    @Test
    void binsOutliveARestart() throws Exception {
        CaptureBin bin = project.client().createCaptureBin(new CaptureBinRequest("kept", 201, null));
        server.close();
        server = TestServer.start(dataDir, Clock.systemUTC(), new OkHttpWebhookSender(Clock.systemUTC()));
        String url = server.baseUrl() + "/capture/" + bin.uid();

        assertEquals(201, post(url, "{}").statusCode());
        assertNotNull(server.client(project.apiKey()).withProject(project.id()).getCaptureBin(bin.uid()));
    }

    private HttpResponse<String> post(String url, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static <T> List<T> await(Supplier<List<T>> poll) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            List<T> got = poll.get();
            if (!got.isEmpty()) {
                return got;
            }
            sleep();
        }
        throw new AssertionError("nothing arrived within " + WAIT);
    }

    private static EventDelivery awaitDelivery(ApiClient client, String eventId, EventDeliveryStatus status) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        EventDelivery last = null;
        while (System.nanoTime() < deadline) {
            List<EventDelivery> deliveries = client.listEventDeliveries(
                    dev.hookline.api.client.ListQuery.create().with("eventId", eventId)).content();
            if (!deliveries.isEmpty()) {
                last = deliveries.getFirst();
                if (last.status() == status) {
                    return last;
                }
            }
            sleep();
        }
        throw new AssertionError("delivery did not reach " + status + " within " + WAIT + "; last: " + last);
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
