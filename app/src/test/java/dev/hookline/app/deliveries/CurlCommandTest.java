package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.testing.RecordingReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CurlCommandTest {

    @Test
    void quotesEveryArgumentSoTheShellInterpretsNothing() {
        assertEquals("'it'\\''s $HOME `id` !x'", CurlCommand.quote("it's $HOME `id` !x"));
    }

    @Test
    void writesMethodUrlHeadersAndBodyLeavingOutWhatCurlComputes() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Content-Length", "9");
        headers.put("X-Convoy-Signature", "t=1,v1=abc");

        String command = CurlCommand.of("post", "https://example.com/hook?a=1&b=2", headers, "{\"n\":1}");

        assertEquals("curl -X 'POST' 'https://example.com/hook?a=1&b=2' \\\n"
                + "  -H 'Content-Type: application/json' \\\n"
                + "  -H 'X-Convoy-Signature: t=1,v1=abc' \\\n"
                + "  --data-raw '{\"n\":1}'", command);
    }

    @Test
    void theCommandRunInAShellSendsTheSameBytesAndHeaders() throws Exception {
        String body = "{\"quote\":\"it's\",\"dollar\":\"$HOME\",\"tick\":\"`id`\",\"bang\":\"!!\","
                + "\"newline\":\"a\\nb\"}\n@not-a-file\n\u00e9\u20ac";
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("X-Convoy-Signature", "t=1700000000,v1=5d41402abc4b2a76b9719d911017c592");
        headers.put("X-Odd", "a'b\"c $(echo no)");
        try (RecordingReceiver receiver = RecordingReceiver.start(200, "{}")) {
            String command = CurlCommand.of("POST", receiver.url("/hook"), headers, body);

            Process curl = new ProcessBuilder("sh", "-c", command + " --silent --output /dev/null")
                    .redirectErrorStream(true).start();
            assertTrue(curl.waitFor(20, TimeUnit.SECONDS), "curl finished");
            String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, curl.exitValue(), output);

            RecordingReceiver.Received got = receiver.awaitCount(1, Duration.ofSeconds(5)).get(0);
            assertEquals("POST", got.method());
            assertEquals("/hook", got.path());
            assertArrayEquals(body.getBytes(StandardCharsets.UTF_8), got.body());
            assertEquals("t=1700000000,v1=5d41402abc4b2a76b9719d911017c592", got.header("X-Convoy-Signature"));
            assertEquals("a'b\"c $(echo no)", got.header("X-Odd"));
            assertEquals("application/json", got.header("Content-Type"));
        }
    }

    @Test
    void noBodyMeansNoDataArgument() {
        assertFalse(CurlCommand.of(null, "http://x/", Map.of(), null).contains("--data"));
    }
}
