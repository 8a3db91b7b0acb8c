package dev.hookline.server.events;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.store.Store;
import dev.hookline.server.pacing.FloodPacing;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotPermittedException;
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
 * subscriptions again ({@link ReplayPlanner}) and every match gets a new delivery; old deliveries stay as they
 * are, and the event is not copied. The event is read and planned (matching, filters, transforms) before the write,
 * off the writer thread (ADR 0023); the write only stores the new deliveries, and the dispatcher is woken once it is
 * committed.
 */
public final class EventReplay {

    static final String NOT_FOUND = "event not found";
    private static final Logger LOG = LoggerFactory.getLogger(EventReplay.class);
    /** Events replayed per write: a bulk write each ({@code Database.writeBulk}), short enough that another project's
     * ingest waits behind one for milliseconds (one event to 10 endpoints: about 10 rows), not seconds. */
    private static final int CHUNK = 1;

    private final Store store;
    private final Signals signals;
    private final EventRepository events;
    private final ReplayPlanner planner;
    private final FloodPacing pacing;

    public EventReplay(Store store, Signals signals, EventRepository events, ReplayPlanner planner,
                       FloodPacing pacing) {
        this.store = store;
        this.signals = signals;
        this.events = events;
        this.planner = planner;
        this.pacing = pacing;
    }

    /**
     * Replays the project's event {@code eventId} and returns it as loaded before the replay. Invalid input "event
     * not found" when it is unknown or outside {@code scope} (Convoy answers 400 here, not 404); not permitted when
     * the caller reaches only some of the endpoints it targets (a portal link may replay only what goes to its own endpoints).
     */
    public Event replay(String projectId, String eventId, EventScope scope) {
        String baseUrl = store.baseUrl();
        Event event = store.db().read(c -> events.find(c, projectId, eventId));
        if (event == null || !scope.reachesAny(event.endpoints())) {
            throw InvalidInputException.of(NOT_FOUND);
        }
        if (!scope.reachesAll(event.endpoints())) {
            throw new NotPermittedException("this event also targets endpoints outside the portal link");
        }
        Event answer = store.db().read(c -> EventRepository.withMetadata(c, projectId, List.of(event), baseUrl))
                .get(0);
        ReplayPlanner.Planned planned = planner.planReplay(event);
        int due = due(store.db().write(c -> planner.storeReplay(c, planned)));
        LOG.info("event {} of project {} replayed: {} new deliveries due", eventId, projectId, due);
        if (due > 0) {
            signals.deliveriesDue();
        }
        return answer;
    }

    /**
     * Replays every event the events list matches for {@code filter} in {@code window}'s date window (paging
     * ignored), in one write. An event whose replay fails is rolled back alone and counted as failed, and so is one
     * that also targets endpoints outside {@code scope} (a portal link replays only what is wholly its own).
     */
    public BatchOutcome batchReplay(String projectId, EventFilter filter, ListParams window,
                                    EventScope scope) {
        int dueTotal = 0;
        int successful = 0;
        int failed = 0;
        if (filter.searchesText()) {
            events.awaitSearchable(); // act on what the list would show
        }
        List<String> ids = new ArrayList<>();
        store.db().read(c -> {
            events.forEachMatching(c, projectId, filter, window, page -> page.forEach(e -> ids.add(e.uid())));
            return null;
        });
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            Map<String, Event> events = store.db().read(c -> ProjectRows.findByIds(c, "events", EventRepository.COLUMNS,
                    projectId, chunk, EventRepository::map, Event::uid));
            List<ReplayPlanner.Planned> planned = new ArrayList<>(chunk.size());
            for (String id : chunk) {
                Event event = events.get(id);
                if (event == null || !scope.reachesAll(event.endpoints())) {
                    failed++;
                } else {
                    planned.add(planner.planReplay(event));
                }
            }
            // a project paced because another one lags behind it writes its replay at its pace (ADR 0043)
            pacing.awaitRoom(projectId, planned.stream().mapToInt(ReplayPlanner.Planned::deliveries).sum(),
                    () -> store.db().isClosed());
            List<Integer> outcomes = store.db().writeBulk(c -> {
                List<Integer> dues = new ArrayList<>(planned.size());
                for (ReplayPlanner.Planned replay : planned) {
                    dues.add(replayAlone(c, replay));
                }
                return dues;
            });
            for (Integer due : outcomes) {
                if (due == null) {
                    failed++;
                } else {
                    successful++;
                    dueTotal += due;
                }
            }
        }
        BatchOutcome outcome = new BatchOutcome(successful, failed);
        LOG.info("batch replay in project {}: {}, {} new deliveries due", projectId, outcome.message(), dueTotal);
        if (dueTotal > 0) {
            signals.deliveriesDue();
        }
        return outcome;
    }

    /** How many events {@link #batchReplay} would replay for the same filter, window and scope. */
    public long countBatchReplay(String projectId, EventFilter filter, ListParams window,
                                 EventScope scope) {
        if (filter.searchesText()) {
            events.awaitSearchable();
        }
        return store.db().read(c -> {
            long[] count = {0};
            events.forEachMatching(c, projectId, filter, window,
                    page -> count[0] += page.stream().filter(e -> scope.reachesAll(e.endpoints())).count());
            return count[0];
        });
    }

    /** Replays one event inside its own savepoint; the number of new deliveries due, or null when it failed. */
    private Integer replayAlone(Connection c, ReplayPlanner.Planned replay) throws SQLException {
        Event event = replay.event();
        Savepoint savepoint = c.setSavepoint();
        try {
            int due = due(planner.storeReplay(c, replay));
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

}
