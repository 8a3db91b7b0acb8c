package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventStatus;
import dev.hookline.server.store.Store;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.outbound.Hops;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Events cut as a webhook loop ({@link Hops}): each is stored {@code Failure} with the loop's reason, no marker and
 * so no deliveries, and the loop is reported by an {@value MetaEventRecorder#EVENT_LOOP_CUT} meta event (a Hookline
 * extension, ADR 0039) at most once per {@link #REPORT_INTERVAL} per source (or per targeted endpoints, for an
 * event without a source). A loop runs as fast as the server delivers, thousands of events a second: one meta event
 * (and one warning in the log) a minute says it is happening and how many events it cost, instead of one each. The
 * counts live in memory: a restart reports the next cut at once.
 */
final class LoopCuts {

    /** The shortest time between two loop reports of one source (or one set of targeted endpoints). */
    static final Duration REPORT_INTERVAL = Duration.ofMinutes(1);
    /** Report windows kept before the idle ones are dropped (a loop's window is kept while it runs). */
    private static final int MAX_WINDOWS = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(LoopCuts.class);

    /** A cut event to store: its hop count, and how many cuts its report stands for (0: not reported). */
    record Cut(int hops, long reportedCuts) {

        boolean reported() {
            return reportedCuts > 0;
        }
    }

    /** One source's reports: when the last went out and the cuts since. */
    private static final class Window {
        Instant lastReport;
        long cutsSince;
    }

    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    /** Counts a cut of {@code d}'s loop and decides whether this one is reported. */
    Cut cut(EventIntake.Draft d, int hops, Instant now) {
        if (windows.size() > MAX_WINDOWS) {
            windows.values().removeIf(w -> {
                synchronized (w) {
                    return w.lastReport != null && w.lastReport.plus(REPORT_INTERVAL).isBefore(now);
                }
            });
        }
        Window window = windows.computeIfAbsent(key(d), k -> new Window());
        synchronized (window) {
            window.cutsSince++;
            if (window.lastReport != null && now.isBefore(window.lastReport.plus(REPORT_INTERVAL))) {
                return new Cut(hops, 0);
            }
            long cuts = window.cutsSince;
            window.lastReport = now;
            window.cutsSince = 0;
            return new Cut(hops, cuts);
        }
    }

    /** Loops are told apart by where their events come in: the source, or the endpoints an API event targets. */
    private static String key(EventIntake.Draft d) {
        String where = d.sourceId() != null && !d.sourceId().isEmpty() ? "source:" + d.sourceId()
                : "endpoints:" + String.join(",", d.endpointIds() == null ? List.of()
                        : d.endpointIds().stream().sorted().toList());
        return d.projectId() + "\n" + where;
    }

    /**
     * In the caller's write transaction: the event, {@code Failure} with the loop's reason and no "to plan" marker
     * (never planned, never a duplicate: a loop's rounds share their idempotency key), and its report when due.
     */
    static EventIntake.Stored store(Connection c, Store store, EventRepository events, MetaEventRecorder metaEvents,
                                    EventIntake.Draft d, Cut cut)
            throws SQLException {
        Event event = events.insert(c, new EventRepository.NewEvent(d.projectId(), d.eventType(),
                d.sourceId(), d.endpointIds(), d.headers(), d.payload().text(), d.urlQueryParams(), d.urlPath(),
                d.key(), false, EventStatus.FAILURE, Hops.failureReason(cut.hops()), store.now()));
        if (cut.reported()) {
            LOG.warn("webhook loop cut in project {} ({}): {} event(s) came through {} Hookline deliveries in a row "
                            + "since the last report; each is stored as Failure with no deliveries, latest {}",
                    d.projectId(), key(d).substring(d.projectId().length() + 1), cut.reportedCuts(), cut.hops(),
                    event.uid());
            metaEvents.record(c, d.projectId(), MetaEventRecorder.EVENT_LOOP_CUT, data(event, cut));
        }
        return new EventIntake.Stored(event);
    }

    /** The event as the events API shows it, plus {@code loop}: its hop count and the cuts this report covers. */
    private static ObjectNode data(Event event, Cut cut) {
        ObjectNode data = Json.strict().valueToTree(event);
        ObjectNode loop = data.putObject("loop");
        loop.put("hops", cut.hops());
        loop.put("events_cut", cut.reportedCuts());
        loop.put("report_interval_seconds", REPORT_INTERVAL.toSeconds());
        return data;
    }
}
