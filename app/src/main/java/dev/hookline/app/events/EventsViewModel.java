package dev.hookline.app.events;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.app.deliveries.CountedBatch;
import dev.hookline.app.shell.ConsoleSession;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Events view's state apart from the table: the filters, batch replay by filter (count first, then confirm),
 * filters set from another view. No controls; call it on the FX thread. The date window comes from the view's
 * date-range picker each time a query is built.
 */
public final class EventsViewModel {

    public static final int PAGE_SIZE = 50;

    private final ConsoleSession session;
    private final ObservableList<String> sourceIds = FXCollections.observableArrayList();
    private final ObservableList<String> endpointIds = FXCollections.observableArrayList();
    private final StringProperty idempotencyKey = new SimpleStringProperty(this, "idempotencyKey", "");
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort", ListQuery.Sort.DESC);
    private final CountedBatch batchReplay;
    private final BooleanBinding canBatchReplay;

    public EventsViewModel(ConsoleSession session) {
        this.session = Objects.requireNonNull(session, "session");
        this.batchReplay = new CountedBatch(session.tasks(), session::reportConnectionFailure);
        // Convoy refuses a batch replay with a text search: offering it would replay something else than the list
        this.canBatchReplay = Bindings.createBooleanBinding(() -> search.get() == null || search.get().isBlank(),
                search);
    }

    public EventFilter filter(Instant start, Instant end) {
        return new EventFilter(List.copyOf(sourceIds), List.copyOf(endpointIds), idempotencyKey.get(), search.get(),
                start, end, sort.get());
    }

    public ListQuery query(Instant start, Instant end) {
        return filter(start, end).toQuery(PAGE_SIZE);
    }

    public Observable[] filterDependencies() {
        return new Observable[] {sourceIds, endpointIds, idempotencyKey, search, sort};
    }

    /** Filters set by another view: those named replace the current ones, the others are cleared. */
    public void applyFilter(Map<String, String> filter) {
        sourceIds.clear();
        endpointIds.clear();
        String source = filter.get("sourceId");
        if (source != null && !source.isBlank()) {
            sourceIds.add(source.strip());
        }
        String endpoint = filter.get("endpointId");
        if (endpoint != null && !endpoint.isBlank()) {
            endpointIds.add(endpoint.strip());
        }
        idempotencyKey.set(filter.getOrDefault("idempotencyKey", ""));
        search.set(filter.getOrDefault("query", ""));
    }

    public void clearFilters() {
        applyFilter(Map.of());
    }

    /** Counts the events the current filters match; replays them only after {@link CountedBatch#confirm()}. */
    public void requestBatchReplay(Instant start, Instant end, Runnable onDone) {
        EventFilter current = filter(start, end);
        if (!current.canBatchReplay()) {
            return;
        }
        ListQuery filters = current.toBatchQuery();
        ApiClient client = session.client();
        batchReplay.request(() -> client.countBatchReplayEvents(filters),
                () -> client.batchReplayEvents(filters).message(), onDone);
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
}
