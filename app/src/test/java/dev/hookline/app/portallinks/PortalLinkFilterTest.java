package dev.hookline.app.portallinks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortalLinkFilterTest {

    @Test
    void searchOwnerAndEndpoints() {
        var query = new PortalLinkFilter("partner", " acme ", List.of("e1", "e2")).toQuery();

        assertEquals(Map.of("q", List.of("partner"), "ownerId", List.of("acme"),
                "endpointId", List.of("e1", "e2")), query.params());
    }

    @Test
    void noFilterSendsNoParameters() {
        assertEquals(Map.of(), PortalLinkFilter.none().toQuery().params());
    }
}
