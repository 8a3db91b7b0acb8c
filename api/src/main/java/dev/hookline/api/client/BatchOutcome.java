package dev.hookline.api.client;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The answer to a batch action (force resend, batch retry, batch replay). Convoy reports these only in the
 * envelope's message, e.g. {@code "3 successful, 1 failed"}; the counts are read from it when it has that form
 * (a Convoy that runs the action as a background job answers {@code "Batch retry processing"} instead, and the
 * counts are then null).
 *
 * @param message    the server's message, as sent
 * @param successful how many were queued again, or null when the message does not say
 * @param failed     how many could not be, or null when the message does not say
 */
public record BatchOutcome(String message, Integer successful, Integer failed) {

    private static final Pattern COUNTS = Pattern.compile("^\\s*(\\d+) successful, (\\d+) failed\\s*$");

    /** Reads the counts from a message like {@code "3 successful, 1 failed"}. */
    public static BatchOutcome of(String message) {
        Matcher m = COUNTS.matcher(message == null ? "" : message);
        if (!m.matches()) {
            return new BatchOutcome(message, null, null);
        }
        return new BatchOutcome(message, Integer.valueOf(m.group(1)), Integer.valueOf(m.group(2)));
    }
}
