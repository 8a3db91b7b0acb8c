package dev.hookline.server.metaevents;

import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;

/** {@code /api/v1/projects/{projectID}/meta-events}: list (paging and date window only) and get. */
public final class MetaEventRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/meta-events";

    private final MetaEventStore store;

    public MetaEventRoutes(ServerContext context) {
        this.store = new MetaEventStore(context);
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.get(BASE + "/{metaEventID}", Access.API_KEY, this::get);
    }

    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        ListParams params = ListParams.from(ex);
        ex.ok(200, "Meta events fetched successfully", store.list(project.uid(), params));
    }

    private void get(Exchange ex) throws Exception {
        Project project = ex.project();
        MetaEvent event = store.find(project.uid(), ex.pathParam("metaEventID"));
        if (event == null) {
            throw ApiError.notFound("meta event not found");
        }
        ex.ok(200, "Meta event fetched successfully", event);
    }
}
