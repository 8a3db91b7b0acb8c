package dev.hookline.server.events;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static dev.hookline.server.testing.ApiAssertions.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
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
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventsIT {

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
    Source github;
    Source stripe;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("shop", ProjectType.INCOMING);
        client = project.client();
        seeds = new EventSeeds(server);
        epA = client.createEndpoint(EndpointRequest.of("https://a.example", "a")).uid();
        epB = client.createEndpoint(EndpointRequest.of("https://b.example", "b")).uid();
        epC = client.createEndpoint(EndpointRequest.of("https://c.example", "c")).uid();
        github = client.createSource(new CreateSourceRequest("github", SourceType.HTTP, null, null,
                new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Sig", "SHA256", "gh-secret", "hex"), null, null),
                null, null, null, null));
        stripe = client.createSource(new CreateSourceRequest("stripe", SourceType.HTTP, null, null, null, null,
                null, null, null));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    // ---------------------------------------------------------------------------------------------------- get

    @Test
    void getServesThePayloadAsJsonWithItsFullSource() {
        Event seeded = seeds.event(project.id()).type("push").source(github.uid()).endpoints(epA, epB)
                .data("{\"ref\":\"main\",\"commits\":[{\"id\":1}],\"n\":1.50}").idempotencyKey("k-1")
                .headers(Map.of("X-Sig", List.of("abc"))).insert();
        RawResponse response = client.raw("GET", eventPath(seeded.uid()), null, Map.of());
        JsonNode data = assertEnvelope(response, 200, "Endpoint event fetched successfully");
        assertTrue(data.get("data").isObject(), "data is JSON, not a string: " + data);
        assertTrue(response.body().contains("\"data\":{\"ref\":\"main\",\"commits\":[{\"id\":1}],\"n\":1.50}"),
                "the payload exactly as received: " + response.body());
        assertEquals("main", data.get("data").get("ref").asText());
        assertEquals(1, data.get("data").get("commits").get(0).get("id").asInt());
        assertEquals("", data.get("app_id").asText());
        assertEquals("", data.get("failure_reason").asText(), "written empty, as Convoy does");
        assertEquals("{\"ref\":\"main\",\"commits\":[{\"id\":1}],\"n\":1.50}", data.get("raw").asText(),
                "raw is the payload as text (Convoy's)");
        assertEquals(List.of(epA, epB), List.of(data.get("endpoint_metadata").get(0).get("uid").asText(),
                data.get("endpoint_metadata").get(1).get("uid").asText()), "the endpoints, embedded");
        assertEquals("/hooks", data.get("url_path").asText());
        assertEquals("a=1", data.get("url_query_params").asText());
        assertEquals("abc", data.get("headers").get("X-Sig").get(0).asText());
        assertEquals(List.of(epA, epB), List.of(data.get("endpoints").get(0).asText(),
                data.get("endpoints").get(1).asText()));
        JsonNode source = data.get("source_metadata");
        assertEquals(github.uid(), source.get("uid").asText());
        assertEquals("github", source.get("name").asText());
        assertEquals("gh-secret", source.get("verifier").get("hmac").get("secret").asText(),
                "the full source, as the sources API shows it to a key holder");
        assertTrue(data.has("deleted_at") && data.get("deleted_at").isNull());

        Event typed = client.getEvent(seeded.uid());
        assertEquals(EventStatus.SUCCESS, typed.status());
        assertEquals("k-1", typed.idempotencyKey());
        assertEquals(seeded.createdAt(), typed.createdAt());
    }

    @Test
    void anEventWithoutSourceHasANullSourceMetadataAndAFailureShowsItsReason() {
        Event plain = seeds.event(project.id()).endpoints(epA)
                .status(EventStatus.FAILURE, "no subscription matched this event").insert();
        JsonNode data = assertEnvelope(client.raw("GET", eventPath(plain.uid()), null, Map.of()), 200,
                "Endpoint event fetched successfully");
        assertTrue(data.has("source_metadata") && data.get("source_metadata").isNull(),
                "written as null, as Convoy does: " + data);
        assertEquals("", data.get("source_id").asText());
        assertEquals("no subscription matched this event", data.get("failure_reason").asText());
        assertEquals("Failure", data.get("status").asText());
    }

    @Test
    void unknownAndOtherProjectsEventsAreNotFound() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Event foreign = seeds.event(other.id()).insert();
        for (String id : List.of(UNKNOWN, foreign.uid(), "not-an-id")) {
            assertBad(client.raw("GET", eventPath(id), null, Map.of()), 404, "event not found");
        }
        assertEquals(foreign.uid(), other.client().getEvent(foreign.uid()).uid());
    }

    // --------------------------------------------------------------------------------------------- replay

    @Test
    void replayAnswersWithTheEventAsLoaded() {
        Event event = seeds.event(project.id()).source(stripe.uid()).endpoints(epA).insert();
        JsonNode data = assertEnvelope(client.raw("PUT", eventPath(event.uid()) + "/replay", null, Map.of()), 200,
                "Endpoint event replayed successfully");
        assertEquals(event.uid(), data.get("uid").asText());
        assertEquals("stripe", data.get("source_metadata").get("name").asText());
        assertEquals(event.uid(), client.replayEvent(event.uid()).uid());
        assertEquals(List.of(event.uid()), ids(client.listEvents(ListQuery.create())), "replay adds no event");
    }

    @Test
    void replayOfAnUnknownEventIsConvoys400() {
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        Event foreign = seeds.event(other.id()).insert();
        for (String id : List.of(UNKNOWN, foreign.uid())) {
            assertBad(client.raw("PUT", eventPath(id) + "/replay", null, Map.of()), 400, "event not found");
        }
    }

    // ---------------------------------------------------------------------------------------------- list

    @Test
    void listFiltersByEndpointInBothSpellingsAndRepeated() {
        Event a = seeds.event(project.id()).endpoints(epA).insert();
        Event b = seeds.event(project.id()).endpoints(epB).insert();
        Event ab = seeds.event(project.id()).endpoints(epA, epB).insert();
        Event c = seeds.event(project.id()).endpoints(epC).insert();
        assertEquals(List.of(ab.uid(), a.uid()), ids(client.listEvents(q().with("endpointId", epA))));
        assertEquals(List.of(ab.uid(), b.uid(), a.uid()),
                ids(client.listEvents(q().withAll("endpointId", List.of(epA, epB)))),
                "an event to both endpoints is listed once");
        assertEquals(List.of(c.uid(), ab.uid(), b.uid()), rawIds("/events?endpointId[]=" + epB + "&endpointId[]="
                + epC), "endpointId[] works too");
        assertEquals(List.of(c.uid(), ab.uid(), a.uid()), rawIds("/events?endpointId=" + epA + "&endpointId[]="
                + epC), "and both mixed");
        assertEquals(List.of(), ids(client.listEvents(q().with("endpointId", UNKNOWN))));
    }

    @Test
    void listFiltersBySourceAndIdempotencyKeyAndTheirCombinations() {
        Event gA = seeds.event(project.id()).source(github.uid()).endpoints(epA).idempotencyKey("k1").insert();
        Event sA = seeds.event(project.id()).source(stripe.uid()).endpoints(epA).idempotencyKey("k1").insert();
        Event gB = seeds.event(project.id()).source(github.uid()).endpoints(epB).idempotencyKey("k2").insert();
        Event none = seeds.event(project.id()).endpoints(epB).insert();

        assertEquals(List.of(gB.uid(), gA.uid()), ids(client.listEvents(q().with("sourceId", github.uid()))));
        assertEquals(List.of(gB.uid(), sA.uid(), gA.uid()),
                ids(client.listEvents(q().withAll("sourceId", List.of(github.uid(), stripe.uid())))));
        assertEquals(List.of(gB.uid(), sA.uid(), gA.uid()), rawIds("/events?sourceId[]=" + github.uid()
                + "&sourceId=" + stripe.uid()));
        assertEquals(List.of(sA.uid(), gA.uid()), ids(client.listEvents(q().with("idempotencyKey", "k1"))));
        assertEquals(List.of(gA.uid()), ids(client.listEvents(q().with("endpointId", epA)
                .with("sourceId", github.uid()))));
        assertEquals(List.of(gB.uid(), gA.uid()), ids(client.listEvents(q().withAll("endpointId", List.of(epA, epB))
                .with("sourceId", github.uid()))));
        assertEquals(List.of(sA.uid()), ids(client.listEvents(q().with("idempotencyKey", "k1")
                .with("sourceId", stripe.uid()))));
        assertEquals(List.of(gB.uid()), ids(client.listEvents(q().with("idempotencyKey", "k2")
                .with("endpointId", epB))));
        assertEquals(List.of(), ids(client.listEvents(q().with("idempotencyKey", "k2").with("endpointId", epA))));
        assertEquals(List.of(), ids(client.listEvents(q().with("idempotencyKey", "nope"))));
        assertEquals(List.of(), ids(client.listEvents(q().with("sourceId", UNKNOWN))));
        assertEquals(4, client.listEvents(q()).content().size(), none.uid());
    }

    @Test
    void queryMatchesEveryWordOfThePayload() {
        Event paid = seeds.event(project.id()).endpoints(epA).source(github.uid())
                .data("{\"customer\":\"cus_123\",\"status\":\"paid\",\"note\":\"Crème Brûlée\"}").insert();
        Event refunded = seeds.event(project.id()).endpoints(epB).source(stripe.uid())
                .data("{\"customer\":\"cus_123\",\"status\":\"refunded\"}").insert();
        Event other = seeds.event(project.id()).endpoints(epA)
                .data("{\"customer\":\"cus_999\",\"status\":\"paid\"}").insert();

        assertEquals(List.of(refunded.uid(), paid.uid()), search("cus_123"));
        assertEquals(List.of(paid.uid()), search("cus_123 paid"), "every word must match");
        assertEquals(List.of(paid.uid()), search("PAID   cus_123 "), "case and spacing do not matter");
        assertEquals(List.of(paid.uid()), search("creme brulee"), "accents do not matter");
        assertEquals(List.of(other.uid(), paid.uid()), search("paid"));
        assertEquals(List.of(), search("pai"), "whole words, not parts");
        assertEquals(List.of(), search("cus_123 unknownword"));
        assertEquals(List.of(other.uid(), paid.uid()), ids(client.listEvents(q().with("query", "paid")
                .with("endpointId", epA))));
        assertEquals(List.of(paid.uid()), ids(client.listEvents(q().with("query", "cus_123")
                .with("endpointId", epA))));
        assertEquals(List.of(refunded.uid()), ids(client.listEvents(q().with("query", "cus_123")
                .with("sourceId", stripe.uid()))));
        assertEquals(List.of(refunded.uid(), paid.uid()), ids(client.listEvents(q().with("query", "cus_123")
                .withAll("endpointId", List.of(epA, epB)).withAll("sourceId", List.of(github.uid(),
                        stripe.uid())))));
        assertEquals(List.of(), ids(client.listEvents(q().with("query", "cus_123").with("endpointId", epC))));
        assertEquals(List.of(other.uid(), refunded.uid(), paid.uid()), search("{} -- ::"),
                "words without letters or digits are not search terms");
    }

    @Test
    void queryTextIsNeverFullTextSyntax() {
        Event event = seeds.event(project.id())
                .data("{\"text\":\"a OR b AND c NOT d\",\"quote\":\"say \\\"hi\\\"\",\"col\":\"body:x\"}").insert();
        for (String text : List.of("\"", "\"hi", "OR", "AND", "NOT d", "(a", "a)", "body:x", "*", "a*", "NEAR(a b)",
                "^a", "-a", "+a", "'", "\\", "{", "x:", "body:", "a\u0000b")) {
            Page<Event> page = client.listEvents(q().with("query", text));
            assertTrue(page.content().size() <= 1, text);
        }
        assertEquals(List.of(event.uid()), search("OR AND NOT"), "operators are plain words");
        assertEquals(List.of(event.uid()), search("body:x"));
        assertEquals(List.of(event.uid()), search("\"hi\""));
        assertEquals(List.of(), search("tex*"), "no prefix queries: the word is \"tex\"");
    }

    @Test
    void searchCombinesWithTheIdempotencyKey() {
        Event match = seeds.event(project.id()).idempotencyKey("dup").data("{\"word\":\"alpha\"}").insert();
        seeds.event(project.id()).idempotencyKey("dup").data("{\"word\":\"beta\"}").insert();
        seeds.event(project.id()).idempotencyKey("other").data("{\"word\":\"alpha\"}").insert();
        assertEquals(List.of(match.uid()), ids(client.listEvents(q().with("idempotencyKey", "dup")
                .with("query", "alpha"))));
    }

    @Test
    void otherProjectsEventsNeverShow() {
        TestProject other = server.newProject("other", ProjectType.INCOMING);
        seeds.event(other.id()).data("{\"word\":\"alpha\"}").idempotencyKey("k").insert();
        Event mine = seeds.event(project.id()).data("{\"word\":\"alpha\"}").idempotencyKey("k").endpoints(epA)
                .insert();
        assertEquals(List.of(mine.uid()), ids(client.listEvents(q())));
        assertEquals(List.of(mine.uid()), search("alpha"));
        assertEquals(List.of(mine.uid()), ids(client.listEvents(q().with("idempotencyKey", "k"))));
        assertEquals(List.of(), ids(other.client().listEvents(q().with("endpointId", epA))));
    }

    @Test
    void everyListShapePagesEveryRowOnceInOrder() {
        List<Event> all = new ArrayList<>();
        Map<String, String> words = new java.util.HashMap<>();
        for (int i = 0; i < 9; i++) {
            String source = i % 2 == 0 ? github.uid() : stripe.uid();
            String[] endpoints = i % 3 == 0 ? new String[] {epA, epB} : i % 3 == 1 ? new String[] {epA}
                    : new String[] {epB, epC};
            String word = i % 4 == 0 ? "rare" : "common";
            Event event = seeds.event(project.id()).source(source).endpoints(endpoints).idempotencyKey("k" + (i % 2))
                    .data("{\"word\":\"" + word + "\",\"all\":\"every\"}").insert();
            all.add(event);
            words.put(event.uid(), word);
        }
        Map<String, Function<Event, Boolean>> shapes = new java.util.LinkedHashMap<>();
        shapes.put("", e -> true);
        shapes.put("endpointId=" + epA, e -> e.endpoints().contains(epA));
        shapes.put("endpointId=" + epA + "&endpointId=" + epC,
                e -> e.endpoints().contains(epA) || e.endpoints().contains(epC));
        shapes.put("sourceId=" + github.uid(), e -> e.sourceId().equals(github.uid()));
        shapes.put("sourceId=" + github.uid() + "&sourceId=" + stripe.uid(), e -> true);
        shapes.put("endpointId=" + epB + "&endpointId=" + epA + "&sourceId=" + stripe.uid(),
                e -> e.sourceId().equals(stripe.uid()));
        shapes.put("idempotencyKey=k0", e -> e.idempotencyKey().equals("k0"));
        shapes.put("query=every", e -> true);
        shapes.put("query=common&endpointId=" + epB, e -> words.get(e.uid()).equals("common")
                && e.endpoints().contains(epB));
        for (Map.Entry<String, Function<Event, Boolean>> shape : shapes.entrySet()) {
            List<String> asc = all.stream().filter(shape.getValue()::apply).map(Event::uid).sorted().toList();
            List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
            ListQuery base = parse(shape.getKey());
            for (int perPage : new int[] {1, 2, 4}) {
                KeysetWalk.assertWalks(asc, base.perPage(perPage).sort(ListQuery.Sort.ASC), client::listEvents,
                        Event::uid);
                KeysetWalk.assertWalks(desc, base.perPage(perPage).sort(ListQuery.Sort.DESC), client::listEvents,
                        Event::uid);
            }
        }
    }

    @Test
    void manyEndpointsAndSourcesPageThroughBranchesMergedAcrossStatements() {
        List<String> endpoints = new ArrayList<>(List.of(epA, epB, epC));
        for (int i = 0; i < 10; i++) {
            endpoints.add(client.createEndpoint(EndpointRequest.of("https://n" + i + ".example", "n" + i)).uid());
        }
        List<String> sources = new ArrayList<>(List.of(github.uid(), stripe.uid()));
        for (int i = 0; i < 3; i++) {
            sources.add(client.createSource(new CreateSourceRequest("s" + i, SourceType.HTTP, null, null, null, null,
                    null, null, null)).uid());
        }
        List<Event> all = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            all.add(seeds.event(project.id()).source(sources.get(i % sources.size()))
                    .endpoints(endpoints.get(i % endpoints.size()), endpoints.get((i * 5 + 1) % endpoints.size()))
                    .insert());
        }
        // 13 endpoints x 5 sources: more branches than one statement merges, and events in two branches each
        List<String> asc = all.stream().map(Event::uid).sorted().toList();
        List<String> desc = asc.stream().sorted(Comparator.reverseOrder()).toList();
        ListQuery filter = q().withAll("endpointId", endpoints).withAll("sourceId", sources);
        for (int perPage : new int[] {1, 4, 10}) {
            KeysetWalk.assertWalks(asc, filter.perPage(perPage).sort(ListQuery.Sort.ASC), client::listEvents,
                    Event::uid);
            KeysetWalk.assertWalks(desc, filter.perPage(perPage), client::listEvents, Event::uid);
        }
    }

    @Test
    void dateWindowLimitsTheListOnEveryShape() {
        Instant day1 = clock.instant();
        Event first = seeds.event(project.id()).endpoints(epA).source(github.uid()).data("{\"w\":\"x\"}").insert();
        clock.advance(Duration.ofDays(1));
        Event second = seeds.event(project.id()).endpoints(epA).source(github.uid()).data("{\"w\":\"x\"}").insert();
        clock.advance(Duration.ofDays(1));
        Event third = seeds.event(project.id()).endpoints(epA).source(github.uid()).data("{\"w\":\"x\"}").insert();
        Instant day2 = day1.plus(Duration.ofDays(1));
        ListQuery window = q().startDate(day2.minusSeconds(60)).endDate(day2.plusSeconds(60));
        for (ListQuery shape : List.of(window, window.with("endpointId", epA), window.with("sourceId", github.uid()),
                window.with("query", "x"), window.with("query", "x").with("endpointId", epA))) {
            assertEquals(List.of(second.uid()), ids(client.listEvents(shape)), shape.toString());
        }
        assertEquals(List.of(third.uid(), second.uid()), ids(client.listEvents(q().startDate(day2.minusSeconds(60))
                .with("query", "x"))));
        assertEquals(List.of(second.uid(), first.uid()), ids(client.listEvents(q().endDate(day2.plusSeconds(60))
                .with("query", "x"))));
        assertEquals(List.of(third.uid(), second.uid(), first.uid()), ids(client.listEvents(q())),
                "no dates: everything (ADR 0006 entry 6)");
    }

    // -------------------------------------------------------------------------------------- bad input, auth

    @Test
    void badListParametersAreNamed400s() {
        assertBad(client.raw("GET", listPath("?perPage=abc"), null, Map.of()), 400, "perPage");
        assertBad(client.raw("GET", listPath("?perPage=0"), null, Map.of()), 400, "perPage");
        assertBad(client.raw("GET", listPath("?sort=sideways"), null, Map.of()), 400, "sort");
        assertBad(client.raw("GET", listPath("?direction=up"), null, Map.of()), 400, "direction");
        assertBad(client.raw("GET", listPath("?next_page_cursor=xyz"), null, Map.of()), 400, "next_page_cursor");
        assertBad(client.raw("GET", listPath("?startDate=yesterday"), null, Map.of()), 400, "startDate");
        assertBad(client.raw("GET", listPath("?endDate=2026-13-01T00:00:00"), null, Map.of()), 400, "endDate");
        assertBad(client.raw("GET", listPath("?startDate=2026-02-02T00:00:00&endDate=2026-02-01T00:00:00"), null,
                Map.of()), 400, "startDate cannot be greater than endDate");
    }

    @Test
    void everyRouteNeedsThisProjectsKey() {
        Event event = seeds.event(project.id()).insert();
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        List<String[]> routes = List.of(new String[] {"GET", listPath("")},
                new String[] {"GET", eventPath(event.uid())},
                new String[] {"PUT", eventPath(event.uid()) + "/replay"});
        for (String[] route : routes) {
            Map<String, String> noKey = new java.util.HashMap<>();
            noKey.put("Authorization", null);
            assertBad(client.raw(route[0], route[1], null, noKey), 401, "");
            assertBad(server.client("CO.nope.nope").raw(route[0], route[1], null, Map.of()), 401, "");
            assertBad(other.client().raw(route[0], route[1], null, Map.of()), 403, "does not reach project");
        }
        assertEquals(event.uid(), server.admin().withProject(project.id()).getEvent(event.uid()).uid(),
                "the instance key reaches every project");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static ListQuery q() {
        return ListQuery.create();
    }

    private List<String> search(String text) {
        return ids(client.listEvents(q().with("query", text)));
    }

    private List<String> rawIds(String pathAndQuery) {
        JsonNode data = assertEnvelope(client.raw("GET", "/v1/projects/" + project.id() + pathAndQuery, null,
                Map.of()), 200, "App events fetched successfully");
        List<String> out = new ArrayList<>();
        data.get("content").forEach(e -> out.add(e.get("uid").asText()));
        return out;
    }

    private static ListQuery parse(String query) {
        ListQuery out = q();
        if (query.isEmpty()) {
            return out;
        }
        Map<String, List<String>> values = new java.util.LinkedHashMap<>();
        for (String pair : query.split("&")) {
            String[] kv = pair.split("=", 2);
            values.computeIfAbsent(kv[0], k -> new ArrayList<>()).add(kv[1]);
        }
        for (Map.Entry<String, List<String>> e : values.entrySet()) {
            out = out.withAll(e.getKey(), e.getValue());
        }
        return out;
    }

    private String listPath(String query) {
        return "/v1/projects/" + project.id() + "/events" + query;
    }

    private String eventPath(String id) {
        return "/v1/projects/" + project.id() + "/events/" + id;
    }

    private static List<String> ids(Page<Event> page) {
        return page.content().stream().map(Event::uid).toList();
    }
}
