package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.Page;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.traffic.CountedBatch;
import dev.hookline.app.traffic.RememberedFilters;
import dev.hookline.app.traffic.TrafficListViewModel;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The Deliveries view's state: the filters of the traffic list it shares with the other traffic views
 * ({@link TrafficListViewModel}; the table itself is a {@link PagedListModel}: paging, date window, live tail,
 * selection), the totals, the batch retry by filter (count first, then confirm) and retrying the selected rows. No
 * controls; call it on the FX thread.
 */
public final class DeliveriesViewModel extends TrafficListViewModel<EventDelivery> {

    /** While live tail runs, the totals are counted again at most this often. */
    static final Duration LIVE_COUNTS_EVERY = Duration.ofSeconds(5);

    private final ObservableList<EventDeliveryStatus> statuses = FXCollections.observableArrayList();
    private final ObservableList<String> endpointIds = FXCollections.observableArrayList();
    private final ObservableList<HttpStatusClass> httpStatuses = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper httpStatusSupported = new ReadOnlyBooleanWrapper(this,
            "httpStatusSupported");
    private final ReadOnlyStringWrapper httpStatusNote = new ReadOnlyStringWrapper(this, "httpStatusNote", "");
    /** The server said it has no HTTP status filter (false while it is being asked). */
    private boolean httpStatusUnsupported;
    /** Asking the server of this moment whether it has the HTTP status filter. */
    private final LatestTask httpStatusCheck;
    private final StringProperty eventType = new SimpleStringProperty(this, "eventType", "");
    private final StringProperty subscriptionId = new SimpleStringProperty(this, "subscriptionId", "");
    private final StringProperty eventId = new SimpleStringProperty(this, "eventId", "");
    private final StringProperty idempotencyKey = new SimpleStringProperty(this, "idempotencyKey", "");
    private final StringProperty deliveryId = new SimpleStringProperty(this, "deliveryId", "");
    private final StringProperty actionMessage = new SimpleStringProperty(this, "actionMessage", "");
    private final CountedBatch batchRetry;
    private final EndpointNames endpointNames;
    private final DeliveryCounts counts;
    private Instant countsLoadedAt = Instant.MIN;
    /** The filters of the last batch retry sent, for "Show them". */
    private DeliveryFilter batchRetried;
    /** The deliveries the last batch retry covered, listed just before it was sent, for "Show them". */
    private List<String> batchRetriedIds = List.of();
    /**
     * The list's own query parameter (never sent to a server): the IDs "Show them" lists, each loaded by ID in the
     * background ({@link #loadPage}).
     */
    static final String RETRIED_IDS = "hookline.retriedIds";
    /** At most this many retried deliveries are kept to show (a batch may cover many more). */
    static final int RETRIED_SHOWN_MAX = 200;

    public DeliveriesViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public DeliveriesViewModel(ConsoleSession session, Clock clock) {
        super(session, clock, DeliveriesViewModel::loadPage, EventDelivery::uid);
        this.httpStatusCheck = new LatestTask(session.tasks());
        this.settle = new LatestTask(session.tasks());
        applyFilters();
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

        reloadOnChange(List.of(statuses, endpointIds, eventType, subscriptionId, eventId, idempotencyKey, deliveryId,
                httpStatuses, httpStatusSupported));
        // before the remembered filters: a switch then restores them knowing whether the server has the filter
        session.clientProperty().addListener((o, before, now) -> checkHttpStatusSupport());
        // what was said about the last action belongs to its connection and project
        session.clientProperty().addListener((o, before, now) -> {
            settle.cancel(); // its rows belong to the connection left
            actionMessage.set("");
            batchRetry.cancel();
            batchRetried = null;
            batchRetriedIds = List.of();
        });
        checkHttpStatusSupport();
        remember("deliveries");
    }

    static final String HTTP_STATUS_CHECKING = "Checking whether this server can filter by HTTP status…";
    static final String HTTP_STATUS_UNSUPPORTED = "This server cannot filter deliveries by HTTP status (a Convoy "
            + "server has no such filter and would list every delivery).";

    /**
     * Whether the server filters by HTTP status: the embedded one does; a remote one is asked
     * ({@link ApiClient#supportsDeliveryHttpStatusFilter}). Until it says yes the filter is not sent (a Convoy ignores
     * it and would list every delivery as if filtered); when it says no, the choice is cleared and the control
     * disabled with {@link #httpStatusNoteProperty() a note} saying why.
     */
    private void checkHttpStatusSupport() {
        ApiClient client = session.client();
        httpStatusUnsupported = false;
        // switched meanwhile: the new connection's check decides, the older one's answer is dropped
        httpStatusCheck.cancel();
        if (client == null || session.isEmbedded()) {
            httpStatusSupported.set(client != null);
            httpStatusNote.set("");
            return;
        }
        httpStatusSupported.set(false);
        httpStatusNote.set(HTTP_STATUS_CHECKING);
        httpStatusCheck.run(client::supportsDeliveryHttpStatusFilter, supported -> {
            if (!supported) {
                httpStatusUnsupported = true;
                httpStatuses.clear();
            }
            httpStatusNote.set(supported ? "" : HTTP_STATUS_UNSUPPORTED);
            httpStatusSupported.set(supported);
        }, failure -> httpStatusNote.set("Could not tell whether this server can filter by HTTP status: "
                + Failures.describe(failure)));
    }

    /**
     * The list call: the deliveries list, or with a delivery ID that one delivery alone (when the other filters
     * keep it; the time window does not apply: whoever has an ID wants that delivery, whenever it was).
     */
    static Page<EventDelivery> loadPage(ApiClient client, ListQuery query) {
        List<String> retried = query.values(RETRIED_IDS);
        if (!retried.isEmpty()) {
            // "Show them" after a batch retry: exactly those, each asked by ID (the API lists by no set of IDs)
            List<EventDelivery> found = new java.util.ArrayList<>();
            for (String each : retried) {
                try {
                    EventDelivery delivery = client.getEventDelivery(each);
                    if (delivery != null) {
                        found.add(delivery);
                    }
                } catch (ApiException e) {
                    if (!e.isNotFound()) {
                        throw e;
                    }
                }
            }
            return new Page<>(found, new Page.Pagination(found.size(), false, false, "", ""));
        }
        String id = query.value(DeliveryFilter.DELIVERY_ID);
        if (id == null) {
            return client.listEventDeliveries(query);
        }
        DeliveryFilter filter = new DeliveryFilter(query.values("status").stream().map(EventDeliveryStatus::fromWire)
                .toList(), query.values("endpointId"), query.value("eventType"), query.value("subscriptionId"),
                query.value("eventId"), null, null, id);
        List<EventDelivery> found;
        try {
            EventDelivery delivery = client.getEventDelivery(id);
            found = delivery != null && filter.keeps(delivery) && keepsByLastAttempt(client, query, delivery)
                    ? List.of(delivery) : List.of();
        } catch (ApiException e) {
            if (!e.isNotFound()) {
                throw e;
            }
            found = List.of();
        }
        return new Page<>(found, new Page.Pagination(found.size(), false, false, "", ""));
    }

    /** Whether the HTTP status filter of {@code query} keeps {@code delivery}: its last attempt's status, asked. */
    private static boolean keepsByLastAttempt(ApiClient client, ListQuery query, EventDelivery delivery) {
        List<HttpStatusClass> classes = query.values(ListQuery.HTTP_STATUS).stream().map(HttpStatusClass::fromWire)
                .filter(Objects::nonNull).toList();
        if (classes.isEmpty()) {
            return true;
        }
        List<dev.hookline.api.model.DeliveryAttempt> attempts = client.listDeliveryAttempts(delivery.uid());
        String last = attempts.isEmpty() ? null : attempts.get(attempts.size() - 1).httpStatus();
        return new DeliveryFilter(null, null, null, null, null, null, null, null, classes).keepsLastAttempt(last);
    }

    @Override
    protected ListQuery query() {
        return filter().toQuery();
    }

    @Override
    protected void putFilters(Map<String, List<String>> out) {
        DeliveryFilter f = filter();
        out.put("status", f.statuses().stream().map(EventDeliveryStatus::wire).toList());
        out.put("endpointId", f.endpointIds());
        // as chosen, even while the server's support is unknown (filter() leaves them out then)
        out.put(ListQuery.HTTP_STATUS, httpStatuses.stream().map(HttpStatusClass::wire).toList());
        RememberedFilters.putText(out, "eventType", f.eventType());
        RememberedFilters.putText(out, "subscriptionId", f.subscriptionId());
        RememberedFilters.putText(out, "eventId", f.eventId());
        RememberedFilters.putText(out, "idempotencyKey", f.idempotencyKey());
        RememberedFilters.putText(out, DeliveryFilter.DELIVERY_ID, f.deliveryId());
    }

    @Override
    protected void setFilters(Map<String, List<String>> values) {
        statuses.setAll(values.getOrDefault("status", List.of()).stream().map(EventDeliveryStatus::fromWire)
                .filter(Objects::nonNull).distinct().toList());
        endpointIds.setAll(ids(values.get("endpointId")));
        // a server known to lack the filter gets none: the box would show a choice the list does not apply
        httpStatuses.setAll(httpStatusUnsupported ? List.of() : values.getOrDefault(ListQuery.HTTP_STATUS,
                List.of()).stream().map(HttpStatusClass::fromWire).filter(Objects::nonNull).distinct().toList());
        eventType.set(RememberedFilters.text(values, "eventType"));
        subscriptionId.set(RememberedFilters.text(values, "subscriptionId"));
        eventId.set(RememberedFilters.text(values, "eventId"));
        idempotencyKey.set(RememberedFilters.text(values, "idempotencyKey"));
        deliveryId.set(RememberedFilters.text(values, DeliveryFilter.DELIVERY_ID));
    }

    /** At most this many rows on their way are asked for again per {@link #settleRows()}. */
    static final int SETTLE_AT_MOST = 10;
    /** Asking again for the rows on their way: one at a time; a connection switch drops the answer. */
    private final LatestTask settle;

    /**
     * Without live tail: asks the server again for the rows on screen that are on their way now (Processing, or
     * Scheduled/Retry and due), and shows their new state in place; the totals follow when one has settled. Nothing
     * else moves. The view calls it every few seconds.
     */
    public void settleRows() {
        ApiClient client = session.client();
        if (settle.isRunning() || client == null || list.liveTailProperty().get()) {
            return;
        }
        Instant now = clock.instant();
        List<String> ids = list.rows().stream().filter(d -> onItsWay(d, now)).map(EventDelivery::uid)
                .limit(SETTLE_AT_MOST).toList();
        if (ids.isEmpty()) {
            return;
        }
        settle.run(() -> ids.stream().map(client::getEventDelivery).toList(), fresh -> {
            boolean settled = false;
            for (EventDelivery delivery : fresh) {
                settled |= !onItsWay(delivery, clock.instant());
                list.update(delivery);
            }
            if (settled) {
                loadCounts();
            }
        }, failure -> { });
    }

    /** Being sent now, or due to be (a held one only once its next try is due). */
    static boolean onItsWay(EventDelivery d, Instant now) {
        if (d.status() == EventDeliveryStatus.PROCESSING) {
            return true;
        }
        boolean waiting = d.status() == EventDeliveryStatus.SCHEDULED || d.status() == EventDeliveryStatus.RETRY;
        Instant next = d.metadata() == null ? null : d.metadata().nextSendTime();
        return waiting && next != null && !next.isAfter(now.plusSeconds(5));
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
                || f.subscriptionId() != null || f.eventId() != null || f.idempotencyKey() != null
                || f.deliveryId() != null || !f.httpStatuses().isEmpty();
    }

    /** The filters as they are now (the HTTP status only once the server is known to have that filter). */
    public DeliveryFilter filter() {
        return new DeliveryFilter(List.copyOf(statuses), List.copyOf(endpointIds), eventType.get(),
                subscriptionId.get(), eventId.get(), idempotencyKey.get(), sort.get(), deliveryId.get(),
                httpStatusSupported.get() ? List.copyOf(httpStatuses) : List.of());
    }

    /**
     * Batch retry of everything the current filters and window match: asks the server how many deliveries it
     * would send again; nothing is sent until {@link CountedBatch#confirm()}. Reloads the table after.
     */
    public void requestBatchRetry() {
        if (filter().deliveryId() != null) {
            return; // the batch would cover every delivery the other filters match, not the one named
        }
        DeliveryFilter counted = filter();
        DateRange range = list.dateRangeProperty().get();
        Instant now = clock.instant();
        ListQuery filters = counted.toBatchQuery(range, now);
        ApiClient client = session.client();
        java.util.concurrent.atomic.AtomicReference<List<String>> covered = new java.util.concurrent.atomic
                .AtomicReference<>(List.of());
        batchRetry.request(() -> client.countBatchRetryEventDeliveries(filters), () -> {
            // what the retry is about to send again, kept to show afterwards: the API's answer names no delivery
            covered.set(retriable(client, counted, range, now));
            return batchRetryResult(client.batchRetryEventDeliveries(filters));
        }, () -> {
                    batchRetried = counted;
                    batchRetriedIds = covered.get();
                    list.refresh();
                    loadCounts();
                });
    }

    /**
     * The IDs of the deliveries a batch retry of {@code counted} sends again (the failed and discarded ones it
     * matches), newest first, at most {@link #RETRIED_SHOWN_MAX}. Runs off the FX thread.
     */
    static List<String> retriable(ApiClient client, DeliveryFilter counted, DateRange range, Instant now) {
        List<EventDeliveryStatus> retried = List.of(EventDeliveryStatus.FAILURE, EventDeliveryStatus.DISCARDED);
        List<EventDeliveryStatus> statuses = counted.statuses().isEmpty() ? retried
                : counted.statuses().stream().filter(retried::contains).toList();
        if (statuses.isEmpty()) {
            return List.of();
        }
        ListQuery query = counted.withStatuses(statuses).toBatchQuery(range, now).perPage(100);
        List<String> ids = new java.util.ArrayList<>();
        Page<EventDelivery> page = client.listEventDeliveries(query);
        while (true) {
            page.content().stream().map(EventDelivery::uid).filter(id -> ids.size() < RETRIED_SHOWN_MAX)
                    .forEach(ids::add);
            if (ids.size() >= RETRIED_SHOWN_MAX || page.pagination() == null || !page.pagination().hasNextPage()) {
                return List.copyOf(ids);
            }
            page = client.listEventDeliveries(query.nextPage(page.pagination()));
        }
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
     * no filter by a set of IDs: the IDs listed just before the retry are kept here and the table shows exactly
     * those, each loaded by ID in the background. Changing any filter leaves that list.
     */
    public void showBatchRetried() {
        DeliveryFilter counted = batchRetried;
        if (counted == null) {
            return;
        }
        withoutReloads(() -> {
            statuses.clear();
            endpointIds.setAll(counted.endpointIds());
            httpStatuses.setAll(counted.httpStatuses());
            eventType.set(counted.eventType() == null ? "" : counted.eventType());
            subscriptionId.set(counted.subscriptionId() == null ? "" : counted.subscriptionId());
            eventId.set(counted.eventId() == null ? "" : counted.eventId());
            idempotencyKey.set(counted.idempotencyKey() == null ? "" : counted.idempotencyKey());
        });
        list.filterProperty().set(batchRetriedIds.isEmpty() ? filter().toQuery()
                : filter().toQuery().withAll(RETRIED_IDS, batchRetriedIds));
        batchRetry.cancel();
    }

    /** Whether the table lists the deliveries of the last batch retry ("Show them"), and how many. */
    public int showingRetried() {
        ListQuery query = list.filterProperty().get();
        return query == null ? 0 : query.values(RETRIED_IDS).size();
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

    /** The HTTP status classes of the last attempt the list keeps (empty: any). */
    public ObservableList<HttpStatusClass> httpStatuses() {
        return httpStatuses;
    }

    /** Whether the server has the HTTP status filter (false while unknown). */
    public ReadOnlyBooleanProperty httpStatusSupportedProperty() {
        return httpStatusSupported.getReadOnlyProperty();
    }

    /** Why the HTTP status filter is disabled, or {@code ""}. */
    public ReadOnlyStringProperty httpStatusNoteProperty() {
        return httpStatusNote.getReadOnlyProperty();
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

    /** One delivery by its ID (see {@link DeliveryFilter#deliveryId()}). */
    public StringProperty deliveryIdProperty() {
        return deliveryId;
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
}
