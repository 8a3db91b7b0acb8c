package dev.hookline.server.events;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.Page;
import dev.hookline.server.ServerContext;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.ListParams;
import java.util.List;
import java.util.Optional;

/** Event reads: the list (with the filters batch replay shares) and one event. Replays are {@link EventReplay}'s. */
public final class EventService {

    private final EventRepository events;

    public EventService(ServerContext context) {
        this.events = context.events();
    }

    /**
     * The list filters, shared with the portal and batch replay: {@code endpointIds} (limited to {@code scope}) and
     * {@code sourceIds} (empty for all), {@code idempotencyKey} (null for any), {@code query} (every word must appear
     * in the payload; blank for none; a JSON object: the payload must contain it, see {@link PayloadContainment}).
     */
    public static EventRepository.Filter filter(EventScope scope, List<String> endpointIds, List<String> sourceIds,
                                                String idempotencyKey, String query) {
        Optional<PayloadContainment> containment = PayloadContainment.parse(query);
        if (containment.isPresent()) {
            return new EventRepository.Filter(scope.limit(endpointIds), sourceIds, idempotencyKey,
                    containment.get().terms(), containment.get());
        }
        return new EventRepository.Filter(scope.limit(endpointIds), sourceIds, idempotencyKey,
                EventSearch.terms(query == null ? "" : query));
    }

    /** One page of the project's live events, each with its {@code source_metadata}. */
    public Page<Event> list(String projectId, EventRepository.Filter filter, ListParams params) {
        return events.list(projectId, filter, params);
    }

    /** The event types the project's deliveries carry, sorted (at most {@link EventRepository#KNOWN_TYPES_LIMIT}). */
    public List<String> knownTypes(String projectId) {
        return events.knownTypes(projectId);
    }

    /** The live event with its {@code source_metadata}. */
    public Event get(String projectId, String eventId) {
        Event event = events.findWithSource(projectId, eventId);
        if (event == null) {
            throw new NotFoundException(EventReplay.NOT_FOUND);
        }
        return event;
    }
}
