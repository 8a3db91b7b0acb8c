package dev.hookline.server.metaevents;

import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Page;
import dev.hookline.server.ServerContext;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.ListParams;
import java.time.Instant;

/** Meta-event use cases of the API: list (paging and date window only), get, and resend by hand. */
public final class MetaEventService {

    static final String NOT_FOUND = "meta event not found";

    private final ServerContext context;
    private final MetaEventRepository metaEvents;

    public MetaEventService(ServerContext context) {
        this.context = context;
        this.metaEvents = context.metaEvents();
    }

    public Page<MetaEvent> list(String projectId, ListParams params) {
        return metaEvents.list(projectId, params);
    }

    public MetaEvent get(String projectId, String metaEventId) {
        MetaEvent event = metaEvents.find(projectId, metaEventId);
        if (event == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return event;
    }

    /** Sends the meta event again, whatever became of it (except while it is being sent). */
    public MetaEvent resend(String projectId, String metaEventId) {
        Instant now = context.now();
        MetaEvent resent = context.db().write(c -> metaEvents.reschedule(c, projectId, metaEventId, now));
        if (resent == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        context.signalMetaEventsDue();
        return resent;
    }
}
