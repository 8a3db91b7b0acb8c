package dev.hookline.server.http.portal;

import dev.hookline.api.model.Event;
import dev.hookline.server.deliveries.DeliveryRecovery;
import dev.hookline.server.deliveries.DeliveryService;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.events.EventReplay;
import dev.hookline.server.events.EventService;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.auth.PortalCaller;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.deliveries.DeliveryRoutes;
import dev.hookline.server.http.events.EventRoutes;
import dev.hookline.server.paging.BatchOutcome;
import dev.hookline.server.portal.PortalMasking;
import dev.hookline.server.portal.PortalScope;
import dev.hookline.server.portal.PortalScope.Reach;
import java.util.Map;

/**
 * {@code /portal-api/events} and {@code /portal-api/eventdeliveries}: the {@code /api/v1} answers limited to what
 * targets the link's endpoints, with credentials in headers masked ({@link PortalMasking}). Something outside the
 * link answers like something unknown (404; Convoy: 401), so its existence does not leak. A replay needs every
 * endpoint of the event to be the link's (403 otherwise; in a batch replay such an event counts as failed). The
 * recovery actions (resend, force resend, batch retry, batch replay and their counts) are the API's, limited the
 * same way.
 */
public final class PortalEventRoutes {

    private final PortalScope portalScope;
    private final EventService events;
    private final EventReplay replay;
    private final DeliveryService deliveries;
    private final DeliveryRecovery recovery;

    public PortalEventRoutes(PortalScope portalScope, EventService events, EventReplay replay,
                             DeliveryService deliveries, DeliveryRecovery recovery) {
        this.portalScope = portalScope;
        this.events = events;
        this.replay = replay;
        this.deliveries = deliveries;
        this.recovery = recovery;
    }

    private Reach reach(Exchange ex) {
        return PortalCaller.reach(ex, portalScope);
    }

    public void listEvents(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "App events fetched successfully", PortalMasking.events(events.list(reach.projectId(),
                EventRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex))));
    }

    public void getEvent(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        Event event = events.get(reach.projectId(), ex.pathParam("eventID"));
        if (!reach.scope().reachesAny(event.endpoints())) {
            throw new NotFoundException("event not found");
        }
        ex.ok(200, "Endpoint event fetched successfully", PortalMasking.event(event));
    }

    public void replay(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Endpoint event replayed successfully",
                PortalMasking.event(replay.replay(reach.projectId(), ex.pathParam("eventID"), reach.scope())));
    }

    public void listDeliveries(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event deliveries fetched successfully",
                PortalMasking.deliveries(deliveries.list(reach.projectId(),
                        DeliveryRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex))));
    }

    public void getDelivery(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event Delivery fetched successfully", PortalMasking.delivery(
                deliveries.get(reach.projectId(), ex.pathParam("eventDeliveryID"), reach.scope())));
    }

    public void attempts(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event delivery attempts fetched successfully", deliveries.attempts(reach.projectId(),
                ex.pathParam("eventDeliveryID"), reach.scope()).stream().map(PortalMasking::attempt).toList());
    }

    public void attempt(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event delivery attempt fetched successfully", PortalMasking.attempt(deliveries.attempt(
                reach.projectId(), ex.pathParam("eventDeliveryID"), ex.pathParam("deliveryAttemptID"),
                reach.scope())));
    }

    public void batchReplay(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        BatchOutcome outcome = replay.batchReplay(reach.projectId(), EventRoutes.filter(ex, reach.scope()),
                ListParamsReader.from(ex), reach.scope());
        ex.ok(200, outcome.message(), null);
    }

    public void countBatchReplay(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "events count successful", Map.of("num", replay.countBatchReplay(reach.projectId(),
                EventRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex), reach.scope())));
    }

    /** Sends one delivery again by hand, if it targets one of the link's endpoints. */
    public void resend(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "App event processed for retry successfully", PortalMasking.delivery(recovery.resend(
                reach.projectId(), ex.pathParam("eventDeliveryID"), reach.scope())));
    }

    public void forceResend(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        BatchOutcome outcome = recovery.forceResend(reach.projectId(), DeliveryRoutes.forceResendIds(ex),
                reach.scope());
        ex.ok(200, outcome.message(), null);
    }

    public void batchRetry(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        BatchOutcome outcome = recovery.batchRetry(reach.projectId(), DeliveryRoutes.filter(ex, reach.scope()),
                ListParamsReader.from(ex));
        ex.ok(200, outcome.message(), null);
    }

    public void countBatchRetry(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "event deliveries count successful", Map.of("num", recovery.countBatchRetry(
                reach.projectId(), DeliveryRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex))));
    }
}
