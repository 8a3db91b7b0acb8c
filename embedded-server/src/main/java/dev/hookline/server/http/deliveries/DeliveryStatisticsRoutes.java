package dev.hookline.server.http.deliveries;

import dev.hookline.server.deliveries.DeliveryFilter;
import dev.hookline.server.deliveries.DeliveryStatistics;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.auth.PortalCaller;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.portal.PortalScope;
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
 * link's endpoints. Also Convoy's {@code GET .../endpoints/period-failure-rates} (API key only): the same counts per
 * endpoint over a period, as a failure rate.
 */
public final class DeliveryStatisticsRoutes {

    static final String TOTALS_MESSAGE = "event delivery status totals fetched successfully";
    static final String SERIES_MESSAGE = "event delivery time series fetched successfully";

    private final DeliveryStatistics statistics;
    private final PortalScope portalScope;

    public DeliveryStatisticsRoutes(DeliveryStatistics statistics, PortalScope portalScope) {
        this.statistics = statistics;
        this.portalScope = portalScope;
    }

    public void statusTotals(Exchange ex) throws IOException {
        totals(ex, ex.projectId(), EventScope.PROJECT);
    }

    public void timeSeries(Exchange ex) throws IOException {
        series(ex, ex.projectId(), EventScope.PROJECT);
    }

    /** {@link #statusTotals} limited to the portal link's endpoints. */
    public void portalStatusTotals(Exchange ex) throws IOException {
        PortalScope.Reach reach = PortalCaller.reach(ex, portalScope);
        totals(ex, reach.projectId(), reach.scope());
    }

    /** {@link #timeSeries} limited to the portal link's endpoints. */
    public void portalTimeSeries(Exchange ex) throws IOException {
        PortalScope.Reach reach = PortalCaller.reach(ex, portalScope);
        series(ex, reach.projectId(), reach.scope());
    }

    private void totals(Exchange ex, String projectId, EventScope scope) throws IOException {
        DeliveryFilter filter = DeliveryRoutes.filter(ex, scope);
        ListParams window = ListParamsReader.from(ex);
        ex.ok(200, TOTALS_MESSAGE, statistics.statusTotals(projectId, filter, window.lowestId(),
                window.highestId()));
    }

    public void periodFailureRates(Exchange ex) throws IOException {
        ListParams window = ListParamsReader.from(ex);
        ex.ok(200, "Endpoint period failure rates fetched successfully", statistics.periodFailureRates(
                ex.projectId(), ex.queryAll("endpointId"), window.lowestId(), window.highestId()));
    }

    private void series(Exchange ex, String projectId, EventScope scope) throws IOException {
        DeliveryFilter filter = DeliveryRoutes.filter(ex, scope);
        ListParams window = ListParamsReader.from(ex);
        DeliveryStatistics.Bucket bucket = DeliveryStatistics.Bucket.fromWire(ex.query("bucket").orElse("hour"));
        ex.ok(200, SERIES_MESSAGE, statistics.timeSeries(projectId, filter, instantOf(window.lowestId()),
                instantOf(window.highestId()), bucket));
    }

    /** The date-window bound back as a time (ListParams keeps it as a ULID bound), or null when open. */
    private static Instant instantOf(String idBound) {
        return idBound == null ? null : Instant.ofEpochMilli(Ulid.timestampOf(idBound));
    }
}
