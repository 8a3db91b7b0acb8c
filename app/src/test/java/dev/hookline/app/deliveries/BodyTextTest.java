package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BodyTextTest {

    @Test
    void prettyPrintsAJsonDocumentKeepingExactNumbers() {
        assertEquals("{\n  \"amount\" : 10.10,\n  \"big\" : 12345678901234567890\n}",
                BodyText.display("{\"amount\":10.10,\"big\":12345678901234567890}"));
    }

    @Test
    void showsAnythingElseExactlyAsReceived() {
        assertEquals("<html>Bad Gateway</html>", BodyText.display("<html>Bad Gateway</html>"));
        assertEquals("{\"cut\":\"off", BodyText.display("{\"cut\":\"off"));
        assertEquals("{} {}", BodyText.display("{} {}"));
        assertEquals("OK", BodyText.display("OK"));
        assertEquals("", BodyText.display((String) null));
    }
}
