package dev.hookline.app.traffic;

import dev.hookline.api.client.ApiException;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.concurrent.LatestTask;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * A batch action over everything a filter matches (batch retry, batch replay): first the server counts what the
 * batch would touch, the user sees that number and confirms, and only then is the batch sent. The batch sends the
 * filter that was counted, even if the user changes the filter while the question is open.
 *
 * <p>No controls: the view shows a confirmation while {@link #stateProperty()} is {@link State#AWAITING_CONFIRMATION}
 * and calls {@link #confirm()} or {@link #cancel()}. Call it on the FX thread.
 */
public final class CountedBatch {

    /** Where the batch is. */
    public enum State { IDLE, COUNTING, AWAITING_CONFIRMATION, SENDING, DONE, FAILED }

    private final Consumer<? super Throwable> connectionFailures;
    private final ObjectProperty<State> state = new SimpleObjectProperty<>(this, "state", State.IDLE);
    private final LongProperty count = new SimpleLongProperty(this, "count");
    private final StringProperty message = new SimpleStringProperty(this, "message", "");
    private Callable<String> pendingBatch;
    private Runnable pendingDone;
    /** The count, then the batch: a new request or a cancel drops the answer still on its way. */
    private final LatestTask step;

    /**
     * @param connectionFailures told about failures that mean the server is unreachable (the shell's banner)
     */
    public CountedBatch(BackgroundTasks tasks, Consumer<? super Throwable> connectionFailures) {
        this.step = new LatestTask(tasks);
        this.connectionFailures = Objects.requireNonNull(connectionFailures, "connectionFailures");
    }

    /**
     * Counts in the background; when the count arrives, waits for {@link #confirm()}. Replaces a question still open.
     *
     * @param counter what the batch would touch (asks the server)
     * @param batch   sends the batch and returns the server's message; runs only after {@link #confirm()}
     * @param onDone  runs on the FX thread after the batch succeeded (e.g. reload the table)
     */
    public void request(Callable<Long> counter, Callable<String> batch, Runnable onDone) {
        pendingBatch = null;
        pendingDone = null;
        state.set(State.COUNTING);
        message.set("Counting…");
        step.run(counter, counted -> {
            count.set(counted == null ? 0 : counted);
            pendingBatch = batch;
            pendingDone = onDone;
            state.set(State.AWAITING_CONFIRMATION);
            message.set("");
        }, this::fail);
    }

    /** Sends the batch that was counted; does nothing unless a count is waiting for confirmation. */
    public void confirm() {
        if (state.get() != State.AWAITING_CONFIRMATION || pendingBatch == null) {
            return;
        }
        Callable<String> batch = pendingBatch;
        Runnable done = pendingDone;
        pendingBatch = null;
        pendingDone = null;
        state.set(State.SENDING);
        message.set("Sending…");
        step.run(batch, answer -> {
            state.set(State.DONE);
            message.set(answer == null ? "" : answer);
            if (done != null) {
                done.run();
            }
        }, this::fail);
    }

    /** Drops the open question (or ignores the count still on its way); nothing is sent. */
    public void cancel() {
        step.cancel();
        pendingBatch = null;
        pendingDone = null;
        state.set(State.IDLE);
        message.set("");
    }

    private void fail(Throwable failure) {
        pendingBatch = null;
        pendingDone = null;
        state.set(State.FAILED);
        message.set(Failures.describe(failure));
        if (failure instanceof ApiException api && api.isConnectionFailure()) {
            connectionFailures.accept(failure);
        }
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state;
    }

    /** What the server counted; meaningful from {@link State#AWAITING_CONFIRMATION} on. */
    public ReadOnlyLongProperty countProperty() {
        return count;
    }

    /** Progress, the server's answer, or what went wrong (the server's message, never a stack trace). */
    public ReadOnlyStringProperty messageProperty() {
        return message;
    }
}
