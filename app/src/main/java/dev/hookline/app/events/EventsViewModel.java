package dev.hookline.app.events;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Event;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.traffic.CountedBatch;
import dev.hookline.app.traffic.RememberedFilters;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Events view's state: filters (each change reloads the table from its first page), the table
 * ({@link PagedListModel}), batch replay by filter (count first, then confirm), filters set from another view.
 * No controls; call it on the FX thread.
 */
public final class EventsViewModel {

    public static final int PAGE_SIZE = 50;

    private final ConsoleSession session;
    private final Clock clock;
    private final PagedListModel<Event> list;
    private final ObservableList<String> sourceIds = FXCollections.observableArrayList();
    private final ObservableList<String> endpointIds = FXCollections.observableArrayList();
    private final StringProperty idempotencyKey = new SimpleStringProperty(this, "idempotencyKey", "");
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort", ListQuery.Sort.DESC);
    private final CountedBatch batchReplay;
    private final BooleanBinding canBatchReplay;
    private final RememberedFilters remembered;
    private boolean applying;

    public EventsViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public EventsViewModel(ConsoleSession session, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.list = new PagedListModel<>(session, ApiClient::listEvents, Event::uid, clock);
        list.perPageProperty().set(PAGE_SIZE);
        list.dateRangeProperty().set(DateRange.defaultRange());
        list.filterProperty().set(filter().toQuery());
        this.batchReplay = new CountedBatch(session.tasks(), session::reportConnectionFailure);
        // Convoy refuses a batch replay with a text search: offering it would replay something else than the list
        this.canBatchReplay = Bindings.createBooleanBinding(() -> search.get() == null || search.get().isBlank(),
                search);
        InvalidationListener filtersChanged = observable -> {
            if (!applying) {
                list.filterProperty().set(filter().toQuery());
            }
        };
        for (var observable : List.of(sourceIds, endpointIds, idempotencyKey, search, sort)) {
            observable.addListener(filtersChanged);
        }
        this.remembered = new RememberedFilters(session, "events", this::snapshot, this::restore);
        remembered.start(List.of(list.filterProperty(), list.dateRangeProperty()));
    }

    /** The filters, sort and window as remembered between runs. */
    Map<String, List<String>> snapshot() {
        EventFilter f = filter();
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        out.put("sourceId", f.sourceIds());
        out.put("endpointId", f.endpointIds());
        RememberedFilters.putText(out, "idempotencyKey", f.idempotencyKey());
        RememberedFilters.putText(out, "query", f.search());
        out.put("sort", List.of(f.sort().name()));
        out.put("window", (list.dateRangeProperty().get() == null ? DateRange.defaultRange()
                : list.dateRangeProperty().get()).toStrings());
        out.values().removeIf(List::isEmpty);
        return out;
    }

    /** Sets every filter, the sort and the window from {@code values} (absent: cleared, default); one reload. */
    void restore(Map<String, List<String>> values) {
        applying = true;
        try {
            setFilters(values);
            sort.set(RememberedFilters.sortOf(values));
            list.dateRangeProperty().set(DateRange.fromStrings(values.get("window"), DateRange.defaultRange()));
        } finally {
            applying = false;
        }
        list.filterProperty().set(filter().toQuery());
    }

    private void setFilters(Map<String, List<String>> values) {
        sourceIds.setAll(ids(values.get("sourceId")));
        endpointIds.setAll(ids(values.get("endpointId")));
        idempotencyKey.set(RememberedFilters.text(values, "idempotencyKey"));
        search.set(RememberedFilters.text(values, "query"));
    }

    private static List<String> ids(List<String> values) {
        return values == null ? List.of() : values.stream().map(String::strip).filter(v -> !v.isEmpty()).distinct()
                .toList();
    }

    /** Saving, applying and deleting named filter sets of this view. */
    public RememberedFilters remembered() {
        return remembered;
    }

    public EventFilter filter() {
        return new EventFilter(List.copyOf(sourceIds), List.copyOf(endpointIds), idempotencyKey.get(), search.get(),
                sort.get());
    }

    public PagedListModel<Event> list() {
        return list;
    }

    /** Filters set by another view: those named replace the current ones, the others are cleared. One reload. */
    public void applyFilter(Map<String, String> filter) {
        applying = true;
        try {
            Map<String, List<String>> values = new java.util.HashMap<>();
            filter.forEach((name, value) -> values.put(name, value == null ? List.of() : List.of(value)));
            setFilters(values);
        } finally {
            applying = false;
        }
        list.filterProperty().set(filter().toQuery());
    }

    public void clearFilters() {
        applyFilter(Map.of());
    }

    /**
     * Counts the events the current filters and window match; replays them only after
     * {@link CountedBatch#confirm()}, then reloads the table. Does nothing while a text search is set.
     */
    public void requestBatchReplay() {
        EventFilter current = filter();
        if (!current.canBatchReplay()) {
            return;
        }
        ListQuery filters = current.toBatchQuery(list.dateRangeProperty().get(), clock.instant());
        ApiClient client = session.client();
        batchReplay.request(() -> client.countBatchReplayEvents(filters),
                () -> batchReplayResult(client.batchReplayEvents(filters)), list::refresh);
    }

    public ObservableList<String> sourceIds() {
        return sourceIds;
    }

    public ObservableList<String> endpointIds() {
        return endpointIds;
    }

    public StringProperty idempotencyKeyProperty() {
        return idempotencyKey;
    }

    /** Full-text search in the payloads ({@code query}). */
    public StringProperty searchProperty() {
        return search;
    }

    public ObjectProperty<ListQuery.Sort> sortProperty() {
        return sort;
    }

    public CountedBatch batchReplay() {
        return batchReplay;
    }

    public BooleanBinding canBatchReplayProperty() {
        return canBatchReplay;
    }

    public ConsoleSession session() {
        return session;
    }

    /** What a batch replay did, in words: "12 events replayed", and how many could not be. */
    static String batchReplayResult(dev.hookline.api.client.BatchOutcome outcome) {
        if (outcome.successful() == null) {
            return "Batch replay started on the server (\"" + outcome.message() + "\").";
        }
        String done = outcome.successful() + (outcome.successful() == 1 ? " event replayed" : " events replayed");
        return outcome.failed() == null || outcome.failed() == 0 ? done
                : done + "; " + outcome.failed() + " could not be";
    }
}
