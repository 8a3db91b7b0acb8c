package dev.hookline.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.testing.RawHttp;
import dev.hookline.server.testing.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the HTTP layer refuses before a route runs, spoken over raw sockets: every refusal is the JSON envelope with
 * the status that names the problem (400, 404, 413, 414, 431), never Jetty's HTML page, a 500 or a reset (issue 17,
 * item 3).
 */
class HttpProtocolIT {

    @TempDir
    static Path dataDir;
    static TestServer server;
    static int port;
    static String ingestPath;
    static String projectId;

    @BeforeAll
    static void start() throws IOException {
        server = TestServer.start(dataDir);
        port = server.server().port();
        TestServer.TestProject project = server.newProject("protocol", ProjectType.INCOMING);
        Source source = project.client().createSource(new CreateSourceRequest("raw", SourceType.HTTP, null, null,
                null, null, null, null, null));
        ingestPath = "/ingest/" + source.maskId();
        projectId = project.id();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String authorised(String method, String path, String extraHeaders) {
        return method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + TestServer.INSTANCE_KEY
                + "\r\n" + extraHeaders + "\r\n";
    }

    /** The answer is the error envelope with {@code status}; its message is returned. */
    private static String assertEnvelope(int status, RawHttp.Answer answer) throws IOException {
        assertEquals(status, answer.status(), () -> "answer: " + answer.text());
        assertTrue(answer.contentType().startsWith("application/json"), () -> "content type " + answer.contentType());
        JsonNode body = answer.json();
        assertFalse(body.path("status").asBoolean(true), answer::text);
        String message = body.path("message").asText("");
        assertFalse(message.isBlank(), answer::text);
        assertFalse(message.contains("Exception") || message.contains("at org."), message);
        return message;
    }

    @Test
    void aPercentSignAsAPathIdIsAnIdThatDoesNotExist() throws IOException {
        String message = assertEnvelope(404, RawHttp.exchange(port,
                authorised("GET", "/api/v1/projects/%25/endpoints", "")));
        assertEquals("project not found", message);
        assertEnvelope(404, RawHttp.exchange(port, authorised("GET", "/api/v1/projects/%25%25/endpoints/%25", "")));
        assertEnvelope(404, RawHttp.exchange(port, "POST /ingest/%25 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                + "Content-Type: application/json\r\n\r\n{}"));
    }

    @Test
    void badPercentEncodingIsA400() throws IOException {
        assertEnvelope(400, RawHttp.exchange(port, authorised("GET", "/api/v1/projects/%zz/endpoints", "")));
        assertEnvelope(400, RawHttp.exchange(port, authorised("GET", "/api/v1/projects/abc%/endpoints", "")));
        assertEnvelope(400, RawHttp.exchange(port, authorised("GET", "/api/v1/projects/" + projectId
                + "/endpoints?q=%zz", "")));
    }

    @Test
    void aChunkSizeThatOverflowsIsA400() throws IOException {
        assertEnvelope(400, RawHttp.exchange(port, "POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n"));
    }

    @Test
    void aBadContentLengthIsA400() throws IOException {
        String post = "POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
        assertEnvelope(400, RawHttp.exchange(port, post + "Content-Length: -1\r\n\r\n{}"));
        assertEnvelope(400, RawHttp.exchange(port, post + "Content-Length: 99999999999999999999999\r\n\r\n{}"));
        assertEnvelope(400, RawHttp.exchange(port, post + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"));
        assertEnvelope(400, RawHttp.exchange(port, post + "Content-Length: 2x\r\n\r\n{}"));
    }

    @Test
    void aHugeDeclaredBodyIsA413BeforeAnyOfItIsRead() throws IOException {
        assertEnvelope(413, RawHttp.exchange(port, "POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\n"
                + "Content-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n{}"));
    }

    @Test
    void aChunkedBodyOverTheLimitIsA413() throws IOException {
        StringBuilder request = new StringBuilder(authorised("POST", "/api/v1/projects", "Transfer-Encoding: chunked\r\n"
                + "Content-Type: application/json\r\n"));
        String chunk = "x".repeat(64 * 1024);
        for (int i = 0; i < 20; i++) {
            request.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        request.append("0\r\n\r\n");
        assertEnvelope(413, RawHttp.exchange(port, request.toString()));
    }

    @Test
    void anHttp09RequestLineIsA400() throws IOException {
        String message = assertEnvelope(400, RawHttp.exchange(port, "GET /api/v1/projects\r\n\r\n"));
        assertTrue(message.contains("HTTP/1.1"), message);
    }

    @Test
    void aGarbledRequestLineIsA400() throws IOException {
        assertEnvelope(400, RawHttp.exchange(port, "GET\u0001 / HTTP/1.1\r\nHost: x\r\n\r\n"));
    }

    @Test
    void aHalfMegabyteUrlIsA414() throws IOException {
        assertEnvelope(414, RawHttp.exchange(port, authorised("GET", "/api/v1/projects?q=" + "a".repeat(500 * 1024),
                "")));
    }

    @Test
    void tenThousandHeadersAreA431() throws IOException {
        StringBuilder headers = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            headers.append("X-H").append(i).append(": v\r\n");
        }
        assertEnvelope(431, RawHttp.exchange(port, authorised("GET", "/api/v1/projects", headers.toString())));
    }

    @Test
    void aTwoMegabyteHeaderIsA431() throws IOException {
        assertEnvelope(431, RawHttp.exchange(port, authorised("GET", "/api/v1/projects",
                "X-Big: " + "b".repeat(2 * 1024 * 1024) + "\r\n")));
    }

    @Test
    void aOneMegabyteBearerTokenIsA431() throws IOException {
        assertEnvelope(431, RawHttp.exchange(port, "GET /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + "t".repeat(1024 * 1024) + "\r\n\r\n"));
    }

    @Test
    void theServerStillAnswersAfterTheseRefusals() throws IOException {
        aTwoMegabyteHeaderIsA431();
        aChunkSizeThatOverflowsIsA400();
        RawHttp.Answer answer = RawHttp.exchange(port, "POST " + ingestPath + " HTTP/1.1\r\nHost: x\r\n"
                + "Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}");
        assertEquals(200, answer.status(), answer::text);
        assertTrue(answer.text().contains("Event received"), answer::text);
    }
}
