package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubscriptionFilterTest {

    @Test
    void nameAndRepeatedEndpointIds() {
        var query = new SubscriptionFilter(" orders ", List.of("e1", " e2 ", "e1")).toQuery();

        assertEquals(Map.of("name", List.of("orders"), "endpointId", List.of("e1", "e2")),
                query.params());
        assertEquals("name=orders&endpointId=e1&endpointId=e2", query.toQuery());
    }

    @Test
    void blankEndpointIdsAndNameAreLeftOut() {
        var query = new SubscriptionFilter("", Arrays.asList(" ", null)).toQuery();

        assertEquals(Map.of(), query.params());
    }
}
