package dev.hookline.server.http.metaevents;

import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.metaevents.MetaEventService;

/** {@code /api/v1/projects/{projectID}/meta-events}: list (status, event type, date window), get and resend. */
public final class MetaEventRoutes {

    private final MetaEventService metaEvents;

    public MetaEventRoutes(MetaEventService metaEvents) {
        this.metaEvents = metaEvents;
    }

    public void resend(Exchange ex) throws Exception {
        ex.ok(200, "Meta event processed for retry successfully",
                metaEvents.resend(ex.projectId(), ex.pathParam("metaEventID")));
    }

    public void list(Exchange ex) throws Exception {
        ex.ok(200, "Meta events fetched successfully", metaEvents.list(ex.projectId(), MetaEventService.filter(
                ex.queryAll("status").stream().filter(v -> !v.isBlank()).toList(),
                ex.query("eventType").orElse(null)), ListParamsReader.from(ex)));
    }

    public void get(Exchange ex) throws Exception {
        ex.ok(200, "Meta event fetched successfully", metaEvents.get(ex.projectId(), ex.pathParam("metaEventID")));
    }
}
