package dev.hookline.server.deliveries;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.store.Store;
import dev.hookline.server.metaevents.MetaEventRecorder;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code eventdelivery.success|failed} meta events, recorded in the dispatcher's outcome write: their data is
 * the delivery as the deliveries API shows it, plus {@code attempt}, its latest attempt (Convoy's shape). One per server.
 */
public final class DeliveryMetaEvents {

    private final Store store;
    private final DeliveryRepository deliveries;
    private final AttemptRepository attempts;
    private final MetaEventRecorder recorder;

    public DeliveryMetaEvents(Store store, DeliveryRepository deliveries, AttemptRepository attempts,
                              MetaEventRecorder recorder) {
        this.store = store;
        this.deliveries = deliveries;
        this.attempts = attempts;
        this.recorder = recorder;
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
    public int record(Connection c, Collection<DeliveryOutcome> outcomes)
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
                wanted = recorder.subscribes(c, outcome.projectId(), eventType);
                subscribed.put(outcome.projectId() + "\n" + eventType, wanted);
            }
            if (!wanted) {
                continue;
            }
            EventDelivery delivery = deliveries.find(c, outcome.projectId(), outcome.deliveryId());
            if (delivery != null && delivery.status() == outcome.status() && recorder.record(c,
                    outcome.projectId(), eventType, deliveryData(c, delivery)) != null) {
                recorded++;
            }
        }
        return recorded;
    }

    /** The delivery as the deliveries API shows it, plus {@code attempt}: its latest attempt. */
    private ObjectNode deliveryData(Connection c, EventDelivery delivery)
            throws SQLException {
        EventDelivery complete = DeliveryViews.complete(c, delivery.projectId(), List.of(delivery),
                store.baseUrl()).get(0);
        ObjectNode data = Json.strict().valueToTree(complete);
        List<DeliveryAttempt> tries = attempts.list(c, delivery.projectId(), delivery.uid());
        data.set("attempt", tries.isEmpty() ? null : Json.strict().valueToTree(tries.getLast()));
        return data;
    }
}
