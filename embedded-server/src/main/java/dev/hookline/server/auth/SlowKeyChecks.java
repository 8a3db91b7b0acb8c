package dev.hookline.server.auth;

import dev.hookline.server.domain.TooBusyException;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where PBKDF2 runs: a fixed number of threads with a short queue, each resting after a check as long as the check
 * took, so checking credentials nobody has presented recently can never take more than half a core per thread,
 * however many arrive. When the queue is full the check is
 * refused at once ({@link TooBusyException}, answered 429 with Retry-After) instead of waiting. Concurrent checks of
 * the same credential share one run.
 */
final class SlowKeyChecks implements AutoCloseable {

    private final ThreadPoolExecutor pool;
    private final Map<String, CompletableFuture<Boolean>> running = new ConcurrentHashMap<>();
    private final LongAdder runs = new LongAdder();

    SlowKeyChecks(int threads, int queued) {
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(queued),
                Thread.ofPlatform().name("hookline-key-check-", 0).daemon(true).factory(),
                new ThreadPoolExecutor.AbortPolicy());
    }

    /**
     * True if {@code token} hashes to {@code storedHash} with {@code salt}. {@code fingerprint} identifies the token
     * (its SHA-256) so that concurrent checks of it run PBKDF2 once.
     */
    boolean matches(String fingerprint, String token, String salt, String storedHash) {
        CompletableFuture<Boolean> mine = new CompletableFuture<>();
        CompletableFuture<Boolean> check = running.putIfAbsent(fingerprint, mine);
        if (check == null) {
            check = mine;
            try {
                pool.execute(() -> {
                    long started = System.nanoTime();
                    try {
                        runs.increment();
                        mine.complete(Keys.matches(token, salt, storedHash));
                    } catch (Throwable t) {
                        mine.completeExceptionally(t);
                    } finally {
                        running.remove(fingerprint, mine);
                    }
                    rest(System.nanoTime() - started);
                });
            } catch (RejectedExecutionException e) {
                TooBusyException busy = new TooBusyException(
                        "too many unrecognised credentials to check right now; retry in a moment");
                mine.completeExceptionally(busy); // whoever joined this check meanwhile is refused the same way
                running.remove(fingerprint, mine);
                throw busy;
            }
        }
        try {
            return check.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /**
     * After a check, the thread rests as long as the check took (its answer is already out): each key-check thread
     * uses at most half a core, however long a flood lasts, so the rest of the server keeps at least its share.
     */
    private static void rest(long nanos) {
        try {
            Thread.sleep(java.time.Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** How many PBKDF2 checks ran (for tests and the benchmark's account of the work done). */
    long runs() {
        return runs.sum();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
