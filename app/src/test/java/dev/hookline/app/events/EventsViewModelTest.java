package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.deliveries.CountedBatch;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EventsViewModelTest {

    private static final Instant START = Instant.parse("2026-11-16T00:00:00Z");
    private static final Instant END = Instant.parse("2026-11-23T00:00:00Z");

    private FakeConvoy convoy;
    private EventsViewModel model;
    private final AtomicInteger reloads = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start();
        model = new EventsViewModel(ConsoleSession.connected(convoy.client(), false, new SameThreadBackgroundTasks()));
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    @Test
    void everyFilterEndsUpInTheQuery() {
        model.sourceIds().setAll("src1", "src2");
        model.endpointIds().setAll("ep1");
        model.idempotencyKeyProperty().set("order-1");
        model.searchProperty().set("refund");

        ListQuery query = model.query(START, END);

        assertEquals(List.of("src1", "src2"), query.values("sourceId"));
        assertEquals(List.of("ep1"), query.values("endpointId"));
        assertEquals("order-1", query.value("idempotencyKey"));
        assertEquals("refund", query.value("query"));
        assertEquals("2026-11-16T00:00:00", query.value("startDate"));
        assertEquals("2026-11-23T00:00:00", query.value("endDate"));
    }

    @Test
    void batchReplayCountsFirstAndReplaysOnlyAfterConfirmation() {
        convoy.answer("GET", "events/countbatchreplayevents", 200, "{\"num\":4}");
        convoy.answer("POST", "events/batchreplay", 200, "null");
        model.sourceIds().setAll("src1");

        model.requestBatchReplay(START, END, reloads::incrementAndGet);

        assertEquals(4, model.batchReplay().countProperty().get());
        assertEquals(List.of("src1"), convoy.requests("GET", "events/countbatchreplayevents").get(0)
                .params("sourceId"));
        assertEquals(List.of(), convoy.requests("POST", "events/batchreplay"));

        model.batchReplay().confirm();

        FakeConvoy.Request sent = convoy.requests("POST", "events/batchreplay").get(0);
        assertEquals(List.of("src1"), sent.params("sourceId"));
        assertEquals("2026-11-16T00:00:00", sent.param("startDate"));
        assertEquals(1, reloads.get());
        assertEquals(CountedBatch.State.DONE, model.batchReplay().stateProperty().get());
    }

    @Test
    void noBatchReplayWhileATextSearchIsSet() {
        model.searchProperty().set("refund");
        assertFalse(model.canBatchReplayProperty().get());

        model.requestBatchReplay(START, END, reloads::incrementAndGet);

        assertEquals(List.of(), convoy.requests());
        assertEquals(CountedBatch.State.IDLE, model.batchReplay().stateProperty().get());
        model.searchProperty().set(" ");
        assertTrue(model.canBatchReplayProperty().get());
    }

    @Test
    void aFilterFromAnotherViewReplacesTheCurrentOnes() {
        model.searchProperty().set("refund");
        model.applyFilter(Map.of("endpointId", "ep7"));

        ListQuery query = model.query(START, END);
        assertEquals(List.of("ep7"), query.values("endpointId"));
        assertEquals(null, query.value("query"));
    }
}
