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
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.TestServer;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.Dns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A webhook loop as it happens by mistake: an endpoint aimed (under another name) at its own source's ingest URL.
 * The loop is cut after {@link Hops#MAX} rounds with a reason the user can read on the failing delivery.
 */
class WebhookLoopIT {

    @TempDir
    Path dataDir;

    @Test
    void aLoopThroughTheSourcesOwnIngestUrlIsCutAfterASmallBoundWithAReason() throws Exception {
        Dns loopback = host -> List.of(InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1}));
        try (TestServer server = TestServer.start(dataDir, Clock.systemUTC(),
                new OkHttpWebhookSender(Clock.systemUTC(), null, DestinationPolicy.EMBEDDED, loopback))) {
            TestServer.TestProject project = server.newProject("loop", ProjectType.INCOMING);
            ApiClient client = project.client();
            Source source = client.createSource(new CreateSourceRequest("in", SourceType.HTTP, null, null, null, null,
                    null, null, null));
            int port = server.server().port();
            Endpoint self = client.createEndpoint(EndpointRequest.of("http://loop.test:" + port + "/ingest/"
                    + source.maskId(), "myself"));
            client.createSubscription(new SubscriptionRequest("round", source.uid(), self.uid(), null, null, null,
                    null, new FilterConfig(List.of("*"), null), DeliveryMode.AT_LEAST_ONCE, null));

            Map<String, String> noAuth = new HashMap<>();
            noAuth.put("Authorization", null);
            RawResponse first = server.root("none").raw("POST", "/ingest/" + source.maskId(), "{\"n\":1}", noAuth);
            assertEquals(200, first.status(), first.body());

            DeliveryAttempt cut = Await.value(Duration.ofSeconds(30), "a delivery refused as a loop", () -> {
                for (EventDelivery d : client.listEventDeliveries(ListQuery.ofPerPage(50)).content()) {
                    for (DeliveryAttempt a : client.listDeliveryAttempts(d.uid())) {
                        if (a.responseData() != null && a.responseData().contains("webhook loop")) {
                            return a;
                        }
                    }
                }
                return null;
            }, a -> a != null);
            assertTrue(cut.responseData().contains("X-Hookline-Hops"), cut.responseData());
            int events = client.listEvents(ListQuery.ofPerPage(50)).content().size();
            assertEquals(Hops.MAX, events, "the first event and the rounds before the cut, no more");
        }
    }
}
