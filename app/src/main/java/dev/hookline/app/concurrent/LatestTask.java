package dev.hookline.app.concurrent;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Background work for one purpose (a table's page, a detail pane's row, the totals of a filter): each request
 * replaces the one before it. A newer request, or {@link #cancel()}, drops the older one's answer: its callbacks never
 * run, so a slow answer for something the user has left can never overwrite a newer one on screen. Callers keep no
 * tickets of their own. Like JabRef's {@code BackgroundTask}: one object per purpose, made once and reused.
 *
 * <p>Cancelling drops the answer; it does not interrupt the work. A request may be a write (a batch retry, a switch of
 * connection) that is safer finished than cut in half, and a read costs nothing more than its answer. Call it on the
 * FX thread.
 */
public final class LatestTask {

    private final BackgroundTasks tasks;
    private long generation;
    private boolean running;

    public LatestTask(BackgroundTasks tasks) {
        this.tasks = Objects.requireNonNull(tasks, "tasks");
    }

    /**
     * Runs {@code work} in the background, then {@code onSuccess} or {@code onFailure} on the FX thread unless a newer
     * request or {@link #cancel()} came first. The request under way, if any, is dropped.
     */
    public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        run(work, onSuccess, onFailure, dropped -> { });
    }

    /**
     * Like {@link #run(Callable, Consumer, Consumer)}; {@code onDropped} gets an answer nobody wants any more, for what
     * must be released (a connection opened for a switch the user has since replaced).
     */
    public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure,
                        Consumer<? super T> onDropped) {
        Objects.requireNonNull(onSuccess, "onSuccess");
        Objects.requireNonNull(onFailure, "onFailure");
        Objects.requireNonNull(onDropped, "onDropped");
        long ticket = ++generation;
        running = true;
        tasks.run(work, result -> {
            if (ticket != generation) {
                onDropped.accept(result);
                return;
            }
            running = false;
            onSuccess.accept(result);
        }, failure -> {
            if (ticket == generation) {
                running = false;
                onFailure.accept(failure);
            }
        });
    }

    /** Drops the answer of the request under way, if any: neither of its callbacks will run. */
    public void cancel() {
        generation++;
        running = false;
    }

    /** Whether a request is under way whose answer is still wanted. */
    public boolean isRunning() {
        return running;
    }
}
