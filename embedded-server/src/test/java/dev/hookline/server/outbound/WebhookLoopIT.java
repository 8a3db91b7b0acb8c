package dev.hookline.server.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.Dns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A webhook loop as it happens by mistake: an endpoint aimed (under another name) at its own source's ingest URL.
 * The loop is cut after {@link Hops#MAX} rounds: the request that would start another round is answered with a 400
 * the sending delivery keeps, its event is stored {@code Failure} with the loop's reason and no deliveries, and an
 * {@code event.loop_cut} meta event reports it, at most once a minute per source however fast the loop runs.
 */
class WebhookLoopIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** How often a loop is reported at most (ingest.LoopCuts). */
    private static final Duration REPORT_INTERVAL = Duration.ofMinutes(1);

    @TempDir
    Path dataDir;

    @Test
    void aLoopThroughTheSourcesOwnIngestUrlIsCutAfterASmallBoundWithAReasonOnTheEventAndAMetaEvent()
            throws Exception {
        Dns loopback = host -> List.of(InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1}));
        try (Receiver meta = Receiver.start();
             TestServer server = TestServer.start(dataDir, Clock.systemUTC(),
                new OkHttpWebhookSender(Clock.systemUTC(), null, DestinationPolicy.EMBEDDED, loopback))) {
            TestServer.TestProject project = server.newProject("loop", ProjectType.INCOMING);
            ApiClient client = project.client();
            enableLoopReports(client, project.id(), meta);
            Source source = client.createSource(new CreateSourceRequest("in", SourceType.HTTP, null, null, null, null,
                    null, null, null));
            int port = server.server().port();
            Endpoint self = client.createEndpoint(EndpointRequest.of("http://loop.test:" + port + "/ingest/"
                    + source.maskId(), "myself"));
            client.createSubscription(new SubscriptionRequest("round", source.uid(), self.uid(), null, null, null,
                    null, new FilterConfig(List.of("*"), null), DeliveryMode.AT_LEAST_ONCE, null));

            RawResponse first = ingest(server, source, "{\"n\":1}", Map.of());
            assertEquals(200, first.status(), first.body());

            DeliveryAttempt refused = Await.value(WAIT, "a delivery refused as a loop", () -> {
                for (EventDelivery d : client.listEventDeliveries(ListQuery.ofPerPage(50)).content()) {
                    for (DeliveryAttempt a : client.listDeliveryAttempts(d.uid())) {
                        if (a.responseData() != null && a.responseData().contains("webhook loop")) {
                            return a;
                        }
                    }
                }
                return null;
            }, a -> a != null);
            assertTrue(refused.responseData().contains("X-Hookline-Hops"), refused.responseData());

            List<Event> events = client.listEvents(ListQuery.ofPerPage(50)).content();
            assertEquals(Hops.MAX + 1, events.size(), "the first event, the rounds before the cut, and the cut one");
            Event cut = events.stream().filter(e -> e.status() == EventStatus.FAILURE).findFirst().orElseThrow();
            assertTrue(cut.failureReason().contains("webhook loop cut") && cut.failureReason().contains(
                    "came through " + Hops.MAX + " Hookline deliveries"), cut.failureReason());
            assertTrue(refused.responseData().contains("event " + cut.uid()), "the refusal names the stored event: "
                    + refused.responseData());
            assertEquals(1, events.stream().filter(e -> e.status() == EventStatus.FAILURE).count());
            assertEquals(Hops.MAX, client.listEventDeliveries(ListQuery.ofPerPage(50)).content().size(),
                    "one delivery per round; the cut event has none");

            Receiver.Request report = meta.awaitRequests(1, r -> r.bodyText().contains("event.loop_cut"), WAIT)
                    .getFirst();
            JsonNode body = Json.strict().readTree(report.body());
            assertEquals("event.loop_cut", body.path("event_type").asText());
            assertEquals(cut.uid(), body.path("data").path("uid").asText());
            assertEquals(Hops.MAX, body.path("data").path("loop").path("hops").asInt());
            assertEquals(1, body.path("data").path("loop").path("events_cut").asInt());
        }
    }

    @Test
    void aMetaEventUrlThatLeadsBackIntoASourceIsCutLikeAnEndpointLoop() throws Exception {
        Dns loopback = host -> List.of(InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1}));
        try (Receiver hooks = Receiver.start();
             TestServer server = TestServer.start(dataDir, Clock.systemUTC(),
                     new OkHttpWebhookSender(Clock.systemUTC(), null, DestinationPolicy.EMBEDDED, loopback))) {
            TestServer.TestProject project = server.newProject("meta loop", ProjectType.INCOMING);
            ApiClient client = project.client();
            Source source = client.createSource(new CreateSourceRequest("in", SourceType.HTTP, null, null, null, null,
                    null, null, null));
            Endpoint receiver = client.createEndpoint(EndpointRequest.of(hooks.url("/hooks"), "receiver"));
            client.createSubscription(new SubscriptionRequest("all", source.uid(), receiver.uid(), null, null, null,
                    null, new FilterConfig(List.of("*"), null), DeliveryMode.AT_LEAST_ONCE, null));
            // every delivered event reports eventdelivery.success to a name that is this server's ingest URL; each
            // report quotes the last, so the payload limit is raised to let the rounds run up to the cut
            RawResponse updated = client.raw("PUT", "/v1/projects/" + project.id(), "{\"name\":\"meta loop\","
                    + "\"config\":{\"max_payload_read_size\":100000000,\"meta_event\":{\"is_enabled\":true,\"type\":\"http\",\"url\":\"http://loop.test:"
                    + server.server().port() + "/ingest/" + source.maskId() + "\",\"event_type\":"
                    + "[\"eventdelivery.success\"]}}}", Map.of());
            assertEquals(202, updated.status(), updated.body());

            assertEquals(200, ingest(server, source, "{\"n\":1}", Map.of()).status());

            Event cut = Await.value(WAIT, "the meta-event loop cut", () -> client.listEvents(ListQuery.ofPerPage(50))
                    .content().stream().filter(e -> e.status() == EventStatus.FAILURE).findFirst().orElse(null),
                    e -> e != null);
            assertTrue(cut.failureReason().contains("webhook loop cut"), cut.failureReason());
            assertEquals(Hops.MAX + 1, client.listEvents(ListQuery.ofPerPage(50)).content().size(),
                    "the first event, one per reported delivery before the cut, and the cut one");
            assertEquals(Hops.MAX, hooks.awaitRequests(Hops.MAX, WAIT).size());
        }
    }

    @Test
    void aFastLoopStoresEveryCutEventButReportsOnceAMinutePerSource() throws Exception {
        MutableClock clock = new MutableClock();
        try (Receiver meta = Receiver.start(); TestServer server = TestServer.start(dataDir, clock)) {
            TestServer.TestProject project = server.newProject("fast", ProjectType.INCOMING);
            ApiClient client = project.client();
            enableLoopReports(client, project.id(), meta);
            Source looping = client.createSource(new CreateSourceRequest("looping", SourceType.HTTP, null, null,
                    null, null, null, null, null));
            Source other = client.createSource(new CreateSourceRequest("other", SourceType.HTTP, null, null,
                    null, null, null, null, null));
            Map<String, String> looped = Map.of(Hops.HEADER, Integer.toString(Hops.MAX));

            int requests = 40;
            for (int i = 0; i < requests; i++) {
                RawResponse answer = ingest(server, looping, "{\"n\":" + i + "}", looped);
                assertEquals(400, answer.status(), answer.body());
                assertTrue(answer.body().contains("webhook loop"), answer.body());
            }
            assertEquals(400, ingest(server, other, "{}", looped).status());

            List<Event> events = client.listEvents(ListQuery.ofPerPage(100)).content();
            assertEquals(requests + 1, events.size(), "every cut event is stored");
            assertTrue(events.stream().allMatch(e -> e.status() == EventStatus.FAILURE));
            List<MetaEvent> reports = client.listMetaEvents(ListQuery.ofPerPage(100)).content();
            assertEquals(2, reports.size(), "one report per source in the minute, not one per event");

            clock.advance(REPORT_INTERVAL.plusSeconds(1));
            assertEquals(400, ingest(server, looping, "{}", looped).status());
            List<MetaEvent> after = client.listMetaEvents(ListQuery.ofPerPage(100)).content();
            assertEquals(3, after.size(), "a minute later the loop is reported again");
            JsonNode latest = after.stream().max(Comparator.comparing(MetaEvent::uid)).orElseThrow()
                    .metadata().data().path("data");
            assertEquals(requests, latest.path("loop").path("events_cut").asInt(),
                    "the second report counts the cuts since the first (39) and its own");
        }
    }

    private static RawResponse ingest(TestServer server, Source source, String body, Map<String, String> headers) {
        Map<String, String> noAuth = new HashMap<>(headers);
        noAuth.put("Authorization", null);
        return server.root("none").raw("POST", "/ingest/" + source.maskId(), body, noAuth);
    }

    private static void enableLoopReports(ApiClient client, String projectId, Receiver meta) {
        RawResponse updated = client.raw("PUT", "/v1/projects/" + projectId, "{\"name\":\"loop\",\"config\":"
                + "{\"meta_event\":{\"is_enabled\":true,\"type\":\"http\",\"url\":\"" + meta.url("/meta")
                + "\",\"event_type\":[\"event.loop_cut\"]}}}", Map.of());
        assertEquals(202, updated.status(), updated.body());
    }
}
