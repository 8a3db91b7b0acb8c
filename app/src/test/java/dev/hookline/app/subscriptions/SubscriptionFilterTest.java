package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubscriptionFilterTest {

    @Test
    void nameAndRepeatedEndpointIds() {
        var query = new SubscriptionFilter(" orders ", List.of("e1", " e2 ", "e1")).toQuery(20);

        assertEquals(Map.of("perPage", List.of("20"), "name", List.of("orders"), "endpointId", List.of("e1", "e2")),
                query.params());
        assertEquals("perPage=20&name=orders&endpointId=e1&endpointId=e2", query.toQuery());
    }

    @Test
    void blankEndpointIdsAndNameAreLeftOut() {
        var query = new SubscriptionFilter("", Arrays.asList(" ", null)).toQuery(20);

        assertEquals(Map.of("perPage", List.of("20")), query.params());
    }
}
