package dev.hookline.server.events;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The events list's {@code body} (JSON containment, Convoy's HEAD) and {@code query} (ID prefix, idempotency key,
 * event type, source name, or payload words) on the list, the batch-replay count and batch replay.
 */
class EventQueryAndBodyIT {

    @TempDir
    Path dataDir;
    TestServer server;
    OkHttpWebhookSender sender;
    Receiver receiver;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String endpoint;

    @BeforeEach
    void start() throws Exception {
        sender = new OkHttpWebhookSender();
        server = TestServer.start(dataDir, Clock.systemUTC(), sender);
        receiver = Receiver.start();
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/hook"), "hook")).uid();
    }

    @AfterEach
    void stop() {
        server.close();
        sender.close();
        receiver.close();
    }

    @Test
    void bodyListsOnlyTheEventsWhosePayloadContainsIt() {
        List<Event> orders = new java.util.ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            orders.add(insert("{\"order\":" + i + ",\"shop\":\"berlin\"}"));
        }
        assertEquals(List.of(orders.get(2).uid()), list(ListQuery.create().with("body", "{\"order\":3}")));
        assertEquals(1, client.countBatchReplayEvents(ListQuery.create().with("body", "{\"order\":3}")));
        assertEquals(6, list(ListQuery.create().with("body", "{\"shop\":\"berlin\"}")).size());
        assertEquals(List.of(orders.get(2).uid()), list(ListQuery.create().with("body", "{\"order\":3}")
                .with("query", "{\"shop\":\"berlin\"}")), "a JSON query and body both hold");
        assertEquals(List.of(), list(ListQuery.create().with("body", "{\"order\":3}").with("query", "paris")),
                "text and body both hold");
        assertEquals(List.of(orders.get(2).uid()), list(ListQuery.create().with("body", "{\"order\":3}")
                .with("query", "berlin")));
        assertEquals(6, list(ListQuery.create().with("body", " ")).size(), "a blank body filters nothing");
    }

    @Test
    void aBodyThatIsNotAJsonObjectIsA400() {
        insert("{\"order\":1}");
        for (String bad : List.of("order", "[1]", "3", "{\"order\":")) {
            String encoded = URLEncoder.encode(bad, StandardCharsets.UTF_8);
            assertBad(client.raw("GET", "/v1/projects/" + project.id() + "/events?body=" + encoded, null,
                    Map.of()), 400, "body:");
            assertBad(client.raw("GET", "/v1/projects/" + project.id() + "/events/countbatchreplayevents?body="
                    + encoded, null, Map.of()), 400, "body:");
            assertBad(client.raw("POST", "/v1/projects/" + project.id() + "/events/batchreplay?body=" + encoded,
                    null, Map.of()), 400, "body:");
        }
        assertEquals(0, receiver.requests().size(), "nothing replayed");
    }

    @Test
    void batchReplayWithBodyResendsExactlyTheMatchingEventsToTheReceiver() {
        client.createSubscription(new SubscriptionRequest("all", null, endpoint, null, null, null, null, null, null,
                null));
        Event wanted = insert("{\"r\":\"B-542760\",\"n\":1}");
        Event alsoWanted = insert("{\"r\":\"B-542760\",\"n\":2}");
        insert("{\"r\":\"B-542761\",\"n\":3}");
        insert("{\"r\":\"B-5427\",\"n\":4}");
        insert("{\"other\":{\"r\":\"B-542760\"}}");
        ListQuery body = ListQuery.create().with("body", "{\"r\":\"B-542760\"}").perPage(1);

        assertEquals(2, client.countBatchReplayEvents(body));
        assertEquals(new BatchOutcome("2 successful, 0 failed", 2, 0), client.batchReplayEvents(body));

        List<Receiver.Request> got = receiver.awaitRequests(2, Duration.ofSeconds(10));
        Set<String> delivered = client.listEventDeliveries(ListQuery.create()).content().stream()
                .map(EventDelivery::eventId).collect(Collectors.toSet());
        assertEquals(Set.of(wanted.uid(), alsoWanted.uid()), delivered, "deliveries only for the matches");
        Await.until(Duration.ofSeconds(10), "both deliveries settled", () -> client.listEventDeliveries(
                ListQuery.create()).content().stream().allMatch(d -> d.status() == EventDeliveryStatus.SUCCESS));
        assertEquals(2, receiver.requests().size(), "the receiver counted exactly the two matches: " + got);
        assertEquals(Set.of("{\"r\":\"B-542760\",\"n\":1}", "{\"r\":\"B-542760\",\"n\":2}"),
                receiver.requests().stream().map(Receiver.Request::bodyText).collect(Collectors.toSet()));
    }

    @Test
    void queryFindsAnEventByIdPrefixIdempotencyKeyTypeSourceNameOrPayloadWords() {
        TestProject incoming = server.newProject("inbox", ProjectType.INCOMING);
        ApiClient in = incoming.client();
        String github = in.createSource(new CreateSourceRequest("GitHub Prod", SourceType.HTTP, null, null, null,
                null, null, null, null)).uid();
        String stripe = in.createSource(new CreateSourceRequest("stripe", SourceType.HTTP, null, null, null, null,
                null, null, null)).uid();
        Event push = seeds.event(incoming.id()).type("push").source(github).idempotencyKey("delivery-77")
                .data("{\"ref\":\"refs/heads/main\",\"note\":\"order B-9\"}").insert();
        Event charge = seeds.event(incoming.id()).type("charge.succeeded").source(stripe)
                .idempotencyKey("evt_1").data("{\"amount\":7,\"kind\":\"push\"}").insert();
        Event refund = seeds.event(incoming.id()).type("charge.refunded").source(stripe)
                .data("{\"amount\":5}").insert();

        assertEquals(List.of(push.uid()), search(in, push.uid()), "the whole ID");
        assertEquals(List.of(push.uid()), search(in, push.uid().toLowerCase()), "case ignored");
        for (int length : new int[] {10, 24, 25}) {
            String prefix = push.uid().substring(0, length);
            assertEquals(java.util.stream.Stream.of(refund, charge, push).map(Event::uid)
                    .filter(id -> id.startsWith(prefix)).toList(), search(in, prefix), "an ID prefix: " + prefix);
        }
        assertEquals(List.of(push.uid()), search(in, "delivery-77"), "the idempotency key");
        assertEquals(List.of(charge.uid()), search(in, "evt_1"));
        assertEquals(List.of(refund.uid()), search(in, "charge.refunded"), "the event type");
        assertEquals(List.of(charge.uid(), push.uid()), search(in, "push"),
                "the event type of one, a payload word of the other");
        assertEquals(List.of(push.uid()), search(in, "github prod"), "the source name, case ignored");
        assertEquals(List.of(refund.uid(), charge.uid()), search(in, "stripe"));
        assertEquals(List.of(push.uid()), search(in, "B-9 order"), "payload words still work");
        assertEquals(List.of(), search(in, "charge"), "the type is matched whole, not by a part of it");
        assertEquals(List.of(refund.uid()), list(in, ListQuery.create().with("query", "stripe")
                .with("body", "{\"amount\":5}").with("idempotencyKey", "")), "with body: both hold");
        assertEquals(List.of(charge.uid()), list(in, ListQuery.create().with("query", "stripe")
                .with("idempotencyKey", "evt_1")), "with the other filters: all hold");
        assertEquals(List.of(charge.uid()), list(in, ListQuery.create().with("query", "charge.succeeded")
                .with("sourceId", stripe)));
        assertEquals(List.of(), list(in, ListQuery.create().with("query", "stripe").with("sourceId", github)));
        assertEquals(2, in.countBatchReplayEvents(ListQuery.create().with("query", "stripe")),
                "the count takes the same query");

        List<String> paged = new java.util.ArrayList<>();
        ListQuery pageQuery = ListQuery.create().with("query", "stripe").perPage(1);
        var page = in.listEvents(pageQuery);
        paged.addAll(page.content().stream().map(Event::uid).toList());
        while (page.pagination().hasNextPage()) {
            page = in.listEvents(ListQuery.create().with("query", "stripe").perPage(1)
                    .nextPageCursor(page.pagination().nextPageCursor()));
            paged.addAll(page.content().stream().map(Event::uid).toList());
        }
        assertEquals(List.of(refund.uid(), charge.uid()), paged, "pages of one hold each match once");
    }

    private Event insert(String payload) {
        return seeds.event(project.id()).endpoints(endpoint).data(payload).insert();
    }

    private List<String> list(ListQuery query) {
        return list(client, query);
    }

    private static List<String> list(ApiClient api, ListQuery query) {
        return api.listEvents(query).content().stream().map(Event::uid).toList();
    }

    private static List<String> search(ApiClient api, String query) {
        return list(api, ListQuery.create().with("query", query));
    }
}
