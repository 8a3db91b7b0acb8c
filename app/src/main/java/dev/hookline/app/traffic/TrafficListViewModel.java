package dev.hookline.app.traffic;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.PageLoader;
import dev.hookline.app.table.PagedListModel;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * What the three traffic lists (deliveries, events, meta events) share: the table ({@link PagedListModel}, a page of
 * {@link #PAGE_SIZE} in the default time window), the sort, filters whose every change reloads the table from its
 * first page, filters set all at once (by another view, by Clear, by a remembered or saved view) with one reload, and
 * the filters, sort and window remembered per connection ({@link RememberedFilters}). No controls; call it on the FX
 * thread.
 *
 * <p>A subclass declares its filters as fields, then at the end of its constructor calls {@link #applyFilters()},
 * {@link #reloadOnChange} with them and {@link #remember} (in that order: the remembered filters are restored last).
 *
 * @param <R> one row of the list
 */
public abstract class TrafficListViewModel<R> {

    public static final int PAGE_SIZE = 50;

    protected final ConsoleSession session;
    protected final Clock clock;
    protected final PagedListModel<R> list;
    protected final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort",
            ListQuery.Sort.DESC);
    private RememberedFilters remembered;
    /** True while several filters are set at once: their one reload comes after. */
    private boolean applying;

    protected TrafficListViewModel(ConsoleSession session, Clock clock, PageLoader<R> loader,
                                   Function<? super R, String> idOf) {
        this.session = Objects.requireNonNull(session, "session");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.list = new PagedListModel<>(session, loader, idOf, clock);
        list.perPageProperty().set(PAGE_SIZE);
        list.dateRangeProperty().set(DateRange.defaultRange());
    }

    /** The list's filters and sort, as sent (the table adds paging and the dates). */
    protected abstract ListQuery query();

    /** Adds the filters (not the sort nor the window) to {@code out}, under their list query names. */
    protected abstract void putFilters(Map<String, List<String>> out);

    /** Sets every filter from {@code values} (absent: cleared); the sort and the window stay. */
    protected abstract void setFilters(Map<String, List<String>> values);

    /** Sends the filters as they are now to the table (it reloads when they changed). */
    protected final void applyFilters() {
        list.filterProperty().set(query());
    }

    /** Each change of {@code inputs} (and of the sort) reloads the table, unless several are being set at once. */
    protected final void reloadOnChange(List<? extends Observable> inputs) {
        InvalidationListener filtersChanged = observable -> {
            if (!applying) {
                applyFilters();
            }
        };
        inputs.forEach(input -> input.addListener(filtersChanged));
        sort.addListener(filtersChanged);
    }

    /** Restores the filters remembered for this connection under {@code view}, and remembers every change. */
    protected final void remember(String view) {
        remembered = new RememberedFilters(session, view, this::snapshot, this::restore);
        remembered.start(List.of(list.filterProperty(), list.dateRangeProperty()));
    }

    /** Runs {@code change} (setting several filters), then reloads the table once. */
    protected final void applyingAtOnce(Runnable change) {
        withoutReloads(change);
        applyFilters();
    }

    /** Runs {@code change} (setting several filters) without a reload: the caller sends the list's filter after. */
    protected final void withoutReloads(Runnable change) {
        applying = true;
        try {
            change.run();
        } finally {
            applying = false;
        }
    }

    /** The filters, sort and window as remembered between runs (list query names, plus window and sort). */
    public Map<String, List<String>> snapshot() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        putFilters(out);
        out.put("sort", List.of(sort.get().name()));
        out.put("window", dateRange().toStrings());
        out.values().removeIf(List::isEmpty);
        return out;
    }

    /** Sets every filter, the sort and the window from {@code values} (absent: cleared, default); one reload. */
    public void restore(Map<String, List<String>> values) {
        applyingAtOnce(() -> {
            setFilters(values);
            sort.set(RememberedFilters.sortOf(values));
            list.dateRangeProperty().set(DateRange.fromStrings(values.get("window"), DateRange.defaultRange()));
        });
    }

    /** Filters set by another view: those named replace the current ones, the others are cleared. One reload. */
    public void applyFilter(Map<String, String> filter) {
        Map<String, List<String>> values = new HashMap<>();
        filter.forEach((name, value) -> values.put(name, value == null ? List.of() : List.of(value)));
        applyingAtOnce(() -> setFilters(values));
    }

    /** Clears every filter (the sort and the date window stay). */
    public void clearFilters() {
        applyFilter(Map.of());
    }

    /** The table's time window, the default one when none is set. */
    protected final DateRange dateRange() {
        return list.dateRangeProperty().get() == null ? DateRange.defaultRange() : list.dateRangeProperty().get();
    }

    /** The IDs in {@code values}, stripped, without blanks and repeats. */
    protected static List<String> ids(List<String> values) {
        return values == null ? List.of() : values.stream().map(String::strip).filter(v -> !v.isEmpty()).distinct()
                .toList();
    }

    /** The table: rows, paging, date window, live tail and the selected row. */
    public PagedListModel<R> list() {
        return list;
    }

    public ObjectProperty<ListQuery.Sort> sortProperty() {
        return sort;
    }

    /** Saving, applying and deleting named filter sets of this view. */
    public RememberedFilters remembered() {
        return remembered;
    }

    public ConsoleSession session() {
        return session;
    }
}
