package dev.hookline.server.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.EndpointFailureRate;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET .../endpoints/period-failure-rates}: Convoy's counts and rate per endpoint over a period. */
class EndpointFailureRatesIT {

    @TempDir
    Path dataDir;
    final MutableClock clock = new MutableClock();
    TestServer server;
    TestProject shop;
    ApiClient client;
    EventSeeds seeds;
    String a;
    String b;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        shop = server.newProject("shop", ProjectType.OUTGOING);
        client = shop.client();
        seeds = new EventSeeds(server);
        a = client.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/a", "a")).uid();
        b = client.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/b", "b")).uid();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void countsSuccessFailureAndRetryAndTheirRateForEachEndpointAsked() throws Exception {
        // old deliveries, outside the default 7 days
        deliveries(a, EventDeliveryStatus.FAILURE, 5);
        clock.advance(Duration.ofDays(10));
        deliveries(a, EventDeliveryStatus.SUCCESS, 2);
        deliveries(a, EventDeliveryStatus.FAILURE, 1);
        deliveries(a, EventDeliveryStatus.RETRY, 1);
        deliveries(a, EventDeliveryStatus.DISCARDED, 3);
        deliveries(a, EventDeliveryStatus.SCHEDULED, 3);

        RawResponse response = server.root(shop.apiKey()).raw("GET", "/api/v1/projects/" + shop.id()
                + "/endpoints/period-failure-rates?endpointId=" + a + "&endpointId=" + b + "&endpointId=" + a, null,
                Map.of());
        assertEquals(200, response.status(), response.body());
        JsonNode body = Json.lenient().readTree(response.body());
        assertEquals("Endpoint period failure rates fetched successfully", body.get("message").asText());
        assertEquals(2, body.get("data").size(), "each endpoint once, in the order asked");

        List<EndpointFailureRate> rates = client.endpointFailureRates(List.of(a, b), null);
        EndpointFailureRate rateA = rates.get(0);
        assertEquals(new EndpointFailureRate(a, 2L, 1L, 1L, 0.5), rateA, "(failure + retry) / (all three)");
        EndpointFailureRate rateB = rates.get(1);
        assertEquals(b, rateB.uid());
        assertNull(rateB.periodFailureRate(), "no deliveries: no rate (not 0)");
        assertNull(rateB.successCount());

        String longAgo = clock.instant().minus(Duration.ofDays(30)).toString().substring(0, 19);
        EndpointFailureRate wide = client.endpointFailureRates(List.of(a), ListQuery.create()
                .with("startDate", longAgo)).get(0);
        assertEquals(6L, wide.failureCount(), "an explicit window reaches further back");
    }

    @Test
    void thePathIsNotReadAsAnEndpointIdAndOtherProjectsSeeNothing() throws Exception {
        deliveries(a, EventDeliveryStatus.FAILURE, 1);
        assertEquals(List.of(), client.endpointFailureRates(List.of(), null), "no IDs: an empty list");

        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        EndpointFailureRate foreign = other.client().endpointFailureRates(List.of(a), null).get(0);
        assertNull(foreign.failureCount(), "another project's endpoint has no deliveries there");
        RawResponse badDate = server.root(shop.apiKey()).raw("GET", "/api/v1/projects/" + shop.id()
                + "/endpoints/period-failure-rates?endpointId=" + a + "&startDate=yesterday", null, Map.of());
        assertEquals(400, badDate.status(), badDate.body());
    }

    private void deliveries(String endpoint, EventDeliveryStatus status, int n) {
        for (int i = 0; i < n; i++) {
            Event event = seeds.event(shop.id()).endpoints(endpoint).insert();
            seeds.delivery(event, endpoint).status(status).insert();
        }
    }
}
