package dev.hookline.app.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonFormatTest {

    @Test
    void jsonTextIsIndentedKeepingKeyOrder() {
        assertEquals("{\n  \"z\" : 1,\n  \"a\" : [ true, null ]\n}", JsonFormat.prettyText("{\"z\":1,\"a\":[true,null]}"));
    }

    @Test
    void textThatIsNotJsonIsShownAsItIs() {
        assertEquals("name=ada&x=1", JsonFormat.prettyText("name=ada&x=1"));
        assertEquals("{\"cut off", JsonFormat.prettyText("{\"cut off"));
        assertEquals("", JsonFormat.prettyText(null));
    }

    @Test
    void valuesAreWrittenInTheWireNaming() {
        record Probe(String eventType, List<Integer> retryCounts) {
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("probe", new Probe("invoice.paid", List.of(1)));
        assertEquals("{\n  \"probe\" : {\n    \"event_type\" : \"invoice.paid\",\n    \"retry_counts\" : [ 1 ]\n  }\n}",
                JsonFormat.pretty(map));
    }
}
