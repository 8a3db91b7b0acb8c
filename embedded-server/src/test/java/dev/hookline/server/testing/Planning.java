package dev.hookline.server.testing;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventStatus;
import java.time.Duration;
import java.util.List;

/**
 * Ingest, the event API and broker messages answer once the event is stored; its deliveries are planned afterwards
 * (ADR 0038). Tests that look at an event's deliveries wait for its plan through here, over the API (so they work
 * against a server in another process too).
 */
public final class Planning {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private Planning() {
    }

    /** The event once planned: no longer {@code Pending} (its deliveries stored, or its failure reason set). */
    public static Event planned(ApiClient client, String eventId) {
        return Await.value(WAIT, "event " + eventId + " planned", () -> client.getEvent(eventId),
                event -> event.status() != EventStatus.PENDING);
    }

    /** The deliveries of the event, once it is planned (up to 100). */
    public static List<EventDelivery> deliveriesOf(ApiClient client, String eventId) {
        planned(client, eventId);
        return client.listEventDeliveries(ListQuery.ofPerPage(100).with("eventId", eventId)).content();
    }
}
