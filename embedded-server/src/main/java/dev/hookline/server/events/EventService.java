package dev.hookline.server.events;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.Page;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.ListParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Event reads: the list (with the filters batch replay shares) and one event. Replays are {@link EventReplay}'s. */
public final class EventService {

    private final EventRepository events;

    public EventService(EventRepository events) {
        this.events = events;
    }

    /**
     * The list filters, shared with the portal and batch replay: {@code endpointIds} (limited to {@code scope}) and
     * {@code sourceIds} (empty for all), {@code idempotencyKey} (null for any), {@code query} (blank for none; a JSON
     * object: the payload must contain it, see {@link PayloadContainment}; other text: see {@link TextQuery}) and
     * {@code body} (blank for none; else a JSON object the payload must contain). All given filters must match.
     */
    public static EventFilter filter(EventScope scope, List<String> endpointIds, List<String> sourceIds,
                                                String idempotencyKey, String query, String body) {
        List<PayloadContainment> containments = new ArrayList<>();
        TextQuery text = null;
        Optional<PayloadContainment> queried = PayloadContainment.parse(query);
        if (queried.isPresent()) {
            containments.add(queried.get());
        } else {
            text = TextQuery.of(query).orElse(null);
        }
        if (body != null && !body.isBlank()) {
            containments.add(PayloadContainment.parseBody(body));
        }
        List<String> terms = new ArrayList<>();
        for (PayloadContainment containment : containments) {
            containment.terms().stream().filter(term -> !terms.contains(term)).forEach(terms::add);
        }
        return new EventFilter(scope.limit(endpointIds), sourceIds, idempotencyKey, terms, containments,
                text);
    }

    /** One page of the project's live events, each with its {@code source_metadata}. */
    public Page<Event> list(String projectId, EventFilter filter, ListParams params) {
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
