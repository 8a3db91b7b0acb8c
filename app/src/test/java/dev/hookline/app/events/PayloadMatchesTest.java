package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.app.json.JsonFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class PayloadMatchesTest {

    private static final String PAYLOAD = JsonFormat.prettyText("{\"order\":\"C-1\",\"data\":{\"customer\":"
            + "{\"id\":\"cus_039\",\"name\":\"Crème\"}},\"items\":[{\"sku\":\"A-1\"}],\"codes\":[3,5],"
            + "\"note\":\"see cus_039\",\"paid\":true}");

    private static List<String> marked(String search) {
        return PayloadMatches.find(PAYLOAD, search).stream()
                .map(r -> PAYLOAD.substring(r.start(), r.end())).toList();
    }

    @Test
    void wordsAreMarkedWholeInAnyCase() {
        assertEquals(List.of("cus_039", "cus_039"), marked("CUS_039"));
        assertEquals(List.of("Crème", "see"), marked("crème see"));
        assertEquals(List.of(), marked("cus_03"), "whole words only, as the server matches them");
        assertEquals(List.of(), marked("  "));
    }

    @Test
    void aJsonSearchMarksEachContainedLeafWithItsKey() {
        assertEquals(List.of("\"id\" : \"cus_039\""), marked("{\"data\":{\"customer\":{\"id\":\"cus_039\"}}}"));
        assertEquals(List.of("\"sku\" : \"A-1\"", "5", "\"paid\" : true"),
                marked("{\"items\":[{\"sku\":\"A-1\"}],\"codes\":[5],\"paid\":true}"));
        assertEquals(List.of(), marked("{\"data\":{\"customer\":{\"id\":\"cus_040\"}}}"));
    }

    @Test
    void textThatIsNotAJsonObjectIsWords() {
        assertEquals(List.of("C-1"), marked("{ C-1"), "a brace and a word: the brace is no word");
    }
}
