package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hookline.api.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonColumnsTest {

    private static final String AWKWARD = "quote \" backslash \\ slash / newline \n tab \t nul \u0000 bell \u0007 "
            + "accent \u00e9 emoji \ud83d\ude00 line-separator \u2028 private \ue000";

    private static String jackson(Object value) throws Exception {
        return Json.strict().writeValueAsString(value);
    }

    @Test
    void aListOfStringsIsWrittenExactlyAsJacksonWritesIt() throws Exception {
        List<String> endpoints = List.of("01JD0000000000000000000000", AWKWARD, "");
        assertEquals(jackson(endpoints), JsonColumns.write(endpoints));
        assertEquals("[]", JsonColumns.write(List.of()));
    }

    @Test
    void headersAreWrittenExactlyAsJacksonWritesThemInTheirOrder() throws Exception {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("X-Hub-Signature-256", List.of("sha256=abc"));
        headers.put("Accept", List.of("a", "b"));
        headers.put(AWKWARD, List.of(AWKWARD));
        headers.put("Empty", List.of());
        assertEquals(jackson(headers), JsonColumns.write(headers));
        assertEquals("{}", JsonColumns.write(Map.of()));
    }

    @Test
    void valuesHoldingNullsOrOtherTypesGoThroughJackson() throws Exception {
        List<String> withNull = Arrays.asList("a", null);
        assertNull(JsonColumns.writeStrings(withNull));
        assertEquals("[\"a\",null]", JsonColumns.write(withNull));
        Map<String, Object> mixed = new LinkedHashMap<>();
        mixed.put("n", 1);
        assertNull(JsonColumns.writeStrings(mixed));
        assertEquals("{\"n\":1}", JsonColumns.write(mixed));
        assertEquals(jackson(List.of(1, 2)), JsonColumns.write(new ArrayList<>(List.of(1, 2))));
    }
}
