package dev.hookline.server.metaevents;

import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;

/** {@code /api/v1/projects/{projectID}/meta-events}: list (paging and date window only), get and resend. */
public final class MetaEventRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/meta-events";

    private final ServerContext context;
    private final MetaEventStore store;

    public MetaEventRoutes(ServerContext context) {
        this.context = context;
        this.store = new MetaEventStore(context);
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.get(BASE + "/{metaEventID}", Access.API_KEY, this::get);
        router.put(BASE + "/{metaEventID}/resend", Access.API_KEY, this::resend);
    }

    /** Sends the meta event again, whatever became of it (except while it is being sent). */
    private void resend(Exchange ex) throws Exception {
        Project project = ex.project();
        String id = ex.pathParam("metaEventID");
        MetaEvent resent = context.db().write(c -> MetaEventStore.reschedule(c, project.uid(), id, context.now()));
        if (resent == null) {
            throw ApiError.notFound("meta event not found");
        }
        context.signalMetaEventsDue();
        ex.ok(200, "Meta event processed for retry successfully", resent);
    }

    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        ListParams params = ListParamsReader.from(ex);
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
