package dev.hookline.app.metaevents;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.traffic.RememberedFilters;
import dev.hookline.app.traffic.TrafficListViewModel;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Meta events view's list and filters: status and event type (the embedded server's; Convoy filters meta
 * events by date only and ignores them), the sort, and the table's date window (always explicit). Filters are
 * remembered per connection like the other traffic views'. No controls; call it on the FX thread.
 */
public final class MetaEventsViewModel extends TrafficListViewModel<MetaEvent> {

    /** The meta-event types a project can subscribe to: Convoy's list, and Hookline's cut webhook loop (ADR 0039). */
    public static final List<String> TYPES = List.of("endpoint.created", "endpoint.updated", "endpoint.deleted",
            "eventdelivery.success", "eventdelivery.failed", "event.loop_cut");

    private final ObservableList<EventDeliveryStatus> statuses = FXCollections.observableArrayList();
    private final StringProperty eventType = new SimpleStringProperty(this, "eventType", "");

    public MetaEventsViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    public MetaEventsViewModel(ConsoleSession session, Clock clock) {
        super(session, clock, ApiClient::listMetaEvents, MetaEvent::uid);
        applyFilters();
        reloadOnChange(List.of(statuses, eventType));
        remember("meta-events");
    }

    /** The list's filters and sort (the table adds paging and the dates). */
    @Override
    protected ListQuery query() {
        return ListQuery.create().withAll("status", statuses.stream().map(EventDeliveryStatus::wire).toList())
                .with("eventType", eventType.get() == null || eventType.get().isBlank() ? null
                        : eventType.get().strip())
                .sort(sort.get());
    }

    /** True when a status or type filter is set (the empty table then says so). */
    public boolean hasFilters() {
        return !statuses.isEmpty() || (eventType.get() != null && !eventType.get().isBlank());
    }

    @Override
    protected void putFilters(Map<String, List<String>> out) {
        out.put("status", statuses.stream().map(EventDeliveryStatus::wire).toList());
        RememberedFilters.putText(out, "eventType", eventType.get());
    }

    @Override
    protected void setFilters(Map<String, List<String>> values) {
        statuses.setAll(values.getOrDefault("status", List.of()).stream().map(EventDeliveryStatus::fromWire)
                .filter(Objects::nonNull).distinct().toList());
        eventType.set(RememberedFilters.text(values, "eventType"));
    }

    public ObservableList<EventDeliveryStatus> statuses() {
        return statuses;
    }

    public StringProperty eventTypeProperty() {
        return eventType;
    }
}
