package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** How the traffic views put a failed call into words: the server's message, never a stack trace. */
public final class Failures {

    private Failures() {
    }

    /** One readable line: the server's message for an API error, else the innermost message. */
    public static String describe(Throwable failure) {
        Throwable cause = unwrap(failure);
        String text = cause.getMessage();
        if (text == null || text.isBlank()) {
            return cause.getClass().getSimpleName();
        }
        return text.strip().lines().findFirst().orElse(cause.getClass().getSimpleName());
    }

    /** {@code true} when the server could not be reached: the shell shows its banner then. */
    public static boolean isConnectionFailure(Throwable failure) {
        return unwrap(failure) instanceof ApiException api && api.isConnectionFailure();
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
