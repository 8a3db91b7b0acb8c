package dev.hookline.app.concurrent;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.application.Platform;

/** {@link BackgroundTasks} on daemon threads, with results delivered through {@link Platform#runLater}. */
public final class FxBackgroundTasks implements BackgroundTasks {

    private final ExecutorService executor = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("hookline-background-", 1).daemon(true).factory());

    @Override
    public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        try {
            executor.execute(() -> task(work, onSuccess, onFailure));
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the console is closing: late timers and clicks have nothing left to talk to
        }
    }

    private static <T> void task(Callable<T> work, Consumer<? super T> onSuccess,
                                 Consumer<? super Throwable> onFailure) {
        try {
            T result = work.call();
            Platform.runLater(() -> onSuccess.accept(result));
        } catch (Throwable failure) {
            Platform.runLater(() -> onFailure.accept(failure));
        }
    }

    @Override
    public void close() {
        executor.shutdown();
    }
}
