package dev.hookline.server.paging;

/**
 * How a batch action over everything a list matches went (batch retry, force resend, batch replay): rows acted
 * on, and rows that could not be.
 */
public record BatchOutcome(int successful, int failed) {

    /** Convoy's message for batch actions, e.g. {@code "3 successful, 1 failed"}. */
    public String message() {
        return successful + " successful, " + failed + " failed";
    }
}
