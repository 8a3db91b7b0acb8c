package dev.hookline.server.events;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The events search given a JSON object: payloads that contain it, structurally. */
class EventContainmentSearchIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String endpoint;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, new MutableClock());
        project = server.newProject("shop", ProjectType.INCOMING);
        client = project.client();
        seeds = new EventSeeds(server);
        endpoint = client.createEndpoint(EndpointRequest.of("https://a.example", "a")).uid();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void matchesPayloadsContainingTheObject() {
        Event wanted = insert("{\"type\":\"invoice.paid\",\"data\":{\"customer\":{\"id\":\"cus_039\",\"tier\":\"gold\"},"
                + "\"amount\":4200,\"live\":true,\"coupon\":null}}");
        Event otherCustomer = insert("{\"type\":\"invoice.paid\",\"data\":{\"customer\":{\"id\":\"cus_040\"},"
                + "\"amount\":4200}}");
        // the same words, but not at the same place: a text search finds it, containment must not
        Event wordsElsewhere = insert("{\"data\":{\"customer\":{\"name\":\"x\"}},\"id\":\"cus_039\"}");
        Event notAnObject = insert("\"cus_039 data customer id\"");

        assertEquals(List.of(notAnObject.uid(), wordsElsewhere.uid(), wanted.uid()), search("cus_039 customer"),
                "the text search, for comparison");
        assertEquals(List.of(wanted.uid()), search("{\"data\":{\"customer\":{\"id\":\"cus_039\"}}}"));
        assertEquals(List.of(wanted.uid()), search("  {\"data\": {\"amount\": 4200.0, \"live\": true}} "),
                "numbers compare as numbers; surrounding space does not matter");
        assertEquals(List.of(otherCustomer.uid(), wanted.uid()), search("{\"data\":{\"amount\":4200}}"));
        assertEquals(List.of(wanted.uid()), search("{\"data\":{\"coupon\":null}}"));
        assertEquals(List.of(), search("{\"data\":{\"customer\":{\"id\":\"CUS_039\"}}}"), "strings are exact");
        assertEquals(List.of(), search("{\"data\":{\"amount\":\"4200\"}}"), "a string is not a number");
        assertEquals(List.of(), search("{\"data\":{\"live\":false}}"));
        assertEquals(List.of(), search("{\"data\":{\"customer\":\"cus_039\"}}"), "an object is not a string");
        assertEquals(List.of(), search("{\"data\":{\"missing\":null}}"), "an absent key is not null");
        assertEquals(List.of(wordsElsewhere.uid(), otherCustomer.uid(), wanted.uid()), search("{}"),
                "the empty object is in every object payload, in no string payload");
        assertEquals(4, client.listEvents(ListQuery.create()).content().size(), notAnObject.uid());
    }

    @Test
    void arraysContainTheQueryElementsInAnyOrder() {
        Event order = insert("{\"items\":[{\"sku\":\"A-1\",\"qty\":2,\"tags\":[\"red\",\"big\"]},"
                + "{\"sku\":\"B-2\",\"qty\":1}],\"codes\":[3,5,8]}");
        Event other = insert("{\"items\":[{\"sku\":\"A-1\",\"qty\":1}],\"codes\":[3]}");

        assertEquals(List.of(other.uid(), order.uid()), search("{\"items\":[{\"sku\":\"A-1\"}]}"));
        assertEquals(List.of(order.uid()), search("{\"items\":[{\"sku\":\"B-2\"},{\"sku\":\"A-1\",\"qty\":2}]}"),
                "each element in some element, any order");
        assertEquals(List.of(order.uid()), search("{\"items\":[{\"tags\":[\"big\"]}]}"), "nested arrays");
        assertEquals(List.of(order.uid()), search("{\"codes\":[8,3]}"));
        assertEquals(List.of(), search("{\"items\":[{\"sku\":\"A-1\",\"qty\":1,\"tags\":[\"red\"]}]}"),
                "one element must contain the whole query element");
        assertEquals(List.of(), search("{\"codes\":[4]}"));
        assertEquals(List.of(), search("{\"items\":{\"sku\":\"A-1\"}}"), "an array is not an object");
        assertEquals(List.of(other.uid(), order.uid()), search("{\"codes\":[]}"));
    }

    @Test
    void otherProjectsPayloadsAreNeverFound() {
        TestProject second = server.newProject("other", ProjectType.INCOMING);
        String query = "{\"data\":{\"customer\":{\"id\":\"cus_039\"}}}";
        Event mine = insert("{\"data\":{\"customer\":{\"id\":\"cus_039\"}}}");
        Event theirs = seeds.event(second.id()).data("{\"data\":{\"customer\":{\"id\":\"cus_039\"}}}").insert();

        assertEquals(List.of(mine.uid()), search(query));
        assertEquals(List.of(theirs.uid()), ids(second.client().listEvents(ListQuery.create().with("query", query))));
        assertEquals(1, client.countBatchReplayEvents(ListQuery.create().with("query", query)));
    }

    @Test
    void filtersAndPagingApplyToContainmentMatches() {
        for (int i = 0; i < 5; i++) {
            insert("{\"kind\":\"match\",\"i\":" + i + "}");
            insert("{\"kind\":\"other\",\"i\":" + i + "}");
        }
        String query = "{\"kind\":\"match\"}";
        Page<Event> first = client.listEvents(ListQuery.create().with("query", query).perPage(3));
        assertEquals(3, first.content().size());
        Page<Event> second = client.listEvents(ListQuery.create().with("query", query).perPage(3)
                .nextPageCursor(first.pagination().nextPageCursor()));
        assertEquals(2, second.content().size(), "a full page, then the rest: the check is in the query");
        assertEquals(5, ids(client.listEvents(ListQuery.create().with("query", query)
                .with("endpointId", endpoint))).size());
    }

    @Test
    void knownTypesAreTheDistinctTypesOfTheProjectsDeliveries() {
        for (String type : List.of("invoice.paid", "customer.created", "invoice.paid", "zeta.z")) {
            Event event = seeds.event(project.id()).type(type).endpoints(endpoint).insert();
            seeds.delivery(event, endpoint).insert();
        }
        seeds.event(project.id()).type("never.delivered").insert();
        TestProject second = server.newProject("other", ProjectType.INCOMING);
        Event theirs = seeds.event(second.id()).type("their.type").insert();
        seeds.delivery(theirs, "01J00000000000000000000000").insert();

        assertEquals(List.of("customer.created", "invoice.paid", "zeta.z"), client.knownEventTypes());
        assertEquals(List.of("their.type"), second.client().knownEventTypes());
    }

    @Test
    void refusesQueriesItCannotCheck() {
        StringBuilder big = new StringBuilder("{");
        for (int i = 0; i < PayloadContainment.MAX_NODES + 1; i++) {
            big.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
        }
        big.append('}');
        assertBad(client.raw("GET", eventsPath(big.toString()), null, Map.of()), 400, "query:");
        assertBad(client.raw("GET", eventsPath("{\"a\\\"b\":1}"), null, Map.of()), 400, "query:");
        assertEquals(List.of(), search("{\"not closed\": "), "not JSON: words, none in any payload");
    }

    private String eventsPath(String query) {
        return "/v1/projects/" + project.id() + "/events?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    }

    private Event insert(String payload) {
        return seeds.event(project.id()).endpoints(endpoint).data(payload).insert();
    }

    private List<String> search(String query) {
        return ids(client.listEvents(ListQuery.create().with("query", query)));
    }

    private static List<String> ids(Page<Event> page) {
        return page.content().stream().map(Event::uid).toList();
    }
}
