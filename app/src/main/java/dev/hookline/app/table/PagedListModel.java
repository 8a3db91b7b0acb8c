package dev.hookline.app.table;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Page;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The view model behind every table: which page of which list is on screen, and its state. No controls.
 *
 * <p>The list is defined by {@link #filterProperty()} (the view's filters: status, endpoint, search...), the
 * {@link #dateRangeProperty()} ({@code null} for lists without a time window, e.g. endpoints) and
 * {@link #perPageProperty()}. Changing any of them, or the session's client (connection or project switched),
 * reloads from the first page, once {@link #reload()} has been called a first time.
 *
 * <p>Paging follows the server's cursors ({@link Page.Pagination}). The selected row is remembered by ID: after a
 * refresh, page change or live-tail poll, {@link #selectedProperty()} holds the fresh instance of the same row, or
 * {@code null} when it is no longer on screen. Calls go through the session's background tasks; a late answer to
 * a superseded call is dropped. A connection failure also raises the session's banner; any success clears it.
 */
public final class PagedListModel<T> {

    /** Rows kept at most while live tail prepends new ones; beyond, the list starts over from the newest page. */
    static final int LIVE_TAIL_MAX_ROWS = 1000;

    private final ConsoleSession session;
    private final PageLoader<T> loader;
    private final Function<? super T, String> idOf;
    private final Clock clock;

    private final ObservableList<T> rows = FXCollections.observableArrayList();
    private final ObservableList<T> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ObjectProperty<ListQuery> filter = new SimpleObjectProperty<>(this, "filter", ListQuery.create());
    private final ObjectProperty<DateRange> dateRange = new SimpleObjectProperty<>(this, "dateRange");
    private final IntegerProperty perPage = new SimpleIntegerProperty(this, "perPage", 50);
    private final ObjectProperty<T> selected = new SimpleObjectProperty<>(this, "selected");
    private final BooleanProperty liveTail = new SimpleBooleanProperty(this, "liveTail");
    private final ReadOnlyObjectWrapper<LoadState> state = new ReadOnlyObjectWrapper<>(this, "state", LoadState.IDLE);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyBooleanWrapper hasNext = new ReadOnlyBooleanWrapper(this, "hasNext");
    private final ReadOnlyBooleanWrapper hasPrev = new ReadOnlyBooleanWrapper(this, "hasPrev");
    /** The ID of the pinned row while the server's list leaves it out (it no longer matches the filters). */
    private final ReadOnlyStringWrapper pinnedOutside = new ReadOnlyStringWrapper(this, "pinnedOutside");
    private T pinned;

    private boolean started;
    /**
     * The page on screen, loaded or polled: a new load drops the answer of the load or poll before it (a poll never
     * starts while a load is under way).
     */
    private final LatestTask page;
    /** The cursor part of the page on screen: null for the first page. */
    private ListQuery.Direction direction;
    private String cursor;
    private Page.Pagination pagination;
    private ListQuery lastQuery;

    public PagedListModel(ConsoleSession session, PageLoader<T> loader, Function<? super T, String> idOf) {
        this(session, loader, idOf, Clock.systemUTC());
    }

    public PagedListModel(ConsoleSession session, PageLoader<T> loader, Function<? super T, String> idOf,
                          Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.page = new LatestTask(session.tasks());
        this.loader = Objects.requireNonNull(loader, "loader");
        this.idOf = Objects.requireNonNull(idOf, "idOf");
        this.clock = Objects.requireNonNull(clock, "clock");
        filter.addListener((o, before, now) -> reloadIfStarted());
        dateRange.addListener((o, before, now) -> reloadIfStarted());
        perPage.addListener((o, before, now) -> reloadIfStarted());
        selected.addListener((o, before, now) -> {
            if (now != null && pinned != null && !idOf.apply(now).equals(idOf.apply(pinned))) {
                T left = pinned;
                // not while the table is changing its selection
                javafx.application.Platform.runLater(() -> {
                    if (pinned == left) {
                        unpin();
                    }
                });
            }
        });
        session.clientProperty().addListener((o, before, now) -> {
            selected.set(null);
            reloadIfStarted();
        });
    }

    /** The rows on screen, in the server's order. */
    public ObservableList<T> rows() {
        return readOnlyRows;
    }

    /** The view's filters as query parameters (no paging, no dates); {@code null} is read as none. */
    public ObjectProperty<ListQuery> filterProperty() {
        return filter;
    }

    /** The time window; {@code null} for lists that have none. */
    public ObjectProperty<DateRange> dateRangeProperty() {
        return dateRange;
    }

    public IntegerProperty perPageProperty() {
        return perPage;
    }

    /** The selected row; kept by ID across reloads. The view binds its table selection to it both ways. */
    public ObjectProperty<T> selectedProperty() {
        return selected;
    }

    /** When on, the view polls {@link #poll()} (at most once a second) while the first page is on screen. */
    public BooleanProperty liveTailProperty() {
        return liveTail;
    }

    public ReadOnlyObjectProperty<LoadState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** Why the last call failed (the server's message when it sent one), or {@code null}. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasNextProperty() {
        return hasNext.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasPrevProperty() {
        return hasPrev.getReadOnlyProperty();
    }

    /**
     * Keeps {@code row} on screen (and selected) across reloads until {@link #unpin()} or another row is selected,
     * even when the filters no longer match it: a row the user just acted on (retried, resent) must not vanish
     * while it settles. Pinning it again with a newer state shows that state in place.
     * {@link #pinnedOutsideProperty()} says when the server's list left it out.
     */
    public void pin(T row) {
        pinned = Objects.requireNonNull(row, "row");
        replaceOnScreen(row);
    }

    /**
     * Shows a newer state of {@code row} in place when it is on screen (the detail loaded it, or it settled); no
     * other row moves and nothing is pinned.
     */
    public void update(T row) {
        Objects.requireNonNull(row, "row");
        if (pinned != null && idOf.apply(pinned).equals(idOf.apply(row))) {
            pinned = row;
        }
        replaceOnScreen(row);
    }

    public void unpin() {
        pinned = null;
        if (pinnedOutside.get() != null) {
            String id = pinnedOutside.get();
            pinnedOutside.set(null);
            rows.removeIf(row -> id.equals(idOf.apply(row)) && (selected.get() == null
                    || !id.equals(idOf.apply(selected.get()))));
        }
    }

    /** The ID of the pinned row when the filters no longer match it (the table marks it), else {@code null}. */
    public ReadOnlyStringProperty pinnedOutsideProperty() {
        return pinnedOutside.getReadOnlyProperty();
    }

    private void replaceOnScreen(T row) {
        String id = idOf.apply(row);
        for (int i = 0; i < rows.size(); i++) {
            if (id.equals(idOf.apply(rows.get(i)))) {
                // replacing the row drops the table's selection of it: select it again
                boolean wasSelected = selected.get() != null && id.equals(idOf.apply(selected.get()));
                rows.set(i, row);
                if (wasSelected) {
                    selected.set(row);
                }
                return;
            }
        }
    }

    /** {@code true} while the first page (the newest rows) is on screen. */
    public boolean isOnFirstPage() {
        return direction == null;
    }

    /** The complete query of the last call sent (filters, dates, paging), or {@code null}. */
    public ListQuery lastQuery() {
        return lastQuery;
    }

    /**
     * Every row the list matches now (its filters, its window resolved at this moment), to be walked page after
     * page in the background: what an export writes, not only the page on screen. {@code null} when not connected.
     */
    public AllRows<T> allRows(int perPage) {
        ApiClient client = session.client();
        if (client == null) {
            return null;
        }
        ListQuery query = filter.get() == null ? ListQuery.create() : filter.get();
        query = query.perPage(perPage);
        if (dateRange.get() != null) {
            query = dateRange.get().applyTo(query, clock.instant());
        }
        return new AllRows<>(client, loader, query);
    }

    /** The rows of one list query, walked page by page with the server's cursors. */
    public record AllRows<T>(ApiClient client, PageLoader<T> loader, ListQuery firstPage) {

        /**
         * Hands each page to {@code page} in order until the last page or until {@code cancelled} says stop;
         * blocking.
         */
        public void forEachPage(java.util.function.Consumer<List<T>> page,
                                java.util.function.BooleanSupplier cancelled) {
            ListQuery query = firstPage;
            while (!cancelled.getAsBoolean()) {
                Page<T> answer = loader.load(client, query);
                List<T> content = answer.content() == null ? List.of() : answer.content();
                if (!content.isEmpty()) {
                    page.accept(content);
                }
                Page.Pagination p = answer.pagination();
                if (p == null || !p.hasNextPage() || p.nextPageCursor() == null || p.nextPageCursor().isEmpty()
                        || content.isEmpty()) {
                    return;
                }
                query = firstPage.direction(ListQuery.Direction.NEXT).nextPageCursor(p.nextPageCursor())
                        .prevPageCursor(null);
            }
        }
    }

    /** Where the list's calls run (exports use them too). */
    /** The session's client: it changes with the connection or project (what belongs to one view of it ends). */
    public javafx.beans.value.ObservableValue<ApiClient> clientProperty() {
        return session.clientProperty();
    }

    public dev.hookline.app.concurrent.BackgroundTasks tasks() {
        return session.tasks();
    }

    /** The ID of {@code row}, as the model uses it. */
    public String idOf(T row) {
        return idOf.apply(row);
    }

    /** Loads the first page. */
    public void reload() {
        started = true;
        load(null, null);
    }

    /** Loads the page on screen again (relative date presets move up to now). */
    public void refresh() {
        started = true;
        load(direction, cursor);
    }

    public void nextPage() {
        if (pagination != null && pagination.hasNextPage()) {
            load(ListQuery.Direction.NEXT, pagination.nextPageCursor());
        }
    }

    public void previousPage() {
        if (pagination != null && pagination.hasPrevPage()) {
            load(ListQuery.Direction.PREV, pagination.prevPageCursor());
        }
    }

    /**
     * Live tail: fetches the first page again and puts rows not on screen yet on top, updating rows whose content
     * changed in place; nothing else moves. Does nothing off the first page or while another call is under way.
     */
    public void poll() {
        ApiClient client = session.client();
        if (!started || page.isRunning() || client == null || !isOnFirstPage()
                || state.get() == LoadState.LOADING) {
            return;
        }
        ListQuery query = query(null, null);
        page.run(() -> loader.load(client, query), answer -> {
            if (isOnFirstPage()) {
                session.reportConnectionOk();
                merge(answer);
            }
        }, this::fail);
    }

    private void reloadIfStarted() {
        if (started) {
            load(null, null);
        }
    }

    private void load(ListQuery.Direction newDirection, String newCursor) {
        ApiClient client = session.client();
        if (client == null) {
            return;
        }
        ListQuery query = query(newDirection, newCursor);
        state.set(LoadState.LOADING);
        page.run(() -> loader.load(client, query), answer -> {
            session.reportConnectionOk();
            boolean backOnFirst = newDirection == ListQuery.Direction.PREV
                    && (answer.pagination() == null || !answer.pagination().hasPrevPage());
            direction = backOnFirst ? null : newDirection;
            cursor = backOnFirst ? null : newCursor;
            show(answer);
        }, this::fail);
    }

    private ListQuery query(ListQuery.Direction newDirection, String newCursor) {
        ListQuery query = filter.get() == null ? ListQuery.create() : filter.get();
        query = query.perPage(perPage.get());
        if (dateRange.get() != null) {
            query = dateRange.get().applyTo(query, clock.instant());
        }
        if (newDirection == ListQuery.Direction.NEXT) {
            query = query.direction(newDirection).nextPageCursor(newCursor).prevPageCursor(null);
        } else if (newDirection == ListQuery.Direction.PREV) {
            query = query.direction(newDirection).prevPageCursor(newCursor).nextPageCursor(null);
        }
        lastQuery = query;
        return query;
    }

    private void show(Page<T> page) {
        show(page, selected.get() == null ? null : idOf.apply(selected.get()));
    }

    private void show(Page<T> page, String selectedId) {
        List<T> content = page.content() == null ? List.of() : page.content();
        rows.setAll(withPinned(content));
        setPagination(page.pagination());
        error.set(null);
        state.set(LoadState.LOADED);
        reselect(selectedId);
    }

    /** {@code content} with the pinned row kept where it was (on top when it was not on screen). */
    private List<T> withPinned(List<T> content) {
        if (pinned == null) {
            pinnedOutside.set(null);
            return content;
        }
        String id = idOf.apply(pinned);
        for (T row : content) {
            if (id.equals(idOf.apply(row))) {
                pinned = row;
                pinnedOutside.set(null);
                return content;
            }
        }
        int before = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (id.equals(idOf.apply(rows.get(i)))) {
                before = i;
                break;
            }
        }
        List<T> kept = new ArrayList<>(content);
        kept.add(before < 0 ? 0 : Math.min(before, kept.size()), pinned);
        pinnedOutside.set(id);
        return kept;
    }

    private void merge(Page<T> page) {
        String selectedId = selected.get() == null ? null : idOf.apply(selected.get());
        List<T> fresh = page.content() == null ? List.of() : page.content();
        Map<String, Integer> onScreen = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            onScreen.put(idOf.apply(rows.get(i)), i);
        }
        boolean overlaps = fresh.stream().anyMatch(row -> onScreen.containsKey(idOf.apply(row)));
        if (!overlaps && !rows.isEmpty() && !fresh.isEmpty()) {
            // more new rows than a page: the gap cannot be filled from here, start over from the newest
            show(page, selectedId);
            return;
        }
        List<T> added = new ArrayList<>();
        for (T row : fresh) {
            String id = idOf.apply(row);
            Integer index = onScreen.get(id);
            if (index == null) {
                added.add(row);
            } else if (!rows.get(index).equals(row)) {
                rows.set(index, row);
            }
        }
        if (rows.size() + added.size() > LIVE_TAIL_MAX_ROWS) {
            // cursors are the server's to make: rather than invent one for trimmed rows, start over from the newest
            show(page, selectedId);
            return;
        }
        if (!added.isEmpty()) {
            rows.addAll(0, added);
        }
        if (rows.size() == added.size()) {
            setPagination(page.pagination());
        }
        error.set(null);
        state.set(LoadState.LOADED);
        reselect(selectedId);
    }

    private void setPagination(Page.Pagination p) {
        pagination = p;
        hasNext.set(p != null && p.hasNextPage());
        hasPrev.set(p != null && p.hasPrevPage() && direction != null);
    }

    private void reselect(String selectedId) {
        if (selectedId == null) {
            return;
        }
        T match = null;
        for (T row : rows) {
            if (selectedId.equals(idOf.apply(row))) {
                match = row;
                break;
            }
        }
        selected.set(match);
    }

    private void fail(Throwable failure) {
        session.reportConnectionFailure(failure);
        error.set(Failures.describe(failure));
        state.set(LoadState.FAILED);
    }
}
