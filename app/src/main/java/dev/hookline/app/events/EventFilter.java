package dev.hookline.app.events;

import dev.hookline.api.client.ListQuery;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The server-side filters of the events list. Blank text means "no filter"; the date window is always explicit
 * because a remote Convoy otherwise shows only the last 7 days (ADR 0006, entry 18).
 *
 * @param sourceIds      repeated {@code sourceId} keys
 * @param endpointIds    repeated {@code endpointId} keys
 * @param idempotencyKey {@code idempotencyKey}
 * @param search         {@code query}: full-text search in the payload
 * @param start          {@code startDate}, required
 * @param end            {@code endDate}, required
 * @param sort           {@code sort}, newest first unless the user asks otherwise
 */
public record EventFilter(List<String> sourceIds, List<String> endpointIds, String idempotencyKey, String search,
                          Instant start, Instant end, ListQuery.Sort sort) {

    public EventFilter {
        sourceIds = ids(sourceIds);
        endpointIds = ids(endpointIds);
        idempotencyKey = clean(idempotencyKey);
        search = clean(search);
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        sort = sort == null ? ListQuery.Sort.DESC : sort;
    }

    public static EventFilter window(Instant start, Instant end) {
        return new EventFilter(List.of(), List.of(), null, null, start, end, ListQuery.Sort.DESC);
    }

    /** The list query of the first page with {@code perPage} rows. */
    public ListQuery toQuery(int perPage) {
        return toBatchQuery().with("query", search).perPage(perPage).sort(sort);
    }

    /**
     * The filters as {@code countbatchreplayevents} and {@code batchreplay} take them. Convoy refuses a batch replay
     * with a text search, so a filter with {@link #search} cannot be batch-replayed: see {@link #canBatchReplay()}.
     */
    public ListQuery toBatchQuery() {
        return ListQuery.create()
                .startDate(start)
                .endDate(end)
                .withAll("sourceId", sourceIds)
                .withAll("endpointId", endpointIds)
                .with("idempotencyKey", idempotencyKey);
    }

    /** {@code false} while a text search is set: the batch would not cover what the table lists. */
    public boolean canBatchReplay() {
        return search == null;
    }

    private static List<String> ids(List<String> ids) {
        return ids == null ? List.of() : ids.stream().map(EventFilter::clean).filter(Objects::nonNull).distinct()
                .toList();
    }

    private static String clean(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
