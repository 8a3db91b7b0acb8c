package dev.hookline.server.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.SubscriptionStatus;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code PUT .../subscriptions/{id}/toggle_status}: an inactive subscription delivers nothing until toggled back. */
class SubscriptionToggleIT {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dataDir;
    OkHttpWebhookSender sender;
    TestServer server;
    Receiver receiver;
    TestProject shop;
    ApiClient client;
    String endpoint;
    Subscription subscription;

    @BeforeEach
    void start() throws Exception {
        sender = new OkHttpWebhookSender(Clock.systemUTC());
        server = TestServer.start(dataDir, Clock.systemUTC(), sender);
        receiver = Receiver.start();
        shop = server.newProject("shop", ProjectType.OUTGOING);
        client = shop.client();
        endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/hooks"), "hooks")).uid();
        subscription = client.createSubscription(new SubscriptionRequest("orders", null, endpoint, null, null, null,
                null, new FilterConfig(List.of("order.created"), null), null, null));
    }

    @AfterEach
    void stop() {
        server.close();
        sender.close();
        receiver.close();
    }

    @Test
    void anInactiveSubscriptionGetsNothingAndTheEventSaysWhyUntilItIsToggledBack() throws Exception {
        RawResponse toggled = server.root(shop.apiKey()).raw("PUT", "/api/v1/projects/" + shop.id()
                + "/subscriptions/" + subscription.uid() + "/toggle_status", null, Map.of());
        assertEquals(202, toggled.status(), toggled.body());
        JsonNode body = Json.lenient().readTree(toggled.body());
        assertEquals("Subscription status updated successfully", body.get("message").asText());
        assertEquals("inactive", body.at("/data/status").asText());
        assertEquals(SubscriptionStatus.INACTIVE, client.getSubscription(subscription.uid()).status());
        assertFalse(client.listSubscriptions(ListQuery.create()).content().get(0).active());

        Event whileOff = client.createEvent(CreateEventRequest.toEndpoint(endpoint, "order.created",
                Json.strict().readTree("{\"order\":\"OFF\"}")));
        Event stored = dev.hookline.server.testing.Planning.planned(client, whileOff.uid()); // planned after the answer
        assertEquals(EventStatus.FAILURE, stored.status());
        assertTrue(stored.failureReason().contains("subscription orders (" + subscription.uid() + ") is inactive"),
                stored.failureReason());
        assertEquals(0, client.listEventDeliveries(ListQuery.create().with("eventId", whileOff.uid())).content()
                .size(), "no delivery is made for it");

        assertEquals(SubscriptionStatus.ACTIVE, client.toggleSubscriptionStatus(subscription.uid()).status());
        client.createEvent(CreateEventRequest.toEndpoint(endpoint, "order.created",
                Json.strict().readTree("{\"order\":\"ON\"}")));
        List<Receiver.Request> got = receiver.awaitRequests(1, WAIT);
        // give a wrongly sent first event the same time to arrive as the second needed
        Thread.sleep(300);
        assertEquals(List.of("{\"order\":\"ON\"}"), receiver.requests().stream().map(Receiver.Request::bodyText)
                .toList(), "only the event sent while active arrived: " + got);
    }

    @Test
    void newSubscriptionsAreActiveAndUnknownOrForeignOnesAre404() throws Exception {
        assertEquals(SubscriptionStatus.ACTIVE, subscription.status());
        String path = "/api/v1/projects/" + shop.id() + "/subscriptions/01ARZ3NDEKTSV4RRFFQ69G5FAV/toggle_status";
        RawResponse unknown = server.root(shop.apiKey()).raw("PUT", path, null, Map.of());
        assertEquals(404, unknown.status(), unknown.body());
        assertEquals("failed to find subscription", Json.lenient().readTree(unknown.body()).get("message").asText());

        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        RawResponse foreign = server.root(other.apiKey()).raw("PUT", "/api/v1/projects/" + other.id()
                + "/subscriptions/" + subscription.uid() + "/toggle_status", null, Map.of());
        assertEquals(404, foreign.status(), foreign.body());
        assertEquals(SubscriptionStatus.ACTIVE, client.getSubscription(subscription.uid()).status(),
                "another project's call changed nothing");
    }
}
