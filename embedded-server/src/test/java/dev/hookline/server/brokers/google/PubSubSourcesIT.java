package dev.hookline.server.brokers.google;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.FakePubSub;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.ServiceAccounts;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Google Pub/Sub sources end to end: a real server (HTTP API, SQLite, dispatcher, the standard consumers, so the
 * real {@link PubSubConsumer} and client library), a real receiver, and {@link FakePubSub} as Pub/Sub, reached
 * through {@value PubSubConsumer#EMULATOR_HOST_PROPERTY}.
 */
class PubSubSourcesIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String EMAIL = "hookline-reader@shop-prod.iam.gserviceaccount.com";

    @TempDir
    Path dataDir;
    FakePubSub pubsub;
    TestServer server;
    TestServer.TestProject project;
    ApiClient client;
    Receiver receiver;
    Endpoint endpoint;
    String emulatorBefore;

    @BeforeEach
    void start() throws Exception {
        pubsub = FakePubSub.start();
        emulatorBefore = System.getProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY);
        System.setProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY, pubsub.hostPort());
        receiver = Receiver.start();
        server = startServer();
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/hooks"), "orders"));
    }

    private TestServer startServer() throws Exception {
        Clock clock = Clock.systemUTC();
        return TestServer.start(dataDir, clock, new OkHttpWebhookSender(clock));
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        receiver.close();
        pubsub.close();
        if (emulatorBefore == null) {
            System.clearProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY);
        } else {
            System.setProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY, emulatorBefore);
        }
    }

    private Source createSource(String subscriptionId, int workers) {
        return client.createSource(new CreateSourceRequest("orders-pubsub", SourceType.PUB_SUB, null, null, null,
                new PubSubConfig(PubSubType.GOOGLE, workers, null, new PubSubConfig.Google("shop-prod",
                        subscriptionId, ServiceAccounts.base64(EMAIL)), null, null),
                null, null, null));
    }

    private SourceConsumer awaitConsumer(String sourceId, String what,
                                         java.util.function.Predicate<SourceConsumer> condition) {
        return Await.value(WAIT, what, () -> client.getSource(sourceId).consumer(), c -> c != null
                && condition.test(c));
    }

    private String message(int n, String idempotencyKey) {
        return "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"order.paid\",\"data\":{\"order\":" + n
                + "},\"idempotency_key\":\"" + idempotencyKey + "\"}";
    }

    private List<Event> events() {
        List<Event> all = new ArrayList<>();
        ListQuery query = ListQuery.ofPerPage(100);
        var page = client.listEvents(query);
        all.addAll(page.content());
        while (page.pagination() != null && page.pagination().hasNextPage()) {
            page = client.listEvents(query.nextPage(page.pagination()));
            all.addAll(page.content());
        }
        return all;
    }

    @Test
    void publishedMessagesBecomeEventsAndDeliveries() {
        String sub = pubsub.createSubscription("shop-prod", "orders", 10);
        Source source = createSource("orders", 2);
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);

        int n = 20;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(pubsub.publish(sub, message(i, "order-" + i), Map.of("x-convoy-message-type", "single")));
        }

        List<Receiver.Request> requests = receiver.awaitRequests(n, WAIT);
        assertEquals(n, requests.stream().map(Receiver.Request::bodyText).distinct().count());
        Await.until(WAIT, "all acked", () -> ids.stream().allMatch(id -> pubsub.acked(sub, id)));
        List<Event> events = events();
        assertEquals(n, events.size());
        assertTrue(events.stream().allMatch(e -> source.uid().equals(e.sourceId())
                && "order.paid".equals(e.eventType()) && !Boolean.TRUE.equals(e.isDuplicateEvent())));
        Event one = events.get(0);
        assertTrue(one.headers().containsKey("x-broker-message-id"), one.headers().toString());
        assertEquals(n, client.getSource(source.uid()).consumer().messagesReceived());
        ids.forEach(id -> assertEquals(1, pubsub.deliveries(sub, id), "delivered again: " + id));
    }

    @Test
    void aServerRestartedMidStreamLosesNothing() throws Exception {
        String sub = pubsub.createSubscription("shop-prod", "stream", 10);
        pubsub.throttle(1, Duration.ofMillis(25));
        Source source = createSource("stream", 1);
        int n = 60;
        for (int i = 0; i < n; i++) {
            pubsub.publish(sub, message(i, "stream-" + i), Map.of());
        }
        Await.until(WAIT, "some messages consumed", () -> pubsub.ackedCount(sub) >= 5);
        server.close();
        int ackedAtStop = pubsub.ackedCount(sub);
        assertTrue(ackedAtStop < n, "the stream was over before the restart: " + ackedAtStop);

        server = startServer();
        client = server.client(project.apiKey()).withProject(project.id());
        pubsub.throttle(Integer.MAX_VALUE, Duration.ZERO);
        Await.until(WAIT, "every message acked", () -> pubsub.outstanding(sub) == 0);

        // each message became exactly one original event (a message stored but not acked before the stop comes
        // back as a duplicate, which is delivered to nobody) and reached the receiver
        List<Event> events = events();
        Set<String> originals = events.stream().filter(e -> !Boolean.TRUE.equals(e.isDuplicateEvent()))
                .map(Event::idempotencyKey).collect(Collectors.toSet());
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < n; i++) {
            expected.add("stream-" + i);
        }
        assertEquals(expected, originals);
        assertEquals(n, events.stream().filter(e -> !Boolean.TRUE.equals(e.isDuplicateEvent())).count());
        Await.until(WAIT, "every order delivered",
                () -> receiver.requests().stream().map(Receiver.Request::bodyText).distinct().count() == n);
        assertEquals(ConsumerState.RUNNING, client.getSource(source.uid()).consumer().state());
    }

    @Test
    void aMalformedMessageIsRejectedWithItsReasonOnTheSource() {
        String sub = pubsub.createSubscription("shop-prod", "mixed", 10);
        Source source = createSource("mixed", 1);
        String notJson = pubsub.publish(sub, "order 42 paid", Map.of());
        String unknown = pubsub.publish(sub, "{\"endpoint_id\":\"nope\",\"event_type\":\"a\",\"data\":{}}", Map.of());
        String good = pubsub.publish(sub, message(1, "good-1"), Map.of());

        SourceConsumer state = awaitConsumer(source.uid(), "two rejections", c -> c.messagesRejected() == 2
                && c.messagesReceived() == 1);
        assertEquals("endpoint_id: failed to find endpoint by id", state.lastRejection());
        assertTrue(state.lastRejectionAt() != null);
        receiver.awaitRequests(1, WAIT);
        Await.until(WAIT, "all acked", () -> pubsub.outstanding(sub) == 0);
        assertTrue(pubsub.acked(sub, notJson) && pubsub.acked(sub, unknown) && pubsub.acked(sub, good));
        assertEquals(1, pubsub.deliveries(sub, notJson), "a rejected message is never delivered again");
        assertEquals(1, events().size(), "rejected messages leave no event behind");
    }

    @Test
    void theSameIdempotencyKeyTwiceIsADuplicateNotASecondDelivery() {
        String sub = pubsub.createSubscription("shop-prod", "dupes", 10);
        createSource("dupes", 1);
        pubsub.publish(sub, message(42, "order-42"), Map.of());
        receiver.awaitRequests(1, WAIT);
        pubsub.publish(sub, message(42, "order-42"), Map.of());

        Await.until(WAIT, "two events", () -> events().size() == 2);
        assertTrue(events().get(0).isDuplicateEvent());
        List<EventDelivery> deliveries = client.listEventDeliveries(ListQuery.ofPerPage(100)).content();
        assertEquals(1, deliveries.size());
        Await.until(WAIT, "both acked", () -> pubsub.outstanding(sub) == 0);
        assertEquals(1, receiver.requests().size());
    }

    @Test
    void aMissingSubscriptionIsShownInPlainWordsAndRetriedUntilItExists() {
        Source source = createSource("late", 1);
        SourceConsumer retrying = awaitConsumer(source.uid(), "retrying", c -> c.state() == ConsumerState.RETRYING);
        assertEquals("subscription projects/shop-prod/subscriptions/late does not exist", retrying.lastError());
        assertEquals(1, client.listSources(ListQuery.ofPerPage(10)).content().size(), "the API keeps answering");

        String sub = pubsub.createSubscription("shop-prod", "late", 10);
        pubsub.publish(sub, message(7, "late-7"), Map.of());
        awaitConsumer(source.uid(), "running", c -> c.state() == ConsumerState.RUNNING);
        receiver.awaitRequests(1, WAIT);
    }
}
