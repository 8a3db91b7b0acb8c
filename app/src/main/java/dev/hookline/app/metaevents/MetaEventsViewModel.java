package dev.hookline.app.metaevents;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.PagedListModel;
import java.time.Clock;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The Meta events view's list. Convoy filters meta events only by date, so the query is the table's date window
 * (always explicit), the sort and the paging.
 */
public final class MetaEventsViewModel {

    public static final int PAGE_SIZE = 50;

    private final PagedListModel<MetaEvent> list;
    private final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort", ListQuery.Sort.DESC);

    public MetaEventsViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public MetaEventsViewModel(ConsoleSession session, Clock clock) {
        Objects.requireNonNull(session, "session");
        list = new PagedListModel<>(session, ApiClient::listMetaEvents, MetaEvent::uid, clock);
        list.perPageProperty().set(PAGE_SIZE);
        list.dateRangeProperty().set(DateRange.defaultRange());
        list.filterProperty().set(ListQuery.create().sort(sort.get()));
        sort.addListener((o, before, now) -> list.filterProperty().set(ListQuery.create().sort(now)));
    }

    public PagedListModel<MetaEvent> list() {
        return list;
    }

    public ObjectProperty<ListQuery.Sort> sortProperty() {
        return sort;
    }
}
