package dev.hookline.app.concurrent;

import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns a failure into one line a user can read: the innermost meaningful message, never a stack trace. */
public final class Failures {

    private Failures() {
    }

    /**
     * The message of the innermost cause below wrappers (CompletionException, ExecutionException, ...), first line
     * only; the error kind when there is no message. For an {@code ApiException} that is the server's message.
     */
    public static String describe(Throwable failure) {
        Throwable cause = failure;
        while (isWrapper(cause) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String text = cause.getMessage();
        if (text == null || text.isBlank()) {
            return cause.getClass().getSimpleName();
        }
        String firstLine = text.strip().lines().findFirst().orElse("");
        return firstLine.isBlank() ? cause.getClass().getSimpleName() : firstLine;
    }

    private static boolean isWrapper(Throwable failure) {
        return failure instanceof CompletionException || failure instanceof ExecutionException
                || failure instanceof UncheckedIOException || failure instanceof InvocationTargetException;
    }
}
