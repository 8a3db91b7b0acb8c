package dev.hookline.app.concurrent;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs work and its callback on the calling thread: deterministic tests without the FX toolkit. */
public final class SameThreadBackgroundTasks implements BackgroundTasks {

    @Override
    public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        T result;
        try {
            result = work.call();
        } catch (Throwable failure) {
            onFailure.accept(failure);
            return;
        }
        onSuccess.accept(result);
    }

    @Override
    public void close() {
    }
}
