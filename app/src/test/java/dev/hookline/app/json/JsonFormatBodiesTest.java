package dev.hookline.app.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;

/** Webhook bodies as the attempt inspector shows them: exact numbers, and anything not one JSON document as is. */
class JsonFormatBodiesTest {

    @Test
    void numbersInABodyShowExactlyAsSent() {
        assertEquals("{\n  \"amount\" : 10.10,\n  \"big\" : 12345678901234567890,\n  \"tiny\" : 1.0E-30\n}",
                JsonFormat.prettyText("{\"amount\":10.10,\"big\":12345678901234567890,\"tiny\":1.0E-30}"));
    }

    @Test
    void twoDocumentsInARowAreNotJson() {
        assertEquals("{} {}", JsonFormat.prettyText("{} {}"));
        assertEquals("<html>Bad Gateway</html>", JsonFormat.prettyText("<html>Bad Gateway</html>"));
    }

    @Test
    void aPayloadShowsFromItsRawTextBeforeItsParsedData() {
        assertEquals("{\n  \"n\" : 1.50\n}", JsonFormat.payload("{\"n\":1.50}", JsonNodeFactory.instance.objectNode()));
        assertEquals("{ }", JsonFormat.payload(null, JsonNodeFactory.instance.objectNode()));
        assertEquals("", JsonFormat.payload(null, null));
        assertEquals("{ }", JsonFormat.payload("", JsonNodeFactory.instance.objectNode()), "blank raw is none");
    }
}
