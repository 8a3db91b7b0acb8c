package dev.hookline.server.filters;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.FilterMatchRequest;
import dev.hookline.api.model.FilterScopes;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-event-type filters of a subscription over real HTTP, and what they make ingest's match decide. */
class SubscriptionFiltersIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    ApiClient root;
    String endpointId;
    String subscriptionId;
    String filtersPath;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("filters", ProjectType.OUTGOING);
        client = project.client();
        root = server.root(project.apiKey());
        endpointId = client.createEndpoint(EndpointRequest.of("https://receiver.example/in", "receiver")).uid();
        subscriptionId = client.createSubscription(new SubscriptionRequest("orders", null, endpointId, null, null, null,
                null, new FilterConfig(List.of("order.paid", "order.refunded", "a", "b", "c"), new FilterConfig.Filter(null, null,
                json("{\"amount\":{\"$gte\":10}}"), null, null)), null, null)).uid();
        filtersPath = "/api/v1/projects/" + project.id() + "/subscriptions/" + subscriptionId + "/filters";
        // Most tests start from a subscription without filter rows (as one stored before the rows followed
        // filter_config has); the rows a subscription gets are tested on their own below.
        for (SubscriptionFilter row : client.listSubscriptionFilters(subscriptionId)) {
            client.deleteSubscriptionFilter(subscriptionId, row.uid());
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static JsonNode json(String text) {
        try {
            return Json.strict().readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private boolean reaches(String eventType, String body, String headers) {
        return client.testSubscriptionFilters(subscriptionId, eventType, new FilterMatchRequest(json(body),
                headers == null ? null : FilterScopes.of(null, json(headers))));
    }

    // ------------------------------------------------------------------------------------------------ CRUD

    @Test
    void filterIsCreatedFlattenedListedReadUpdatedAndDeleted() {
        JsonNode created = assertEnvelope(root.raw("POST", filtersPath, "{\"event_type\":\"order.refunded\","
                + "\"body\":{\"refund\":{\"reason\":{\"$in\":[\"fraud\",\"duplicate\"]}}},"
                + "\"headers\":{\"X-Tenant\":\"t1\"}}", Map.of()), 201, "Filter created successfully");
        String id = created.get("uid").asText();
        assertEquals(subscriptionId, created.get("subscription_id").asText());
        assertEquals("order.refunded", created.get("event_type").asText());
        assertEquals(json("{\"refund.reason\":{\"$in\":[\"fraud\",\"duplicate\"]}}"), created.get("body"));
        assertEquals(json("{\"refund\":{\"reason\":{\"$in\":[\"fraud\",\"duplicate\"]}}}"), created.get("raw_body"));
        assertEquals(json("{\"X-Tenant\":\"t1\"}"), created.get("headers"));
        assertEquals(json("{}"), created.get("query"));
        assertFalse(created.get("enabled_at").isNull(), "enabled_at defaults to now");

        List<SubscriptionFilter> listed = client.listSubscriptionFilters(subscriptionId);
        assertEquals(List.of(id), listed.stream().map(SubscriptionFilter::uid).toList());
        assertEquals("order.refunded", client.getSubscriptionFilter(subscriptionId, id).eventType());

        SubscriptionFilter updated = client.updateSubscriptionFilter(subscriptionId, id,
                new SubscriptionFilterRequest(null, null, null, null, json("{\"refund\":{\"amount\":{\"$gt\":0}}}"),
                        null, null));
        assertEquals("order.refunded", updated.eventType(), "left-out members keep their value");
        assertEquals(json("{\"X-Tenant\":\"t1\"}"), updated.headers());
        assertEquals(json("{\"refund.amount\":{\"$gt\":0}}"), updated.body());
        assertEquals(updated, client.getSubscriptionFilter(subscriptionId, id));

        assertEnvelope(root.raw("DELETE", filtersPath + "/" + id, null, Map.of()), 200, "Filter deleted successfully");
        assertBad(root.raw("GET", filtersPath + "/" + id, null, Map.of()), 404, "filter not found");
        assertTrue(client.listSubscriptionFilters(subscriptionId).isEmpty());
    }

    @Test
    void enabledAtCanBeLeftOutSetOrNulled() {
        Instant when = Instant.parse("2026-03-04T05:06:07Z");
        SubscriptionFilter timed = client.createSubscriptionFilter(subscriptionId, new SubscriptionFilterRequest(
                null, "a", SubscriptionFilterRequest.enabledAt(when), null, null, null, null));
        assertEquals(when, timed.enabledAt());
        SubscriptionFilter off = client.updateSubscriptionFilter(subscriptionId, timed.uid(),
                new SubscriptionFilterRequest(null, null, SubscriptionFilterRequest.DISABLED, null, null, null, null));
        assertNull(off.enabledAt());
        SubscriptionFilter kept = client.updateSubscriptionFilter(subscriptionId, timed.uid(),
                new SubscriptionFilterRequest(null, "b", null, null, null, null, null));
        assertNull(kept.enabledAt(), "left out on update keeps it");
        assertBad(root.raw("PUT", filtersPath + "/" + timed.uid(), "{\"enabled_at\":\"yesterday\"}", Map.of()), 400,
                "enabled_at:");
    }

    @Test
    void secondFilterForTheSameEventTypeIsRefused() {
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("order.paid", null, null));
        assertBad(root.raw("POST", filtersPath, "{\"event_type\":\"order.paid\"}", Map.of()), 400,
                "filter with this event type already exists");
        SubscriptionFilter other = client.createSubscriptionFilter(subscriptionId,
                SubscriptionFilterRequest.of("order.refunded", null, null));
        assertBad(root.raw("PUT", filtersPath + "/" + other.uid(), "{\"event_type\":\"order.paid\"}", Map.of()), 400,
                "filter with this event type already exists");
        assertEquals(2, client.listSubscriptionFilters(subscriptionId).size());
    }

    @Test
    void badRequestsNameTheFieldAndWriteNothing() {
        assertBad(root.raw("POST", filtersPath, "{\"body\":{}}", Map.of()), 400, "event_type:");
        assertBad(root.raw("POST", filtersPath, "{\"event_type\":\"a\",\"body\":{\"x\":{\"$like\":1}}}", Map.of()), 400,
                "body:$like starts with a $ and is not a valid operator");
        assertBad(root.raw("POST", filtersPath, "{\"event_type\":\"a\",\"headers\":[1]}", Map.of()), 400, "headers");
        assertBad(root.raw("POST", filtersPath + "/bulk", "[{\"event_type\":\"a\"},{\"event_type\":\"b\","
                + "\"body\":{\"$or\":{\"x\":1}}}]", Map.of()), 400, "[1].body:");
        assertBad(root.raw("POST", filtersPath + "/bulk", "[{\"event_type\":\"a\"},{\"event_type\":\"a\"}]",
                Map.of()), 400, "duplicate event type a");
        assertBad(root.raw("POST", filtersPath + "/bulk", "[]", Map.of()), 400, "at least one filter");
        assertTrue(client.listSubscriptionFilters(subscriptionId).isEmpty(), "no half-written bulk");
    }

    @Test
    void bulkCreateIsAllOrNothing() {
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("b", null, null));
        assertBad(root.raw("POST", filtersPath + "/bulk", "[{\"event_type\":\"a\"},{\"event_type\":\"b\"}]",
                Map.of()), 400, "filter for event type b already exists");
        assertEquals(List.of("b"), client.listSubscriptionFilters(subscriptionId).stream()
                .map(SubscriptionFilter::eventType).toList());

        List<SubscriptionFilter> created = client.createSubscriptionFilters(subscriptionId, List.of(
                SubscriptionFilterRequest.of("a", null, json("{\"x\":1}")),
                SubscriptionFilterRequest.of("*", json("{\"X-Live\":\"yes\"}"), null)));
        assertEquals(List.of("a", "*"), created.stream().map(SubscriptionFilter::eventType).toList());
        assertEquals(3, client.listSubscriptionFilters(subscriptionId).size());

        client.deleteSubscriptionFilter(subscriptionId, created.get(1).uid());
        assertEquals(List.of("b", "a"), client.listSubscriptionFilters(subscriptionId).stream()
                .map(SubscriptionFilter::eventType).toList());
    }

    @Test
    void bulkUpdateChangesSeveralFiltersAndMaySwapTheirEventTypes() {
        SubscriptionFilter a = client.createSubscriptionFilter(subscriptionId,
                SubscriptionFilterRequest.of("a", null, json("{\"kind\":\"A\"}")));
        SubscriptionFilter b = client.createSubscriptionFilter(subscriptionId,
                SubscriptionFilterRequest.of("b", null, json("{\"kind\":\"B\"}")));

        List<SubscriptionFilter> updated = client.updateSubscriptionFilters(subscriptionId, List.of(
                new SubscriptionFilterRequest(a.uid(), "b", null, null, null, null, null),
                new SubscriptionFilterRequest(b.uid(), "a", SubscriptionFilterRequest.DISABLED, null, null, null,
                        null)));

        assertEquals(List.of("b", "a"), updated.stream().map(SubscriptionFilter::eventType).toList());
        assertEquals("b", client.getSubscriptionFilter(subscriptionId, a.uid()).eventType());
        assertEquals(json("{\"kind\":\"A\"}"), client.getSubscriptionFilter(subscriptionId, a.uid()).body());
        assertNull(client.getSubscriptionFilter(subscriptionId, b.uid()).enabledAt());
    }

    @Test
    void bulkUpdateWithAnUnknownOrConflictingFilterChangesNothing() {
        SubscriptionFilter a = client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("a", null,
                null));
        SubscriptionFilter b = client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("b", null,
                null));
        assertBad(root.raw("PUT", filtersPath + "/bulk_update", "[{\"uid\":\"" + a.uid() + "\",\"event_type\":\"c\"},"
                + "{\"uid\":\"01JUNKNOWNFILTER0000000000\"}]", Map.of()), 404, "filter 01JUNKNOWNFILTER0000000000 not found");
        assertBad(root.raw("PUT", filtersPath + "/bulk_update", "[{\"uid\":\"" + a.uid() + "\",\"event_type\":\"b\"}]",
                Map.of()), 400, "filter for event type b already exists");
        assertBad(root.raw("PUT", filtersPath + "/bulk_update", "[{\"event_type\":\"b\"}]", Map.of()), 400,
                "[0].uid:");
        assertEquals("a", client.getSubscriptionFilter(subscriptionId, a.uid()).eventType());
        assertEquals("b", client.getSubscriptionFilter(subscriptionId, b.uid()).eventType());
    }

    @Test
    void unknownSubscriptionOrFilterOfAnotherSubscriptionIs404() {
        String unknown = "/api/v1/projects/" + project.id() + "/subscriptions/01JUNKNOWNSUBSCRIPTION00000/filters";
        assertBad(root.raw("GET", unknown, null, Map.of()), 404, "subscription not found");
        assertBad(root.raw("POST", unknown, "{\"event_type\":\"a\"}", Map.of()), 404, "subscription not found");

        String endpoint = client.createEndpoint(EndpointRequest.of("https://other.example/in", "other")).uid();
        String otherSubscription = client.createSubscription(new SubscriptionRequest("other", null, endpoint, null,
                null, null, null, null, null, null)).uid();
        SubscriptionFilter foreign = client.createSubscriptionFilter(otherSubscription,
                SubscriptionFilterRequest.of("a", null, null));
        assertBad(root.raw("GET", filtersPath + "/" + foreign.uid(), null, Map.of()), 404, "filter not found");
        assertBad(root.raw("DELETE", filtersPath + "/" + foreign.uid(), null, Map.of()), 404, "filter not found");
        assertNotNull(client.getSubscriptionFilter(otherSubscription, foreign.uid()));

        client.deleteSubscription(subscriptionId);
        ApiException gone = assertThrows(ApiException.class, () -> client.listSubscriptionFilters(subscriptionId));
        assertEquals(404, gone.status());
    }

    @Test
    void anotherProjectsKeyCannotReachTheFilters() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        assertBad(server.root(other.apiKey()).raw("GET", filtersPath, null, Map.of()), 403, "");
    }

    // ------------------------------------------------------------------------------------------------ matching

    @Test
    void withoutFilterRowsTheSubscriptionsEventTypesAndFilterConfigDecide() {
        assertTrue(reaches("order.paid", "{\"amount\":20}", null));
        assertFalse(reaches("order.paid", "{\"amount\":5}", null));
        assertEquals(0, deliveriesOfNewEvent("order.cancelled", "{\"amount\":20}"), "event type not subscribed");
        assertEquals(0, deliveriesOfNewEvent("Order.Paid", "{\"amount\":20}"), "event types are case-sensitive");
        assertTrue(reaches("order.cancelled", "{\"amount\":20}", null),
                "the filter test tests the filters on their own, as Convoy's does");
    }

    @Test
    void filterForTheEventTypeDecidesInsteadOfFilterConfig() {
        assertFalse(reaches("order.refunded", "{\"reason\":\"fraud\"}", null), "filter_config wants an amount");
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("order.refunded", null,
                json("{\"reason\":\"fraud\"}")));
        assertTrue(reaches("order.refunded", "{\"reason\":\"fraud\"}", null), "the row's filter applies now");
        assertFalse(reaches("order.refunded", "{\"reason\":\"other\"}", null));

        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("order.paid", null,
                json("{\"amount\":{\"$gte\":100}}")));
        assertFalse(reaches("order.paid", "{\"amount\":20}", null), "the row's filter replaces filter_config's");
        assertTrue(reaches("order.paid", "{\"amount\":150}", null));
    }

    @Test
    void headerFiltersOfARowMatchNamesInAnyCase() {
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("order.paid",
                json("{\"X-Tenant\":\"t1\"}"), null));
        assertTrue(reaches("order.paid", "{}", "{\"x-tenant\":[\"t1\"]}"));
        assertFalse(reaches("order.paid", "{}", "{\"X-Tenant\":[\"t2\"]}"));
        assertFalse(reaches("order.paid", "{}", null), "a required header that is absent fails");
    }

    @Test
    void disabledFilterStopsItsEventType() {
        SubscriptionFilter paid = client.createSubscriptionFilter(subscriptionId,
                SubscriptionFilterRequest.of("order.paid", null, null));
        assertTrue(reaches("order.paid", "{\"amount\":1}", null));
        client.updateSubscriptionFilter(subscriptionId, paid.uid(), new SubscriptionFilterRequest(null, null,
                SubscriptionFilterRequest.DISABLED, null, null, null, null));
        assertFalse(reaches("order.paid", "{\"amount\":500}", null));
    }

    @Test
    void catchAllFilterDecidesForTypesWithoutTheirOwn() {
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("*", null,
                json("{\"live\":true}")));
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("order.paid", null, null));
        assertTrue(reaches("order.refunded", "{\"live\":true}", null));
        assertFalse(reaches("order.refunded", "{\"live\":false}", null));
        assertTrue(reaches("order.paid", "{\"live\":false}", null), "the exact type's own filter wins over *");
        assertEquals(0, deliveriesOfNewEvent("order.cancelled", "{\"live\":true}"),
                "a * filter does not add event types");
        assertTrue(reaches("order.cancelled", "{\"live\":true}", null), "but the filter test tests the * row");
    }

    @Test
    void filterForATypeTheSubscriptionDoesNotReceiveIsKeptButWaitsUntilTheTypeIsAdded() {
        // Convoy refuses only a duplicate; the row is stored, and event types still decide which events come
        SubscriptionFilter cancelled = client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of(
                "order.cancelled", null, json("{\"reason\":\"stock\"}")));
        assertEquals("order.cancelled", cancelled.eventType());
        assertEquals(2, client.createSubscriptionFilters(subscriptionId, List.of(SubscriptionFilterRequest.of("zzz",
                null, null), SubscriptionFilterRequest.of("a", null, null))).size());
        assertEquals(0, deliveriesOfNewEvent("order.cancelled", "{\"reason\":\"stock\"}"),
                "not one of its event types");
        assertTrue(reaches("order.cancelled", "{\"reason\":\"stock\"}", null),
                "the filter test tests the row on its own, as Convoy's does");
        assertFalse(reaches("order.cancelled", "{\"reason\":\"other\"}", null));

        client.updateSubscription(subscriptionId, new SubscriptionRequest(null, null, null, null, null, null, null,
                new FilterConfig(List.of("order.paid", "order.cancelled"), null), null, null));
        assertTrue(reaches("order.cancelled", "{\"reason\":\"stock\"}", null), "its row decides once it is listed");
        assertFalse(reaches("order.cancelled", "{\"reason\":\"other\"}", null));
        assertEquals(Set.of("order.paid", "order.cancelled"), eventTypesOfRows(),
                "rows of types no longer listed went with the change");
        assertEquals(cancelled.uid(), client.listSubscriptionFilters(subscriptionId).stream()
                .filter(f -> f.eventType().equals("order.cancelled")).findFirst().orElseThrow().uid(),
                "the client's row was kept, not replaced");
    }

    // ------------------------------------------------------------------------------- rows of a subscription

    @Test
    void aSubscriptionGetsOneRowPerEventTypeHoldingItsFilter() {
        String id = client.createSubscription(new SubscriptionRequest("two types", null, otherEndpoint(), null, null,
                null, null, new FilterConfig(List.of("order.created", "order.failed"), new FilterConfig.Filter(null,
                json("{\"X-Shop\":\"berlin\"}"), json("{\"cart\":{\"total\":{\"$gt\":0}}}"), null, null)), null,
                null)).uid();
        List<SubscriptionFilter> rows = client.listSubscriptionFilters(id);
        assertEquals(List.of("order.created", "order.failed"), rows.stream().map(SubscriptionFilter::eventType)
                .toList());
        for (SubscriptionFilter row : rows) {
            assertEquals(json("{\"cart.total\":{\"$gt\":0}}"), row.body());
            assertEquals(json("{\"cart\":{\"total\":{\"$gt\":0}}}"), row.rawBody());
            assertEquals(json("{\"X-Shop\":\"berlin\"}"), row.headers());
            assertNotNull(row.enabledAt(), "in force");
        }
        assertBad(root.raw("POST", "/api/v1/projects/" + project.id() + "/subscriptions/" + id + "/filters",
                "{\"event_type\":\"order.created\"}", Map.of()), 400, "filter with this event type already exists");

        String plain = client.createSubscription(new SubscriptionRequest("all", null, otherEndpoint(), null, null,
                null, null, null, null, null)).uid();
        assertEquals(List.of("*"), client.listSubscriptionFilters(plain).stream().map(SubscriptionFilter::eventType)
                .toList(), "no event types means *, and its row");
    }

    @Test
    void changingTheSubscriptionsFilterMovesTheRowsThatStillHoldItAndLeavesTheClientsRows() {
        String id = client.createSubscription(new SubscriptionRequest("moving", null, otherEndpoint(), null, null,
                null, null, new FilterConfig(List.of("x", "y"), new FilterConfig.Filter(null, null,
                json("{\"n\":1}"), null, null)), null, null)).uid();
        SubscriptionFilter y = client.listSubscriptionFilters(id).stream().filter(f -> f.eventType().equals("y"))
                .findFirst().orElseThrow();
        client.updateSubscriptionFilter(id, y.uid(), new SubscriptionFilterRequest(null, null, null, null,
                json("{\"n\":9}"), null, null));

        client.updateSubscription(id, new SubscriptionRequest(null, null, null, null, null, null, null,
                new FilterConfig(null, new FilterConfig.Filter(null, null, json("{\"n\":2}"), null, null)), null,
                null));
        assertTrue(matches(id, "x", "{\"n\":2}"), "x's row followed the subscription's new filter");
        assertFalse(matches(id, "x", "{\"n\":1}"));
        assertTrue(matches(id, "y", "{\"n\":9}"), "y's row was set by the client and stays");

        client.updateSubscription(id, new SubscriptionRequest(null, null, null, null, null, null, null,
                new FilterConfig(List.of("y", "z"), null), null, null));
        assertEquals(Set.of("y", "z"), client.listSubscriptionFilters(id).stream().map(SubscriptionFilter::eventType)
                .collect(Collectors.toSet()));
        assertTrue(matches(id, "z", "{\"n\":2}"), "a new type's row holds the current filter");
        assertTrue(matches(id, "x", "{\"n\":2}"), "x's row is gone: filter_config decides the filter test "
                + "(ingest no longer takes x, which the filter test does not look at, as in Convoy)");
        assertFalse(matches(id, "x", "{\"n\":1}"));

        client.updateSubscription(id, new SubscriptionRequest("renamed", null, null, null, null, null, null, null,
                null, null));
        assertEquals(2, client.listSubscriptionFilters(id).size(), "an update that leaves the filter alone keeps rows");
    }

    private boolean matches(String subscription, String eventType, String body) {
        return client.testSubscriptionFilters(subscription, eventType, new FilterMatchRequest(json(body), null));
    }

    private Set<String> eventTypesOfRows() {
        return client.listSubscriptionFilters(subscriptionId).stream().map(SubscriptionFilter::eventType)
                .collect(Collectors.toSet());
    }

    private String otherEndpoint() {
        return client.createEndpoint(EndpointRequest.of("https://other.example/" + System.nanoTime(), "other"))
                .uid();
    }

    @Test
    void eventsSentThroughTheApiGetDeliveriesOnlyWhereTheFiltersAgree() {
        assertEquals(1, deliveriesOfNewEvent("order.paid", "{\"amount\":20}"), "filter_config lets 20 through");
        client.createSubscriptionFilter(subscriptionId, SubscriptionFilterRequest.of("order.paid",
                json("{\"X-Shop\":\"berlin\"}"), json("{\"amount\":{\"$gte\":100}}")));

        assertEquals(0, deliveriesOfNewEvent("order.paid", "{\"amount\":20}"), "the row wants 100 or more");
        assertEquals(0, deliveriesOfNewEvent("order.paid", "{\"amount\":150}"), "and the X-Shop header");
        Event sent = client.createEvent(new CreateEventRequest(endpointId, null, null, "order.paid",
                json("{\"amount\":150}"), Map.of("x-shop", "berlin"), null));
        assertEquals(1, deliveries(sent).size());
        assertTrue(reaches("order.paid", "{\"amount\":150}", "{\"X-Shop\":[\"berlin\"]}"),
                "the test route agrees with ingest");
    }

    private int deliveriesOfNewEvent(String type, String data) {
        return deliveries(client.createEvent(CreateEventRequest.toEndpoint(endpointId, type, json(data)))).size();
    }

    private List<EventDelivery> deliveries(Event event) {
        return dev.hookline.server.testing.Planning.deliveriesOf(client, event.uid()); // planned after the answer
    }

    @Test
    void requestBodyWinsOverPayloadInTheMatchTest() {
        JsonNode data = assertEnvelope(root.raw("POST", filtersPath + "/test/order.paid", "{\"payload\":"
                + "{\"amount\":1},\"request\":{\"body\":{\"amount\":50}}}", Map.of()), 200, "Filter test completed");
        assertEquals(json("{\"is_match\":true}"), data);
    }
}
