package dev.hookline.app.events;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.traffic.DetailViewModel;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The detail pane of one event: payload, headers, whether it is a duplicate, its deliveries; replay it, or jump to
 * Deliveries filtered by it. No controls; call it on the FX thread.
 */
public final class EventDetailViewModel extends DetailViewModel<EventDetailViewModel.Loaded> {

    /**
     * How far around the event its deliveries are looked for. The list needs an explicit window (a remote Convoy
     * shows 7 days otherwise); a replay creates deliveries long after the event, and a remote server reads the
     * dates in its own time zone, so the window is generous on both sides.
     */
    static final Duration DELIVERY_WINDOW_MARGIN = Duration.ofDays(1);
    static final int DELIVERIES_SHOWN = 50;

    private final Clock clock;
    private final ObjectProperty<Event> event = new SimpleObjectProperty<>(this, "event");
    private final ObservableList<EventDelivery> deliveries = FXCollections.observableArrayList();
    private final StringBinding payload;
    private final BooleanBinding duplicate;

    public EventDetailViewModel(ConsoleSession session, Clock clock) {
        super(session);
        this.clock = Objects.requireNonNull(clock, "clock");
        payload = Bindings.createStringBinding(() -> event.get() == null ? ""
                : JsonFormat.payload(event.get().raw(), event.get().data()), event);
        duplicate = Bindings.createBooleanBinding(() -> event.get() != null
                && Boolean.TRUE.equals(event.get().isDuplicateEvent()), event);
    }

    /** Event {@code id} and its newest deliveries. */
    @Override
    protected Loaded fetch(ApiClient client, String id) {
        Event loaded = client.getEvent(id);
        List<EventDelivery> page = client.listEventDeliveries(deliveriesQuery(loaded, clock.instant())).content();
        return new Loaded(loaded, page == null ? List.of() : page);
    }

    @Override
    protected void apply(Loaded loaded) {
        event.set(loaded.event());
        deliveries.setAll(loaded.deliveries());
    }

    @Override
    protected void forget() {
        event.set(null);
        deliveries.clear();
    }

    /** The newest {@value #DELIVERIES_SHOWN} deliveries of {@code event}, in a window around it. */
    static ListQuery deliveriesQuery(Event event, Instant now) {
        Instant created = event.createdAt() == null ? now : event.createdAt();
        return ListQuery.ofPerPage(DELIVERIES_SHOWN)
                .with("eventId", event.uid())
                .startDate(created.minus(DELIVERY_WINDOW_MARGIN))
                .endDate(now.plus(DELIVERY_WINDOW_MARGIN));
    }

    /** {@code PUT .../events/{id}/replay}: the event is matched again and gets new deliveries. */
    public void replay() {
        Event shown = event.get();
        if (shown == null) {
            return;
        }
        ApiClient client = session.client();
        runAction("Replaying…", () -> client.replayEvent(shown.uid()), replayed -> {
            actionMessage.set("Event replayed");
            reload();
            afterAction.run();
        });
    }

    /**
     * How many endpoints a replay sends the event to, as far as known: the event's endpoints, else the endpoints
     * of its deliveries; -1 when neither says.
     */
    public int replayEndpointCount() {
        Event shown = event.get();
        if (shown != null && shown.endpoints() != null && !shown.endpoints().isEmpty()) {
            return shown.endpoints().size();
        }
        long fromDeliveries = deliveries.stream().map(EventDelivery::endpointId).filter(Objects::nonNull).distinct()
                .count();
        return fromDeliveries == 0 ? -1 : (int) fromDeliveries;
    }

    /** Shows the Deliveries view filtered by this event. */
    public void showDeliveries() {
        Event shown = event.get();
        if (shown != null) {
            session.navigate(NavigationTarget.DELIVERIES, Map.of("eventId", shown.uid()));
        }
    }

    public ReadOnlyObjectProperty<Event> eventProperty() {
        return event;
    }

    /** The payload, pretty-printed. */
    public StringBinding payloadProperty() {
        return payload;
    }

    /** {@code true} for an event the server recognised as a duplicate (it got no deliveries). */
    public BooleanBinding duplicateProperty() {
        return duplicate;
    }

    public ObservableList<EventDelivery> deliveries() {
        return deliveries;
    }

    record Loaded(Event event, List<EventDelivery> deliveries) {
    }
}
