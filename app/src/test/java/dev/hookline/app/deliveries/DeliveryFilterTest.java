package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.app.table.DateRange;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryFilterTest {

    private static final Instant NOW = Instant.parse("2026-11-23T09:30:15.750Z");

    @Test
    void everyStatusIsARepeatedKeyWithConvoysWireValue() {
        DeliveryFilter filter = new DeliveryFilter(List.of(EventDeliveryStatus.FAILURE, EventDeliveryStatus.RETRY),
                List.of(), null, null, null, null, null);

        assertEquals("status=Failure&status=Retry&sort=DESC", filter.toQuery().toQuery());
    }

    @Test
    void eachTextFilterGoesToItsOwnParameterTrimmed() {
        DeliveryFilter filter = new DeliveryFilter(List.of(), List.of(" ep1 ", "ep2", "ep1", " "), " invoice.paid ",
                "sub1", "evt1", "key-1", ListQuery.Sort.ASC);

        ListQuery query = filter.toQuery();
        assertEquals(List.of("ep1", "ep2"), query.values("endpointId"));
        assertEquals("invoice.paid", query.value("eventType"));
        assertEquals("sub1", query.value("subscriptionId"));
        assertEquals("evt1", query.value("eventId"));
        assertEquals("key-1", query.value("idempotencyKey"));
        assertEquals("ASC", query.value("sort"));
    }

    @Test
    void theHttpStatusClassesGoOutAsRepeatedHttpStatusKeysAlsoInTheBatchAndTheTotalsQuery() {
        DeliveryFilter filter = new DeliveryFilter(List.of(EventDeliveryStatus.FAILURE), List.of(), null, null, null,
                null, null, null, List.of(HttpStatusClass.SERVER_ERROR, HttpStatusClass.NONE));

        assertEquals(List.of("5xx", "none"), filter.toQuery().values("httpStatus"));
        assertEquals(List.of("5xx", "none"), filter.toBatchQuery(DateRange.of(DateRange.Preset.LAST_HOUR), NOW)
                .values("httpStatus"));
        assertEquals(List.of("5xx", "none"), filter.withStatuses(List.of()).toQuery().values("httpStatus"),
                "the totals count every status of the same HTTP status filter");
    }

    @Test
    void aDeliveryLoadedByIdIsKeptByItsLastAttemptsClass() {
        DeliveryFilter serverErrors = new DeliveryFilter(List.of(), List.of(), null, null, null, null, null, null,
                List.of(HttpStatusClass.SERVER_ERROR));

        assertTrue(serverErrors.keepsLastAttempt("503 Service Unavailable"));
        assertFalse(serverErrors.keepsLastAttempt("200 OK"));
        assertFalse(serverErrors.keepsLastAttempt(null), "never tried: no class");
        assertTrue(DeliveryFilter.none().keepsLastAttempt(null), "no HTTP status filter keeps everything");
    }

    @Test
    void blankFiltersAreNotSent() {
        DeliveryFilter filter = new DeliveryFilter(null, null, " ", "", null, "\t", null);

        assertEquals(List.of("sort"), List.copyOf(filter.toQuery().params().keySet()));
        assertNull(filter.toQuery().value("eventType"));
    }

    @Test
    void theBatchQueryIsTheFiltersWithThePresetResolvedToExplicitDates() {
        DeliveryFilter filter = new DeliveryFilter(List.of(EventDeliveryStatus.FAILURE), List.of("ep1"), null, null,
                null, null, ListQuery.Sort.ASC);

        ListQuery batch = filter.toBatchQuery(DateRange.of(DateRange.Preset.LAST_HOUR), NOW);

        assertEquals("status=Failure&endpointId=ep1&startDate=2026-11-23T08%3A30%3A15"
                + "&endDate=2026-11-23T09%3A30%3A15", batch.toQuery());
    }
}
