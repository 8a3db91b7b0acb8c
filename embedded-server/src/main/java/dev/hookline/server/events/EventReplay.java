package dev.hookline.server.events;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.ingest.DeliveryPlanner;
import dev.hookline.server.paging.BatchOutcome;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.ProjectRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaying events: Convoy's documented "replay afresh as a new event". The same event is matched against today's
 * subscriptions again ({@link DeliveryPlanner}) and every match gets a new delivery; old deliveries stay as they
 * are, and the event is not copied. A replay is one write: the event read and the deliveries it gets are
 * consistent, and the dispatcher is woken once it is committed.
 */
public final class EventReplay {

    static final String NOT_FOUND = "event not found";
    private static final Logger LOG = LoggerFactory.getLogger(EventReplay.class);
    private static final int CHUNK = 500;

    private final ServerContext context;

    public EventReplay(ServerContext context) {
        this.context = context;
    }

    /**
     * Replays the project's event {@code eventId} and returns it as loaded before the replay. 400 "event not found"
     * when it is unknown or outside {@code scope} (Convoy answers 400 here); 403 when the caller reaches only some of
     * the endpoints it targets (a portal link may replay only what goes to its own endpoints).
     */
    public Event replay(String projectId, String eventId, EventScope scope) {
        String baseUrl = context.baseUrl();
        Replayed replayed = context.db().write(c -> {
            Event event = EventStore.find(c, projectId, eventId);
            if (event == null || !scope.reachesAny(event.endpoints())) {
                throw ApiError.badRequest(NOT_FOUND);
            }
            if (!scope.reachesAll(event.endpoints())) {
                throw ApiError.forbidden("this event also targets endpoints outside the portal link");
            }
            Event answer = EventStore.withSources(c, projectId, List.of(event), baseUrl).get(0);
            return new Replayed(answer, due(DeliveryPlanner.createDeliveries(c, context, event)));
        });
        LOG.info("event {} of project {} replayed: {} new deliveries due", eventId, projectId, replayed.due());
        if (replayed.due() > 0) {
            context.signalDeliveriesDue();
        }
        return replayed.event();
    }

    /**
     * Replays every event the events list matches for {@code filter} in {@code window}'s date window (paging
     * ignored), in one write. An event whose replay fails is rolled back alone and counted as failed, and so is one
     * that also targets endpoints outside {@code scope} (a portal link replays only what is wholly its own).
     */
    public BatchOutcome batchReplay(String projectId, EventStore.Filter filter, ListParams window, EventScope scope) {
        int[] dueTotal = {0};
        if (!filter.searchTerms().isEmpty()) {
            EventStore.awaitSearchable(context); // act on what the list would show
        }
        BatchOutcome outcome = context.db().write(c -> {
            List<String> ids = new ArrayList<>();
            EventStore.forEachMatching(c, projectId, filter, window, page -> page.forEach(e -> ids.add(e.uid())));
            int successful = 0;
            int failed = 0;
            for (int from = 0; from < ids.size(); from += CHUNK) {
                List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
                Map<String, Event> events = ProjectRows.findByIds(c, "events", EventStore.COLUMNS, projectId, chunk,
                        EventStore::map, Event::uid);
                for (String id : chunk) {
                    Event event = events.get(id);
                    Integer due = event == null || !scope.reachesAll(event.endpoints()) ? null
                            : replayAlone(c, event);
                    if (due == null) {
                        failed++;
                    } else {
                        successful++;
                        dueTotal[0] += due;
                    }
                }
            }
            return new BatchOutcome(successful, failed);
        });
        LOG.info("batch replay in project {}: {}, {} new deliveries due", projectId, outcome.message(), dueTotal[0]);
        if (dueTotal[0] > 0) {
            context.signalDeliveriesDue();
        }
        return outcome;
    }

    /** How many events {@link #batchReplay} would replay for the same filter, window and scope. */
    public long countBatchReplay(String projectId, EventStore.Filter filter, ListParams window, EventScope scope) {
        if (!filter.searchTerms().isEmpty()) {
            EventStore.awaitSearchable(context);
        }
        return context.db().read(c -> {
            long[] count = {0};
            EventStore.forEachMatching(c, projectId, filter, window,
                    page -> count[0] += page.stream().filter(e -> scope.reachesAll(e.endpoints())).count());
            return count[0];
        });
    }

    /** Replays one event inside its own savepoint; the number of new deliveries due, or null when it failed. */
    private Integer replayAlone(Connection c, Event event) throws SQLException {
        Savepoint savepoint = c.setSavepoint();
        try {
            int due = due(DeliveryPlanner.createDeliveries(c, context, event));
            c.releaseSavepoint(savepoint);
            return due;
        } catch (SQLException | RuntimeException e) {
            c.rollback(savepoint);
            c.releaseSavepoint(savepoint);
            LOG.warn("event {} of project {} could not be replayed: {}", event.uid(), event.projectId(),
                    e.toString());
            return null;
        }
    }

    private static int due(List<EventDelivery> deliveries) {
        return (int) deliveries.stream().filter(d -> d.status() == EventDeliveryStatus.SCHEDULED).count();
    }

    private record Replayed(Event event, int due) {
    }
}
