package dev.hookline.server.deliveries;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventDeliveriesIT {

    private static final String UNKNOWN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String epA;
    String epB;
    String epC;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        epA = client.createEndpoint(new EndpointRequest("https://a.example", "a", null, null, null, null, null,
                null, null, null, null, null, null, null, new EndpointAuthentication(EndpointAuthType.BASIC_AUTH,
                null, new BasicAuth("user", "pa55word"), null), null, null)).uid();
        epB = client.createEndpoint(EndpointRequest.of("https://b.example", "b")).uid();
        epC = client.createEndpoint(EndpointRequest.of("https://c.example", "c")).uid();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ---------------------------------------------------------------------------------------------------- get

    @Test
    void getEmbedsTheEventEndpointAndSourceAndCarriesThePayload() {
        Source source = client.createSource(new CreateSourceRequest("github", SourceType.HTTP, null, null, null,
                null, List.of("request.header.X-Id"), null, null));
        Event event = seeds.event(project.id()).type("invoice.paid").source(source.uid()).endpoints(epA)
                .data("{\"amount\":10.0,\"tags\":[\"a\"]}").idempotencyKey("idem-1").insert();
        EventDelivery seeded = seeds.delivery(event, epA).subscription("01SUBSCRIPTION000000000000")
                .status(EventDeliveryStatus.RETRY).tried(2, 0.25, "retrying").insert();

        RawResponse response = client.raw("GET", deliveryPath(seeded.uid()), null, Map.of());
        JsonNode data = assertEnvelope(response, 200, "Event Delivery fetched successfully");
        assertEquals(seeded.uid(), data.get("uid").asText());
        assertEquals("Retry", data.get("status").asText());
        assertEquals("invoice.paid", data.get("event_type").asText());
        assertEquals("idem-1", data.get("idempotency_key").asText());
        assertEquals("01SUBSCRIPTION000000000000", data.get("subscription_id").asText());
        assertEquals("", data.get("device_id").asText());
        assertEquals("1", data.get("headers").get("X-Custom").get(0).asText());
        assertEquals(0.25, data.get("latency_seconds").asDouble());
        assertEquals("250ms", data.get("latency").asText());
        assertEquals("retrying", data.get("description").asText());
        assertTrue(data.get("cli_metadata").isNull());

        JsonNode metadata = data.get("metadata");
        assertTrue(response.body().contains("\"data\":{\"amount\":10.0,\"tags\":[\"a\"]}"),
                "the event's payload, exactly as received: " + response.body());
        assertEquals("{\"amount\":10.0,\"tags\":[\"a\"]}", metadata.get("raw").asText());
        assertEquals("linear", metadata.get("strategy").asText());
        assertEquals(2, metadata.get("num_trials").asInt());
        assertEquals(100, metadata.get("interval_seconds").asInt());
        assertEquals(10, metadata.get("retry_limit").asInt());
        assertTrue(metadata.get("next_send_time").isTextual());

        JsonNode eventMetadata = data.get("event_metadata");
        assertEquals(event.uid(), eventMetadata.get("uid").asText());
        assertEquals("invoice.paid", eventMetadata.get("event_type").asText());
        assertFalse(eventMetadata.has("data"), "the payload is in metadata, not repeated here");
        JsonNode endpoint = data.get("endpoint_metadata");
        assertEquals(epA, endpoint.get("uid").asText());
        assertEquals("https://a.example", endpoint.get("url").asText());
        assertEquals("[REDACTED]", endpoint.get("authentication").get("basic_auth").get("password").asText());
        JsonNode sourceMetadata = data.get("source_metadata");
        assertEquals(source.uid(), sourceMetadata.get("uid").asText());
        assertEquals("github", sourceMetadata.get("name").asText());
        assertEquals("request.header.X-Id", sourceMetadata.get("idempotency_keys").get(0).asText());
        assertEquals("noop", sourceMetadata.get("verifier").get("type").asText(), "the source as events embed it");

        EventDelivery typed = client.getEventDelivery(seeded.uid());
        assertEquals(StrategyType.LINEAR, typed.metadata().strategy());
        assertEquals(10, typed.metadata().data().get("amount").asInt());
        assertEquals(event.uid(), typed.eventMetadata().uid());
    }

    @Test
    void aTransformedPayloadIsTheDeliverysOwnAndNoSourceMeansNoSourceMetadata() {
        Event event = seeds.event(project.id()).endpoints(epB).data("{\"original\":true}").insert();
        EventDelivery delivery = seeds.delivery(event, epB).transformed("{\"changed\":1}").insert();
        JsonNode data = assertEnvelope(client.raw("GET", deliveryPath(delivery.uid()), null, Map.of()), 200,
                "Event Delivery fetched successfully");
        assertEquals(1, data.get("metadata").get("data").get("changed").asInt());
        assertEquals("{\"changed\":1}", data.get("metadata").get("raw").asText());
        assertTrue(data.get("source_metadata").isNull());
        assertEquals("", data.get("latency").asText(), "not delivered yet");
    }

    @Test
    void aDeletedEndpointStillShowsInItsDeliveries() {
        Event event = seeds.event(project.id()).endpoints(epC).insert();
        EventDelivery delivery = seeds.delivery(event, epC).insert();
        client.deleteEndpoint(epC);
        EventDelivery seen = client.getEventDelivery(delivery.uid());
        assertEquals("c", seen.endpointMetadata().name());
        assertTrue(seen.endpointMetadata().deletedAt() != null);
        assertEquals(List.of(delivery.uid()), ids(client.listEventDeliveries(q().with("endpointId", epC))));
    }

    @Test
    void unknownAndOtherProjectsDeliveriesAreNotFound() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        String foreignEndpoint = other.client().createEndpoint(EndpointRequest.of("https://f.example", "f")).uid();
        EventDelivery foreign = seeds.delivery(seeds.event(other.id()).endpoints(foreignEndpoint).insert(),
                foreignEndpoint).insert();
        seeds.attempt(foreign, "200 OK", true, Map.of(), Map.of());
        for (String id : List.of(UNKNOWN, foreign.uid())) {
            assertBad(client.raw("GET", deliveryPath(id), null, Map.of()), 404, "event delivery not found");
            assertBad(client.raw("GET", deliveryPath(id) + "/deliveryattempts", null, Map.of()), 404,
                    "event delivery not found");
            assertBad(client.raw("GET", deliveryPath(id) + "/deliveryattempts/" + UNKNOWN, null, Map.of()), 404,
                    "event delivery not found");
        }
        assertEquals(List.of(), ids(client.listEventDeliveries(q().with("eventId", foreign.eventId()))));
        assertEquals(List.of(), ids(client.listEventDeliveries(q().with("endpointId", foreignEndpoint))));
    }

    // ---------------------------------------------------------------------------------------------- attempts

    @Test
    void attemptsArePlainArraysOldestFirstWithHeadersBodiesAndOutcome() {
        EventDelivery delivery = seeds.delivery(seeds.event(project.id()).endpoints(epA).insert(), epA).insert();
        DeliveryAttempt failed = seeds.attempt(delivery, "500 Internal Server Error", false,
                Map.of("X-Convoy-Signature", "t=1,v1=abc"), Map.of("Content-Type", "text/plain"));
        clock.advance(Duration.ofSeconds(100));
        DeliveryAttempt ok = seeds.attempt(delivery, "200 OK", true, Map.of(), Map.of());
        EventDelivery otherDelivery = seeds.delivery(seeds.event(project.id()).endpoints(epB).insert(), epB)
                .insert();
        seeds.attempt(otherDelivery, "200 OK", true, Map.of(), Map.of());

        JsonNode data = assertEnvelope(client.raw("GET", deliveryPath(delivery.uid()) + "/deliveryattempts", null,
                Map.of()), 200, "Event delivery attempts fetched successfully");
        assertTrue(data.isArray(), "not paged: " + data);
        assertEquals(2, data.size());
        JsonNode first = data.get(0);
        assertEquals(failed.uid(), first.get("uid").asText());
        assertEquals(delivery.uid(), first.get("msg_id").asText());
        assertEquals("500 Internal Server Error", first.get("http_status").asText());
        assertFalse(first.get("status").asBoolean());
        assertEquals("unexpected status", first.get("error").asText());
        assertEquals("boom", first.get("response_data").asText());
        assertEquals("t=1,v1=abc", first.get("request_http_header").get("X-Convoy-Signature").asText());
        assertEquals("text/plain", first.get("response_http_header").get("Content-Type").asText());
        assertEquals("{\"n\":1}", first.get("request_body").asText());
        assertEquals(42, first.get("latency_ms").asInt());
        assertTrue(first.get("requested_at").isTextual() && first.get("responded_at").isTextual());
        assertEquals(ok.uid(), data.get(1).get("uid").asText());
        assertTrue(data.get(1).get("status").asBoolean());

        assertEquals(List.of(failed.uid(), ok.uid()),
                client.listDeliveryAttempts(delivery.uid()).stream().map(DeliveryAttempt::uid).toList());
        JsonNode one = assertEnvelope(client.raw("GET", deliveryPath(delivery.uid()) + "/deliveryattempts/"
                + ok.uid(), null, Map.of()), 200, "Event delivery attempt fetched successfully");
        assertEquals("200 OK", one.get("http_status").asText());
        assertEquals(ok, client.getDeliveryAttempt(delivery.uid(), ok.uid()));
        assertBad(client.raw("GET", deliveryPath(delivery.uid()) + "/deliveryattempts/" + UNKNOWN, null, Map.of()),
                404, "event delivery attempt not found");
        assertBad(client.raw("GET", deliveryPath(otherDelivery.uid()) + "/deliveryattempts/" + ok.uid(), null,
                Map.of()), 404, "event delivery attempt not found");
        assertEquals(List.of(), client.listDeliveryAttempts(seeds.delivery(seeds.event(project.id()).insert(), epC)
                .insert().uid()), "no attempts yet: an empty array");
    }

    // ---------------------------------------------------------------------------------------------- list

    /** A grid of deliveries across endpoints, subscriptions, event types, statuses and events. */
    private List<EventDelivery> grid() {
        List<String> endpoints = List.of(epA, epB, epC);
        List<String> types = List.of("invoice.paid", "invoice.failed");
        EventDeliveryStatus[] statuses = EventDeliveryStatus.values();
        List<EventDelivery> all = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            String endpoint = endpoints.get(i % 3);
            Event event = seeds.event(project.id()).type(types.get(i % 2)).endpoints(endpoint)
                    .idempotencyKey("key-" + (i % 4)).insert();
            all.add(seeds.delivery(event, endpoint).subscription("sub-" + endpoint + "-" + (i % 2))
                    .status(statuses[i % statuses.length]).insert());
            if (i % 5 == 0) { // a second delivery of the same event (e.g. a replay)
                all.add(seeds.delivery(event, endpoint).subscription("sub-" + endpoint + "-" + (i % 2))
                        .status(EventDeliveryStatus.SUCCESS).insert());
            }
        }
        return all;
    }

    @Test
    void everyFilterAndCombinationListsExactlyItsRowsAndPagesThem() {
        List<EventDelivery> all = grid();
        String event = all.get(5).eventId();
        String firstKey2 = all.stream().filter(d -> d.idempotencyKey().equals("key-2")).map(EventDelivery::eventId)
                .sorted().findFirst().orElseThrow();
        String subA = "sub-" + epA + "-0";
        Map<ListQuery, Predicate<EventDelivery>> shapes = new LinkedHashMap<>();
        shapes.put(q(), d -> true);
        shapes.put(q().with("endpointId", epA), d -> d.endpointId().equals(epA));
        shapes.put(q().withAll("endpointId", List.of(epA, epC)), d -> !d.endpointId().equals(epB));
        shapes.put(q().with("eventId", event), d -> d.eventId().equals(event));
        shapes.put(q().with("subscriptionId", subA), d -> d.subscriptionId().equals(subA));
        shapes.put(q().with("idempotencyKey", "key-2"), d -> d.eventId().equals(firstKey2));
        shapes.put(q().with("status", "Failure"), d -> d.status() == EventDeliveryStatus.FAILURE);
        shapes.put(q().withAll("status", List.of("Failure", "Retry", "Success")), d -> List.of(
                EventDeliveryStatus.FAILURE, EventDeliveryStatus.RETRY, EventDeliveryStatus.SUCCESS)
                .contains(d.status()));
        shapes.put(q().with("eventType", "invoice.paid"), d -> d.eventType().equals("invoice.paid"));
        shapes.put(q().with("event_type", "invoice.failed"), d -> d.eventType().equals("invoice.failed"));
        shapes.put(q().with("endpointId", epB).with("status", "Success"),
                d -> d.endpointId().equals(epB) && d.status() == EventDeliveryStatus.SUCCESS);
        shapes.put(q().withAll("endpointId", List.of(epA, epB)).withAll("status", List.of("Success", "Scheduled")),
                d -> !d.endpointId().equals(epC) && (d.status() == EventDeliveryStatus.SUCCESS
                        || d.status() == EventDeliveryStatus.SCHEDULED));
        shapes.put(q().with("endpointId", epA).with("eventType", "invoice.paid"),
                d -> d.endpointId().equals(epA) && d.eventType().equals("invoice.paid"));
        shapes.put(q().with("endpointId", epA).with("eventType", "invoice.paid").with("status", "Scheduled"),
                d -> d.endpointId().equals(epA) && d.eventType().equals("invoice.paid")
                        && d.status() == EventDeliveryStatus.SCHEDULED);
        shapes.put(q().with("subscriptionId", subA).with("status", "Success"),
                d -> d.subscriptionId().equals(subA) && d.status() == EventDeliveryStatus.SUCCESS);
        shapes.put(q().with("subscriptionId", subA).with("eventType", "invoice.paid"),
                d -> d.subscriptionId().equals(subA) && d.eventType().equals("invoice.paid"));
        shapes.put(q().with("subscriptionId", subA).with("endpointId", epA), d -> d.subscriptionId().equals(subA));
        shapes.put(q().with("subscriptionId", subA).with("endpointId", epB), d -> false);
        shapes.put(q().with("eventType", "invoice.failed").withAll("status", List.of("Retry", "Discarded")),
                d -> d.eventType().equals("invoice.failed") && (d.status() == EventDeliveryStatus.RETRY
                        || d.status() == EventDeliveryStatus.DISCARDED));
        shapes.put(q().with("eventId", event).with("status", "Success"),
                d -> d.eventId().equals(event) && d.status() == EventDeliveryStatus.SUCCESS);
        shapes.put(q().with("idempotencyKey", "key-2").with("eventId", event), d -> false);
        shapes.put(q().with("idempotencyKey", "no-such-key"), d -> false);
        shapes.put(q().with("endpointId", UNKNOWN), d -> false);
        shapes.put(q().with("subscriptionId", UNKNOWN), d -> false);
        shapes.put(q().with("eventId", UNKNOWN), d -> false);
        for (Map.Entry<ListQuery, Predicate<EventDelivery>> shape : shapes.entrySet()) {
            List<String> asc = all.stream().filter(shape.getValue()).map(EventDelivery::uid).sorted().toList();
            List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
            assertEquals(desc, ids(client.listEventDeliveries(shape.getKey().perPage(100))), shape.getKey().toString());
            for (int perPage : new int[] {1, 3}) {
                KeysetWalk.assertWalks(asc, shape.getKey().perPage(perPage).sort(ListQuery.Sort.ASC),
                        client::listEventDeliveries, EventDelivery::uid);
                KeysetWalk.assertWalks(desc, shape.getKey().perPage(perPage).sort(ListQuery.Sort.DESC),
                        client::listEventDeliveries, EventDelivery::uid);
            }
        }
    }

    @Test
    void manyEndpointsPageThroughBranchesMergedAcrossStatements() {
        List<String> endpoints = new ArrayList<>(List.of(epA, epB, epC));
        for (int i = 0; i < 9; i++) {
            endpoints.add(client.createEndpoint(EndpointRequest.of("https://n" + i + ".example", "n" + i)).uid());
        }
        List<EventDelivery> all = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String endpoint = endpoints.get(i * 7 % endpoints.size());
            all.add(seeds.delivery(seeds.event(project.id()).endpoints(endpoint).insert(), endpoint)
                    .status(EventDeliveryStatus.values()[i % 6]).insert());
        }
        // 11 endpoints x 6 statuses: more branches than one statement merges
        List<String> chosen = endpoints.subList(1, 12);
        List<String> asc = all.stream().filter(d -> chosen.contains(d.endpointId())).map(EventDelivery::uid).sorted()
                .toList();
        List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
        for (int perPage : new int[] {1, 4, 7}) {
            KeysetWalk.assertWalks(asc, q().withAll("endpointId", chosen).perPage(perPage).sort(ListQuery.Sort.ASC),
                    client::listEventDeliveries, EventDelivery::uid);
            KeysetWalk.assertWalks(desc, q().withAll("endpointId", chosen).perPage(perPage),
                    client::listEventDeliveries, EventDelivery::uid);
        }
    }

    @Test
    void endpointIdAndStatusAcceptBothSpellingsRepeated() {
        List<EventDelivery> all = grid();
        List<String> expected = all.stream().filter(d -> !d.endpointId().equals(epC)
                && (d.status() == EventDeliveryStatus.FAILURE || d.status() == EventDeliveryStatus.DISCARDED))
                .map(EventDelivery::uid).sorted(Comparator.reverseOrder()).toList();
        JsonNode data = assertEnvelope(client.raw("GET", listPath("?perPage=100&endpointId[]=" + epA + "&endpointId="
                + epB + "&status[]=Failure&status=discarded"), null, Map.of()), 200,
                "Event deliveries fetched successfully");
        List<String> got = new ArrayList<>();
        data.get("content").forEach(d -> got.add(d.get("uid").asText()));
        assertEquals(expected, got);
    }

    @Test
    void anUnknownStatusIsA400NamingIt() {
        assertBad(client.raw("GET", listPath("?status=Failure&status=Exploded"), null, Map.of()), 400,
                "status:unknown value \\\"Exploded\\\"");
        assertBad(client.raw("GET", listPath("?status=Exploded"), null, Map.of()), 400,
                "allowed values are Scheduled, Processing, Discarded, Failure, Success, Retry");
    }

    @Test
    void listRowsEmbedTheirMetadataToo() {
        Event event = seeds.event(project.id()).endpoints(epA, epB).data("{\"x\":[1,2]}").insert();
        seeds.delivery(event, epA).insert();
        seeds.delivery(event, epB).insert();
        Page<EventDelivery> page = client.listEventDeliveries(q());
        assertEquals(2, page.content().size());
        for (EventDelivery d : page.content()) {
            assertEquals(event.uid(), d.eventMetadata().uid());
            assertEquals(d.endpointId(), d.endpointMetadata().uid());
            assertEquals("[1,2]", d.metadata().data().get("x").toString());
            assertNull(d.sourceMetadata());
        }
    }

    @Test
    void dateWindowLimitsTheList() {
        Instant day1 = clock.instant();
        Event e1 = seeds.event(project.id()).endpoints(epA).insert();
        EventDelivery first = seeds.delivery(e1, epA).status(EventDeliveryStatus.FAILURE).insert();
        clock.advance(Duration.ofDays(1));
        EventDelivery second = seeds.delivery(e1, epA).status(EventDeliveryStatus.FAILURE).insert();
        clock.advance(Duration.ofDays(1));
        EventDelivery third = seeds.delivery(e1, epA).status(EventDeliveryStatus.FAILURE).insert();
        Instant day2 = day1.plus(Duration.ofDays(1));
        ListQuery window = q().startDate(day2.minusSeconds(60)).endDate(day2.plusSeconds(60));
        for (ListQuery shape : List.of(window, window.with("endpointId", epA), window.with("status", "Failure"),
                window.with("eventId", e1.uid()), window.with("endpointId", epA).with("status", "Failure"))) {
            assertEquals(List.of(second.uid()), ids(client.listEventDeliveries(shape)), shape.toString());
        }
        assertEquals(List.of(third.uid(), second.uid()),
                ids(client.listEventDeliveries(q().startDate(day2.minusSeconds(60)))));
        assertEquals(List.of(third.uid(), second.uid(), first.uid()), ids(client.listEventDeliveries(q())));
    }

    // -------------------------------------------------------------------------------------- bad input, auth

    @Test
    void badListParametersAreNamed400s() {
        assertBad(client.raw("GET", listPath("?perPage=-1"), null, Map.of()), 400, "perPage");
        assertBad(client.raw("GET", listPath("?prev_page_cursor=x&direction=prev"), null, Map.of()), 400,
                "prev_page_cursor");
        assertBad(client.raw("GET", listPath("?startDate=2026-01-01T00:00:00&endDate=2025-01-01T00:00:00"), null,
                Map.of()), 400, "startDate cannot be greater than endDate");
    }

    @Test
    void everyRouteNeedsThisProjectsKey() {
        EventDelivery delivery = seeds.delivery(seeds.event(project.id()).endpoints(epA).insert(), epA).insert();
        DeliveryAttempt attempt = seeds.attempt(delivery, "200 OK", true, Map.of(), Map.of());
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Map<String, String> noKey = new HashMap<>();
        noKey.put("Authorization", null);
        for (String path : List.of(listPath(""), deliveryPath(delivery.uid()),
                deliveryPath(delivery.uid()) + "/deliveryattempts",
                deliveryPath(delivery.uid()) + "/deliveryattempts/" + attempt.uid())) {
            assertBad(client.raw("GET", path, null, noKey), 401, "");
            assertBad(server.client("CO.nope.nope").raw("GET", path, null, Map.of()), 401, "");
            assertBad(other.client().raw("GET", path, null, Map.of()), 403, "does not reach project");
            assertEquals(200, client.raw("GET", path, null, Map.of()).status(), path);
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static ListQuery q() {
        return ListQuery.create();
    }

    private String listPath(String query) {
        return "/v1/projects/" + project.id() + "/eventdeliveries" + query;
    }

    private String deliveryPath(String id) {
        return "/v1/projects/" + project.id() + "/eventdeliveries/" + id;
    }

    private static List<String> ids(Page<EventDelivery> page) {
        return page.content().stream().map(EventDelivery::uid).toList();
    }

    @Test
    void aDeliveryShowsTheUrlItIsSentToWithTheEventsQueryParameters() {
        Event event = seeds.event(project.id()).endpoints(epB).insert();
        EventDelivery delivery = seeds.delivery(event, epB).insert();

        assertEquals("https://b.example?" + event.urlQueryParams(),
                client.getEventDelivery(delivery.uid()).targetUrl(), "Convoy's target_url");
        assertEquals(List.of("https://b.example?" + event.urlQueryParams()), client.listEventDeliveries(
                ListQuery.create().with("eventId", event.uid())).content().stream().map(EventDelivery::targetUrl)
                .toList(), "in the list too");
    }
}
