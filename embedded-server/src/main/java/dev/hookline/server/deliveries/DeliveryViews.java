package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.DeliveryMetadata;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryBuilder;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Source;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.outbound.HttpUrls;
import dev.hookline.server.sources.SourceRedaction;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.ProjectRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Deliveries as the wire shows them, like Convoy's: {@code event_metadata} (the event without payload and headers),
 * {@code endpoint_metadata} (redacted like the endpoints API), {@code source_metadata} (the source, as events embed
 * it), {@code target_url} (the endpoint's URL with the event's query parameters, where it is sent) and the payload in
 * {@code metadata.data}/{@code raw}. One query per table for a whole
 * page; endpoints and sources deleted since still show (with their {@code deleted_at}).
 */
public final class DeliveryViews {

    private DeliveryViews() {
    }

    /** The deliveries as stored, completed, without the dispatcher's overlay (what a meta event carries). */
    public static List<EventDelivery> complete(Connection c, String projectId, List<EventDelivery> deliveries,
                                               String baseUrl) throws SQLException {
        return complete(c, projectId, deliveries, baseUrl, null, null);
    }

    /**
     * The deliveries completed and with their current reason (ADR 0008): {@code description} says why each is in
     * its state now, {@code held_by} what holds a waiting one (its endpoint paused, its circuit open, its rate limit
     * used up: read from the endpoint's state, nothing per row), {@code metadata.next_send_time} when it will really
     * be tried (never in the past while held), {@code retryable} whether a retry or force resend would be accepted,
     * and a delivery in flight (the dispatcher's lease) shows as {@code Processing}.
     */
    public static List<EventDelivery> complete(Connection c, String projectId, List<EventDelivery> deliveries,
                                               String baseUrl, DeliveryHolds holds, Instant now)
            throws SQLException {
        if (deliveries.isEmpty()) {
            return deliveries;
        }
        Map<String, Event> events = EventRepository.findAll(c, projectId,
                deliveries.stream().map(EventDelivery::eventId).distinct().toList());
        Map<String, Endpoint> endpoints = ProjectRows.findByIdsIncludingDeleted(c, "endpoints", EndpointRepository.COLUMNS,
                projectId, deliveries.stream().map(EventDelivery::endpointId).distinct().toList(),
                EndpointRepository::map, Endpoint::uid);
        List<String> sourceIds = events.values().stream().map(Event::sourceId).filter(id -> !id.isEmpty())
                .distinct().toList();
        Map<String, Source> sources = sourceIds.isEmpty() ? Map.of()
                : ProjectRows.findByIdsIncludingDeleted(c, "sources", SourceRepository.COLUMNS, projectId, sourceIds,
                        rs -> SourceRepository.map(rs, baseUrl), Source::uid);
        List<EventDelivery> out = new ArrayList<>(deliveries.size());
        for (EventDelivery d : deliveries) {
            Event event = events.get(d.eventId());
            Source source = event == null || event.sourceId().isEmpty() ? null : sources.get(event.sourceId());
            Endpoint endpoint = endpoints.get(d.endpointId());
            String targetUrl = d.targetUrl() != null && !d.targetUrl().isEmpty() ? d.targetUrl()
                    : endpoint == null ? "" : HttpUrls.withQuery(endpoint.url(), d.urlQueryParams());
            EventDelivery completed = complete(d.toBuilder().targetUrl(targetUrl).build(), event,
                    EndpointRedaction.redact(endpoint), source);
            out.add(holds == null ? completed : withReason(completed, endpoint, holds, now));
        }
        return out;
    }

    private static EventDelivery complete(EventDelivery d, Event event, Endpoint endpoint, Source source) {
        DeliveryMetadata m = d.metadata();
        String raw = m.raw() != null ? m.raw() : event == null ? null : JsonColumns.text(event.data());
        DeliveryMetadata metadata = new DeliveryMetadata(JsonColumns.verbatim(raw), raw, m.strategy(),
                m.nextSendTime(), m.numTrials(), m.intervalSeconds(), m.retryLimit(), m.maxRetrySeconds());
        return d.toBuilder()
                .endpointMetadata(endpoint)
                .eventMetadata(eventMetadata(event))
                .sourceMetadata(SourceRedaction.redact(source))
                .metadata(metadata)
                .build();
    }

    /** The delivery's current state and reason, as {@link #complete} with holds describes. */
    static EventDelivery withReason(EventDelivery d, Endpoint endpoint, DeliveryHolds holds, Instant now) {
        EventDeliveryStatus status = d.status();
        DeliveryMetadata m = d.metadata();
        long tries = m.numTrials() == null ? 0 : m.numTrials();
        EventDeliveryBuilder out = d.toBuilder();
        boolean waiting = status == EventDeliveryStatus.SCHEDULED || status == EventDeliveryStatus.RETRY;
        if ((waiting || status == EventDeliveryStatus.PROCESSING) && holds.inFlight(d.uid())) {
            return out.status(EventDeliveryStatus.PROCESSING).description(DeliveryLifecycle.describeInFlight(tries))
                    .retryable(false).build();
        }
        if (waiting) {
            DeliveryHold hold = holdOf(endpoint, holds, now);
            Instant next = m.nextSendTime() == null ? now : m.nextSendTime();
            if (hold != null) {
                Instant until = holds.heldUntil(d.endpointId(), hold, now);
                if (until.isAfter(next)) {
                    next = until;
                }
                if (next.isBefore(now)) {
                    next = now; // held: never a time in the past
                }
                out.metadata(new DeliveryMetadata(m.data(), m.raw(), m.strategy(), next, m.numTrials(),
                        m.intervalSeconds(), m.retryLimit(), m.maxRetrySeconds()));
            }
            return out.heldBy(hold).description(DeliveryLifecycle.describeWaiting(status, tries, d.description(), hold,
                    next, now)).retryable(false).build();
        }
        return out.retryable(retryable(status, endpoint)).build();
    }

    /** What holds an endpoint's waiting deliveries: paused first (the user's choice), then its circuit, its rate. */
    static DeliveryHold holdOf(Endpoint endpoint, DeliveryHolds holds, Instant now) {
        if (endpoint == null) {
            return null;
        }
        if (endpoint.status() == EndpointStatus.PAUSED) {
            return DeliveryHold.ENDPOINT_PAUSED;
        }
        return holds.holdOf(endpoint.uid(), now);
    }

    /**
     * Whether a resend (Failure, Discarded) or force resend (Success) would be accepted now: only when its endpoint
     * is active; a delivery still waiting or in flight is never (it is queued already).
     */
    static boolean retryable(EventDeliveryStatus status, Endpoint endpoint) {
        boolean ended = status == EventDeliveryStatus.FAILURE || status == EventDeliveryStatus.DISCARDED
                || status == EventDeliveryStatus.SUCCESS;
        return ended && endpoint != null && endpoint.deletedAt() == null && endpoint.status() == EndpointStatus.ACTIVE;
    }

    private static Event eventMetadata(Event e) {
        if (e == null) {
            return null;
        }
        return e.toBuilder().headers(null).endpointMetadata(null).sourceMetadata(null).data(null).raw(null).build();
    }

}
