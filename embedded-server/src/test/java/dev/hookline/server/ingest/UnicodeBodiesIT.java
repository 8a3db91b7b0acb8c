package dev.hookline.server.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.testing.RawHttp;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bodies whose text no answer could carry are refused before anything is stored (issue 17, items 2 and 6; ADR 0026):
 * a lone UTF-16 surrogate escape on the event API (it used to be stored and delivered, then answered 500) and bytes
 * that are not UTF-8 on ingest and the event API (they used to be delivered with U+FFFD in their place). Valid
 * text, surrogate pairs included, goes through unchanged. Also the one ingest answer part taken from stored settings
 * (a source's custom response content type) is checked when it is saved, not when the answer is written.
 */
class UnicodeBodiesIT {

    private static final String LONE = "\\ud800";
    private static final String PAIR = "\\ud83d\\ude00";

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    ApiClient root;
    Endpoint endpoint;
    String events;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("text", ProjectType.OUTGOING);
        client = project.client();
        root = server.root(project.apiKey());
        IngestFixtures fx = new IngestFixtures(client);
        endpoint = fx.endpointOwnedBy("receiver", "owner-1");
        fx.subscribe("all", endpoint.uid(), null, List.of("*"));
        events = "/api/v1/projects/" + project.id() + "/events";
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<Event> storedEvents() {
        return client.listEvents(ListQuery.create()).content();
    }

    private static void assertRefused(RawResponse answer, String mentioning) throws IOException {
        assertEquals(400, answer.status(), answer::body);
        JsonNode body = Json.lenient().readTree(answer.body());
        assertFalse(body.path("status").asBoolean(true));
        assertTrue(body.path("message").asText().contains(mentioning), answer::body);
    }

    private Map<String, String> routeBodies(String text) {
        String data = "\"data\":{\"name\":\"" + text + "\"}";
        return Map.of(
                "", "{\"endpoint_id\":\"" + endpoint.uid() + "\",\"event_type\":\"t\"," + data + "}",
                "/fanout", "{\"owner_id\":\"owner-1\",\"event_type\":\"t\"," + data + "}",
                "/broadcast", "{\"event_type\":\"t\"," + data + "}",
                "/dynamic", "{\"url\":\"http://127.0.0.1:9/dyn\",\"event_type\":\"t\"," + data + "}");
    }

    @Test
    void aLoneSurrogateOnEveryEventRouteIsA400AndNothingIsStored() throws IOException {
        for (Map.Entry<String, String> route : routeBodies(LONE).entrySet()) {
            assertRefused(root.raw("POST", events + route.getKey(), route.getValue(), Map.of()), "lone UTF-16 surrogate");
        }
        assertEquals(List.of(), storedEvents());
    }

    @Test
    void aSurrogatePairIsStoredAndAnsweredUnchanged() throws IOException {
        for (Map.Entry<String, String> route : routeBodies(PAIR).entrySet()) {
            RawResponse answer = root.raw("POST", events + route.getKey(), route.getValue(), Map.of());
            assertEquals(201, answer.status(), answer::body);
        }
        List<Event> stored = storedEvents();
        assertEquals(4, stored.size());
        for (Event event : stored) {
            assertEquals("\uD83D\uDE00", client.getEvent(event.uid()).data().path("name").asText());
        }
    }

    @Test
    void aLoneSurrogateInAnotherJsonBodyIsA400Too() throws IOException {
        assertRefused(root.raw("POST", "/api/v1/projects/" + project.id() + "/endpoints",
                "{\"url\":\"http://127.0.0.1:9/x\",\"name\":\"" + LONE + "\"}", Map.of()), "surrogate");
    }

    private static byte[] concat(String before, byte[] middle, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private RawHttp.Answer post(String path, byte[] body, boolean authorised) throws IOException {
        String head = "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n" + (authorised ? "Authorization: Bearer " + project.apiKey() + "\r\n" : "")
                + "Connection: close\r\n\r\n";
        return RawHttp.exchange(server.server().port(), concat(head, body, ""));
    }

    @Test
    void invalidUtf8IsRefusedOnIngestAndOnTheEventApiAndValidUtf8IsKeptExactly() throws IOException {
        TestProject incoming = server.newProject("in", ProjectType.INCOMING);
        Source source = incoming.client().createSource(new CreateSourceRequest("bytes", SourceType.HTTP, null, null,
                null, null, null, null, null));
        byte[][] invalid = {
                {(byte) 0xFF},                          // never in UTF-8
                {(byte) 0xC3},                          // a lead byte without its continuation
                {(byte) 0xC0, (byte) 0xAF},             // an overlong "/"
                {(byte) 0xED, (byte) 0xA0, (byte) 0x80} // a surrogate encoded as UTF-8
        };
        for (byte[] bad : invalid) {
            RawHttp.Answer ingest = post("/ingest/" + source.maskId(), concat("{\"a\":\"", bad, "\"}"), false);
            assertEquals(400, ingest.status(), ingest::text);
            assertTrue(ingest.json().path("message").asText().contains("not valid UTF-8"), ingest::text);
            RawHttp.Answer api = post(events, concat("{\"endpoint_id\":\"" + endpoint.uid()
                    + "\",\"event_type\":\"t\",\"data\":{\"a\":\"", bad, "\"}}"), true);
            assertEquals(400, api.status(), api::text);
            assertTrue(api.contentType().startsWith("application/json"));
        }
        assertEquals(List.of(), incoming.client().listEvents(ListQuery.create()).content());
        assertEquals(List.of(), storedEvents());

        String text = "{\"a\":\"caf\u00e9 \u4e2d \uD83D\uDE00\"}";
        RawHttp.Answer ok = post("/ingest/" + source.maskId(), text.getBytes(StandardCharsets.UTF_8), false);
        assertEquals(200, ok.status(), ok::text);
        Event stored = incoming.client().listEvents(ListQuery.create()).content().getFirst();
        RawResponse served = server.root(incoming.apiKey()).raw("GET", "/api/v1/projects/" + incoming.id()
                + "/events/" + stored.uid(), null, Map.of());
        assertEquals(200, served.status(), served::body);
        assertTrue(served.body().contains("\"data\":" + text), served::body);
    }

    @Test
    void aLoneSurrogateEscapeOnIngestIsStoredAsSentAndServedAsSent() throws IOException {
        // ingest keeps the body's text as sent (the escape is six ASCII bytes) and serves and delivers that text; the
        // event API instead builds the payload from parsed JSON, which no UTF-8 answer can carry
        TestProject incoming = server.newProject("in2", ProjectType.INCOMING);
        Source source = incoming.client().createSource(new CreateSourceRequest("esc", SourceType.HTTP, null, null,
                null, null, null, null, null));
        String text = "{\"a\":\"" + LONE + "\"}";
        RawHttp.Answer answer = post("/ingest/" + source.maskId(), text.getBytes(StandardCharsets.US_ASCII), false);
        assertEquals(200, answer.status(), answer::text);
        Event stored = incoming.client().listEvents(ListQuery.create()).content().getFirst();
        RawResponse served = server.root(incoming.apiKey()).raw("GET", "/api/v1/projects/" + incoming.id()
                + "/events/" + stored.uid(), null, Map.of());
        assertEquals(200, served.status(), served::body);
        assertTrue(served.body().contains("\"data\":" + text), served::body);
    }

    @Test
    void aCustomResponseContentTypeThatNoHeaderCanCarryIsRefusedWhenTheSourceIsSaved() throws IOException {
        // it is the Content-Type of every ingest answer, written after the event is stored
        TestProject incoming = server.newProject("in3", ProjectType.INCOMING);
        RawResponse answer = server.root(incoming.apiKey()).raw("POST", "/api/v1/projects/" + incoming.id()
                + "/sources", "{\"name\":\"x\",\"type\":\"http\",\"custom_response\":{\"body\":\"ok\","
                + "\"content_type\":\"text/plain\\r\\nX-Injected: 1\"}}", Map.of());
        assertRefused(answer, "custom_response.content_type");
    }
}
