package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.traffic.CountedBatch;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EventsViewModelTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T00:00:00Z"), ZoneOffset.UTC);

    private FakeConvoy convoy;
    private EventsViewModel model;

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start().answer("GET", "events", 200, FakeConvoy.emptyPage());
        model = new EventsViewModel(ConsoleSession.connected(convoy.client(), false, new SameThreadBackgroundTasks()),
                CLOCK);
        model.list().reload();
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    private FakeConvoy.Request lastList() {
        List<FakeConvoy.Request> lists = convoy.requests("GET", "events");
        return lists.get(lists.size() - 1);
    }

    @Test
    void everyFilterEndsUpInTheQueryWithExplicitDates() {
        model.sourceIds().setAll("src1", "src2");
        model.endpointIds().setAll("ep1");
        model.idempotencyKeyProperty().set("order-1");
        model.searchProperty().set("refund");

        FakeConvoy.Request sent = lastList();
        assertEquals(List.of("src1", "src2"), sent.params("sourceId"));
        assertEquals(List.of("ep1"), sent.params("endpointId"));
        assertEquals("order-1", sent.param("idempotencyKey"));
        assertEquals("refund", sent.param("query"));
        assertEquals("2026-11-22T00:00:00", sent.param("startDate"));
        assertEquals("2026-11-23T00:00:00", sent.param("endDate"));
        assertEquals("50", sent.param("perPage"));
    }

    @Test
    void batchReplayCountsFirstAndReplaysOnlyAfterConfirmation() {
        convoy.answer("GET", "events/countbatchreplayevents", 200, "{\"num\":4}");
        convoy.answer("POST", "events/batchreplay", 200, "null");
        model.sourceIds().setAll("src1");
        model.list().dateRangeProperty().set(DateRange.of(DateRange.Preset.LAST_7_DAYS));

        model.requestBatchReplay();

        assertEquals(4, model.batchReplay().countProperty().get());
        FakeConvoy.Request count = convoy.requests("GET", "events/countbatchreplayevents").get(0);
        assertEquals(List.of("src1"), count.params("sourceId"));
        assertEquals("2026-11-16T00:00:00", count.param("startDate"));
        assertEquals(List.of(), convoy.requests("POST", "events/batchreplay"));

        model.batchReplay().confirm();

        FakeConvoy.Request sent = convoy.requests("POST", "events/batchreplay").get(0);
        assertEquals(count.query(), sent.query());
        assertEquals(CountedBatch.State.DONE, model.batchReplay().stateProperty().get());
    }

    @Test
    void noBatchReplayWhileATextSearchIsSet() {
        model.searchProperty().set("refund");
        assertFalse(model.canBatchReplayProperty().get());

        model.requestBatchReplay();

        assertEquals(List.of(), convoy.requests("GET", "events/countbatchreplayevents"));
        assertEquals(CountedBatch.State.IDLE, model.batchReplay().stateProperty().get());
        model.searchProperty().set(" ");
        assertTrue(model.canBatchReplayProperty().get());
    }

    @Test
    void aFilterFromAnotherViewReplacesTheCurrentOnes() {
        model.searchProperty().set("refund");
        model.applyFilter(Map.of("endpointId", "ep7"));

        assertEquals(List.of("ep7"), lastList().params("endpointId"));
        assertNull(lastList().param("query"));
    }
}
