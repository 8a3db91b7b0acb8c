package dev.hookline.app.metaevents;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.traffic.RememberedFilters;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Meta events view's list and filters: status and event type (the embedded server's; Convoy filters meta
 * events by date only and ignores them), the sort, and the table's date window (always explicit). Filters are
 * remembered per connection like the other traffic views'. No controls; call it on the FX thread.
 */
public final class MetaEventsViewModel {

    public static final int PAGE_SIZE = 50;
    /** The meta-event types a project can subscribe to (Convoy's list). */
    public static final List<String> TYPES = List.of("endpoint.created", "endpoint.updated", "endpoint.deleted",
            "eventdelivery.success", "eventdelivery.failed");

    private final PagedListModel<MetaEvent> list;
    private final ObservableList<EventDeliveryStatus> statuses = FXCollections.observableArrayList();
    private final StringProperty eventType = new SimpleStringProperty(this, "eventType", "");
    private final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort", ListQuery.Sort.DESC);
    private final RememberedFilters remembered;
    private boolean applying;

    public MetaEventsViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public MetaEventsViewModel(ConsoleSession session, Clock clock) {
        Objects.requireNonNull(session, "session");
        list = new PagedListModel<>(session, ApiClient::listMetaEvents, MetaEvent::uid, clock);
        list.perPageProperty().set(PAGE_SIZE);
        list.dateRangeProperty().set(DateRange.defaultRange());
        list.filterProperty().set(query());
        InvalidationListener filtersChanged = observable -> {
            if (!applying) {
                list.filterProperty().set(query());
            }
        };
        for (var observable : List.of(statuses, eventType, sort)) {
            observable.addListener(filtersChanged);
        }
        remembered = new RememberedFilters(session, "meta-events", this::snapshot, this::restore);
        remembered.start(List.of(list.filterProperty(), list.dateRangeProperty()));
    }

    /** The list's filters and sort (the table adds paging and the dates). */
    ListQuery query() {
        return ListQuery.create().withAll("status", statuses.stream().map(EventDeliveryStatus::wire).toList())
                .with("eventType", eventType.get() == null || eventType.get().isBlank() ? null
                        : eventType.get().strip())
                .sort(sort.get());
    }

    /** True when a status or type filter is set (the empty table then says so). */
    public boolean hasFilters() {
        return !statuses.isEmpty() || (eventType.get() != null && !eventType.get().isBlank());
    }

    Map<String, List<String>> snapshot() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put("status", statuses.stream().map(EventDeliveryStatus::wire).toList());
        RememberedFilters.putText(out, "eventType", eventType.get());
        out.put("sort", List.of(sort.get().name()));
        out.put("window", (list.dateRangeProperty().get() == null ? DateRange.defaultRange()
                : list.dateRangeProperty().get()).toStrings());
        out.values().removeIf(List::isEmpty);
        return out;
    }

    void restore(Map<String, List<String>> values) {
        applying = true;
        try {
            statuses.setAll(values.getOrDefault("status", List.of()).stream().map(EventDeliveryStatus::fromWire)
                    .filter(Objects::nonNull).distinct().toList());
            eventType.set(RememberedFilters.text(values, "eventType"));
            sort.set(RememberedFilters.sortOf(values));
            list.dateRangeProperty().set(DateRange.fromStrings(values.get("window"), DateRange.defaultRange()));
        } finally {
            applying = false;
        }
        list.filterProperty().set(query());
    }

    /** Clears the status and type filters (the date window and sort stay). */
    public void clearFilters() {
        applying = true;
        try {
            statuses.clear();
            eventType.set("");
        } finally {
            applying = false;
        }
        list.filterProperty().set(query());
    }

    public PagedListModel<MetaEvent> list() {
        return list;
    }

    public ObservableList<EventDeliveryStatus> statuses() {
        return statuses;
    }

    public StringProperty eventTypeProperty() {
        return eventType;
    }

    public ObjectProperty<ListQuery.Sort> sortProperty() {
        return sort;
    }

    public RememberedFilters remembered() {
        return remembered;
    }
}
