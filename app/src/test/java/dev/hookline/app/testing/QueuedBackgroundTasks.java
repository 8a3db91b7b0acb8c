package dev.hookline.app.testing;

import dev.hookline.app.concurrent.BackgroundTasks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs each work item when the test says so ({@link #runNext()}, {@link #runLast()}), on the calling thread: lets a
 * test answer calls out of order or hold one while the user does something else.
 */
public final class QueuedBackgroundTasks implements BackgroundTasks {

    private final List<Runnable> pending = new ArrayList<>();

    @Override
    public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        pending.add(() -> {
            T result;
            try {
                result = work.call();
            } catch (Throwable failure) {
                onFailure.accept(failure);
                return;
            }
            onSuccess.accept(result);
        });
    }

    public int pendingCount() {
        return pending.size();
    }

    /** Runs the oldest pending work and its callback. */
    public void runNext() {
        pending.remove(0).run();
    }

    /** Runs the newest pending work and its callback. */
    public void runLast() {
        pending.remove(pending.size() - 1).run();
    }

    /** Runs everything pending, oldest first (including work queued meanwhile). */
    public void runAll() {
        while (!pending.isEmpty()) {
            runNext();
        }
    }

    @Override
    public void close() {
    }
}
