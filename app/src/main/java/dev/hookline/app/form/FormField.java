package dev.hookline.app.form;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One input of a form: its text and the message shown next to it ({@code ""} when there is none).
 *
 * <p>Pickers keep the picked ID as the text, so every input of every form validates the same way. Editing the
 * text clears a stale message: the user sees it again only if the next validation still fails.
 */
public final class FormField {

    private final String label;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final StringProperty error = new SimpleStringProperty(this, "error", "");
    private final List<Rule> rules = new ArrayList<>();

    public FormField(String label) {
        this.label = label;
        text.addListener((observable, before, now) -> error.set(""));
    }

    /** Adds a rule; rules run in the order added and the first failing one gives the message. */
    public FormField rule(Rule rule) {
        rules.add(rule);
        return this;
    }

    /** Shorthand for {@link Rules#required(String)} with this field's label. */
    public FormField required() {
        return rule(Rules.required(label));
    }

    /** Runs the rules; shows the first failing rule's message next to the field. */
    public boolean validate() {
        String value = value();
        for (Rule rule : rules) {
            String message = rule.check(value);
            if (message != null) {
                error.set(message);
                return false;
            }
        }
        error.set("");
        return true;
    }

    /** Shows {@code message} next to the field (for rules that span several fields). */
    public void fail(String message) {
        error.set(message);
    }

    public void clearError() {
        error.set("");
    }

    public String label() {
        return label;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    public String error() {
        return error.get();
    }

    /** The text, trimmed; {@code ""} when unset. */
    public String value() {
        String value = text.get();
        return value == null ? "" : value.strip();
    }

    /** The trimmed text, or {@code null} when blank: what an optional request member gets. */
    public String valueOrNull() {
        String value = value();
        return value.isEmpty() ? null : value;
    }

    /** The text as typed, {@code ""} when unset. */
    public String text() {
        String value = text.get();
        return value == null ? "" : value;
    }

    /** The untrimmed text (secrets and scripts are sent as typed), or {@code null} when blank. */
    public String rawOrNull() {
        String value = text.get();
        return value == null || value.isBlank() ? null : value;
    }

    public boolean isBlank() {
        return value().isEmpty();
    }

    public void set(String value) {
        text.set(value == null ? "" : value);
        error.set("");
    }

    /** The text as a number; call after a number rule passed. {@code null} when blank. */
    public Long longOrNull() {
        return isBlank() ? null : Long.valueOf(value());
    }

    /** The text as an int; call after a number rule passed. {@code null} when blank. */
    public Integer intOrNull() {
        return isBlank() ? null : Integer.valueOf(value());
    }
}
