package dev.hookline.app.concurrent;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs work off the FX thread and hands its outcome back on it.
 *
 * <p>Views and view models never block the FX thread: anything that waits on I/O goes through here.
 * Tests may swap in an implementation that runs everything on the calling thread. Work whose newer request makes the
 * older one's answer stale (reloading a table, showing another row) goes through a {@link LatestTask}, which drops
 * the stale answer, rather than through {@link #run} with tickets kept by hand.
 */
public interface BackgroundTasks extends AutoCloseable {

    /**
     * Runs {@code work} in the background, then exactly one of {@code onSuccess} or {@code onFailure} on the
     * UI thread.
     */
    <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure);

    /** Stops accepting work; work already running is not interrupted. */
    @Override
    void close();
}
