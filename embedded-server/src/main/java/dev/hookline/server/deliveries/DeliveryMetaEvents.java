package dev.hookline.server.deliveries;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.ServerContext;
import dev.hookline.server.metaevents.MetaEventRecorder;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code eventdelivery.success|failed} meta events, recorded in the dispatcher's outcome write: their data is
 * the delivery as the deliveries API shows it, plus {@code attempt}, its latest attempt (Convoy's shape). Stateless.
 */
public final class DeliveryMetaEvents {

    private DeliveryMetaEvents() {
    }

    /** A delivery outcome just written: the delivery and the status it now has. */
    public record DeliveryOutcome(String projectId, String deliveryId, EventDeliveryStatus status) {
    }

    /**
     * For each outcome, {@code eventdelivery.success} when the delivery is now {@code Success} and
     * {@code eventdelivery.failed} when it is {@code Failure}; other statuses record nothing. Whether a project
     * subscribes is read once per project and type, and a delivery's data only when it does, so a batch of outcomes
     * costs next to nothing when meta events are off. Deliveries are read on the caller's connection: the state it
     * just wrote. Returns how many meta events were recorded.
     */
    public static int record(Connection c, ServerContext context, Collection<DeliveryOutcome> outcomes)
            throws SQLException {
        Map<String, Boolean> subscribed = new HashMap<>();
        int recorded = 0;
        for (DeliveryOutcome outcome : outcomes) {
            String eventType = MetaEventRecorder.deliveryEventType(outcome.status());
            if (eventType == null) {
                continue;
            }
            Boolean wanted = subscribed.get(outcome.projectId() + "\n" + eventType);
            if (wanted == null) {
                wanted = MetaEventRecorder.subscribes(c, context, outcome.projectId(), eventType);
                subscribed.put(outcome.projectId() + "\n" + eventType, wanted);
            }
            if (!wanted) {
                continue;
            }
            EventDelivery delivery = context.deliveries().find(c, outcome.projectId(), outcome.deliveryId());
            if (delivery != null && delivery.status() == outcome.status() && MetaEventRecorder.record(c, context,
                    outcome.projectId(), eventType, deliveryData(c, context, delivery)) != null) {
                recorded++;
            }
        }
        return recorded;
    }

    /** The delivery as the deliveries API shows it, plus {@code attempt}: its latest attempt. */
    private static ObjectNode deliveryData(Connection c, ServerContext context, EventDelivery delivery)
            throws SQLException {
        EventDelivery complete = DeliveryViews.complete(c, delivery.projectId(), List.of(delivery),
                context.baseUrl()).get(0);
        ObjectNode data = Json.strict().valueToTree(complete);
        List<DeliveryAttempt> attempts = context.attempts().list(c, delivery.projectId(), delivery.uid());
        data.set("attempt", attempts.isEmpty() ? null : Json.strict().valueToTree(attempts.getLast()));
        return data;
    }
}
