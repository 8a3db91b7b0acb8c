package dev.hookline.server.http.metaevents;

import dev.hookline.api.model.Project;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.Router;
import dev.hookline.server.metaevents.MetaEventService;

/** {@code /api/v1/projects/{projectID}/meta-events}: list (status, event type, date window), get and resend. */
public final class MetaEventRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/meta-events";

    private final MetaEventService metaEvents;

    public MetaEventRoutes(MetaEventService metaEvents) {
        this.metaEvents = metaEvents;
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.get(BASE + "/{metaEventID}", Access.API_KEY, this::get);
        router.put(BASE + "/{metaEventID}/resend", Access.API_KEY, this::resend);
    }

    private void resend(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Meta event processed for retry successfully",
                metaEvents.resend(project.uid(), ex.pathParam("metaEventID")));
    }

    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Meta events fetched successfully", metaEvents.list(project.uid(), MetaEventService.filter(
                ex.queryAll("status").stream().filter(v -> !v.isBlank()).toList(),
                ex.query("eventType").orElse(null)), ListParamsReader.from(ex)));
    }

    private void get(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Meta event fetched successfully", metaEvents.get(project.uid(), ex.pathParam("metaEventID")));
    }
}
