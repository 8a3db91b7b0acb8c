package dev.hookline.api.client;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.Page;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * Immutable query parameters of a list call, Convoy style: {@code perPage}, {@code sort} (ASC|DESC),
 * {@code direction} (next|prev), {@code next_page_cursor}, {@code prev_page_cursor}, {@code startDate},
 * {@code endDate} (UTC, {@code yyyy-MM-dd'T'HH:mm:ss}), plus any filter. Repeated parameters are sent as repeated
 * keys ({@code status=Failure&status=Retry}), never {@code status[]=}. Every method returns a new instance; setting a
 * name again replaces its values, and a {@code null} value (or empty list) removes it.
 *
 * <p>Note that Convoy lists events, deliveries and meta events of the last 7 days only unless dates are given.
 */
public final class ListQuery {

    /** Sort order of the keyset (by id; by {@code created_at, id} for deliveries). */
    public enum Sort { ASC, DESC }

    /** Which cursor to page from. */
    public enum Direction {
        NEXT("next"), PREV("prev");

        private final String wire;

        Direction(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    /** The query key of {@link #httpStatus}. */
    public static final String HTTP_STATUS = "httpStatus";

    /** The query key of {@link #heldBy}. */
    public static final String HELD_BY = "heldBy";

    private static final ListQuery EMPTY = new ListQuery(Map.of());

    private final Map<String, List<String>> params;

    private ListQuery(Map<String, List<String>> params) {
        this.params = params;
    }

    /** No parameters (server defaults: 20 per page, DESC). */
    public static ListQuery create() {
        return EMPTY;
    }

    /** Shorthand for {@code create().perPage(perPage)}. */
    public static ListQuery ofPerPage(int perPage) {
        return EMPTY.perPage(perPage);
    }

    public ListQuery perPage(int perPage) {
        return with("perPage", Integer.toString(perPage));
    }

    public ListQuery sort(Sort sort) {
        return with("sort", sort == null ? null : sort.name());
    }

    public ListQuery direction(Direction direction) {
        return with("direction", direction == null ? null : direction.wire());
    }

    public ListQuery nextPageCursor(String cursor) {
        return with("next_page_cursor", cursor);
    }

    public ListQuery prevPageCursor(String cursor) {
        return with("prev_page_cursor", cursor);
    }

    /** Sent as {@code startDate=yyyy-MM-dd'T'HH:mm:ss} in UTC (sub-second part dropped). */
    public ListQuery startDate(Instant start) {
        return with("startDate", start == null ? null : DATE.format(start));
    }

    /** Sent as {@code endDate=yyyy-MM-dd'T'HH:mm:ss} in UTC (sub-second part dropped). */
    public ListQuery endDate(Instant end) {
        return with("endDate", end == null ? null : DATE.format(end));
    }

    /**
     * Hookline's {@code httpStatus} filter of the deliveries list, its status totals and time series (ADR 0033):
     * deliveries whose last attempt got a status of one of {@code classes}, sent as repeated keys
     * ({@code httpStatus=4xx&httpStatus=5xx}); {@code null} or empty removes it. A Convoy server ignores it and lists
     * every delivery ({@link ApiClient#supportsDeliveryHttpStatusFilter()} tells them apart).
     */
    public ListQuery httpStatus(Collection<HttpStatusClass> classes) {
        return withAll(HTTP_STATUS, classes == null ? List.of()
                : classes.stream().filter(Objects::nonNull).distinct().map(HttpStatusClass::wire).toList());
    }

    /**
     * Hookline's {@code heldBy} filter of the deliveries list: deliveries that are due but held back for one of
     * {@code holds} (an open circuit, a rate limit, a paused endpoint), sent as repeated keys
     * ({@code heldBy=circuit_open&heldBy=endpoint_paused}); {@code null} or empty removes it. A Convoy server ignores
     * it.
     */
    public ListQuery heldBy(Collection<DeliveryHold> holds) {
        return withAll(HELD_BY, holds == null ? List.of()
                : holds.stream().filter(Objects::nonNull).distinct().map(DeliveryHold::wire).toList());
    }

    /** This query positioned on the page after {@code pagination} ({@code direction=next}, its next cursor). */
    public ListQuery nextPage(Page.Pagination pagination) {
        return direction(Direction.NEXT).nextPageCursor(pagination.nextPageCursor()).prevPageCursor(null);
    }

    /** This query positioned on the page before {@code pagination} ({@code direction=prev}, its prev cursor). */
    public ListQuery prevPage(Page.Pagination pagination) {
        return direction(Direction.PREV).prevPageCursor(pagination.prevPageCursor()).nextPageCursor(null);
    }

    /** Sets a single-valued parameter; {@code null} removes it. */
    public ListQuery with(String name, String value) {
        return withAll(name, value == null ? List.of() : List.of(value));
    }

    /** Sets a repeated parameter ({@code name=a&name=b}); {@code null} or empty removes it. Null items are skipped. */
    public ListQuery withAll(String name, List<String> values) {
        Objects.requireNonNull(name, "name");
        Map<String, List<String>> copy = new LinkedHashMap<>(params);
        List<String> clean = values == null ? List.of() : values.stream().filter(Objects::nonNull).toList();
        if (clean.isEmpty()) {
            copy.remove(name);
        } else {
            copy.put(name, clean);
        }
        return new ListQuery(Collections.unmodifiableMap(copy));
    }

    /** The values of {@code name}, empty when absent. */
    public List<String> values(String name) {
        return params.getOrDefault(name, List.of());
    }

    /** The first value of {@code name}, or {@code null}. */
    public String value(String name) {
        List<String> v = params.get(name);
        return v == null ? null : v.get(0);
    }

    /** All parameters in insertion order (unmodifiable). */
    public Map<String, List<String>> params() {
        return params;
    }

    /** The encoded query string without {@code ?}, e.g. {@code perPage=2&status=Failure&status=Retry}. */
    public String toQuery() {
        StringJoiner joiner = new StringJoiner("&");
        params.forEach((name, values) -> values.forEach(v -> joiner.add(encode(name) + "=" + encode(v))));
        return joiner.toString();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ListQuery other && params.equals(other.params);
    }

    @Override
    public int hashCode() {
        return params.hashCode();
    }

    @Override
    public String toString() {
        return "ListQuery[" + toQuery() + "]";
    }
}
