package dev.hookline.server.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits for a condition with a deadline (tests never sleep a fixed time). */
public final class Await {

    private Await() {
    }

    /** Until {@code condition} holds; fails naming {@code what} after {@code timeout}. */
    public static void until(Duration timeout, String what, BooleanSupplier condition) {
        value(timeout, what, condition::getAsBoolean, Boolean::booleanValue);
    }

    /** The first value of {@code supplier} that {@code accepted}; fails with the last value seen after the timeout. */
    public static <T> T value(Duration timeout, String what, Supplier<T> supplier, Predicate<T> accepted) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        while (true) {
            last = supplier.get();
            if (accepted.test(last)) {
                return last;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what
                        + "; last seen: " + last);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
