package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.table.DateRange;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventFilterTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @Test
    void sendsEveryFilterAndTheSearch() {
        EventFilter filter = new EventFilter(List.of("src1", "src2"), List.of("ep1"), " order-42 ", " paid  refund ",
                null);

        ListQuery query = filter.toQuery();
        assertEquals(List.of("src1", "src2"), query.values("sourceId"));
        assertEquals(List.of("ep1"), query.values("endpointId"));
        assertEquals("order-42", query.value("idempotencyKey"));
        assertEquals("paid  refund", query.value("query"));
        assertEquals("DESC", query.value("sort"));
    }

    @Test
    void theBatchQueryHasTheFiltersAndExplicitDatesButNoSearchNoPaging() {
        EventFilter filter = new EventFilter(List.of("src1"), List.of(), "k", null, ListQuery.Sort.ASC);

        assertEquals("sourceId=src1&idempotencyKey=k&startDate=2026-11-22T12%3A00%3A00"
                        + "&endDate=2026-11-23T12%3A00%3A00",
                filter.toBatchQuery(DateRange.of(DateRange.Preset.LAST_24_HOURS), NOW).toQuery());
        assertTrue(filter.canBatchReplay());
    }

    @Test
    void aTextSearchCannotBeBatchReplayedBecauseConvoyRefusesIt() {
        EventFilter filter = new EventFilter(null, null, null, "refund", null);

        assertFalse(filter.canBatchReplay());
        assertNull(filter.toBatchQuery(DateRange.defaultRange(), NOW).value("query"));
    }

    @Test
    void blankTextIsNoFilter() {
        EventFilter filter = new EventFilter(List.of(" "), null, "  ", "", null);

        assertEquals(List.of("sort"), List.copyOf(filter.toQuery().params().keySet()));
        assertTrue(filter.canBatchReplay());
    }
}
