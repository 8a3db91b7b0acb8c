package dev.hookline.app.events;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.table.DateRange;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The server-side filters of the events list. Blank text means "no filter". The date window is the table's
 * {@link DateRange}, added to every query as explicit dates.
 *
 * @param sourceIds      repeated {@code sourceId} keys
 * @param endpointIds    repeated {@code endpointId} keys
 * @param idempotencyKey {@code idempotencyKey}
 * @param search         {@code query}: full-text search in the payload
 * @param sort           {@code sort}, newest first unless the user asks otherwise
 */
public record EventFilter(List<String> sourceIds, List<String> endpointIds, String idempotencyKey, String search,
                          ListQuery.Sort sort) {

    public EventFilter {
        sourceIds = ids(sourceIds);
        endpointIds = ids(endpointIds);
        idempotencyKey = clean(idempotencyKey);
        search = clean(search);
        sort = sort == null ? ListQuery.Sort.DESC : sort;
    }

    public static EventFilter none() {
        return new EventFilter(List.of(), List.of(), null, null, ListQuery.Sort.DESC);
    }

    /** The list's filters, search and sort (the table adds paging and the dates). */
    public ListQuery toQuery() {
        return filters().with("query", search).sort(sort);
    }

    /**
     * What {@code countbatchreplayevents} and {@code batchreplay} take: the filters and the table's window at
     * {@code now}. Convoy refuses a batch replay with a text search, so a filter with {@link #search} cannot be
     * batch-replayed: see {@link #canBatchReplay()}.
     */
    public ListQuery toBatchQuery(DateRange range, Instant now) {
        return range.applyTo(filters(), now);
    }

    /** {@code false} while a text search is set: the batch would not cover what the table lists. */
    public boolean canBatchReplay() {
        return search == null;
    }

    private ListQuery filters() {
        return ListQuery.create()
                .withAll("sourceId", sourceIds)
                .withAll("endpointId", endpointIds)
                .with("idempotencyKey", idempotencyKey);
    }

    private static List<String> ids(List<String> ids) {
        return ids == null ? List.of() : ids.stream().map(EventFilter::clean).filter(Objects::nonNull).distinct()
                .toList();
    }

    private static String clean(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
