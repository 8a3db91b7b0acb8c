package dev.hookline.server.ingest;

import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import java.io.IOException;
import java.util.List;

/** Endpoints, subscriptions and delivery look-ups through the API, shared by the ingest tests. */
final class IngestFixtures {

    private final ApiClient client;

    IngestFixtures(ApiClient client) {
        this.client = client;
    }

    Endpoint endpoint(String name) {
        return client.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/" + name, name));
    }

    Endpoint endpointOwnedBy(String name, String ownerId) {
        return client.createEndpoint(new EndpointRequest("http://127.0.0.1:9/" + name, name, null, ownerId, null,
                null, null, null, null, null, null, null, null, null, null, null, null));
    }

    /** A subscription of {@code endpointId} (and {@code sourceId}, may be null) to {@code eventTypes}. */
    Subscription subscribe(String name, String endpointId, String sourceId, List<String> eventTypes) {
        return subscribe(name, endpointId, sourceId, eventTypes, null, null);
    }

    /** As above with a body filter (JSON text, may be null) and a transform function (may be null). */
    Subscription subscribe(String name, String endpointId, String sourceId, List<String> eventTypes,
                           String bodyFilterJson, String function) {
        FilterConfig.Filter filter = null;
        if (bodyFilterJson != null) {
            try {
                filter = new FilterConfig.Filter(null, null, Json.strict().readTree(bodyFilterJson), null, null);
            } catch (IOException e) {
                throw new IllegalArgumentException(e);
            }
        }
        return client.createSubscription(new SubscriptionRequest(name, sourceId, endpointId, null, function, null,
                null, new FilterConfig(eventTypes, filter), DeliveryMode.AT_LEAST_ONCE, null));
    }

    /** The event's deliveries, once it is planned (they are stored after the answer, ADR 0038). */
    List<EventDelivery> deliveriesOf(String eventId) {
        return dev.hookline.server.testing.Planning.deliveriesOf(client, eventId);
    }
}
