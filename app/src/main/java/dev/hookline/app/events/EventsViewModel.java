package dev.hookline.app.events;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Event;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.traffic.CountedBatch;
import dev.hookline.app.traffic.RememberedFilters;
import dev.hookline.app.traffic.TrafficListViewModel;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Events view's state: the filters (source, endpoint, idempotency key, full-text search) of the traffic list it
 * shares with the other traffic views ({@link TrafficListViewModel}), and batch replay by filter (count first, then
 * confirm). No controls; call it on the FX thread.
 */
public final class EventsViewModel extends TrafficListViewModel<Event> {

    private final ObservableList<String> sourceIds = FXCollections.observableArrayList();
    private final ObservableList<String> endpointIds = FXCollections.observableArrayList();
    private final StringProperty idempotencyKey = new SimpleStringProperty(this, "idempotencyKey", "");
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final CountedBatch batchReplay;
    private final BooleanBinding canBatchReplay;

    public EventsViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public EventsViewModel(ConsoleSession session, Clock clock) {
        super(session, clock, ApiClient::listEvents, Event::uid);
        applyFilters();
        this.batchReplay = new CountedBatch(session.tasks(), session::reportConnectionFailure);
        // Convoy refuses a batch replay with a text search: offering it would replay something else than the list
        this.canBatchReplay = Bindings.createBooleanBinding(() -> search.get() == null || search.get().isBlank(),
                search);
        reloadOnChange(List.of(sourceIds, endpointIds, idempotencyKey, search));
        remember("events");
    }

    @Override
    protected ListQuery query() {
        return filter().toQuery();
    }

    @Override
    protected void putFilters(Map<String, List<String>> out) {
        EventFilter f = filter();
        out.put("sourceId", f.sourceIds());
        out.put("endpointId", f.endpointIds());
        RememberedFilters.putText(out, "idempotencyKey", f.idempotencyKey());
        RememberedFilters.putText(out, "query", f.search());
    }

    @Override
    protected void setFilters(Map<String, List<String>> values) {
        sourceIds.setAll(ids(values.get("sourceId")));
        endpointIds.setAll(ids(values.get("endpointId")));
        idempotencyKey.set(RememberedFilters.text(values, "idempotencyKey"));
        search.set(RememberedFilters.text(values, "query"));
    }

    public EventFilter filter() {
        return new EventFilter(List.copyOf(sourceIds), List.copyOf(endpointIds), idempotencyKey.get(), search.get(),
                sort.get());
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

    public CountedBatch batchReplay() {
        return batchReplay;
    }

    public BooleanBinding canBatchReplayProperty() {
        return canBatchReplay;
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
