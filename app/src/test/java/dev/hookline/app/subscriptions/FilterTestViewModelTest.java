package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilterTestViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private final List<Throwable> connectionFailures = new ArrayList<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aSampleThatPassesTheFiltersMatches() {
        var subscription = form(server.client());
        var tester = tester(server.client(), subscription);
        subscription.filterBody.set("{\"amount\": {\"$gte\": 100}}");
        subscription.filterHeaders.set("{\"X-Tenant\": \"acme\"}");
        tester.sampleBody.set("{\"amount\": 120}");
        tester.sampleHeaders.set("{\"X-Tenant\": \"acme\"}");

        assertTrue(tester.run());

        assertEquals(Boolean.TRUE, tester.matchesProperty().get());
        assertEquals("", tester.form().serverError());
    }

    @Test
    void aSampleThatFailsTheBodyFilterDoesNotMatch() {
        var subscription = form(server.client());
        var tester = tester(server.client(), subscription);
        subscription.filterBody.set("{\"amount\": {\"$gte\": 100}}");
        tester.sampleBody.set("{\"amount\": 99}");

        assertTrue(tester.run());

        assertEquals(Boolean.FALSE, tester.matchesProperty().get());
    }

    @Test
    void filtersAreCheckedAsJsonBeforeAnythingIsSent() {
        try (ApiClient nowhere = new ApiClient("http://127.0.0.1:1/api", "CO.x.y").withProject("p")) {
            var subscription = form(nowhere);
            var tester = tester(nowhere, subscription);
            subscription.filterBody.set("{\"amount\": ");
            tester.sampleHeaders.set("\"text\"");

            assertFalse(tester.run());

            assertTrue(subscription.filterBody.error().startsWith("Body filter is not valid JSON: "),
                    subscription.filterBody.error());
            assertEquals("Sample headers must be a JSON object ({ ... })", tester.sampleHeaders.error());
            assertNull(tester.matchesProperty().get());
            assertTrue(connectionFailures.isEmpty(), "nothing was sent");
        }
    }

    private SubscriptionFormViewModel form(ApiClient client) {
        return new SubscriptionFormViewModel(new SameThreadBackgroundTasks(), () -> client, connectionFailures::add);
    }

    private FilterTestViewModel tester(ApiClient client, SubscriptionFormViewModel subscription) {
        return new FilterTestViewModel(new SameThreadBackgroundTasks(), () -> client, connectionFailures::add,
                subscription);
    }
}
