package dev.hookline.server.transforms;

import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;

/**
 * Makes the contexts transform scripts run in: interpreted (so the instruction observer sees every instruction and
 * nothing is turned into Java classes), the newest ECMAScript level Rhino knows, no Java class visible to scripts, no
 * E4X, a bounded stack, and a wall-clock deadline checked every few thousand instructions.
 */
final class SandboxContextFactory extends ContextFactory {

    /** How many instructions run between two deadline checks: small enough to stop a loop within milliseconds. */
    private static final int OBSERVER_THRESHOLD = 10_000;
    private static final int MAX_STACK_DEPTH = 1_000;

    /** Thrown out of the script when its time is up; an {@link Error} so that a script's try/catch cannot catch it. */
    static final class TimeLimitExceeded extends Error {
        TimeLimitExceeded() {
            super("transform function exceeded its time limit", null, false, false);
        }
    }

    /** A context that knows when its script must stop. */
    static final class SandboxContext extends Context {
        private long deadlineNanos = Long.MAX_VALUE;

        SandboxContext(ContextFactory factory) {
            super(factory);
        }

        void startClock(long limitNanos) {
            deadlineNanos = System.nanoTime() + limitNanos;
        }
    }

    @Override
    protected Context makeContext() {
        SandboxContext cx = new SandboxContext(this);
        cx.setLanguageVersion(Context.VERSION_ECMASCRIPT);
        cx.setInterpretedMode(true);
        cx.setInstructionObserverThreshold(OBSERVER_THRESHOLD);
        cx.setMaximumInterpreterStackDepth(MAX_STACK_DEPTH);
        cx.setClassShutter(className -> false);
        return cx;
    }

    @Override
    protected boolean hasFeature(Context cx, int featureIndex) {
        return switch (featureIndex) {
            case Context.FEATURE_E4X, Context.FEATURE_ENHANCED_JAVA_ACCESS, Context.FEATURE_ENABLE_JAVA_MAP_ACCESS,
                 Context.FEATURE_JAVA_SERIALIZATION -> false;
            case Context.FEATURE_LOCATION_INFORMATION_IN_ERROR -> true;
            default -> super.hasFeature(cx, featureIndex);
        };
    }

    @Override
    protected void observeInstructionCount(Context cx, int instructionCount) {
        if (System.nanoTime() - ((SandboxContext) cx).deadlineNanos > 0) {
            throw new TimeLimitExceeded();
        }
    }
}
