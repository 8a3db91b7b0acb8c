package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.shell.ConsoleSession;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Deliveries view's state apart from the table itself: the filters the user set, the batch retry by filter
 * (count first, then confirm), retrying the selected rows, and filters set from another view. No controls; call it
 * on the FX thread.
 *
 * <p>The date window is not kept here: the view's date-range picker resolves it each time a query is built, so a
 * relative preset ("last hour") moves with the clock and live tail sees new rows.
 */
public final class DeliveriesViewModel {

    public static final int PAGE_SIZE = 50;

    private final ConsoleSession session;
    private final ObservableList<EventDeliveryStatus> statuses = FXCollections.observableArrayList();
    private final ObservableList<String> endpointIds = FXCollections.observableArrayList();
    private final StringProperty eventType = new SimpleStringProperty(this, "eventType", "");
    private final StringProperty subscriptionId = new SimpleStringProperty(this, "subscriptionId", "");
    private final StringProperty eventId = new SimpleStringProperty(this, "eventId", "");
    private final StringProperty idempotencyKey = new SimpleStringProperty(this, "idempotencyKey", "");
    private final ObjectProperty<ListQuery.Sort> sort = new SimpleObjectProperty<>(this, "sort", ListQuery.Sort.DESC);
    private final StringProperty actionMessage = new SimpleStringProperty(this, "actionMessage", "");
    private final CountedBatch batchRetry;
    private final EndpointNames endpointNames;

    public DeliveriesViewModel(ConsoleSession session) {
        this.session = Objects.requireNonNull(session, "session");
        this.batchRetry = new CountedBatch(session.tasks(), session::reportConnectionFailure);
        this.endpointNames = new EndpointNames(session);
    }

    /** The filters as they are now, in the window {@code start..end}. */
    public DeliveryFilter filter(Instant start, Instant end) {
        return new DeliveryFilter(List.copyOf(statuses), List.copyOf(endpointIds), eventType.get(),
                subscriptionId.get(), eventId.get(), idempotencyKey.get(), start, end, sort.get());
    }

    /** The first page's query for the filters as they are now. */
    public ListQuery query(Instant start, Instant end) {
        return filter(start, end).toQuery(PAGE_SIZE);
    }

    /** One page from the server (runs off the FX thread); remembers the endpoint names the rows embed. */
    public List<EventDelivery> learnNames(List<EventDelivery> rows) {
        rows.forEach(endpointNames::learn);
        return rows;
    }

    /** Everything that changes the query: the view reloads when any of these changes. */
    public Observable[] filterDependencies() {
        return new Observable[] {statuses, endpointIds, eventType, subscriptionId, eventId, idempotencyKey, sort};
    }

    /**
     * Filters set by another view ({@link ConsoleSession#navigate}): the filters named there replace the current
     * ones, the others are cleared so the user sees exactly the rows asked for.
     */
    public void applyFilter(Map<String, String> filter) {
        statuses.clear();
        endpointIds.clear();
        String endpoint = filter.get("endpointId");
        if (endpoint != null && !endpoint.isBlank()) {
            endpointIds.add(endpoint.strip());
        }
        String status = filter.get("status");
        EventDeliveryStatus parsed = status == null ? null : EventDeliveryStatus.fromWire(status);
        if (parsed != null) {
            statuses.add(parsed);
        }
        eventType.set(filter.getOrDefault("eventType", ""));
        subscriptionId.set(filter.getOrDefault("subscriptionId", ""));
        eventId.set(filter.getOrDefault("eventId", ""));
        idempotencyKey.set(filter.getOrDefault("idempotencyKey", ""));
    }

    /** Clears every filter (the date window is the picker's). */
    public void clearFilters() {
        applyFilter(Map.of());
    }

    /**
     * Batch retry of everything the current filters match: asks the server how many deliveries it would send
     * again; nothing is sent until {@link CountedBatch#confirm()}.
     */
    public void requestBatchRetry(Instant start, Instant end, Runnable onDone) {
        ListQuery filters = filter(start, end).toBatchQuery();
        ApiClient client = session.client();
        batchRetry.request(() -> client.countBatchRetryEventDeliveries(filters),
                () -> client.batchRetryEventDeliveries(filters).message(), onDone);
    }

    /** Retries the selected rows (see {@link RetrySelection}); {@code onDone} runs after (e.g. reload). */
    public void retrySelected(List<EventDelivery> selected, Runnable onDone) {
        if (selected.isEmpty()) {
            return;
        }
        List<EventDelivery> rows = List.copyOf(selected);
        ApiClient client = session.client();
        actionMessage.set("Sending " + rows.size() + (rows.size() == 1 ? " delivery" : " deliveries") + " again…");
        session.tasks().run(() -> RetrySelection.run(client, rows), summary -> {
            actionMessage.set(summary);
            onDone.run();
        }, failure -> {
            actionMessage.set(Failures.describe(failure));
            session.reportConnectionFailure(failure);
        });
    }

    public ObservableList<EventDeliveryStatus> statuses() {
        return statuses;
    }

    public ObservableList<String> endpointIds() {
        return endpointIds;
    }

    public StringProperty eventTypeProperty() {
        return eventType;
    }

    public StringProperty subscriptionIdProperty() {
        return subscriptionId;
    }

    public StringProperty eventIdProperty() {
        return eventId;
    }

    public StringProperty idempotencyKeyProperty() {
        return idempotencyKey;
    }

    public ObjectProperty<ListQuery.Sort> sortProperty() {
        return sort;
    }

    public CountedBatch batchRetry() {
        return batchRetry;
    }

    public EndpointNames endpointNames() {
        return endpointNames;
    }

    /** The outcome of "retry selected" (the server's words), or {@code ""}. */
    public ReadOnlyStringProperty actionMessageProperty() {
        return actionMessage;
    }

    public ConsoleSession session() {
        return session;
    }
}
