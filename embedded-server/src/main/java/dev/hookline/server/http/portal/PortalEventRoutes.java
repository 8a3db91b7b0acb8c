package dev.hookline.server.http.portal;

import dev.hookline.api.model.Event;
import dev.hookline.server.deliveries.DeliveryRecovery;
import dev.hookline.server.deliveries.DeliveryService;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.events.EventReplay;
import dev.hookline.server.events.EventService;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.auth.PortalCaller;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.Router;
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

    public void register(Router router) {
        String events = PortalRoutes.BASE + "/events";
        router.get(events, Access.PORTAL, this::listEvents);
        router.get(events + "/{eventID}", Access.PORTAL, this::getEvent);
        router.put(events + "/{eventID}/replay", Access.PORTAL, this::replay);
        router.post(events + "/batchreplay", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            BatchOutcome outcome = replay.batchReplay(reach.projectId(), EventRoutes.filter(ex, reach.scope()),
                    ListParamsReader.from(ex), reach.scope());
            ex.ok(200, outcome.message(), null);
        });
        router.get(events + "/countbatchreplayevents", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            ex.ok(200, "events count successful", Map.of("num", replay.countBatchReplay(reach.projectId(),
                    EventRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex), reach.scope())));
        });
        String deliveries = PortalRoutes.BASE + "/eventdeliveries";
        router.get(deliveries, Access.PORTAL, this::listDeliveries);
        router.get(deliveries + "/{eventDeliveryID}", Access.PORTAL, this::getDelivery);
        router.get(deliveries + "/{eventDeliveryID}/deliveryattempts", Access.PORTAL, this::attempts);
        router.get(deliveries + "/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}", Access.PORTAL,
                this::attempt);
        // sending again by hand, limited to the link's endpoints
        router.put(deliveries + "/{eventDeliveryID}/resend", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            ex.ok(200, "App event processed for retry successfully", PortalMasking.delivery(recovery.resend(
                    reach.projectId(), ex.pathParam("eventDeliveryID"), reach.scope())));
        });
        router.post(deliveries + "/forceresend", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            BatchOutcome outcome = recovery.forceResend(reach.projectId(), DeliveryRoutes.forceResendIds(ex),
                    reach.scope());
            ex.ok(200, outcome.message(), null);
        });
        router.post(deliveries + "/batchretry", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            BatchOutcome outcome = recovery.batchRetry(reach.projectId(), DeliveryRoutes.filter(ex, reach.scope()),
                    ListParamsReader.from(ex));
            ex.ok(200, outcome.message(), null);
        });
        router.get(deliveries + "/countbatchretryevents", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            ex.ok(200, "event deliveries count successful", Map.of("num", recovery.countBatchRetry(
                    reach.projectId(), DeliveryRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex))));
        });
    }

    private Reach reach(Exchange ex) {
        return PortalCaller.reach(ex, portalScope);
    }

    private void listEvents(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "App events fetched successfully", PortalMasking.events(events.list(reach.projectId(),
                EventRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex))));
    }

    private void getEvent(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        Event event = events.get(reach.projectId(), ex.pathParam("eventID"));
        if (!reach.scope().reachesAny(event.endpoints())) {
            throw new NotFoundException("event not found");
        }
        ex.ok(200, "Endpoint event fetched successfully", PortalMasking.event(event));
    }

    private void replay(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Endpoint event replayed successfully",
                PortalMasking.event(replay.replay(reach.projectId(), ex.pathParam("eventID"), reach.scope())));
    }

    private void listDeliveries(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event deliveries fetched successfully",
                PortalMasking.deliveries(deliveries.list(reach.projectId(),
                        DeliveryRoutes.filter(ex, reach.scope()), ListParamsReader.from(ex))));
    }

    private void getDelivery(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event Delivery fetched successfully", PortalMasking.delivery(
                deliveries.get(reach.projectId(), ex.pathParam("eventDeliveryID"), reach.scope())));
    }

    private void attempts(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event delivery attempts fetched successfully", deliveries.attempts(reach.projectId(),
                ex.pathParam("eventDeliveryID"), reach.scope()).stream().map(PortalMasking::attempt).toList());
    }

    private void attempt(Exchange ex) throws Exception {
        Reach reach = reach(ex);
        ex.ok(200, "Event delivery attempt fetched successfully", PortalMasking.attempt(deliveries.attempt(
                reach.projectId(), ex.pathParam("eventDeliveryID"), ex.pathParam("deliveryAttemptID"),
                reach.scope())));
    }
}
