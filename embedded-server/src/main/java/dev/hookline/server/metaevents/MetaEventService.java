package dev.hookline.server.metaevents;

import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Page;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.ListParams;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.domain.InvalidInputException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Meta-event use cases of the API: list (by status, event type and date window), get, and resend by hand. */
public final class MetaEventService {

    static final String NOT_FOUND = "meta event not found";

    private final Store store;
    private final Signals signals;
    private final MetaEventRepository metaEvents;

    public MetaEventService(Store store, Signals signals, MetaEventRepository metaEvents) {
        this.store = store;
        this.signals = signals;
        this.metaEvents = metaEvents;
    }

    public Page<MetaEvent> list(String projectId, MetaEventRepository.Filter filter, ListParams params) {
        return metaEvents.list(projectId, filter, params);
    }

    /**
     * The list's filters: {@code statuses} as wire values, matched without regard to case (an unknown one is
     * refused), {@code eventType} exact (blank for any).
     */
    public static MetaEventRepository.Filter filter(List<String> statuses, String eventType) {
        List<EventDeliveryStatus> parsed = new ArrayList<>();
        for (String value : statuses) {
            parsed.add(Arrays.stream(EventDeliveryStatus.values()).filter(s -> s.wire().equalsIgnoreCase(value.strip()))
                    .findFirst().orElseThrow(() -> InvalidInputException.of("status:unknown value \"" + value
                            + "\", allowed values are " + Arrays.stream(EventDeliveryStatus.values())
                            .map(EventDeliveryStatus::wire).collect(Collectors.joining(", ")))));
        }
        return new MetaEventRepository.Filter(parsed, eventType);
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
        Instant now = store.now();
        MetaEvent resent = store.db().write(c -> metaEvents.reschedule(c, projectId, metaEventId, now));
        if (resent == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        signals.metaEventsDue();
        return resent;
    }
}
