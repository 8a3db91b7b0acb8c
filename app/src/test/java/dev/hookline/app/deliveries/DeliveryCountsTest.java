package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the deliveries view asks for its totals and chart, and how it reads the answers, over real HTTP. */
class DeliveryCountsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);
    private static final String TOTALS = "{\"totals\":{\"Success\":7,\"Failure\":2,\"Retry\":1}}";
    private static final String SERIES = "{\"bucket\":\"hour\",\"buckets\":[{\"start\":\"2026-11-23T09:00:00Z\","
            + "\"success\":7,\"failure\":2,\"retry\":1,\"scheduled\":0,\"processing\":0,\"discarded\":0}]}";

    private FakeConvoy convoy;
    private DeliveriesViewModel model;

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start().answer("GET", "eventdeliveries", 200, FakeConvoy.emptyPage())
                .answer("GET", "eventdeliveries/statustotals", 200, TOTALS)
                .answer("GET", "eventdeliveries/timeseries", 200, SERIES);
        model = new DeliveriesViewModel(ConsoleSession.connected(convoy.client(), false,
                new SameThreadBackgroundTasks()), CLOCK);
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    private FakeConvoy.Request last(String path) {
        List<FakeConvoy.Request> requests = convoy.requests("GET", path);
        return requests.get(requests.size() - 1);
    }

    @Test
    void totalsAreAskedWithoutTheStatusFilterAndTheChartWithEveryFilterOfTheSameWindow() {
        model.statuses().setAll(EventDeliveryStatus.FAILURE);
        model.endpointIds().setAll("ep-1");

        FakeConvoy.Request totals = last("eventdeliveries/statustotals");
        assertEquals(List.of(), totals.params("status"), "every status keeps its count, to be clicked");
        assertEquals("ep-1", totals.param("endpointId"));
        assertEquals("2026-11-22T10:00:00", totals.param("startDate"));
        assertEquals("2026-11-23T10:00:00", totals.param("endDate"));
        FakeConvoy.Request series = last("eventdeliveries/timeseries");
        assertEquals(List.of("Failure"), series.params("status"));
        assertEquals("hour", series.param("bucket"), "24 hours are charted per hour");

        assertEquals(2, model.counts().matching(), "the Failure total: what the filtered list matches");
        model.statuses().clear();
        assertEquals(10, model.counts().matching(), "a Convoy answer leaves out empty statuses: summed here");
        assertEquals(DeliveryCounts.State.LOADED, model.counts().seriesStateProperty().get());
    }

    @Test
    void windowsLongerThanTwoDaysAreChartedPerDay() {
        model.list().dateRangeProperty().set(DateRange.of(DateRange.Preset.LAST_7_DAYS));

        assertEquals("day", last("eventdeliveries/timeseries").param("bucket"));
        assertEquals("2026-11-16T10:00:00", last("eventdeliveries/timeseries").param("startDate"));
    }

    @Test
    void clickingATotalFiltersByItAndClickingItAgainClearsTheStatusFilter() {
        model.list().reload();
        model.toggleStatus(EventDeliveryStatus.RETRY);
        assertEquals(List.of("Retry"), last("eventdeliveries").params("status"));
        model.toggleStatus(EventDeliveryStatus.RETRY);
        assertEquals(List.of(), last("eventdeliveries").params("status"));
    }

    @Test
    void aServerWithoutTheRoutesLeavesTotalsUnavailableAndSaysSo() throws Exception {
        try (FakeConvoy bare = FakeConvoy.start().answer("GET", "eventdeliveries", 200, FakeConvoy.emptyPage())) {
            DeliveriesViewModel onBare = new DeliveriesViewModel(ConsoleSession.connected(bare.client(), false,
                    new SameThreadBackgroundTasks()), CLOCK);
            onBare.loadCounts();

            assertEquals(DeliveryCounts.State.UNAVAILABLE, onBare.counts().totalsStateProperty().get());
            assertEquals(DeliveryCounts.State.UNAVAILABLE, onBare.counts().seriesStateProperty().get());
            assertEquals("Totals are unavailable on this server.", onBare.counts().messageProperty().get());
            assertEquals(-1, onBare.counts().matching());
            assertNull(onBare.session().connectionProblemProperty().get(), "a missing route is not an outage");
        }
    }
}
