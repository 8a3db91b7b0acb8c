package dev.hookline.app.form;

import dev.hookline.api.client.ApiException;
import dev.hookline.app.concurrent.BackgroundTasks;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What every form shares besides its fields: validating the fields that are shown, sending one request at a time
 * through {@link BackgroundTasks}, and the server's answer when it refuses ({@link #serverErrorProperty()}: the
 * server's own message, never a stack trace).
 */
public final class Form {

    private final BackgroundTasks tasks;
    private final Consumer<Throwable> connectionFailures;
    private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy", false);
    private final StringProperty serverError = new SimpleStringProperty(this, "serverError", "");

    /**
     * @param connectionFailures told when the server could not be reached (the shell shows its banner then)
     */
    public Form(BackgroundTasks tasks, Consumer<Throwable> connectionFailures) {
        this.tasks = tasks;
        this.connectionFailures = connectionFailures;
    }

    /**
     * Validates every field in {@code shown} (all of them, so every message appears at once) and clears the
     * messages of {@code all} fields that are not shown any more.
     */
    public static boolean validate(List<FormField> all, List<FormField> shown) {
        for (FormField field : all) {
            if (!shown.contains(field)) {
                field.clearError();
            }
        }
        boolean valid = true;
        for (FormField field : shown) {
            valid &= field.validate();
        }
        return valid;
    }

    /**
     * Sends {@code call} in the background unless a request is already under way; {@code onSaved} gets the answer
     * on the UI thread. A refusal lands in {@link #serverErrorProperty()}.
     */
    public <T> void submit(Callable<T> call, Consumer<? super T> onSaved) {
        if (busy.get()) {
            return;
        }
        busy.set(true);
        serverError.set("");
        tasks.run(call, result -> {
            busy.set(false);
            onSaved.accept(result);
        }, failure -> {
            busy.set(false);
            serverError.set(describe(failure));
            if (failure instanceof ApiException api && api.isConnectionFailure()) {
                connectionFailures.accept(failure);
            }
        });
    }

    /**
     * Runs a call that loads what the form needs (picker choices, a test run): failures show like a refused save,
     * but it does not block saving.
     */
    public <T> void run(Callable<T> call, Consumer<? super T> onDone) {
        tasks.run(call, onDone, failure -> {
            serverError.set(describe(failure));
            if (failure instanceof ApiException api && api.isConnectionFailure()) {
                connectionFailures.accept(failure);
            }
        });
    }

    /** Shows a problem found before sending (e.g. a JSON document that does not parse) as the form's message. */
    public void showError(String message) {
        serverError.set(message);
    }

    public void clearError() {
        serverError.set("");
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    public ReadOnlyStringProperty serverErrorProperty() {
        return serverError;
    }

    public String serverError() {
        return serverError.get();
    }

    /** One readable line: the server's message for API errors, else the first line of the innermost message. */
    public static String describe(Throwable failure) {
        Throwable cause = failure;
        while (!(cause instanceof ApiException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String text = cause.getMessage();
        if (text == null || text.isBlank()) {
            return cause.getClass().getSimpleName();
        }
        return text.strip().lines().findFirst().orElse(cause.getClass().getSimpleName());
    }
}
