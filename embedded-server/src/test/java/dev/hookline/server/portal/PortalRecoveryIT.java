package dev.hookline.server.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recovery actions through a portal link: the API's, limited to the link's endpoints. */
class PortalRecoveryIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject project;
    ApiClient client;
    ApiClient portal;
    EventSeeds seeds;
    String mine;
    String theirs;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        project = server.newProject("shop", ProjectType.OUTGOING);
        client = project.client();
        seeds = new EventSeeds(server);
        mine = endpoint("mine", "acme");
        theirs = endpoint("theirs", "globex");
        portal = server.client(client.createPortalLink(new PortalLinkRequest("link", "acme", null, false, null))
                .token());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aLinkResendsOnlyItsOwnDeliveriesAndSeesThemMasked() {
        Event event = seeds.event(project.id()).endpoints(mine, theirs).headers(Map.of("Authorization",
                List.of("Bearer secret"))).insert();
        EventDelivery own = seeds.delivery(event, mine).status(EventDeliveryStatus.FAILURE)
                .headers(Map.of("Authorization", List.of("Bearer secret"))).insert();
        EventDelivery foreign = seeds.delivery(event, theirs).status(EventDeliveryStatus.FAILURE).insert();

        EventDelivery resent = portal.portalResendEventDelivery(own.uid());

        assertEquals(EventDeliveryStatus.SCHEDULED, resent.status());
        assertEquals(List.of("[REDACTED]"), resent.headers().get("Authorization"), "credentials masked for the customer");
        ApiException outside = assertThrows(ApiException.class, () -> portal.portalResendEventDelivery(foreign.uid()));
        assertEquals(404, outside.status());
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(foreign.uid()).status());
    }

    @Test
    void aLinkForceResendsItsDeliveredOnesAndCountsOthersAsFailed() {
        Event event = seeds.event(project.id()).endpoints(mine, theirs).insert();
        EventDelivery own = seeds.delivery(event, mine).status(EventDeliveryStatus.SUCCESS).insert();
        EventDelivery foreign = seeds.delivery(event, theirs).status(EventDeliveryStatus.SUCCESS).insert();

        assertEquals(new BatchOutcome("1 successful, 1 failed", 1, 1),
                portal.portalForceResendEventDeliveries(List.of(own.uid(), foreign.uid())));

        assertEquals(EventDeliveryStatus.SCHEDULED, client.getEventDelivery(own.uid()).status());
        assertEquals(EventDeliveryStatus.SUCCESS, client.getEventDelivery(foreign.uid()).status());
    }

    @Test
    void aLinksBatchRetryTouchesOnlyItsEndpointsEvenWhenAskedForAnother() {
        Event event = seeds.event(project.id()).endpoints(mine, theirs).insert();
        EventDelivery own = seeds.delivery(event, mine).status(EventDeliveryStatus.DISCARDED).insert();
        EventDelivery foreign = seeds.delivery(event, theirs).status(EventDeliveryStatus.FAILURE).insert();

        assertEquals(0, portal.portalCountBatchRetryEventDeliveries(ListQuery.create().with("endpointId", theirs)));
        assertEquals(new BatchOutcome("0 successful, 0 failed", 0, 0),
                portal.portalBatchRetryEventDeliveries(ListQuery.create().with("endpointId", theirs)));
        assertEquals(1, portal.portalCountBatchRetryEventDeliveries(ListQuery.create()));
        assertEquals(new BatchOutcome("1 successful, 0 failed", 1, 0),
                portal.portalBatchRetryEventDeliveries(ListQuery.create()));

        assertEquals(EventDeliveryStatus.SCHEDULED, client.getEventDelivery(own.uid()).status());
        assertEquals(EventDeliveryStatus.FAILURE, client.getEventDelivery(foreign.uid()).status());
    }

    @Test
    void aLinksBatchReplayReplaysEventsWhollyItsOwnAndCountsSharedOnesAsFailed() {
        Event own = seeds.event(project.id()).endpoints(mine).insert();
        Event shared = seeds.event(project.id()).endpoints(mine, theirs).insert();
        Event foreign = seeds.event(project.id()).endpoints(theirs).insert();
        subscribe(mine);
        subscribe(theirs);

        assertEquals(1, portal.portalCountBatchReplayEvents(ListQuery.create()), "only what it may replay");
        assertEquals(new BatchOutcome("1 successful, 1 failed", 1, 1),
                portal.portalBatchReplayEvents(ListQuery.create()));

        assertEquals(1, deliveriesOf(own).size());
        assertTrue(deliveriesOf(shared).isEmpty(), "it also goes to another customer's endpoint");
        assertTrue(deliveriesOf(foreign).isEmpty());
    }

    private String endpoint(String name, String owner) {
        return client.createEndpoint(new EndpointRequest("https://" + name + ".example/h", name, null, owner, null,
                null, null, null, null, null, null, null, null, null, null, null, null)).uid();
    }

    private void subscribe(String endpointId) {
        client.createSubscription(new SubscriptionRequest("to-" + endpointId, null, endpointId, null, null, null,
                null, null, null, null));
    }

    private List<EventDelivery> deliveriesOf(Event event) {
        return client.listEventDeliveries(ListQuery.create().with("eventId", event.uid())).content();
    }
}
