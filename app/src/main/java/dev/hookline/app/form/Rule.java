package dev.hookline.app.form;

/**
 * One check of a field's (trimmed) text. Answers the message to show next to the field, or {@code null} when the
 * text passes.
 */
@FunctionalInterface
public interface Rule {

    String check(String value);
}
