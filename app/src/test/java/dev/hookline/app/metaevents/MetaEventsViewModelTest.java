package dev.hookline.app.metaevents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class MetaEventsViewModelTest {

    @Test
    void theQueryIsTheExplicitDateWindowSortAndPageSize() throws Exception {
        Clock clock = Clock.fixed(Instant.parse("2026-11-23T06:30:59.900Z"), ZoneOffset.UTC);
        try (FakeConvoy convoy = FakeConvoy.start().answer("GET", "meta-events", 200, FakeConvoy.emptyPage())) {
            MetaEventsViewModel model = new MetaEventsViewModel(ConsoleSession.connected(convoy.client(), false,
                    new SameThreadBackgroundTasks()), clock);
            model.list().dateRangeProperty().set(DateRange.of(DateRange.Preset.LAST_30_DAYS));
            model.list().reload();
            model.sortProperty().set(ListQuery.Sort.ASC);

            List<FakeConvoy.Request> lists = convoy.requests("GET", "meta-events");
            FakeConvoy.Request sent = lists.get(lists.size() - 1);
            assertEquals("2026-10-24T06:30:59", sent.param("startDate"));
            assertEquals("2026-11-23T06:30:59", sent.param("endDate"));
            assertEquals("ASC", sent.param("sort"));
            assertEquals("50", sent.param("perPage"));
        }
    }
}
