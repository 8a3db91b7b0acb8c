package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeliveriesViewModelTest {

    private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");
    private static final Instant END = Instant.parse("2026-11-23T10:00:00Z");
    private static final ObjectMapper JSON = Json.lenient();

    private FakeConvoy convoy;
    private DeliveriesViewModel model;
    private final AtomicInteger reloads = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start();
        model = new DeliveriesViewModel(ConsoleSession.connected(convoy.client(), false,
                new SameThreadBackgroundTasks()));
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    @Test
    void everyFilterTheUserSetsEndsUpInTheQuery() {
        model.statuses().setAll(EventDeliveryStatus.FAILURE, EventDeliveryStatus.RETRY);
        model.endpointIds().setAll("ep1");
        model.eventTypeProperty().set("invoice.paid");
        model.subscriptionIdProperty().set("sub1");
        model.eventIdProperty().set("evt1");
        model.idempotencyKeyProperty().set("k1");
        model.sortProperty().set(ListQuery.Sort.ASC);

        ListQuery query = model.query(START, END);

        assertEquals(List.of("Failure", "Retry"), query.values("status"));
        assertEquals(List.of("ep1"), query.values("endpointId"));
        assertEquals("invoice.paid", query.value("eventType"));
        assertEquals("sub1", query.value("subscriptionId"));
        assertEquals("evt1", query.value("eventId"));
        assertEquals("k1", query.value("idempotencyKey"));
        assertEquals("ASC", query.value("sort"));
        assertEquals("50", query.value("perPage"));
        assertEquals("2026-11-22T10:00:00", query.value("startDate"));
        assertEquals("2026-11-23T10:00:00", query.value("endDate"));
    }

    @Test
    void aFilterFromAnotherViewReplacesTheCurrentFilters() {
        model.statuses().setAll(EventDeliveryStatus.FAILURE);
        model.eventTypeProperty().set("invoice.paid");

        model.applyFilter(Map.of("eventId", "evt9"));

        ListQuery query = model.query(START, END);
        assertEquals("evt9", query.value("eventId"));
        assertEquals(List.of(), query.values("status"));
        assertEquals(null, query.value("eventType"));
    }

    @Test
    void batchRetryCountsWithTheFiltersAndSendsNothingUntilConfirmed() {
        convoy.answer("GET", "eventdeliveries/countbatchretryevents", 200, "{\"num\":7}");
        convoy.answer("POST", "eventdeliveries/batchretry", 200, "null");
        model.statuses().setAll(EventDeliveryStatus.FAILURE);
        model.endpointIds().setAll("ep1");

        model.requestBatchRetry(START, END, reloads::incrementAndGet);

        assertEquals(CountedBatch.State.AWAITING_CONFIRMATION, model.batchRetry().stateProperty().get());
        assertEquals(7, model.batchRetry().countProperty().get());
        FakeConvoy.Request count = convoy.requests("GET", "eventdeliveries/countbatchretryevents").get(0);
        assertEquals(List.of("Failure"), count.params("status"));
        assertEquals(List.of("ep1"), count.params("endpointId"));
        assertEquals("2026-11-22T10:00:00", count.param("startDate"));
        assertEquals(null, count.param("perPage"));
        assertEquals(List.of(), convoy.requests("POST", "eventdeliveries/batchretry"), "nothing sent yet");

        model.endpointIds().setAll("ep2"); // changing the filter meanwhile does not change what was counted
        model.batchRetry().confirm();

        FakeConvoy.Request sent = convoy.requests("POST", "eventdeliveries/batchretry").get(0);
        assertEquals(count.query(), sent.query());
        assertEquals(1, reloads.get());
    }

    @Test
    void retrySelectedResendsFailedForceResendsDeliveredAndLeavesTheRestAlone() throws Exception {
        convoy.answer("PUT", "eventdeliveries/D1/resend", 200, "{\"uid\":\"D1\",\"status\":\"Scheduled\"}");
        convoy.answer("PUT", "eventdeliveries/D2/resend", 400, "\"the endpoint is currently paused\"");
        convoy.answer("POST", "eventdeliveries/forceresend", 200, "null");

        model.retrySelected(List.of(delivery("D1", "Failure"), delivery("D2", "Discarded"),
                delivery("D3", "Success"), delivery("D4", "Processing")), reloads::incrementAndGet);

        assertEquals("{\"ids\":[\"D3\"]}", convoy.requests("POST", "eventdeliveries/forceresend").get(0).body());
        assertEquals(List.of(), convoy.requests("PUT", "eventdeliveries/D4/resend"));
        assertEquals("2 deliveries sent again, 1 refused (the endpoint is currently paused), "
                + "1 still on their way (left alone)", model.actionMessageProperty().get());
        assertEquals(1, reloads.get());
    }

    private static EventDelivery delivery(String id, String status) throws Exception {
        return JSON.readValue("{\"uid\":\"" + id + "\",\"status\":\"" + status + "\"}", EventDelivery.class);
    }
}
