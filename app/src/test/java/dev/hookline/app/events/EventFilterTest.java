package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventFilterTest {

    private static final Instant START = Instant.parse("2026-11-22T00:00:00Z");
    private static final Instant END = Instant.parse("2026-11-23T12:00:00Z");

    @Test
    void sendsEveryFilterAndTheDateWindow() {
        EventFilter filter = new EventFilter(List.of("src1", "src2"), List.of("ep1"), " order-42 ", " paid  refund ",
                START, END, null);

        ListQuery query = filter.toQuery(50);
        assertEquals(List.of("src1", "src2"), query.values("sourceId"));
        assertEquals(List.of("ep1"), query.values("endpointId"));
        assertEquals("order-42", query.value("idempotencyKey"));
        assertEquals("paid  refund", query.value("query"));
        assertEquals("2026-11-22T00:00:00", query.value("startDate"));
        assertEquals("2026-11-23T12:00:00", query.value("endDate"));
        assertEquals("50", query.value("perPage"));
        assertEquals("DESC", query.value("sort"));
    }

    @Test
    void theBatchQueryHasTheFiltersButNoPagingAndNoSearch() {
        EventFilter filter = new EventFilter(List.of("src1"), List.of(), "k", null, START, END, ListQuery.Sort.ASC);

        assertEquals("startDate=2026-11-22T00%3A00%3A00&endDate=2026-11-23T12%3A00%3A00&sourceId=src1"
                + "&idempotencyKey=k", filter.toBatchQuery().toQuery());
        assertTrue(filter.canBatchReplay());
    }

    @Test
    void aTextSearchCannotBeBatchReplayedBecauseConvoyRefusesIt() {
        EventFilter filter = new EventFilter(null, null, null, "refund", START, END, null);

        assertFalse(filter.canBatchReplay());
        assertNull(filter.toBatchQuery().value("query"));
    }

    @Test
    void blankTextIsNoFilter() {
        EventFilter filter = new EventFilter(List.of(" "), null, "  ", "", START, END, null);

        assertEquals(List.of("startDate", "endDate"), List.copyOf(filter.toBatchQuery().params().keySet()));
        assertTrue(filter.canBatchReplay());
    }
}
