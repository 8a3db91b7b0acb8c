package dev.hookline.app.portallinks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortalLinkFilterTest {

    @Test
    void searchOwnerAndEndpoints() {
        var query = new PortalLinkFilter("partner", " acme ", List.of("e1", "e2")).toQuery(30);

        assertEquals(Map.of("perPage", List.of("30"), "q", List.of("partner"), "ownerId", List.of("acme"),
                "endpointId", List.of("e1", "e2")), query.params());
    }

    @Test
    void noFilterSendsOnlyThePageSize() {
        assertEquals(Map.of("perPage", List.of("30")), PortalLinkFilter.none().toQuery(30).params());
    }
}
