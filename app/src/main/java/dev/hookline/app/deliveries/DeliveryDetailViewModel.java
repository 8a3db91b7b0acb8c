package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.BatchOutcome;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.traffic.DetailViewModel;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The detail pane of one delivery: the delivery, its event (payload and headers), its attempts and the attempt
 * inspector, and the resend actions. No controls; call it on the FX thread.
 *
 * <p>Answers that arrive after the user moved on to another delivery are dropped.
 */
public final class DeliveryDetailViewModel extends DetailViewModel<DeliveryDetailViewModel.Loaded> {

    /** How often a delivery acted on is asked for again while it settles. */
    static final java.time.Duration FOLLOW_EVERY = java.time.Duration.ofSeconds(1);
    /** Followed this many times at most (a minute at {@link #FOLLOW_EVERY}). */
    static final int FOLLOW_TRIES = 60;
    private static final java.util.Set<EventDeliveryStatus> SETTLED = java.util.EnumSet.of(
            EventDeliveryStatus.SUCCESS, EventDeliveryStatus.FAILURE, EventDeliveryStatus.DISCARDED);

    private final ObjectProperty<EventDelivery> delivery = new SimpleObjectProperty<>(this, "delivery");
    private final ObjectProperty<Event> event = new SimpleObjectProperty<>(this, "event");
    private final ObservableList<DeliveryAttempt> attempts = FXCollections.observableArrayList();
    private final ObjectProperty<DeliveryAttempt> selectedAttempt = new SimpleObjectProperty<>(this, "selectedAttempt");
    private final ObjectBinding<AttemptInspection> inspection;
    private final BooleanBinding canResend;
    private final BooleanBinding canForceResend;
    private final StringBinding retryBlocked;
    private final StringBinding forceResendBlocked;
    private final BooleanProperty following = new SimpleBooleanProperty(this, "following");
    /** Following an action's delivery: another follow, or another row, drops the older follow's answers. */
    private final LatestTask followLoads;
    private Consumer<EventDelivery> onUpdated = delivery -> { };

    public DeliveryDetailViewModel(ConsoleSession session) {
        super(session);
        this.followLoads = new LatestTask(session.tasks());
        inspection = Bindings.createObjectBinding(() -> selectedAttempt.get() == null ? null
                : AttemptInspection.of(selectedAttempt.get(), delivery.get()), selectedAttempt, delivery);
        // Convoy resends only what failed (or was discarded), and force-resends only what succeeded
        canResend = Bindings.createBooleanBinding(() -> retryBlockedReason(delivery.get()).isEmpty(), delivery);
        canForceResend = Bindings.createBooleanBinding(() -> hasStatus(EventDeliveryStatus.SUCCESS), delivery);
        retryBlocked = Bindings.createStringBinding(() -> retryBlockedReason(delivery.get()), delivery);
        forceResendBlocked = Bindings.createStringBinding(() -> forceResendBlockedReason(delivery.get()), delivery);
    }

    /** Why Retry is not offered for {@code d} ({@code ""} when it is): Convoy's rules, said for a person. */
    static String retryBlockedReason(EventDelivery d) {
        if (d == null || d.status() == null) {
            return "Select a delivery first.";
        }
        return switch (d.status()) {
            case FAILURE, DISCARDED -> endpointBlocks(d);
            case SUCCESS -> "Already delivered: only a failed or discarded delivery can be retried. "
                    + "Force resend sends it again.";
            case SCHEDULED, PROCESSING, RETRY -> "Still on its way (" + d.status().wire() + "): only a failed or "
                    + "discarded delivery can be retried.";
        };
    }

    /** Convoy queues nothing for a paused or inactive endpoint: say so before the user tries. */
    private static String endpointBlocks(EventDelivery d) {
        EndpointStatus status = d.endpointMetadata() == null ? null : d.endpointMetadata().status();
        if (status == EndpointStatus.PAUSED) {
            return "The endpoint is paused: resume it on the Endpoints page, then retry.";
        }
        if (status == EndpointStatus.INACTIVE) {
            return "The endpoint is inactive (switched off after failing): activate it on the Endpoints page, then "
                    + "retry.";
        }
        return "";
    }

    /** Why Force resend is not offered for {@code d} ({@code ""} when it is). */
    static String forceResendBlockedReason(EventDelivery d) {
        if (d == null || d.status() == null) {
            return "Select a delivery first.";
        }
        return d.status() == EventDeliveryStatus.SUCCESS ? ""
                : "Only a delivered (Success) delivery can be force resent"
                + (d.status() == EventDeliveryStatus.FAILURE || d.status() == EventDeliveryStatus.DISCARDED
                ? ": Retry sends this one again." : ".");
    }

    /**
     * Gets the delivery acted on right after the action and each newer state of it until it settles, so the table
     * can keep its row on screen and up to date.
     */
    public void setOnUpdated(Consumer<EventDelivery> onUpdated) {
        this.onUpdated = Objects.requireNonNull(onUpdated, "onUpdated");
    }

    /** Delivery {@code id} with its event and attempts; the newest attempt is selected when shown. */
    @Override
    protected Loaded fetch(ApiClient client, String id) {
        return Loaded.fetch(client, id);
    }

    /** While an action is followed, the follow loads the delivery every second anyway. */
    @Override
    protected boolean skipReload() {
        return following.get();
    }

    @Override
    protected void forget() {
        followLoads.cancel();
        following.set(false);
        delivery.set(null);
        event.set(null);
        attempts.clear();
        selectedAttempt.set(null);
    }

    @Override
    protected void apply(Loaded loaded) {
        String keepAttempt = selectedAttempt.get() == null ? null : selectedAttempt.get().uid();
        boolean newAttempt = loaded.attempts().size() != attempts.size();
        delivery.set(loaded.delivery());
        event.set(loaded.event());
        attempts.setAll(loaded.attempts());
        // a new attempt while following an action is what the user waits for: show it
        selectedAttempt.set(loaded.attempts().stream().filter(a -> !newAttempt && a.uid().equals(keepAttempt))
                .findFirst().orElse(loaded.attempts().isEmpty() ? null : loaded.attempts().getLast()));
    }

    /** Retry: {@code PUT .../resend} (a failed or discarded delivery goes back to Scheduled). */
    public void resend() {
        EventDelivery shown = delivery.get();
        if (shown == null || !canResend.get()) {
            return;
        }
        ApiClient client = session.client();
        act(shown, () -> {
            client.resendEventDelivery(shown.uid());
            return "Scheduled for retry";
        });
    }

    /** Force resend: sends a successful delivery again ({@code POST .../forceresend}). */
    public void forceResend() {
        EventDelivery shown = delivery.get();
        if (shown == null || !canForceResend.get()) {
            return;
        }
        ApiClient client = session.client();
        act(shown, () -> {
            BatchOutcome outcome = client.forceResendEventDeliveries(List.of(shown.uid()));
            if (outcome != null && outcome.successful() != null && outcome.successful() == 0) {
                throw new IllegalStateException("The server did not send it again (" + outcome.message() + ").");
            }
            return "Sent again to this endpoint";
        });
    }

    /**
     * "Send again to this endpoint only": the event goes again to this delivery's endpoint and no other, as Retry
     * (failed or discarded) or Force resend (delivered) does; nothing for a delivery still on its way.
     */
    public void sendAgainToThisEndpoint() {
        if (canResend.get()) {
            resend();
        } else if (canForceResend.get()) {
            forceResend();
        }
    }

    /** Whether {@link #sendAgainToThisEndpoint()} can act now. */
    public BooleanBinding canSendAgainProperty() {
        return canResend.or(canForceResend);
    }

    /**
     * {@code PUT .../events/{id}/replay} for this delivery's event: matched again, sent to every endpoint subscribed
     * to it (the view asks first).
     */
    public void replayEvent() {
        EventDelivery shown = delivery.get();
        if (shown == null || shown.eventId() == null) {
            return;
        }
        ApiClient client = session.client();
        runAction("Replaying the event…", () -> client.replayEvent(shown.eventId()), replayed -> {
            actionMessage.set("Event replayed to every subscribed endpoint: its new deliveries are in the list.");
            afterAction.run();
        });
    }

    /** How many endpoints a replay would send the event to, when known (the event's endpoints), else -1. */
    public int replayEndpointCount() {
        Event shown = event.get();
        return shown == null || shown.endpoints() == null || shown.endpoints().isEmpty() ? -1
                : shown.endpoints().size();
    }

    private void act(EventDelivery shown, java.util.concurrent.Callable<String> action) {
        runAction("Sending…", action, message -> {
            actionMessage.set(message + ": following it until it settles…");
            onUpdated.accept(shown);
            afterAction.run();
            follow(shown.uid(), message);
        });
    }

    /**
     * Loads the delivery at once and then every {@link #FOLLOW_EVERY} until it is Success, Failure or Discarded
     * (at most {@link #FOLLOW_TRIES} times), handing each state to {@link #setOnUpdated}. Stops when the user
     * moves to another delivery.
     */
    private void follow(String id, String message) {
        following.set(true);
        followStep(id, message, 0);
    }

    private void followStep(String id, String message, int tries) {
        ApiClient client = session.client();
        followLoads.run(() -> {
            // a background thread, so the wait blocks nothing on screen (never wait on the FX thread itself)
            if (tries > 0 && !javafx.application.Platform.isFxApplicationThread()) {
                Thread.sleep(FOLLOW_EVERY.toMillis());
            }
            return Loaded.fetch(client, id);
        }, loaded -> {
            if (!id.equals(shownId())) {
                return;
            }
            apply(loaded);
            session.reportConnectionOk();
            onUpdated.accept(loaded.delivery());
            EventDeliveryStatus now = loaded.delivery().status();
            if (SETTLED.contains(now)) {
                following.set(false);
                actionMessage.set(message + ": now " + now.wire()
                        + (DeliveryRows.why(loaded.delivery()).isEmpty() ? "" : " (" + DeliveryRows.why(
                        loaded.delivery()) + ")") + ".");
                afterAction.run();
            } else if (tries + 1 < FOLLOW_TRIES) {
                actionMessage.set(message + ": now " + now.wire() + ", following it until it settles…");
                followStep(id, message, tries + 1);
            } else {
                following.set(false);
                actionMessage.set(message + ": still " + now.wire() + "; Refresh shows what happens next.");
            }
        }, failure -> following.set(false));
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

    public BooleanBinding canResendProperty() {
        return canResend;
    }

    public BooleanBinding canForceResendProperty() {
        return canForceResend;
    }

    /** Why Retry is disabled now ({@code ""} when it is enabled): the disabled button's tooltip. */
    public StringBinding retryBlockedProperty() {
        return retryBlocked;
    }

    /** Why Force resend is disabled now ({@code ""} when it is enabled). */
    public StringBinding forceResendBlockedProperty() {
        return forceResendBlocked;
    }

    /** True while the delivery acted on is followed until it settles. */
    public ReadOnlyBooleanProperty followingProperty() {
        return following;
    }

    /** What one background load brings back. */
    record Loaded(EventDelivery delivery, Event event, List<DeliveryAttempt> attempts) {

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
