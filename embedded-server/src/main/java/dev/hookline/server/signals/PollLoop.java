package dev.hookline.server.signals;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A background thread that runs one step when woken ({@link #wakeUp()}) or, when nobody woke it, every poll
 * interval: the loop of the dispatcher and of the search indexer. Wake-ups that arrive while a step runs fold into
 * one more step, not one each. A step that fails is logged and tried again a second later, so a broken database does
 * not fill the log ten times a second; a failure after {@link #stop()} is the store closing under the step and ends
 * the loop quietly.
 */
public final class PollLoop {

    private final String threadName;
    private final Duration poll;
    private final Runnable step;
    private final Consumer<RuntimeException> failed;
    private final Semaphore wakeUps = new Semaphore(0);
    private volatile boolean running;
    private Thread thread;

    /**
     * @param threadName the loop thread's name
     * @param poll       how long the loop waits for a wake-up before it steps anyway
     * @param step       one look for work; it checks {@link #running()} between units of work it chains
     * @param failed     logs a failed step (in the owner's words and log); the loop steps again a second later
     */
    public PollLoop(String threadName, Duration poll, Runnable step, Consumer<RuntimeException> failed) {
        this.threadName = threadName;
        this.poll = poll;
        this.step = step;
        this.failed = failed;
    }

    /** Starts the loop thread (a daemon); does nothing when it runs already. */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        thread = Thread.ofPlatform().name(threadName).daemon(true).start(this::run);
    }

    /** Whether the loop runs: true from {@link #start()} until {@link #stop()}. */
    public boolean running() {
        return running;
    }

    /** Steps now instead of at the next poll. */
    public void wakeUp() {
        if (wakeUps.availablePermits() == 0) {
            wakeUps.release();
        }
    }

    /**
     * Tells the loop to stop and wakes it; the step in progress finishes ({@link #join}). Returns false when the loop
     * was not running (nothing to stop).
     */
    public boolean stop() {
        synchronized (this) {
            if (!running) {
                return false;
            }
            running = false;
        }
        wakeUp();
        return true;
    }

    /** Waits for the stopped loop's thread to end, at most {@code patience}. */
    public void join(Duration patience) {
        try {
            thread.join(patience.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (running) {
            try {
                wakeUps.tryAcquire(poll.toMillis(), TimeUnit.MILLISECONDS);
                wakeUps.drainPermits();
                if (!running) {
                    return;
                }
                step.run();
            } catch (InterruptedException e) {
                if (!running) {
                    return;
                }
            } catch (RuntimeException e) {
                if (!running) {
                    return; // the database closed under a step
                }
                failed.accept(e);
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }
}
