package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndpointFilterTest {

    @Test
    void searchAndOwnerBecomeQAndOwnerId() {
        var query = new EndpointFilter("  billing ", "acme").toQuery();

        assertEquals(Map.of("q", List.of("billing"), "ownerId", List.of("acme")),
                query.params());
    }

    @Test
    void blankFiltersAreLeftOut() {
        assertEquals(Map.of(), new EndpointFilter(" ", "").toQuery().params());
        assertEquals(Map.of(), EndpointFilter.none().toQuery().params());
    }

    @Test
    void theServerListsOnlyWhatTheFilterAsksFor(@TempDir Path dataDirectory) {
        try (EmbeddedServerFixture server = EmbeddedServerFixture.start(dataDirectory)) {
            var client = server.client();
            client.createEndpoint(EndpointRequest.of("https://example.com/1", "billing eu"));
            client.createEndpoint(new EndpointRequest("https://example.com/2", "billing us", null, "acme", null, null,
                    null, null, null, null, null, null, null, null, null, null, null));
            client.createEndpoint(EndpointRequest.of("https://example.com/3", "shipping"));

            assertEquals(List.of("billing eu", "billing us"), names(client.listEndpoints(
                    new EndpointFilter("billing", null).toQuery().perPage(20)).content()));
            assertEquals(List.of("billing us"), names(client.listEndpoints(
                    new EndpointFilter(null, "acme").toQuery().perPage(20)).content()));
        }
    }

    private static List<String> names(List<Endpoint> endpoints) {
        return endpoints.stream().map(Endpoint::name).sorted().toList();
    }
}
