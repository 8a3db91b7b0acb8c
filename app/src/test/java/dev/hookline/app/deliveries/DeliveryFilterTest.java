package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryFilterTest {

    private static final Instant START = Instant.parse("2026-11-20T08:00:00.250Z");
    private static final Instant END = Instant.parse("2026-11-23T09:30:15Z");

    @Test
    void alwaysSendsAnExplicitDateWindowInConvoysFormat() {
        ListQuery query = DeliveryFilter.window(START, END).toQuery(50);

        assertEquals("2026-11-20T08:00:00", query.value("startDate"));
        assertEquals("2026-11-23T09:30:15", query.value("endDate"));
        assertEquals("50", query.value("perPage"));
        assertEquals("DESC", query.value("sort"));
    }

    @Test
    void everyStatusIsARepeatedKeyWithConvoysWireValue() {
        DeliveryFilter filter = new DeliveryFilter(List.of(EventDeliveryStatus.FAILURE, EventDeliveryStatus.RETRY),
                List.of(), null, null, null, null, START, END, null);

        assertEquals("startDate=2026-11-20T08%3A00%3A00&endDate=2026-11-23T09%3A30%3A15"
                + "&status=Failure&status=Retry", filter.toBatchQuery().toQuery());
    }

    @Test
    void eachTextFilterGoesToItsOwnParameterTrimmed() {
        DeliveryFilter filter = new DeliveryFilter(List.of(), List.of(" ep1 ", "ep2", "ep1", " "), " invoice.paid ",
                "sub1", "evt1", "key-1", START, END, ListQuery.Sort.ASC);

        ListQuery query = filter.toQuery(20);
        assertEquals(List.of("ep1", "ep2"), query.values("endpointId"));
        assertEquals("invoice.paid", query.value("eventType"));
        assertEquals("sub1", query.value("subscriptionId"));
        assertEquals("evt1", query.value("eventId"));
        assertEquals("key-1", query.value("idempotencyKey"));
        assertEquals("ASC", query.value("sort"));
    }

    @Test
    void blankFiltersAreNotSent() {
        DeliveryFilter filter = new DeliveryFilter(null, null, " ", "", null, "\t", START, END, null);

        assertEquals(List.of("startDate", "endDate"), List.copyOf(filter.toBatchQuery().params().keySet()));
        assertNull(filter.toQuery(10).value("eventType"));
    }

    @Test
    void theWireCarriesRepeatedStatusKeysNotBrackets() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start().answer("GET", "eventdeliveries", 200, FakeConvoy.emptyPage())) {
            DeliveryFilter filter = new DeliveryFilter(List.of(EventDeliveryStatus.FAILURE,
                    EventDeliveryStatus.DISCARDED), List.of("ep1", "ep2"), null, null, null, null, START, END, null);

            convoy.client().listEventDeliveries(filter.toQuery(25));

            FakeConvoy.Request sent = convoy.requests("GET", "eventdeliveries").get(0);
            assertEquals(List.of("Failure", "Discarded"), sent.params("status"));
            assertEquals(List.of("ep1", "ep2"), sent.params("endpointId"));
            assertEquals(List.of(), sent.params("status[]"));
            assertEquals("2026-11-20T08:00:00", sent.param("startDate"));
        }
    }
}
