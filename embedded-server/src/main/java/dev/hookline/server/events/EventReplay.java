package dev.hookline.server.events;

import dev.hookline.api.model.Event;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.ApiError;
import java.util.List;

/**
 * Replaying an event: Convoy's documented "replay afresh as a new event" (the same event is matched against the
 * subscriptions again and new deliveries are made; old deliveries stay as they are). The answer is the event as
 * loaded before the replay.
 *
 * <p>Runs as one write so that the delivery engine's matching joins this transaction: the event read here and the
 * deliveries it gets are consistent. Until that engine exists a replay makes no deliveries.
 */
public final class EventReplay {

    static final String NOT_FOUND = "event not found";

    private final ServerContext context;

    public EventReplay(ServerContext context) {
        this.context = context;
    }

    /**
     * Replays the project's event {@code eventId}. 400 "event not found" when it is unknown or outside
     * {@code scope} (Convoy answers 400 here); 403 when the caller reaches only some of the endpoints it targets
     * (a portal link may replay only what goes to its own endpoints).
     */
    public Event replay(String projectId, String eventId, EventScope scope) {
        String baseUrl = context.baseUrl();
        return context.db().write(c -> {
            Event event = EventStore.find(c, projectId, eventId);
            if (event == null || !scope.reachesAny(event.endpoints())) {
                throw ApiError.badRequest(NOT_FOUND);
            }
            if (!scope.reachesAll(event.endpoints())) {
                throw ApiError.forbidden("this event also targets endpoints outside the portal link");
            }
            return EventStore.withSources(c, projectId, List.of(event), baseUrl).get(0);
        });
    }
}
