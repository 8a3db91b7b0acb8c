package dev.hookline.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequestIdTest {

    @Test
    void requestIdsAreDistinctVersion4Uuids() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = HttpApi.requestId();
            UUID parsed = UUID.fromString(id);
            assertEquals(id, parsed.toString());
            assertEquals(4, parsed.version());
            assertEquals(2, parsed.variant());
            assertTrue(seen.add(id), "repeated request ID " + id);
        }
    }
}
