package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.DeliveryTimeSeries;
import dev.hookline.api.model.EndpointFailureRate;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.store.Ulid;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many deliveries the deliveries list matches: per status ({@link #statusTotals}) and per status in time
 * buckets ({@link #timeSeries}), for exactly the list's filters and date window ({@link DeliveryFilter}).
 *
 * <p>Counted from the list's indexes, never from the table: every delivery index ends in {@code (status, id)} and
 * IDs are ULIDs whose prefix is the creation time (ADR 0004), so "deliveries of this endpoint in this status created
 * in this hour" is one range of a covering index, which SQLite counts without reading a row. One statement per
 * endpoint asked for counts every status and bucket at once (correlated {@code COUNT(*)} over a {@code VALUES} list
 * of statuses and ID ranges). Exact, and nothing to keep up to date on the write path; the cost grows with the
 * deliveries counted (ADR 0007 addendum and docs/BENCHMARKS.md say why a counter table kept by triggers was tried
 * and dropped).
 */
public final class DeliveryStatistics {

    /** Most buckets one time series answers; a longer window needs wider buckets. */
    public static final int MAX_BUCKETS = 1000;

    /** The width of a time-series bucket, aligned to UTC. */
    public enum Bucket {
        HOUR(ChronoUnit.HOURS), DAY(ChronoUnit.DAYS);

        private final ChronoUnit unit;

        Bucket(ChronoUnit unit) {
            this.unit = unit;
        }

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code hour} or {@code day}, without regard to case; anything else is invalid input naming the field. */
        public static Bucket fromWire(String value) {
            for (Bucket b : values()) {
                if (b.wire().equalsIgnoreCase(value.strip())) {
                    return b;
                }
            }
            throw InvalidInputException.field("bucket", "bucket must be hour or day, got \"" + value + "\"");
        }
    }

    private static final List<EventDeliveryStatus> STATUSES = DeliveryRepository.ALL_STATUSES;

    private final Store store;
    private final Signals signals;
    private final DeliveryRepository deliveries;

    public DeliveryStatistics(Store store, Signals signals, DeliveryRepository deliveries) {
        this.store = store;
        this.signals = signals;
        this.deliveries = deliveries;
    }

    /**
     * The count per status of the live deliveries of {@code projectId} the list matches for {@code filter} between
     * {@code lowestId} and {@code highestId} (the list's date window as ID bounds, each null for open). All six
     * statuses are answered; statuses the filter leaves out count 0.
     */
    public DeliveryStatusTotals statusTotals(String projectId, DeliveryFilter filter, String lowestId,
                                             String highestId) {
        Window window = new Window(lowestId == null ? 0 : Ulid.timestampOf(lowestId),
                highestId == null ? OPEN_END : Ulid.timestampOf(highestId));
        long[][] counts = counted(projectId, filter, List.of(window));
        Map<String, Long> totals = new LinkedHashMap<>();
        long total = 0;
        for (EventDeliveryStatus status : STATUSES) {
            long n = counts[0][status.ordinal()];
            totals.put(status.wire(), n);
            total += n;
        }
        return new DeliveryStatusTotals(totals, total);
    }

    /** Most endpoints one period-failure-rates request answers (Convoy's cap; more are left out). */
    public static final int MAX_RATE_ENDPOINTS = 100;
    /** The period when the request names no dates (Convoy's default search window). */
    static final Duration DEFAULT_RATE_PERIOD = Duration.ofDays(7);

    /**
     * {@code GET /endpoints/period-failure-rates}: for each endpoint asked (first {@value #MAX_RATE_ENDPOINTS},
     * each once, in the order asked) its {@code Success}, {@code Failure} and {@code Retry} deliveries between
     * {@code lowestId} and {@code highestId} (null lowest: the last 7 days) and (failure + retry) / all three, as
     * Convoy counts them (a retrying delivery has failed so far). An endpoint without such deliveries, or not in the
     * project, gets its ID alone.
     */
    public List<EndpointFailureRate> periodFailureRates(String projectId, List<String> endpointIds, String lowestId,
                                                        String highestId) {
        String lowest = lowestId != null ? lowestId
                : Ulid.lowerBound(store.clock().instant().minus(DEFAULT_RATE_PERIOD).toEpochMilli());
        List<EndpointFailureRate> out = new ArrayList<>();
        for (String id : endpointIds.stream().map(String::strip).filter(s -> !s.isEmpty()).distinct()
                .limit(MAX_RATE_ENDPOINTS).toList()) {
            DeliveryStatusTotals totals = statusTotals(projectId, new DeliveryFilter(List.of(id), null,
                    null, null, List.of(), null), lowest, highestId);
            long success = totals.count(EventDeliveryStatus.SUCCESS);
            long failure = totals.count(EventDeliveryStatus.FAILURE);
            long retry = totals.count(EventDeliveryStatus.RETRY);
            long all = success + failure + retry;
            out.add(all == 0 ? new EndpointFailureRate(id, null, null, null, null)
                    : new EndpointFailureRate(id, success, failure, retry, (double) (failure + retry) / all));
        }
        return out;
    }

    /**
     * The same counts per {@code bucket} of the window: from {@code start} (null: the first delivery's bucket) to
     * {@code end} (null: now), buckets aligned to UTC hours or days, the first and last clipped to the window.
     * Invalid input when the window holds more than {@value #MAX_BUCKETS} buckets.
     */
    public DeliveryTimeSeries timeSeries(String projectId, DeliveryFilter filter, Instant start, Instant end,
                                         Bucket bucket) {
        Instant to = end == null ? store.now() : end;
        refreshCache();
        return store.db().read(c -> {
            Instant from = start;
            if (from == null) {
                String first = firstId(c, projectId);
                if (first == null) {
                    return new DeliveryTimeSeries(bucket.wire(), List.of());
                }
                from = Instant.ofEpochMilli(Ulid.timestampOf(first));
            }
            if (from.isAfter(to)) {
                return new DeliveryTimeSeries(bucket.wire(), List.of());
            }
            List<Instant> starts = bucketStarts(from, to, bucket);
            List<Window> windows = new ArrayList<>(starts.size());
            for (int i = 0; i < starts.size(); i++) {
                Instant lo = i == 0 ? from : starts.get(i);
                Instant hi = i + 1 < starts.size() ? starts.get(i + 1).minusMillis(1) : to;
                windows.add(new Window(lo.toEpochMilli(), hi.toEpochMilli()));
            }
            long[][] counts = count(c, projectId, filter, windows);
            List<DeliveryTimeSeries.Bucket> out = new ArrayList<>(starts.size());
            for (int i = 0; i < starts.size(); i++) {
                long[] n = counts[i];
                out.add(new DeliveryTimeSeries.Bucket(starts.get(i), n[EventDeliveryStatus.SUCCESS.ordinal()],
                        n[EventDeliveryStatus.FAILURE.ordinal()], n[EventDeliveryStatus.RETRY.ordinal()],
                        n[EventDeliveryStatus.SCHEDULED.ordinal()], n[EventDeliveryStatus.PROCESSING.ordinal()],
                        n[EventDeliveryStatus.DISCARDED.ordinal()]));
            }
            return new DeliveryTimeSeries(bucket.wire(), out);
        });
    }

    /** The starts of the buckets that meet {@code [from, to]}, the first truncated to the bucket. */
    private static List<Instant> bucketStarts(Instant from, Instant to, Bucket bucket) {
        Instant first = from.truncatedTo(bucket.unit);
        long count = Duration.between(first, to).dividedBy(bucket.unit.getDuration()) + 1;
        if (count > MAX_BUCKETS) {
            throw InvalidInputException.field("bucket", "the window holds " + count + " " + bucket.wire()
                    + "s; at most " + MAX_BUCKETS + " buckets are answered: narrow the window"
                    + (bucket == Bucket.HOUR ? " or use bucket=day" : ""));
        }
        List<Instant> starts = new ArrayList<>((int) count);
        for (Instant t = first; !t.isAfter(to); t = t.plus(1, bucket.unit)) {
            starts.add(t);
        }
        return starts;
    }

    /** The end of an open window: the last millisecond a ULID can encode (48 bits). */
    private static final long OPEN_END = (1L << 48) - 1;

    /** Creation times {@code [fromMs, toMs]} in epoch milliseconds, both inclusive. */
    private record Window(long fromMs, long toMs) {

        IdRange ids(long from, long to) {
            return new IdRange(Ulid.lowerBound(from), Ulid.upperBound(to));
        }
    }

    /** An inclusive ID range. */
    private record IdRange(String lowest, String highest) {
    }

    /**
     * {@code [window][status ordinal]} counts of the live deliveries matching {@code filter} (the idempotency key
     * resolved to its event first, as the list does).
     */
    private long[][] count(Connection c, String projectId, DeliveryFilter unresolved, List<Window> windows)
            throws SQLException {
        long[][] counts = new long[windows.size()][STATUSES.size()];
        // heldBy becomes endpoints and waiting statuses, as the list resolves it (ADR 0008)
        DeliveryFilter filter = deliveries.resolveHolds(c, projectId, unresolved);
        if (filter.endpointIds() != null && filter.endpointIds().isEmpty()) {
            return counts;
        }
        DeliveryFilter resolved = filter;
        if (filter.idempotencyKey() != null) {
            String eventId = EventRepository.firstWithIdempotencyKey(c, projectId, filter.idempotencyKey());
            if (eventId == null || (filter.eventId() != null && !filter.eventId().equals(eventId))) {
                return counts;
            }
            resolved = filter.withEvent(eventId);
        }
        List<EventDeliveryStatus> statuses = resolved.statuses().isEmpty() ? STATUSES : resolved.statuses();
        List<String> endpoints = resolved.endpointIds() == null ? List.of() : resolved.endpointIds();
        if (resolved.eventId() == null && resolved.subscriptionId() == null && resolved.eventType() == null) {
            countWithSettledHours(c, counts, projectId, endpoints, statuses, resolved.httpClasses(), windows);
            return counts;
        }
        List<IdRange> ranges = windows.stream().map(w -> w.ids(w.fromMs(), w.toMs())).toList();
        boolean perRowEndpoint = resolved.eventId() != null || resolved.subscriptionId() != null;
        if (endpoints.isEmpty() || perRowEndpoint) {
            add(c, counts, statement(projectId, resolved, null, endpoints, statuses, resolved.classValues(), ranges));
        } else {
            // one index walk per endpoint: (project, endpoint[, type], status, id)
            for (String endpoint : endpoints) {
                add(c, counts, statement(projectId, resolved, endpoint, List.of(), statuses, resolved.classValues(),
                        ranges));
            }
        }
        return counts;
    }

    // ------------------------------------------------------------------------------------- settled hours

    private static final long HOUR_MS = 3_600_000L;
    /** An hour is cached once it ended at least this long ago (IDs are minted at "now"; clocks may be a bit off). */
    private static final long SETTLE_MARGIN_MS = 60_000L;
    /** Entries kept at most (about 100 bytes each); beyond, the cache starts over. */
    private static final int MAX_CACHED_HOURS = 500_000;
    /** Hours counted per statement (two parameters each; SQLite allows 32,766). */
    private static final int HOURS_PER_STATEMENT = 2_000;

    /**
     * One endpoint's ("" for the whole project) live deliveries created in one hour (epoch hours): all of them
     * ({@code lastHttpClass} {@link #ANY_CLASS}) or those whose last attempt got that class ({@code last_http_class}:
     * -1 never tried, 0 no answer, 1 to 5).
     */
    private record HourKey(String projectId, String endpointId, long hour, int lastHttpClass) {
    }

    /** {@link HourKey#lastHttpClass} of an hour's counts over every class. */
    private static final int ANY_CLASS = Integer.MIN_VALUE;
    /** Every {@code last_http_class} a delivery can have (a code outside 100 to 599 is never stored). */
    private static final List<Integer> CLASS_VALUES = List.of(-1, 0, 1, 2, 3, 4, 5);

    /**
     * Per-status counts of past hours that had no delivery in flight ({@code Scheduled}, {@code Retry},
     * {@code Processing}) when counted. Nothing can change them then but a resend or batch retry of a settled
     * delivery, which {@link Signals#deliveriesRequeued()} reports: the cache is dropped then. New deliveries
     * always get IDs of the current hour, and the dispatcher only changes deliveries in flight.
     */
    private final Map<HourKey, long[]> settledHours = new ConcurrentHashMap<>();
    private volatile long cachedAtRequeues = -1;

    /** Drops the cached hours when settled deliveries were queued again since they were counted. */
    private void refreshCache() {
        long requeues = signals.requeues();
        if (requeues != cachedAtRequeues || settledHours.size() > MAX_CACHED_HOURS) {
            settledHours.clear();
            cachedAtRequeues = requeues;
        }
    }

    /** {@link #count} with the cache checked first (read before the database snapshot is taken). */
    private long[][] counted(String projectId, DeliveryFilter filter, List<Window> windows) {
        refreshCache();
        return store.db().read(c -> count(c, projectId, filter, windows));
    }

    /**
     * Counts for filters by endpoints, statuses, HTTP status classes and dates only: the whole hours of each window
     * that ended a while ago come from {@link #settledHours}, or are counted once (all statuses; with a class filter
     * every class apart) and kept when none of their deliveries is in flight; the recent hours and the partial hours
     * at the windows' edges are counted every time. A settled delivery's last HTTP status cannot change either: only
     * a try changes it, and only deliveries in flight are tried.
     *
     * <p>Without a class filter an hour is cached once, over every class ({@link #ANY_CLASS}). With one it is cached
     * per class, so any choice of classes is answered from the cache once the hour was counted by class; counting an
     * hour fresh then counts every class (to tell whether the hour has a delivery in flight, whatever its class) from
     * the class index.
     */
    private void countWithSettledHours(Connection c, long[][] counts, String projectId, List<String> endpoints,
                                       List<EventDeliveryStatus> statuses, List<HttpStatusClass> classes,
                                       List<Window> windows)
            throws SQLException {
        long cacheRequeues = cachedAtRequeues;
        long nowMs = store.now().toEpochMilli();
        long settledBefore = Math.floorDiv(nowMs - SETTLE_MARGIN_MS, HOUR_MS);
        // whole hours only where deliveries can be: from the project's first one to the current hour; the rest of
        // an open window is counted from the index like an edge (ranges that hold no row, or a few future IDs)
        String first = firstId(c, projectId);
        if (first == null) {
            return;
        }
        HourSplit split = HourSplit.of(windows, Math.floorDiv(Ulid.timestampOf(first), HOUR_MS),
                Math.floorDiv(nowMs, HOUR_MS) + 1);
        boolean byClass = !classes.isEmpty();
        // the cache entries an hour is counted into, and those of them the request asks for
        List<Integer> slots = byClass ? CLASS_VALUES : List.of(ANY_CLASS);
        List<Integer> asked = byClass ? classes.stream().map(HttpStatusClass::hundreds).toList() : slots;
        DeliveryFilter filter = byClass ? new DeliveryFilter(null, null, null, null,
                List.of(), null, classes) : DeliveryFilter.none();
        List<String> keys = endpoints.isEmpty() ? List.of("") : endpoints;
        for (String endpoint : keys) {
            String indexEndpoint = endpoint.isEmpty() ? null : endpoint;
            List<Long> toCount = new ArrayList<>();
            for (Map.Entry<Long, Integer> e : split.hourWindow().entrySet()) {
                List<long[]> cached = e.getKey() < settledBefore
                        ? cachedSlots(projectId, endpoint, e.getKey(), asked) : null;
                if (cached == null) {
                    toCount.add(e.getKey());
                } else {
                    cached.forEach(n -> addStatuses(counts[e.getValue()], n, statuses));
                }
            }
            int perStatement = Math.max(1, HOURS_PER_STATEMENT / slots.size());
            for (int from = 0; from < toCount.size(); from += perStatement) {
                List<Long> chunk = toCount.subList(from, Math.min(toCount.size(), from + perStatement));
                List<IdRange> ranges = chunk.stream().map(h -> new IdRange(Ulid.lowerBound(h * HOUR_MS),
                        Ulid.upperBound((h + 1) * HOUR_MS - 1))).toList();
                long[][][] fresh = new long[ranges.size()][slots.size()][STATUSES.size()];
                addBySlot(c, fresh, slots, statement(projectId, filter, indexEndpoint, List.of(), STATUSES,
                        byClass ? CLASS_VALUES : List.of(), ranges));
                for (int r = 0; r < fresh.length; r++) {
                    long hour = chunk.get(r);
                    boolean inFlight = false;
                    for (int k = 0; k < slots.size(); k++) {
                        if (asked.contains(slots.get(k))) {
                            addStatuses(counts[split.hourWindow().get(hour)], fresh[r][k], statuses);
                        }
                        inFlight |= fresh[r][k][EventDeliveryStatus.SCHEDULED.ordinal()]
                                + fresh[r][k][EventDeliveryStatus.RETRY.ordinal()]
                                + fresh[r][k][EventDeliveryStatus.PROCESSING.ordinal()] > 0;
                    }
                    if (hour < settledBefore && !inFlight && cacheRequeues == cachedAtRequeues) {
                        for (int k = 0; k < slots.size(); k++) {
                            settledHours.put(new HourKey(projectId, endpoint, hour, slots.get(k)), fresh[r][k]);
                        }
                    }
                }
            }
            if (!split.edges().isEmpty()) {
                long[][] partial = new long[split.edges().size()][STATUSES.size()];
                add(c, partial, statement(projectId, filter, indexEndpoint, List.of(), statuses,
                        byClass ? asked : List.of(), split.edges()));
                for (int r = 0; r < partial.length; r++) {
                    for (int s = 0; s < STATUSES.size(); s++) {
                        counts[split.edgeWindow().get(r)][s] += partial[r][s];
                    }
                }
            }
        }
    }

    /**
     * The cached counts of {@code hour} for each of {@code slots} ({@link HourKey#lastHttpClass}), or null when one
     * of them is not cached.
     */
    private List<long[]> cachedSlots(String projectId, String endpoint, long hour, List<Integer> slots) {
        List<long[]> out = new ArrayList<>(slots.size());
        for (int k : slots) {
            long[] n = settledHours.get(new HourKey(projectId, endpoint, hour, k));
            if (n == null) {
                return null;
            }
            out.add(n);
        }
        return out;
    }

    /**
     * Windows cut into whole hours where deliveries can be ({@code hourWindow}: epoch hour to window index, from the
     * project's first delivery's hour to before {@code endHour}) and the rest ({@code edges}, with the window of
     * each in {@code edgeWindow}), counted from the index every time.
     */
    private record HourSplit(Map<Long, Integer> hourWindow, List<IdRange> edges, List<Integer> edgeWindow) {

        static HourSplit of(List<Window> windows, long firstHour, long endHour) {
            List<IdRange> edges = new ArrayList<>();
            List<Integer> edgeWindow = new ArrayList<>();
            Map<Long, Integer> hourWindow = new LinkedHashMap<>();
            for (int i = 0; i < windows.size(); i++) {
                Window w = windows.get(i);
                long firstWhole = Math.max(firstHour, Math.floorDiv(w.fromMs() + HOUR_MS - 1, HOUR_MS));
                long endWhole = Math.min(endHour, Math.floorDiv(w.toMs() + 1, HOUR_MS));
                if (firstWhole >= endWhole) {
                    edges.add(w.ids(w.fromMs(), w.toMs()));
                    edgeWindow.add(i);
                    continue;
                }
                if (w.fromMs() < firstWhole * HOUR_MS) {
                    edges.add(w.ids(w.fromMs(), firstWhole * HOUR_MS - 1));
                    edgeWindow.add(i);
                }
                if (endWhole * HOUR_MS <= w.toMs()) {
                    edges.add(w.ids(endWhole * HOUR_MS, w.toMs()));
                    edgeWindow.add(i);
                }
                for (long h = firstWhole; h < endWhole; h++) {
                    hourWindow.put(h, i);
                }
            }
            return new HourSplit(hourWindow, edges, edgeWindow);
        }
    }

    private static void addStatuses(long[] into, long[] from, List<EventDeliveryStatus> statuses) {
        for (EventDeliveryStatus status : statuses) {
            into[status.ordinal()] += from[status.ordinal()];
        }
    }

    /** A statement's text and its parameters in order. */
    private record Sql(String text, List<Object> params) {
    }

    private static void add(Connection c, long[][] counts, Sql sql) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql.text())) {
            for (int i = 0; i < sql.params().size(); i++) {
                s.setObject(i + 1, sql.params().get(i));
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    int range = rs.getInt(1);
                    EventDeliveryStatus status = EventDeliveryStatus.fromWire(rs.getString(2));
                    counts[range][status.ordinal()] += rs.getLong(4);
                }
            }
        }
    }

    /**
     * {@link #add} keeping the classes apart: {@code [range][index in slots][status ordinal]}, where a row without a
     * class (the statement did not count by class) goes to {@link #ANY_CLASS}'s slot.
     */
    private static void addBySlot(Connection c, long[][][] counts, List<Integer> slots, Sql sql)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql.text())) {
            for (int i = 0; i < sql.params().size(); i++) {
                s.setObject(i + 1, sql.params().get(i));
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    EventDeliveryStatus status = EventDeliveryStatus.fromWire(rs.getString(2));
                    int slot = slots.indexOf(rs.getObject(3) == null ? ANY_CLASS : rs.getInt(3));
                    counts[rs.getInt(1)][slot][status.ordinal()] += rs.getLong(4);
                }
            }
        }
    }

    /**
     * {@code WITH r(i, lo, hi) AS (VALUES ...), s(status) AS (VALUES ...) SELECT r.i, s.status, NULL, (SELECT COUNT(*)
     * FROM event_deliveries INDEXED BY ... WHERE ...)}: every range and status counted in one statement, each count
     * a range of the index the list would walk ({@link DeliveryRepository#listQuery}), by equality on its leading columns.
     * {@code endpoint} is the one endpoint of the index walk (null: none); {@code perRowEndpoints} are checked per
     * row (an event's or a subscription's few or single-endpoint rows). {@code classes} ({@code last_http_class}
     * values; empty: any): on a class index one more {@code VALUES} list {@code k(cls)}, every range, status and class
     * counted apart (the third column names the class); on another index checked per row.
     */
    private static Sql statement(String projectId, DeliveryFilter filter, String endpoint,
                                 List<String> perRowEndpoints, List<EventDeliveryStatus> statuses,
                                 List<Integer> classes, List<IdRange> ranges) {
        List<Object> params = new ArrayList<>();
        StringBuilder sql = new StringBuilder("WITH r(i, lo, hi) AS (VALUES ");
        for (int i = 0; i < ranges.size(); i++) {
            IdRange range = ranges.get(i);
            sql.append(i == 0 ? "" : ", ").append("(").append(i).append(", ?, ?)");
            params.add(range.lowest() == null ? "" : range.lowest());
            params.add(range.highest() == null ? "~" : range.highest());
        }
        sql.append("), s(status) AS (VALUES ")
                .append(String.join(", ", Collections.nCopies(statuses.size(), "(?)"))).append(")");
        statuses.forEach(st -> params.add(st.wire()));
        String index = DeliveryRepository.indexFor(filter, endpoint != null, true);
        boolean classRanges = !classes.isEmpty() && DeliveryRepository.leadsWithClass(index);
        if (classRanges) {
            sql.append(", k(cls) AS (VALUES ")
                    .append(String.join(", ", Collections.nCopies(classes.size(), "(?)"))).append(")");
            params.addAll(classes);
        }
        sql.append(" SELECT r.i, s.status, ").append(classRanges ? "k.cls" : "NULL")
                .append(", (SELECT COUNT(*) FROM event_deliveries INDEXED BY ").append(index)
                .append(" WHERE project_id = ?");
        params.add(projectId);
        if (filter.eventId() != null) {
            sql.append(" AND event_id = ?");
            params.add(filter.eventId());
        }
        if (filter.subscriptionId() != null) {
            sql.append(" AND subscription_id = ?");
            params.add(filter.subscriptionId());
        }
        if (endpoint != null) {
            sql.append(" AND endpoint_id = ?");
            params.add(endpoint);
        }
        if (!perRowEndpoints.isEmpty()) {
            sql.append(" AND endpoint_id IN (")
                    .append(String.join(", ", Collections.nCopies(perRowEndpoints.size(), "?"))).append(")");
            params.addAll(perRowEndpoints);
        }
        if (filter.eventType() != null) {
            sql.append(" AND event_type = ?");
            params.add(filter.eventType());
        }
        if (classRanges) {
            sql.append(" AND last_http_class = k.cls");
        } else if (!classes.isEmpty()) {
            sql.append(" AND last_http_class IN (")
                    .append(String.join(", ", Collections.nCopies(classes.size(), "?"))).append(")");
            params.addAll(classes);
        }
        sql.append(" AND status = s.status AND id >= r.lo AND id <= r.hi AND deleted_at IS NULL) FROM r, s")
                .append(classRanges ? ", k" : "");
        return new Sql(sql.toString(), params);
    }

    /** The oldest live delivery of the project (the start of an open window), or null. */
    private static String firstId(Connection c, String projectId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT MIN(id) FROM event_deliveries INDEXED BY "
                + "deliveries_project WHERE project_id = ? AND deleted_at IS NULL")) {
            s.setString(1, projectId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
