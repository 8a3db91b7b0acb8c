package dev.hookline.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeysTest {

    @Test
    void anUnstoredApiKeyHasTheShapeOfAStoredOne() {
        String key = Keys.unstoredApiKey();
        String stored = Keys.apiKey().key();

        assertTrue(key.matches("CO\\.[A-Za-z0-9]{16}\\.[A-Za-z0-9]{64}"), key);
        assertEquals(stored.length(), key.length());
        assertEquals(key.split("\\.")[1], Keys.maskOf(key, "CO"));
        assertNotEquals(key, Keys.unstoredApiKey(), "random each time");
    }
}
