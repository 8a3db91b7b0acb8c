package dev.hookline.app.metaevents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class MetaEventsViewModelTest {

    @Test
    void theQueryIsTheExplicitDateWindowSortAndPageSize() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start().answer("GET", "meta-events", 200, FakeConvoy.emptyPage())) {
            MetaEventsViewModel model = new MetaEventsViewModel(ConsoleSession.connected(convoy.client(), false,
                    new SameThreadBackgroundTasks()));
            model.sortProperty().set(ListQuery.Sort.ASC);

            convoy.client().listMetaEvents(model.query(Instant.parse("2026-10-24T06:30:00Z"),
                    Instant.parse("2026-11-23T06:30:59.900Z")));

            FakeConvoy.Request sent = convoy.requests("GET", "meta-events").get(0);
            assertEquals("2026-10-24T06:30:00", sent.param("startDate"));
            assertEquals("2026-11-23T06:30:59", sent.param("endDate"));
            assertEquals("ASC", sent.param("sort"));
            assertEquals("50", sent.param("perPage"));
        }
    }
}
