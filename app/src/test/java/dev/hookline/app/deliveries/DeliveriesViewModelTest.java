package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveriesViewModelTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = Json.lenient();

    private FakeConvoy convoy;
    private DeliveriesViewModel model;

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start().answer("GET", "eventdeliveries", 200, FakeConvoy.emptyPage());
        model = new DeliveriesViewModel(ConsoleSession.connected(convoy.client(), false,
                new SameThreadBackgroundTasks()), CLOCK);
        model.list().reload();
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    private FakeConvoy.Request lastList() {
        List<FakeConvoy.Request> lists = convoy.requests("GET", "eventdeliveries");
        return lists.get(lists.size() - 1);
    }

    @Test
    void theFirstPageAlwaysCarriesExplicitDatesOfTheDefaultWindow() {
        FakeConvoy.Request sent = lastList();

        assertEquals("2026-11-22T10:00:00", sent.param("startDate"));
        assertEquals("2026-11-23T10:00:00", sent.param("endDate"));
        assertEquals("50", sent.param("perPage"));
        assertEquals("DESC", sent.param("sort"));
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            LAST_HOUR,     2026-11-23T09:00:00
            LAST_24_HOURS, 2026-11-22T10:00:00
            LAST_7_DAYS,   2026-11-16T10:00:00
            LAST_30_DAYS,  2026-10-24T10:00:00
            """)
    void eachPresetIsSentAsExplicitDatesEndingNow(DateRange.Preset preset, String start) {
        model.list().dateRangeProperty().set(DateRange.of(preset));

        assertEquals(start, lastList().param("startDate"));
        assertEquals("2026-11-23T10:00:00", lastList().param("endDate"));
    }

    @Test
    void aCustomRangeIsSentAsItIs() {
        model.list().dateRangeProperty().set(DateRange.custom(Instant.parse("2026-11-01T00:00:00Z"),
                Instant.parse("2026-11-02T23:59:59Z")));

        assertEquals("2026-11-01T00:00:00", lastList().param("startDate"));
        assertEquals("2026-11-02T23:59:59", lastList().param("endDate"));
    }

    @Test
    void eachFilterChangeReloadsWithItInTheQuery() {
        model.statuses().setAll(EventDeliveryStatus.FAILURE, EventDeliveryStatus.RETRY);
        assertEquals(List.of("Failure", "Retry"), lastList().params("status"));
        model.endpointIds().setAll("ep1", "ep2");
        assertEquals(List.of("ep1", "ep2"), lastList().params("endpointId"));
        model.eventTypeProperty().set("invoice.paid");
        assertEquals("invoice.paid", lastList().param("eventType"));
        model.subscriptionIdProperty().set("sub1");
        assertEquals("sub1", lastList().param("subscriptionId"));
        model.eventIdProperty().set("evt1");
        assertEquals("evt1", lastList().param("eventId"));
        model.idempotencyKeyProperty().set("k1");
        assertEquals("k1", lastList().param("idempotencyKey"));
        model.sortProperty().set(ListQuery.Sort.ASC);
        assertEquals("ASC", lastList().param("sort"));
        assertEquals(List.of("Failure", "Retry"), lastList().params("status"), "earlier filters still apply");
    }

    @Test
    void aFilterFromAnotherViewReplacesTheCurrentFiltersInOneReload() {
        model.statuses().setAll(EventDeliveryStatus.FAILURE);
        model.eventTypeProperty().set("invoice.paid");
        int before = convoy.requests("GET", "eventdeliveries").size();

        model.applyFilter(Map.of("eventId", "evt9"));

        assertEquals(before + 1, convoy.requests("GET", "eventdeliveries").size());
        assertEquals("evt9", lastList().param("eventId"));
        assertEquals(List.of(), lastList().params("status"));
        assertNull(lastList().param("eventType"));
        assertEquals("evt9", model.eventIdProperty().get());
    }

    @Test
    void batchRetryCountsWithTheFiltersAndSendsNothingUntilConfirmed() {
        convoy.answer("GET", "eventdeliveries/countbatchretryevents", 200, "{\"num\":7}");
        convoy.answer("POST", "eventdeliveries/batchretry", 200, "null");
        model.statuses().setAll(EventDeliveryStatus.FAILURE);
        model.endpointIds().setAll("ep1");
        model.list().dateRangeProperty().set(DateRange.of(DateRange.Preset.LAST_7_DAYS));
        int listsBefore = convoy.requests("GET", "eventdeliveries").size();

        model.requestBatchRetry();

        assertEquals(CountedBatch.State.AWAITING_CONFIRMATION, model.batchRetry().stateProperty().get());
        assertEquals(7, model.batchRetry().countProperty().get());
        FakeConvoy.Request count = convoy.requests("GET", "eventdeliveries/countbatchretryevents").get(0);
        assertEquals(List.of("Failure"), count.params("status"));
        assertEquals(List.of("ep1"), count.params("endpointId"));
        assertEquals("2026-11-16T10:00:00", count.param("startDate"));
        assertEquals("2026-11-23T10:00:00", count.param("endDate"));
        assertNull(count.param("perPage"));
        assertEquals(List.of(), convoy.requests("POST", "eventdeliveries/batchretry"), "nothing sent yet");

        model.endpointIds().setAll("ep2"); // changing the filter meanwhile does not change what was counted
        model.batchRetry().confirm();

        FakeConvoy.Request sent = convoy.requests("POST", "eventdeliveries/batchretry").get(0);
        assertEquals(count.query(), sent.query());
        assertEquals(listsBefore + 3, convoy.requests("GET", "eventdeliveries").size(),
                "one reload for the filter change, one listing what the batch covers (for Show them), one after");
        FakeConvoy.Request covered = convoy.requests("GET", "eventdeliveries").get(listsBefore + 1);
        assertEquals(List.of("Failure"), covered.params("status"), "what was counted, not the filter changed since");
        assertEquals(List.of("ep1"), covered.params("endpointId"));
    }

    @Test
    void retrySelectedResendsFailedForceResendsDeliveredAndLeavesTheRestAlone() throws Exception {
        convoy.answer("PUT", "eventdeliveries/D1/resend", 200, "{\"uid\":\"D1\",\"status\":\"Scheduled\"}");
        convoy.answer("PUT", "eventdeliveries/D2/resend", 400, "\"the endpoint is currently paused\"");
        convoy.answer("POST", "eventdeliveries/forceresend", 200, "null");
        int listsBefore = convoy.requests("GET", "eventdeliveries").size();

        model.retrySelected(List.of(delivery("D1", "Failure"), delivery("D2", "Discarded"),
                delivery("D3", "Success"), delivery("D4", "Processing")));

        assertEquals("{\"ids\":[\"D3\"]}", convoy.requests("POST", "eventdeliveries/forceresend").get(0).body());
        assertEquals(List.of(), convoy.requests("PUT", "eventdeliveries/D4/resend"));
        assertEquals("2 deliveries sent again, 1 refused (the endpoint is currently paused), "
                + "1 still on their way (left alone)", model.actionMessageProperty().get());
        assertEquals(listsBefore + 1, convoy.requests("GET", "eventdeliveries").size(), "table refreshed");
    }

    private static EventDelivery delivery(String id, String status) throws Exception {
        return JSON.readValue("{\"uid\":\"" + id + "\",\"status\":\"" + status + "\"}", EventDelivery.class);
    }
}
