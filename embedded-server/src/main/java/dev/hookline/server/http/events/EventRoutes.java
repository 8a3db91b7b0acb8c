package dev.hookline.server.http.events;

import dev.hookline.server.events.EventFilter;
import dev.hookline.server.events.EventReplay;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.events.EventService;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.paging.BatchOutcome;
import java.util.List;
import java.util.Map;

/** {@code /api/v1/projects/{projectID}/events}: list, get, replay, and batch replay of what the list matches. */
public final class EventRoutes {

    private final EventService events;
    private final EventReplay replay;

    public EventRoutes(EventService events, EventReplay replay) {
        this.events = events;
        this.replay = replay;
    }

    /**
     * The list filters, shared with the portal: {@code endpointId} and {@code sourceId} (repeated, also with
     * {@code []}), {@code idempotencyKey}, {@code query} (an ID prefix, idempotency key, event type, source name, or
     * words of the payload; a JSON object: the payload must contain it) and {@code body} (a JSON object the payload
     * must contain), limited to {@code scope}.
     */
    public static EventFilter filter(Exchange ex, EventScope scope) {
        return EventService.filter(scope, ids(ex, "endpointId"), ids(ex, "sourceId"),
                ex.query("idempotencyKey").orElse(null), ex.query("query").orElse(""), ex.query("body").orElse(""));
    }

    /** The distinct, trimmed values of a repeated ID parameter. */
    public static List<String> ids(Exchange ex, String name) {
        return ex.queryAll(name).stream().map(String::strip).filter(v -> !v.isEmpty()).distinct().toList();
    }

    public void list(Exchange ex) throws Exception {
        EventFilter filter = filter(ex, EventScope.PROJECT);
        ex.ok(200, "App events fetched successfully", events.list(ex.projectId(), filter, ListParamsReader.from(ex)));
    }

    public void get(Exchange ex) throws Exception {
        ex.ok(200, "Endpoint event fetched successfully", events.get(ex.projectId(), ex.pathParam("eventID")));
    }

    public void replay(Exchange ex) throws Exception {
        ex.ok(200, "Endpoint event replayed successfully",
                replay.replay(ex.projectId(), ex.pathParam("eventID"), EventScope.PROJECT));
    }

    public void knownTypes(Exchange ex) throws Exception {
        ex.ok(200, "Event types fetched successfully", events.knownTypes(ex.projectId()));
    }

    public void batchReplay(Exchange ex) throws Exception {
        BatchOutcome outcome = replay.batchReplay(ex.projectId(), filter(ex, EventScope.PROJECT),
                ListParamsReader.from(ex), EventScope.PROJECT);
        ex.ok(200, outcome.message(), null);
    }

    public void countBatchReplay(Exchange ex) throws Exception {
        ex.ok(200, "events count successful", Map.of("num", replay.countBatchReplay(ex.projectId(),
                filter(ex, EventScope.PROJECT), ListParamsReader.from(ex), EventScope.PROJECT)));
    }
}
