package dev.hookline.app.deliveries;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.app.table.DateRange;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The server-side filters of the deliveries list, as the user set them. Blank text means "no filter". The date
 * window is the table's {@link DateRange}, added to every query as explicit dates.
 *
 * @param statuses       sent as repeated {@code status} keys, in the order given
 * @param endpointIds    sent as repeated {@code endpointId} keys
 * @param eventType      {@code eventType} (the name Convoy's code reads; its docs say {@code event_type})
 * @param subscriptionId {@code subscriptionId}
 * @param eventId        {@code eventId}
 * @param idempotencyKey {@code idempotencyKey}
 * @param sort           {@code sort}: newest first ({@code DESC}) unless the user asks otherwise
 * @param deliveryId     one delivery by its ID: no list query can ask for it (Convoy's list has no such filter), so
 *                       the list loads that delivery alone ({@link #DELIVERY_ID}) and shows it when the other
 *                       filters keep it
 * @param httpStatuses   Hookline's {@code httpStatus} (repeated): the class of the last attempt's HTTP status; only
 *                       for a server that has the filter (a Convoy would ignore it and list everything)
 */
public record DeliveryFilter(List<EventDeliveryStatus> statuses, List<String> endpointIds, String eventType,
                             String subscriptionId, String eventId, String idempotencyKey, ListQuery.Sort sort,
                             String deliveryId, List<HttpStatusClass> httpStatuses) {

    /** The list query key carrying {@link #deliveryId} to the console's own loader; never sent to a server. */
    public static final String DELIVERY_ID = "deliveryId";

    public DeliveryFilter(List<EventDeliveryStatus> statuses, List<String> endpointIds, String eventType,
                          String subscriptionId, String eventId, String idempotencyKey, ListQuery.Sort sort) {
        this(statuses, endpointIds, eventType, subscriptionId, eventId, idempotencyKey, sort, null);
    }

    public DeliveryFilter(List<EventDeliveryStatus> statuses, List<String> endpointIds, String eventType,
                          String subscriptionId, String eventId, String idempotencyKey, ListQuery.Sort sort,
                          String deliveryId) {
        this(statuses, endpointIds, eventType, subscriptionId, eventId, idempotencyKey, sort, deliveryId, List.of());
    }

    public DeliveryFilter {
        statuses = statuses == null ? List.of() : statuses.stream().filter(Objects::nonNull).distinct().toList();
        endpointIds = endpointIds == null ? List.of() : endpointIds.stream().map(DeliveryFilter::clean)
                .filter(Objects::nonNull).distinct().toList();
        eventType = clean(eventType);
        subscriptionId = clean(subscriptionId);
        eventId = clean(eventId);
        idempotencyKey = clean(idempotencyKey);
        sort = sort == null ? ListQuery.Sort.DESC : sort;
        deliveryId = clean(deliveryId);
        httpStatuses = httpStatuses == null ? List.of()
                : httpStatuses.stream().filter(Objects::nonNull).distinct().toList();
    }

    /** These filters with {@code statuses} instead (the totals count every status of the other filters). */
    public DeliveryFilter withStatuses(List<EventDeliveryStatus> statuses) {
        return new DeliveryFilter(statuses, endpointIds, eventType, subscriptionId, eventId, idempotencyKey, sort,
                deliveryId, httpStatuses);
    }

    /** No filter: every delivery of the window, newest first. */
    public static DeliveryFilter none() {
        return new DeliveryFilter(List.of(), List.of(), null, null, null, null, ListQuery.Sort.DESC);
    }

    /** The list's filters and sort (the table adds paging and the dates); with {@link #DELIVERY_ID} when set. */
    public ListQuery toQuery() {
        return filters().sort(sort).with(DELIVERY_ID, deliveryId);
    }

    /**
     * Whether {@code delivery} (loaded by its ID) is one the other filters keep: the ID then narrows what they
     * match rather than replacing them. The idempotency key cannot be checked on a delivery and is ignored; the HTTP
     * status is checked apart ({@link #keepsLastAttempt}).
     */
    public boolean keeps(dev.hookline.api.model.EventDelivery delivery) {
        return (statuses.isEmpty() || statuses.contains(delivery.status()))
                && (endpointIds.isEmpty() || endpointIds.contains(delivery.endpointId()))
                && (eventType == null || eventType.equals(delivery.eventType()))
                && (subscriptionId == null || subscriptionId.equals(delivery.subscriptionId()))
                && (eventId == null || eventId.equals(delivery.eventId()));
    }

    /**
     * Whether a delivery whose last attempt got {@code lastStatusLine} ({@code "503 Service Unavailable"}, {@code ""}
     * without an answer; null: never tried) is one the HTTP status filter keeps.
     */
    public boolean keepsLastAttempt(String lastStatusLine) {
        return httpStatuses.isEmpty()
                || (lastStatusLine != null && httpStatuses.contains(HttpStatusClass.ofStatusLine(lastStatusLine)));
    }

    /**
     * What {@code countbatchretryevents} and {@code batchretry} take: the same filters and the table's window at
     * {@code now}, so the batch covers exactly what the table lists.
     */
    public ListQuery toBatchQuery(DateRange range, Instant now) {
        return range.applyTo(filters(), now);
    }

    private ListQuery filters() {
        return ListQuery.create()
                .withAll("status", statuses.stream().map(EventDeliveryStatus::wire).toList())
                .withAll("endpointId", endpointIds)
                .with("eventType", eventType)
                .with("subscriptionId", subscriptionId)
                .with("eventId", eventId)
                .with("idempotencyKey", idempotencyKey)
                .httpStatus(httpStatuses);
    }

    private static String clean(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
