package dev.hookline.server.transforms;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Stops running a script that keeps costing its worker (issue 24): after {@link #OVERRUNS_TO_OPEN} calls of one
 * project's script in a row ran out of their time limit or memory bound, the script is not run again for
 * {@link #OPEN_FOR}; its calls fail at once with a reason that says so. A transform that loops on every event would
 * otherwise cost each event the whole time limit plus the start of a new worker process, and the project's events
 * would wait seconds each to learn why. After the pause the next call runs again: a success closes the breaker, one
 * more overrun opens it again at once.
 *
 * <p>Keyed by project and the script's text, so an edited script starts afresh; a script that succeeds is
 * forgotten, so the map holds only scripts that are failing now.
 */
final class OverrunBreaker {

    static final int OVERRUNS_TO_OPEN = 3;
    static final Duration OPEN_FOR = Duration.ofSeconds(30);

    private record Key(String projectId, String script) {
    }

    /** Overruns in a row, and until when (nanoTime) the script is not run; 0: not paused. */
    private record State(int overruns, long openUntil) {
    }

    private final Map<Key, State> states = new ConcurrentHashMap<>();
    private final int overrunsToOpen;
    private final long openForNanos;
    private final LongSupplier nanoTime;

    OverrunBreaker() {
        this(OVERRUNS_TO_OPEN, OPEN_FOR, System::nanoTime);
    }

    OverrunBreaker(int overrunsToOpen, Duration openFor, LongSupplier nanoTime) {
        this.overrunsToOpen = overrunsToOpen;
        this.openForNanos = openFor.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Why {@code script} is not run now (its last overrun {@code lastError}), or null when it may run. */
    String refusal(String projectId, String script) {
        State state = states.get(new Key(projectId, script));
        if (state == null || state.openUntil() == 0) {
            return null;
        }
        long left = state.openUntil() - nanoTime.getAsLong();
        if (left <= 0) {
            return null; // paused long enough: the next call runs (and reopens the breaker if it overruns again)
        }
        return "the function was not run: it ran out of its limits on its last " + state.overruns()
                + " runs in a row, so it is paused for " + Math.max(1, Duration.ofNanos(left).toSeconds())
                + " s more (edit the function, or replay the events once it is fixed)";
    }

    /** Records a call's end: {@code overran} when the script cost its worker (time limit or memory bound). */
    void record(String projectId, String script, boolean overran) {
        Key key = new Key(projectId, script);
        if (!overran) {
            states.remove(key);
            return;
        }
        states.compute(key, (k, old) -> {
            int overruns = old == null ? 1 : old.overruns() + 1;
            long openUntil = overruns >= overrunsToOpen ? nanoTime.getAsLong() + openForNanos : 0;
            return new State(overruns, openUntil);
        });
    }
}
