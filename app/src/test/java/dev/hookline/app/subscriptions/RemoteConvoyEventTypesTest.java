package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.app.testing.FakeConvoy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Against a Convoy without the event type catalogue (its API answers 404), the subscription form offers no types
 * but still takes typed ones; against one that has it, its names come by name, deprecated ones left out.
 */
class RemoteConvoyEventTypesTest {

    @Test
    void aServerWithoutTheCatalogueOffersNoTypesInsteadOfFailing() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start(); ApiClient client = convoy.client()) {
            assertEquals(List.of(), SubscriptionFormViewModel.eventTypeNames(client));
            assertEquals(1, convoy.requests("GET", "event-types").size(), "it was asked");
        }
    }

    @Test
    void aConvoyCatalogueIsOfferedByNameWithoutDeprecatedTypes() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start(); ApiClient client = convoy.client()) {
            convoy.answer("GET", "event-types", 200, "[{\"uid\":\"1\",\"name\":\"order.paid\",\"category\":\"\","
                    + "\"description\":\"\",\"json_schema\":null,\"deprecated_at\":null},{\"uid\":\"2\",\"name\":"
                    + "\"order.created\",\"category\":\"\",\"description\":\"\",\"json_schema\":{},\"deprecated_at\":"
                    + "null},{\"uid\":\"3\",\"name\":\"old\",\"category\":\"\",\"description\":\"\",\"json_schema\":"
                    + "null,\"deprecated_at\":\"2026-01-01T00:00:00Z\"}]");
            assertEquals(List.of("order.created", "order.paid"), SubscriptionFormViewModel.eventTypeNames(client));
        }
    }

    @Test
    void anUnreachableServerIsStillAConnectionFailure() {
        ApiClient closed = new ApiClient("http://127.0.0.1:1/api", "CO.test.key").withProject(FakeConvoy.PROJECT);
        ApiException failure = assertThrows(ApiException.class, () -> SubscriptionFormViewModel.eventTypeNames(closed));
        assertEquals(true, failure.isConnectionFailure());
        closed.close();
    }
}
