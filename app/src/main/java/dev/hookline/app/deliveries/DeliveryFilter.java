package dev.hookline.app.deliveries;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The server-side filters of the deliveries list, as the user set them. Blank text means "no filter"; the date
 * window is always explicit because a remote Convoy otherwise shows only the last 7 days (ADR 0006, entry 18).
 *
 * @param statuses       sent as repeated {@code status} keys, in the order given
 * @param endpointIds    sent as repeated {@code endpointId} keys
 * @param eventType      {@code eventType} (the name Convoy's code reads; its docs say {@code event_type})
 * @param subscriptionId {@code subscriptionId}
 * @param eventId        {@code eventId}
 * @param idempotencyKey {@code idempotencyKey}
 * @param start          {@code startDate}, required
 * @param end            {@code endDate}, required
 * @param sort           {@code sort}: newest first ({@code DESC}) unless the user asks otherwise
 */
public record DeliveryFilter(List<EventDeliveryStatus> statuses, List<String> endpointIds, String eventType,
                             String subscriptionId, String eventId, String idempotencyKey, Instant start,
                             Instant end, ListQuery.Sort sort) {

    public DeliveryFilter {
        statuses = statuses == null ? List.of() : List.copyOf(statuses);
        endpointIds = endpointIds == null ? List.of() : endpointIds.stream().map(DeliveryFilter::clean)
                .filter(Objects::nonNull).distinct().toList();
        eventType = clean(eventType);
        subscriptionId = clean(subscriptionId);
        eventId = clean(eventId);
        idempotencyKey = clean(idempotencyKey);
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        sort = sort == null ? ListQuery.Sort.DESC : sort;
    }

    /** Only a date window: every delivery created in it, newest first. */
    public static DeliveryFilter window(Instant start, Instant end) {
        return new DeliveryFilter(List.of(), List.of(), null, null, null, null, start, end, ListQuery.Sort.DESC);
    }

    /** The list query of the first page with {@code perPage} rows. */
    public ListQuery toQuery(int perPage) {
        return toBatchQuery().perPage(perPage).sort(sort);
    }

    /**
     * The filters alone (no paging, no sort), as {@code countbatchretryevents} and {@code batchretry} take them:
     * the batch covers exactly what the table lists.
     */
    public ListQuery toBatchQuery() {
        return ListQuery.create()
                .startDate(start)
                .endDate(end)
                .withAll("status", statuses.stream().map(EventDeliveryStatus::wire).toList())
                .withAll("endpointId", endpointIds)
                .with("eventType", eventType)
                .with("subscriptionId", subscriptionId)
                .with("eventId", eventId)
                .with("idempotencyKey", idempotencyKey);
    }

    public DeliveryFilter withEventId(String newEventId) {
        return new DeliveryFilter(statuses, endpointIds, eventType, subscriptionId, newEventId, idempotencyKey,
                start, end, sort);
    }

    private static String clean(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
