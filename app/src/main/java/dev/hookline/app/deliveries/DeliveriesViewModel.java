package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.PagedListModel;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The Deliveries view's state: the filters the user set (each change reloads the table from its first page), the
 * table itself ({@link PagedListModel}: paging, date window, live tail, selection), the batch retry by filter
 * (count first, then confirm), retrying the selected rows, and filters set from another view. No controls; call it
 * on the FX thread.
 */
public final class DeliveriesViewModel {

    public static final int PAGE_SIZE = 50;
    /** While live tail runs, the totals are counted again at most this often. */
    static final Duration LIVE_COUNTS_EVERY = Duration.ofSeconds(5);

    private final ConsoleSession session;
    private final Clock clock;
    private final PagedListModel<EventDelivery> list;
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
    private final DeliveryCounts counts;
    private Instant countsLoadedAt = Instant.MIN;
    /** The filters of the last batch retry sent, for "Show them". */
    private DeliveryFilter batchRetried;
    private boolean applying;

    public DeliveriesViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public DeliveriesViewModel(ConsoleSession session, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.list = new PagedListModel<>(session, ApiClient::listEventDeliveries, EventDelivery::uid, clock);
        list.perPageProperty().set(PAGE_SIZE);
        list.dateRangeProperty().set(DateRange.defaultRange());
        list.filterProperty().set(filter().toQuery());
        this.batchRetry = new CountedBatch(session.tasks(), session::reportConnectionFailure);
        this.endpointNames = new EndpointNames(session);
        list.rows().addListener((ListChangeListener<EventDelivery>) change -> list.rows()
                .forEach(endpointNames::learn));
        this.counts = new DeliveryCounts(session, clock);
        // the totals and chart follow what the table lists: same filters, same window, same server
        list.filterProperty().addListener((o, before, now) -> loadCounts());
        list.dateRangeProperty().addListener((o, before, now) -> loadCounts());
        session.clientProperty().addListener((o, before, now) -> loadCounts());
        list.rows().addListener((ListChangeListener<EventDelivery>) change -> {
            // live tail brings new rows: count again, at most every few seconds
            if (list.liveTailProperty().get()
                    && Duration.between(countsLoadedAt, clock.instant()).compareTo(LIVE_COUNTS_EVERY) >= 0) {
                loadCounts();
            }
        });

        InvalidationListener filtersChanged = observable -> {
            if (!applying) {
                list.filterProperty().set(filter().toQuery());
            }
        };
        for (var observable : List.of(statuses, endpointIds, eventType, subscriptionId, eventId, idempotencyKey,
                sort)) {
            observable.addListener(filtersChanged);
        }
    }

    /** Asks again for the status totals and the chart of the current filters and window. */
    public void loadCounts() {
        countsLoadedAt = clock.instant();
        counts.load(filter(), list.dateRangeProperty().get() == null ? DateRange.defaultRange()
                : list.dateRangeProperty().get());
    }

    /** The status totals and the deliveries-over-time chart of what the table lists. */
    public DeliveryCounts counts() {
        return counts;
    }

    /**
     * Clicking a status total: filters by that status alone, or, when it is already the only one, by none.
     */
    public void toggleStatus(EventDeliveryStatus status) {
        if (statuses.size() == 1 && statuses.get(0) == status) {
            statuses.clear();
        } else {
            statuses.setAll(status);
        }
    }

    /** True when a filter other than the sort is set (the empty table then says no delivery matches them). */
    public boolean hasFilters() {
        DeliveryFilter f = filter();
        return !f.statuses().isEmpty() || !f.endpointIds().isEmpty() || f.eventType() != null
                || f.subscriptionId() != null || f.eventId() != null || f.idempotencyKey() != null;
    }

    /** The filters as they are now. */
    public DeliveryFilter filter() {
        return new DeliveryFilter(List.copyOf(statuses), List.copyOf(endpointIds), eventType.get(),
                subscriptionId.get(), eventId.get(), idempotencyKey.get(), sort.get());
    }

    /** The table: rows, paging, date window, live tail and the selected row. */
    public PagedListModel<EventDelivery> list() {
        return list;
    }

    /**
     * Filters set by another view ({@link ConsoleSession#navigate}): those named replace the current ones, the
     * others are cleared, so the user sees exactly the rows asked for. One reload.
     */
    public void applyFilter(Map<String, String> filter) {
        applying = true;
        try {
            statuses.clear();
            endpointIds.clear();
            String endpoint = filter.get("endpointId");
            if (endpoint != null && !endpoint.isBlank()) {
                endpointIds.add(endpoint.strip());
            }
            EventDeliveryStatus status = filter.get("status") == null ? null
                    : EventDeliveryStatus.fromWire(filter.get("status"));
            if (status != null) {
                statuses.add(status);
            }
            eventType.set(filter.getOrDefault("eventType", ""));
            subscriptionId.set(filter.getOrDefault("subscriptionId", ""));
            eventId.set(filter.getOrDefault("eventId", ""));
            idempotencyKey.set(filter.getOrDefault("idempotencyKey", ""));
        } finally {
            applying = false;
        }
        list.filterProperty().set(filter().toQuery());
    }

    /** Clears every filter (the date window stays). */
    public void clearFilters() {
        applyFilter(Map.of());
    }

    /**
     * Batch retry of everything the current filters and window match: asks the server how many deliveries it
     * would send again; nothing is sent until {@link CountedBatch#confirm()}. Reloads the table after.
     */
    public void requestBatchRetry() {
        DeliveryFilter counted = filter();
        ListQuery filters = counted.toBatchQuery(list.dateRangeProperty().get(), clock.instant());
        ApiClient client = session.client();
        batchRetry.request(() -> client.countBatchRetryEventDeliveries(filters),
                () -> batchRetryResult(client.batchRetryEventDeliveries(filters)), () -> {
                    batchRetried = counted;
                    list.refresh();
                    loadCounts();
                });
    }

    /** What a batch retry did, in words: "203 queued for retry", and how many could not be. */
    static String batchRetryResult(BatchOutcome outcome) {
        if (outcome.successful() == null) {
            // a Convoy that retries in a background job says only that it started
            return "Batch retry started on the server (\"" + outcome.message() + "\").";
        }
        String queued = outcome.successful() + " queued for retry";
        return outcome.failed() == null || outcome.failed() == 0 ? queued
                : queued + "; " + outcome.failed() + " not (their endpoint is not active)";
    }

    /**
     * "Show them" after a batch retry: the table lists what the retry covered, with the filters it counted and
     * whatever status each delivery has now (a retried delivery moves on from Failure or Discarded). The API has
     * no filter by a set of IDs, so deliveries of those filters that were not retried show too.
     */
    public void showBatchRetried() {
        DeliveryFilter counted = batchRetried;
        if (counted == null) {
            return;
        }
        applying = true;
        try {
            statuses.clear();
            endpointIds.setAll(counted.endpointIds());
            eventType.set(counted.eventType() == null ? "" : counted.eventType());
            subscriptionId.set(counted.subscriptionId() == null ? "" : counted.subscriptionId());
            eventId.set(counted.eventId() == null ? "" : counted.eventId());
            idempotencyKey.set(counted.idempotencyKey() == null ? "" : counted.idempotencyKey());
        } finally {
            applying = false;
        }
        list.filterProperty().set(filter().toQuery());
        batchRetry.cancel();
    }

    /** Retries the selected rows (see {@link RetrySelection}), then refreshes the table. */
    public void retrySelected(List<EventDelivery> selected) {
        if (selected.isEmpty()) {
            return;
        }
        List<EventDelivery> rows = List.copyOf(selected);
        ApiClient client = session.client();
        actionMessage.set("Sending " + rows.size() + (rows.size() == 1 ? " delivery" : " deliveries") + " again…");
        session.tasks().run(() -> RetrySelection.run(client, rows), summary -> {
            actionMessage.set(summary);
            list.refresh();
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
