package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.shell.ConsoleSession;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The detail pane of one delivery: the delivery, its event (payload and headers), its attempts and the attempt
 * inspector, and the resend actions. No controls; call it on the FX thread.
 *
 * <p>Answers that arrive after the user moved on to another delivery are dropped.
 */
public final class DeliveryDetailViewModel {

    private final ConsoleSession session;
    private final ObjectProperty<EventDelivery> delivery = new SimpleObjectProperty<>(this, "delivery");
    private final ObjectProperty<Event> event = new SimpleObjectProperty<>(this, "event");
    private final ObservableList<DeliveryAttempt> attempts = FXCollections.observableArrayList();
    private final ObjectProperty<DeliveryAttempt> selectedAttempt = new SimpleObjectProperty<>(this, "selectedAttempt");
    private final ObjectBinding<AttemptInspection> inspection;
    private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading");
    private final StringProperty error = new SimpleStringProperty(this, "error", "");
    private final StringProperty actionMessage = new SimpleStringProperty(this, "actionMessage", "");
    private final BooleanBinding canResend;
    private final BooleanBinding canForceResend;
    private String shownId;
    private long generation;
    private Runnable afterAction = () -> { };

    public DeliveryDetailViewModel(ConsoleSession session) {
        this.session = Objects.requireNonNull(session, "session");
        inspection = Bindings.createObjectBinding(() -> selectedAttempt.get() == null ? null
                : AttemptInspection.of(selectedAttempt.get(), delivery.get()), selectedAttempt, delivery);
        // Convoy resends only what failed (or was discarded), and force-resends only what succeeded
        canResend = Bindings.createBooleanBinding(() -> hasStatus(EventDeliveryStatus.FAILURE)
                || hasStatus(EventDeliveryStatus.DISCARDED), delivery);
        canForceResend = Bindings.createBooleanBinding(() -> hasStatus(EventDeliveryStatus.SUCCESS), delivery);
    }

    /** Runs after a resend succeeded (the table reloads its rows). */
    public void setAfterAction(Runnable afterAction) {
        this.afterAction = Objects.requireNonNull(afterAction, "afterAction");
    }

    /** Loads delivery {@code id} with its event and attempts; the newest attempt is selected. */
    public void show(String id) {
        Objects.requireNonNull(id, "id");
        boolean same = id.equals(shownId);
        shownId = id;
        long ticket = ++generation;
        if (!same) {
            delivery.set(null);
            event.set(null);
            attempts.clear();
            selectedAttempt.set(null);
            actionMessage.set("");
        }
        error.set("");
        loading.set(true);
        ApiClient client = session.client();
        session.tasks().run(() -> Loaded.fetch(client, id), loaded -> {
            if (ticket != generation) {
                return;
            }
            loading.set(false);
            String keepAttempt = selectedAttempt.get() == null ? null : selectedAttempt.get().uid();
            delivery.set(loaded.delivery());
            event.set(loaded.event());
            attempts.setAll(loaded.attempts());
            selectedAttempt.set(loaded.attempts().stream().filter(a -> a.uid().equals(keepAttempt)).findFirst()
                    .orElse(loaded.attempts().isEmpty() ? null : loaded.attempts().getLast()));
            session.reportConnectionOk();
        }, failure -> {
            if (ticket != generation) {
                return;
            }
            loading.set(false);
            error.set(Failures.describe(failure));
            session.reportConnectionFailure(failure);
        });
    }

    /** Loads the shown delivery again (after a refresh, or when its attempts may have changed). */
    public void reload() {
        if (shownId != null) {
            show(shownId);
        }
    }

    /** Nothing selected: the pane empties. */
    public void clear() {
        generation++;
        shownId = null;
        delivery.set(null);
        event.set(null);
        attempts.clear();
        selectedAttempt.set(null);
        loading.set(false);
        error.set("");
        actionMessage.set("");
    }

    /** Retry: {@code PUT .../resend} (a failed or discarded delivery goes back to Scheduled). */
    public void resend() {
        EventDelivery shown = delivery.get();
        if (shown == null || !canResend.get()) {
            return;
        }
        ApiClient client = session.client();
        act(() -> {
            client.resendEventDelivery(shown.uid());
            return "Delivery scheduled for retry";
        });
    }

    /** Force resend: sends a successful delivery again ({@code POST .../forceresend}). */
    public void forceResend() {
        EventDelivery shown = delivery.get();
        if (shown == null || !canForceResend.get()) {
            return;
        }
        ApiClient client = session.client();
        act(() -> client.forceResendEventDeliveries(List.of(shown.uid())).message());
    }

    private void act(java.util.concurrent.Callable<String> action) {
        actionMessage.set("Sending…");
        session.tasks().run(action, message -> {
            actionMessage.set(message);
            reload();
            afterAction.run();
        }, failure -> {
            actionMessage.set(Failures.describe(failure));
            session.reportConnectionFailure(failure);
        });
    }

    private boolean hasStatus(EventDeliveryStatus status) {
        return delivery.get() != null && delivery.get().status() == status;
    }

    public ReadOnlyObjectProperty<EventDelivery> deliveryProperty() {
        return delivery;
    }

    /** The delivery's event with payload and headers; {@code null} until loaded or when it is gone. */
    public ReadOnlyObjectProperty<Event> eventProperty() {
        return event;
    }

    /** Oldest first, as the server lists them. */
    public ObservableList<DeliveryAttempt> attempts() {
        return attempts;
    }

    /** The attempt the inspector shows; the view binds its attempt list's selection here. */
    public ObjectProperty<DeliveryAttempt> selectedAttemptProperty() {
        return selectedAttempt;
    }

    public ObjectBinding<AttemptInspection> inspectionProperty() {
        return inspection;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    /** Why the delivery could not be loaded (the server's message), or {@code ""}. */
    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    /** The outcome of the last resend (the server's message), or {@code ""}. */
    public ReadOnlyStringProperty actionMessageProperty() {
        return actionMessage;
    }

    public BooleanBinding canResendProperty() {
        return canResend;
    }

    public BooleanBinding canForceResendProperty() {
        return canForceResend;
    }

    /** What one background load brings back. */
    private record Loaded(EventDelivery delivery, Event event, List<DeliveryAttempt> attempts) {

        static Loaded fetch(ApiClient client, String id) {
            EventDelivery delivery = client.getEventDelivery(id);
            List<DeliveryAttempt> attempts = client.listDeliveryAttempts(id);
            Event event = null;
            try {
                event = delivery.eventId() == null ? null : client.getEvent(delivery.eventId());
            } catch (ApiException e) {
                if (!e.isNotFound()) {
                    throw e;
                }
                // the event was deleted since: the delivery still shows, with its stored payload
            }
            return new Loaded(delivery, event, attempts == null ? List.of() : attempts);
        }
    }
}
