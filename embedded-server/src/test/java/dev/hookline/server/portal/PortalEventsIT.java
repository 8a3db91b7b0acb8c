package dev.hookline.server.portal;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.KeysetWalk;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortalEventsIT {

    private static final String UNKNOWN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    private static final Map<String, List<String>> SENT_HEADERS = Map.of(
            "Authorization", List.of("Bearer sender-token"), "Cookie", List.of("session=1"),
            "X-Hub-Signature-256", List.of("sha256=abc"), "X-Api-Key", List.of("k1", "k2"),
            "X-Auth-Token", List.of("t"), "X-Client-Secret", List.of("s"), "Content-Type",
            List.of("application/json"), "X-Request-Id", List.of("r-1"));

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    EventSeeds seeds;
    String mine1;
    String mine2;
    String theirs;
    Source source;
    ApiClient portal;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("shop", ProjectType.INCOMING);
        client = project.client();
        seeds = new EventSeeds(server);
        mine1 = endpoint("m1", "acme");
        mine2 = endpoint("m2", "acme");
        theirs = endpoint("t1", "globex");
        source = client.createSource(new CreateSourceRequest("github", SourceType.HTTP, null, null,
                new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Hub-Signature-256", "SHA256", "gh-secret",
                        "hex"), null, null), null, null, null, null));
        portal = server.client(link("acme", null).token());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ------------------------------------------------------------------------------------------------ events

    @Test
    void aLinkSeesOnlyEventsToItsEndpoints() {
        Event one = seeds.event(project.id()).endpoints(mine1).source(source.uid()).idempotencyKey("k")
                .data("{\"word\":\"alpha\"}").insert();
        Event shared = seeds.event(project.id()).endpoints(theirs, mine2).data("{\"word\":\"alpha\"}").insert();
        Event foreign = seeds.event(project.id()).endpoints(theirs).source(source.uid()).idempotencyKey("k")
                .data("{\"word\":\"alpha\"}").insert();
        seeds.event(project.id()).data("{\"word\":\"alpha\"}").insert(); // no endpoint: nobody's

        assertEquals(List.of(shared.uid(), one.uid()), eventIds(q()));
        assertEquals(List.of(one.uid()), eventIds(q().with("endpointId", mine1)));
        assertEquals(List.of(), eventIds(q().with("endpointId", theirs)), "another owner's endpoint: nothing");
        assertEquals(List.of(shared.uid()), eventIds(q().withAll("endpointId", List.of(theirs, mine2))));
        assertEquals(List.of(shared.uid(), one.uid()), eventIds(q().with("query", "alpha")));
        assertEquals(List.of(one.uid()), eventIds(q().with("idempotencyKey", "k")));
        assertEquals(List.of(one.uid()), eventIds(q().with("sourceId", source.uid())));
        assertEquals(List.of(one.uid()), eventIds(q().with("sourceId", source.uid()).with("query", "alpha")));

        assertEquals(one.uid(), portal.portalGetEvent(one.uid()).uid());
        assertEquals(shared.uid(), portal.portalGetEvent(shared.uid()).uid());
        for (String id : List.of(foreign.uid(), UNKNOWN)) {
            assertBad(portal.raw("GET", portalPath("/events/" + id), null, Map.of()), 404, "event not found");
        }
    }

    @Test
    void aListedLinkSeesEventsToItsListedEndpoints() {
        String listed = endpoint("listed", "");
        String unlisted = endpoint("unlisted", "");
        Event in = seeds.event(project.id()).endpoints(listed).insert();
        Event out = seeds.event(project.id()).endpoints(unlisted).insert();
        ApiClient listedPortal = server.client(link(null, List.of(listed)).token());
        assertEquals(List.of(in.uid()), ids(listedPortal.portalListEvents(q())));
        assertBad(listedPortal.raw("GET", portalPath("/events/" + out.uid()), null, Map.of()), 404,
                "event not found");
    }

    @Test
    void aLinkWithoutEndpointsSeesNothing() {
        seeds.event(project.id()).endpoints(mine1).insert();
        ApiClient empty = server.client(link("nobody", null).token());
        JsonNode data = assertEnvelope(empty.raw("GET", portalPath("/events"), null, Map.of()), 200,
                "App events fetched successfully");
        assertEquals(0, data.get("content").size());
        assertEquals(List.of(), ids(empty.portalListEventDeliveries(q())));
    }

    @Test
    void credentialsInHeadersAndTheSourcesVerifierAreMasked() {
        Event event = seeds.event(project.id()).endpoints(mine1).source(source.uid()).headers(SENT_HEADERS)
                .insert();
        JsonNode data = assertEnvelope(portal.raw("GET", portalPath("/events/" + event.uid()), null, Map.of()), 200,
                "Endpoint event fetched successfully");
        JsonNode headers = data.get("headers");
        for (String name : List.of("Authorization", "Cookie", "X-Hub-Signature-256", "X-Auth-Token",
                "X-Client-Secret")) {
            assertEquals("[REDACTED]", headers.get(name).get(0).asText(), name);
        }
        assertEquals(2, headers.get("X-Api-Key").size());
        assertEquals("[REDACTED]", headers.get("X-Api-Key").get(1).asText());
        assertEquals("application/json", headers.get("Content-Type").get(0).asText());
        assertEquals("r-1", headers.get("X-Request-Id").get(0).asText());
        assertTrue(data.get("source_metadata").get("verifier").isNull());
        assertTrue(data.get("source_metadata").get("pub_sub").isNull());
        assertEquals("github", data.get("source_metadata").get("name").asText());
        assertTrue(portal.portalListEvents(q()).content().get(0).headers().get("Authorization").contains("[REDACTED]"));

        Event seenByKey = client.getEvent(event.uid());
        assertEquals(List.of("Bearer sender-token"), seenByKey.headers().get("Authorization"),
                "the project key still sees everything");
        assertEquals("gh-secret", seenByKey.sourceMetadata().verifier().hmac().secret());
    }

    @Test
    void replayNeedsEveryEndpointOfTheEventToBeTheLinks() {
        Event mine = seeds.event(project.id()).endpoints(mine1, mine2).headers(SENT_HEADERS).insert();
        Event shared = seeds.event(project.id()).endpoints(mine1, theirs).insert();
        Event foreign = seeds.event(project.id()).endpoints(theirs).insert();
        JsonNode data = assertEnvelope(portal.raw("PUT", portalPath("/events/" + mine.uid() + "/replay"), null,
                Map.of()), 200, "Endpoint event replayed successfully");
        assertEquals(mine.uid(), data.get("uid").asText());
        assertEquals("[REDACTED]", data.get("headers").get("Authorization").get(0).asText());
        assertEquals(mine.uid(), portal.portalReplayEvent(mine.uid()).uid());
        assertBad(portal.raw("PUT", portalPath("/events/" + shared.uid() + "/replay"), null, Map.of()), 403,
                "outside the portal link");
        for (String id : List.of(foreign.uid(), UNKNOWN)) {
            assertBad(portal.raw("PUT", portalPath("/events/" + id + "/replay"), null, Map.of()), 400,
                    "event not found");
        }
    }

    // ----------------------------------------------------------------------------------------- deliveries

    @Test
    void aLinkSeesOnlyDeliveriesToItsEndpointsWithMaskedHeaders() {
        Event event = seeds.event(project.id()).endpoints(mine1, theirs).source(source.uid()).insert();
        EventDelivery mine = seeds.delivery(event, mine1).headers(SENT_HEADERS)
                .status(EventDeliveryStatus.FAILURE).insert();
        EventDelivery foreign = seeds.delivery(event, theirs).status(EventDeliveryStatus.FAILURE).insert();

        assertEquals(List.of(mine.uid()), ids(portal.portalListEventDeliveries(q())));
        assertEquals(List.of(mine.uid()), ids(portal.portalListEventDeliveries(q().with("status", "Failure")
                .with("eventId", event.uid()))));
        assertEquals(List.of(), ids(portal.portalListEventDeliveries(q().with("endpointId", theirs))));
        assertBad(portal.raw("GET", portalPath("/eventdeliveries?status=Lost"), null, Map.of()), 400,
                "status:unknown value");

        JsonNode data = assertEnvelope(portal.raw("GET", portalPath("/eventdeliveries/" + mine.uid()), null,
                Map.of()), 200, "Event Delivery fetched successfully");
        assertEquals("[REDACTED]", data.get("headers").get("Authorization").get(0).asText());
        assertEquals("application/json", data.get("headers").get("Content-Type").get(0).asText());
        assertEquals(mine1, data.get("endpoint_metadata").get("uid").asText());
        assertEquals("github", data.get("source_metadata").get("name").asText());
        assertTrue(data.get("source_metadata").get("verifier").isNull());
        assertEquals(event.uid(), data.get("event_metadata").get("uid").asText());
        for (String path : List.of("/eventdeliveries/" + foreign.uid(), "/eventdeliveries/" + UNKNOWN,
                "/eventdeliveries/" + foreign.uid() + "/deliveryattempts",
                "/eventdeliveries/" + foreign.uid() + "/deliveryattempts/" + UNKNOWN)) {
            assertBad(portal.raw("GET", portalPath(path), null, Map.of()), 404, "event delivery not found");
        }
    }

    @Test
    void attemptsShowWithCredentialsMasked() {
        EventDelivery delivery = seeds.delivery(seeds.event(project.id()).endpoints(mine2).insert(), mine2).insert();
        DeliveryAttempt attempt = seeds.attempt(delivery, "401 Unauthorized", false,
                Map.of("X-Convoy-Signature", "t=1,v1=abc", "Authorization", "Basic dTpw", "Content-Type",
                        "application/json"),
                Map.of("Set-Cookie", "id=1", "Www-Authenticate", "Basic", "Content-Length", "5"));
        JsonNode list = assertEnvelope(portal.raw("GET", portalPath("/eventdeliveries/" + delivery.uid()
                + "/deliveryattempts"), null, Map.of()), 200, "Event delivery attempts fetched successfully");
        assertTrue(list.isArray());
        JsonNode first = list.get(0);
        assertEquals("[REDACTED]", first.get("request_http_header").get("X-Convoy-Signature").asText());
        assertEquals("[REDACTED]", first.get("request_http_header").get("Authorization").asText());
        assertEquals("application/json", first.get("request_http_header").get("Content-Type").asText());
        assertEquals("[REDACTED]", first.get("response_http_header").get("Set-Cookie").asText());
        assertEquals("5", first.get("response_http_header").get("Content-Length").asText());
        DeliveryAttempt one = portal.portalGetDeliveryAttempt(delivery.uid(), attempt.uid());
        assertEquals("[REDACTED]", one.requestHttpHeader().get("Authorization"));
        assertEquals("401 Unauthorized", one.httpStatus());
        assertEquals(List.of(attempt.uid()), portal.portalListDeliveryAttempts(delivery.uid()).stream()
                .map(DeliveryAttempt::uid).toList());
        assertBad(portal.raw("GET", portalPath("/eventdeliveries/" + delivery.uid() + "/deliveryattempts/"
                + UNKNOWN), null, Map.of()), 404, "event delivery attempt not found");
        assertEquals("t=1,v1=abc", client.getDeliveryAttempt(delivery.uid(), attempt.uid()).requestHttpHeader()
                .get("X-Convoy-Signature"), "the project key sees what was sent");
    }

    @Test
    void portalListsPageEveryRowOnceInOrder() {
        List<String> events = new ArrayList<>();
        List<String> deliveries = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String endpoint = i % 2 == 0 ? mine1 : mine2;
            Event event = seeds.event(project.id()).endpoints(i % 3 == 0 ? new String[] {mine1, mine2}
                    : new String[] {endpoint}).data("{\"word\":\"alpha\"}").insert();
            events.add(event.uid());
            deliveries.add(seeds.delivery(event, endpoint).insert().uid());
            Event hidden = seeds.event(project.id()).endpoints(theirs).data("{\"word\":\"alpha\"}").insert();
            seeds.delivery(hidden, theirs).insert();
        }
        for (ListQuery filter : List.of(q(), q().with("query", "alpha"))) {
            walk(events, filter, portal::portalListEvents, Event::uid);
        }
        walk(deliveries, q(), portal::portalListEventDeliveries, EventDelivery::uid);
        walk(deliveries, q().with("status", "Scheduled"), portal::portalListEventDeliveries, EventDelivery::uid);
    }

    // ---------------------------------------------------------------------------------------------- auth

    @Test
    void portalRoutesTakeOnlyALiveLinksToken() {
        Event event = seeds.event(project.id()).endpoints(mine1).insert();
        EventDelivery delivery = seeds.delivery(event, mine1).insert();
        PortalLink link = link("acme", null);
        ApiClient linkClient = server.client(link.token());
        List<String[]> routes = List.of(new String[] {"GET", "/events"}, new String[] {"GET", "/events/" + event.uid()},
                new String[] {"PUT", "/events/" + event.uid() + "/replay"}, new String[] {"GET", "/eventdeliveries"},
                new String[] {"GET", "/eventdeliveries/" + delivery.uid()},
                new String[] {"GET", "/eventdeliveries/" + delivery.uid() + "/deliveryattempts"});
        Map<String, String> noKey = new HashMap<>();
        noKey.put("Authorization", null);
        for (String[] route : routes) {
            assertEquals(200, linkClient.raw(route[0], portalPath(route[1]), null, Map.of()).status(), route[1]);
            assertBad(linkClient.raw(route[0], portalPath(route[1]), null, noKey), 401, "");
            assertBad(server.client("not-a-token").raw(route[0], portalPath(route[1]), null, Map.of()), 401, "");
            assertBad(client.raw(route[0], portalPath(route[1]), null, Map.of()), 401, "");
        }
        assertBad(linkClient.raw("GET", "/v1/projects/" + project.id() + "/events", null, Map.of()), 401,
                "portal");
        client.revokePortalLink(link.uid());
        assertBad(linkClient.raw("GET", portalPath("/events"), null, Map.of()), 401, "");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private <T> void walk(List<String> ids, ListQuery filter, java.util.function.Function<ListQuery, Page<T>> lister,
                          java.util.function.Function<T, String> idOf) {
        List<String> asc = ids.stream().sorted().toList();
        List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
        for (int perPage : new int[] {1, 2, 5}) {
            KeysetWalk.assertWalks(asc, filter.perPage(perPage).sort(ListQuery.Sort.ASC), lister, idOf);
            KeysetWalk.assertWalks(desc, filter.perPage(perPage).sort(ListQuery.Sort.DESC), lister, idOf);
        }
    }

    private static ListQuery q() {
        return ListQuery.create();
    }

    private List<String> eventIds(ListQuery query) {
        return ids(portal.portalListEvents(query));
    }

    private PortalLink link(String owner, List<String> endpoints) {
        return client.createPortalLink(new PortalLinkRequest("link", owner, endpoints, false, null));
    }

    private String endpoint(String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name + ".example/h", name, null, owner, null,
                null, null, null, null, null, null, null, null, null, null, null, null)).uid();
    }

    /** Path for {@code raw} on a client based at {@code /api}. */
    private static String portalPath(String rest) {
        return "/../portal-api" + rest;
    }

    private static <T> List<String> ids(Page<T> page) {
        List<String> out = new ArrayList<>();
        for (T row : page.content()) {
            out.add(row instanceof Event e ? e.uid() : ((EventDelivery) row).uid());
        }
        return out;
    }
}
