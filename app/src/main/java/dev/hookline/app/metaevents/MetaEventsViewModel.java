package dev.hookline.app.metaevents;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.shell.ConsoleSession;
import java.time.Instant;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The Meta events view's list state. Convoy filters meta events only by date, so the query is the date window (from
 * the view's picker), the sort and the paging.
 */
public final class MetaEventsViewModel {

    public static final int PAGE_SIZE = 50;

    private final ConsoleSession session;
    private final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort", ListQuery.Sort.DESC);

    public MetaEventsViewModel(ConsoleSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** The first page's query: always an explicit date window (a remote Convoy shows 7 days otherwise). */
    public ListQuery query(Instant start, Instant end) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        return ListQuery.ofPerPage(PAGE_SIZE).sort(sort.get()).startDate(start).endDate(end);
    }

    public ObjectProperty<ListQuery.Sort> sortProperty() {
        return sort;
    }

    public ConsoleSession session() {
        return session;
    }
}
