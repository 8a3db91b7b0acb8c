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
    /** Wire field name ({@code url}, {@code support_email}) to the input the server's message belongs under. */
    private final java.util.Map<String, FormField> serverFields = new java.util.LinkedHashMap<>();

    /**
     * @param connectionFailures told when the server could not be reached (the shell shows its banner then)
     */
    public Form(BackgroundTasks tasks, Consumer<Throwable> connectionFailures) {
        this.tasks = tasks;
        this.connectionFailures = connectionFailures;
    }

    /**
     * Puts the server's refusals that name {@code wireName} (Convoy's {@code "url:please provide a url"}) under
     * {@code field} instead of the form's message.
     */
    public Form serverField(String wireName, FormField field) {
        serverFields.put(wireName, field);
        return this;
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
            refused(failure);
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

    /**
     * The server's refusal: under its field, as a sentence, when the message names one this form knows
     * ("url:please provide a url" reads "Please provide a url." under URL); else as the form's message.
     */
    private void refused(Throwable failure) {
        String message = describe(failure);
        FieldMessage named = FieldMessage.parse(message);
        FormField field = named == null ? null : serverFields.get(named.field());
        if (field != null) {
            field.fail(sentence(named.text()));
            // whole here too: the line under the field may have to cut a long message short
            serverError.set("The server did not accept " + field.label() + ": " + named.text());
        } else {
            serverError.set(named == null ? message : named.field() + ": " + named.text());
        }
    }

    /** A server message in Convoy's {@code field:text} form. */
    record FieldMessage(String field, String text) {

        private static final java.util.regex.Pattern FORM = java.util.regex.Pattern.compile(
                "^([A-Za-z_][A-Za-z0-9_.\\[\\]]*):\\s*(\\S.*)$", java.util.regex.Pattern.DOTALL);

        static FieldMessage parse(String message) {
            java.util.regex.Matcher m = FORM.matcher(message == null ? "" : message.strip());
            return m.matches() ? new FieldMessage(m.group(1), m.group(2).strip()) : null;
        }
    }

    /** Capitalised, ending in a full stop. */
    static String sentence(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return t;
        }
        t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        return t.endsWith(".") || t.endsWith("?") || t.endsWith("!") || t.endsWith(")") ? t : t + ".";
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
