package dev.hookline.server.http.deliveries;

import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.deliveries.DeliveryRoutes;
import dev.hookline.server.deliveries.DeliveryStatistics;
import dev.hookline.server.deliveries.DeliveryStore;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.portal.PortalScope;
import dev.hookline.server.portallinks.PortalLinkStore;
import dev.hookline.server.store.Ulid;
import java.io.IOException;
import java.time.Instant;

/**
 * How many deliveries the deliveries list matches, for the same filters and dates as the list
 * ({@link DeliveryRoutes#filter}, {@link ListParams}):
 * <ul>
 *   <li>{@code GET .../eventdeliveries/statustotals}: the count per status, named and shaped as Convoy's portal API
 *   answers it ({@code {"totals": {"Success": n, ...}}}), with all six statuses and their sum;</li>
 *   <li>{@code GET .../eventdeliveries/timeseries?bucket=hour|day} (Hookline's): the counts per status per UTC hour
 *   or day of the window.</li>
 * </ul>
 * Both under {@code /api/v1/projects/{projectID}} for an API key and under {@code /portal-api} limited to the portal
 * link's endpoints.
 */
public final class DeliveryStatisticsRoutes {

    private static final String API = "/api/v1/projects/{projectID}/eventdeliveries";
    private static final String PORTAL = "/portal-api/eventdeliveries";
    static final String TOTALS_MESSAGE = "event delivery status totals fetched successfully";
    static final String SERIES_MESSAGE = "event delivery time series fetched successfully";

    private final ServerContext context;
    private final DeliveryStatistics statistics;

    public DeliveryStatisticsRoutes(ServerContext context) {
        this.context = context;
        this.statistics = new DeliveryStatistics(context);
    }

    public void register(Router router) {
        router.get(API + "/statustotals", Access.API_KEY, ex -> totals(ex, projectId(ex), EventScope.PROJECT));
        router.get(API + "/timeseries", Access.API_KEY, ex -> series(ex, projectId(ex), EventScope.PROJECT));
        router.get(PORTAL + "/statustotals", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            totals(ex, reach.projectId(), reach.scope());
        });
        router.get(PORTAL + "/timeseries", Access.PORTAL, ex -> {
            Reach reach = reach(ex);
            series(ex, reach.projectId(), reach.scope());
        });
    }

    private void totals(Exchange ex, String projectId, EventScope scope) throws IOException {
        DeliveryStore.Filter filter = DeliveryRoutes.filter(ex, scope);
        ListParams window = ListParams.from(ex);
        ex.ok(200, TOTALS_MESSAGE, statistics.statusTotals(projectId, filter, window.lowestId(),
                window.highestId()));
    }

    private void series(Exchange ex, String projectId, EventScope scope) throws IOException {
        DeliveryStore.Filter filter = DeliveryRoutes.filter(ex, scope);
        ListParams window = ListParams.from(ex);
        DeliveryStatistics.Bucket bucket = DeliveryStatistics.Bucket.fromWire(ex.query("bucket").orElse("hour"));
        ex.ok(200, SERIES_MESSAGE, statistics.timeSeries(projectId, filter, instantOf(window.lowestId()),
                instantOf(window.highestId()), bucket));
    }

    /** The date-window bound back as a time (ListParams keeps it as a ULID bound), or null when open. */
    private static Instant instantOf(String idBound) {
        return idBound == null ? null : Instant.ofEpochMilli(Ulid.timestampOf(idBound));
    }

    private static String projectId(Exchange ex) {
        Project project = ex.project();
        return project.uid();
    }

    /** The portal caller's link and the endpoints it reaches, read together. */
    private record Reach(PortalLinkStore.Link link, EventScope scope) {
        String projectId() {
            return link.projectId();
        }
    }

    private Reach reach(Exchange ex) {
        return context.db().read(c -> {
            PortalLinkStore.Link link = PortalScope.link(c, ex.principal());
            return new Reach(link, EventScope.endpoints(PortalScope.endpointIds(c, link.id())));
        });
    }
}
