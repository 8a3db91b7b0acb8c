package dev.hookline.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The body checks that run before anything is stored (ADR 0026). */
class BodyTextTest {

    private static int loneAt(String json) {
        return BodyText.loneSurrogateAt(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void findsAnUnpairedSurrogateEscapeAndAcceptsPairsAndEscapedBackslashes() {
        assertEquals(6, loneAt("{\"a\":\"\\ud800\"}"));
        assertEquals(6, loneAt("{\"a\":\"\\uDC00x\"}"));
        assertEquals(6, loneAt("{\"a\":\"\\ud800\\n\"}"));
        assertEquals(6, loneAt("{\"a\":\"\\ud800\\ud800\\udc00\"}"));
        assertEquals(6, loneAt("{\"a\":\"\\ud800"));
        assertEquals(-1, loneAt("{\"a\":\"\\ud83d\\ude00 \\u00e9 \\\\ud800\"}"));
        assertEquals(-1, loneAt("{\"a\":\"\\\\\",\"b\":\"\\\"\"}"));
    }

    @Test
    void refusesBytesThatAreNotUtf8AndNamesWhere() {
        assertEquals("caf\u00e9 \uD83D\uDE00", BodyText.utf8("caf\u00e9 \uD83D\uDE00".getBytes(StandardCharsets.UTF_8)));
        ApiError bad = assertThrows(ApiError.class, () -> BodyText.utf8(new byte[] {'a', 'b', (byte) 0xED, (byte) 0xA0,
                (byte) 0x80}));
        assertEquals(400, bad.status());
        assertTrue(bad.getMessage().contains("at byte 2"), bad.getMessage());
        assertThrows(ApiError.class, () -> BodyText.utf8(new byte[] {(byte) 0xC0, (byte) 0xAF}));
    }
}
