package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.DeliveryTimeSeries;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.DateRange;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * How many deliveries the deliveries view's filters and window match: the status totals (one request to
 * {@code eventdeliveries/statustotals}) and the deliveries over time (one to {@code eventdeliveries/timeseries}),
 * each loaded in the background; an answer to an older request is dropped. No controls; call it on the FX thread.
 *
 * <p>The totals are asked without the status filter, so every status keeps its count and clicking one can filter
 * by it; {@link #matching} is the sum over the statuses the filter keeps. The chart follows every filter. A server
 * without these routes (a remote Convoy answers 404) leaves them {@link State#UNAVAILABLE}, with a message, and
 * nothing else changes.
 */
public final class DeliveryCounts {

    /** Where one of the two answers stands. */
    public enum State { IDLE, LOADING, LOADED, UNAVAILABLE, FAILED }

    /** Windows up to this long are charted per hour, longer ones per day. */
    static final Duration HOURLY_UP_TO = Duration.ofHours(48);
    static final String TOTALS_UNAVAILABLE = "Totals are unavailable on this server.";
    static final String CHART_UNAVAILABLE = "The deliveries-over-time chart is unavailable on this server.";

    private final ConsoleSession session;
    private final Clock clock;
    private final Part<DeliveryStatusTotals> totals;
    private final Part<DeliveryTimeSeries> series;
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<List<EventDeliveryStatus>> counted = new ReadOnlyObjectWrapper<>(this,
            "counted", List.of());

    public DeliveryCounts(ConsoleSession session, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.totals = new Part<>("totals", TOTALS_UNAVAILABLE, "Totals could not be loaded: ");
        this.series = new Part<>("series", CHART_UNAVAILABLE, "The chart could not be loaded: ");
    }

    /** Asks again for the totals and the chart of {@code filter} in {@code range}, as of now. */
    public void load(DeliveryFilter filter, DateRange range) {
        totals.load.cancel();
        series.load.cancel();
        ApiClient client = session.client();
        if (client == null || filter.deliveryId() != null) {
            // not connected (yet), or one delivery by its ID (the table counts it): nothing to count
            totals.clear();
            series.clear();
            message.set("");
            return;
        }
        Instant now = clock.instant();
        ListQuery everyStatus = filter.withStatuses(List.of()).toBatchQuery(range, now);
        ListQuery matching = filter.toBatchQuery(range, now);
        String bucket = bucketFor(range.resolve(now));
        counted.set(filter.statuses());
        totals.state.set(State.LOADING);
        series.state.set(State.LOADING);
        totals.ask(() -> client.eventDeliveryStatusTotals(everyStatus));
        series.ask(() -> client.eventDeliveryTimeSeries(matching, bucket));
    }

    /**
     * One of the two answers: its value, where it stands, why it is missing, and its load (a newer load, or none
     * to count, drops the answer of an older one).
     */
    private final class Part<T> {

        final ReadOnlyObjectWrapper<T> value;
        final ReadOnlyObjectWrapper<State> state;
        final LatestTask load = new LatestTask(session.tasks());
        private final String unavailable;
        private final String failed;
        String problem = "";

        Part(String name, String unavailable, String failed) {
            this.value = new ReadOnlyObjectWrapper<>(DeliveryCounts.this, name);
            this.state = new ReadOnlyObjectWrapper<>(DeliveryCounts.this, name + "State", State.IDLE);
            this.unavailable = unavailable;
            this.failed = failed;
        }

        void clear() {
            value.set(null);
            state.set(State.IDLE);
        }

        void ask(Callable<T> call) {
            load.run(call, answer -> {
                value.set(answer);
                state.set(State.LOADED);
                problem = "";
                updateMessage();
            }, failure -> {
                value.set(null);
                state.set(stateOf(failure));
                problem = problemOf(failure, unavailable, failed);
                updateMessage();
            });
        }
    }

    /** {@code hour} for windows up to two days, {@code day} beyond. */
    static String bucketFor(DateRange.Window window) {
        return Duration.between(window.start(), window.end()).compareTo(HOURLY_UP_TO) <= 0 ? "hour" : "day";
    }

    /**
     * How many deliveries the list matches: the totals of the statuses the filter keeps (all when it keeps any), or
     * -1 while unknown.
     */
    public long matching() {
        DeliveryStatusTotals answer = totals.value.get();
        if (answer == null) {
            return -1;
        }
        List<EventDeliveryStatus> kept = counted.get().isEmpty() ? List.of(EventDeliveryStatus.values())
                : counted.get();
        // summed here rather than read from "total": a Convoy answer has only "totals", without empty statuses
        return kept.stream().mapToLong(answer::count).sum();
    }

    private void updateMessage() {
        boolean bothGone = totals.state.get() == State.UNAVAILABLE && series.state.get() == State.UNAVAILABLE;
        if (bothGone) {
            message.set(TOTALS_UNAVAILABLE);
        } else {
            message.set(String.join(" ", List.of(totals.problem, series.problem).stream()
                    .filter(s -> !s.isEmpty()).toList()));
        }
    }

    private State stateOf(Throwable failure) {
        if (isMissingRoute(failure)) {
            return State.UNAVAILABLE;
        }
        session.reportConnectionFailure(failure);
        return State.FAILED;
    }

    private static String problemOf(Throwable failure, String unavailable, String failed) {
        return isMissingRoute(failure) ? unavailable : failed + Failures.describe(failure);
    }

    /**
     * The server has no such route: a 404, or a Convoy that reads {@code statustotals} as a delivery ID (its "not
     * found" 400s).
     */
    private static boolean isMissingRoute(Throwable failure) {
        return failure instanceof ApiException api && (api.isNotFound() || api.status() == 405);
    }

    public ReadOnlyObjectProperty<DeliveryStatusTotals> totalsProperty() {
        return totals.value.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<DeliveryTimeSeries> seriesProperty() {
        return series.value.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<State> totalsStateProperty() {
        return totals.state.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<State> seriesStateProperty() {
        return series.state.getReadOnlyProperty();
    }

    /** Why totals or chart are missing ({@code ""} when both are there or loading). */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The statuses {@link #matching} sums (the filter's at the last load; empty: all). */
    public ReadOnlyObjectProperty<List<EventDeliveryStatus>> countedProperty() {
        return counted.getReadOnlyProperty();
    }
}
