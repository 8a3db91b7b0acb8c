package dev.hookline.server.events;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * How replay turns a stored event into new deliveries, in two steps (ADR 0023): {@link #planReplay} off the writer
 * (matching, filters, transforms), {@link #storeReplay} in the write transaction (inserts only). Implemented by the
 * intake's {@code DeliveryPlanner}; declared here so that events does not depend on ingest (ingest stores events).
 */
public interface ReplayPlanner {

    /** A stored event matched against today's subscriptions, ready to be stored. */
    interface Planned {
        Event event();

        /** How many deliveries storing it adds. */
        int deliveries();
    }

    Planned planReplay(Event event);

    /** Stores the planned deliveries and the event's new endpoints and status; returns the deliveries. */
    List<EventDelivery> storeReplay(Connection c, Planned planned) throws SQLException;
}
