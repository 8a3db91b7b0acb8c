package dev.hookline.server.deliveries;

import dev.hookline.api.model.DeliveryMetadata;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
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

    public static List<EventDelivery> complete(Connection c, String projectId, List<EventDelivery> deliveries,
                                               String baseUrl) throws SQLException {
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
            out.add(complete(d.toBuilder().targetUrl(targetUrl).build(), event, EndpointRedaction.redact(endpoint),
                    source));
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

    private static Event eventMetadata(Event e) {
        if (e == null) {
            return null;
        }
        return e.toBuilder().headers(null).endpointMetadata(null).sourceMetadata(null).data(null).raw(null).build();
    }

}
