package dev.hookline.app.form;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.BackgroundTasks;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * What the create/edit forms of the configuration screens share: the item being edited ({@code null} while creating
 * a new one), emptying the form for a new item, filling it with one to edit, validating the fields shown, and saving
 * (create or update through the {@link Form}, one request at a time), after which the form edits what the server
 * answered. A subclass declares its fields ({@link #declareFields}) and says what a new item starts with, how to fill
 * the fields from an item and what to send. No controls; call it on the FX thread.
 *
 * @param <T> what the form creates and edits (an endpoint, a source, ...)
 */
public abstract class FormViewModel<T> {

    protected final Supplier<ApiClient> client;
    protected final Form form;
    private final ObjectProperty<T> editing = new SimpleObjectProperty<>(this, "editing");
    private List<FormField> fields = List.of();

    /**
     * @param client             the API client of the project on screen, asked at each call
     * @param connectionFailures told when the server could not be reached (the shell shows its banner then)
     */
    protected FormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client, Consumer<Throwable> connectionFailures) {
        this.client = Objects.requireNonNull(client, "client");
        this.form = new Form(tasks, connectionFailures);
    }

    /** Names every field of the form, shown or not (the subclass's constructor calls it first). */
    protected final void declareFields(List<FormField> all) {
        fields = List.copyOf(all);
    }

    /** Every field of the form, shown or not. */
    protected final List<FormField> fields() {
        return fields;
    }

    /** Sets what a new item starts with besides blank fields (defaults, choices, check boxes); nothing by default. */
    protected void setDefaults() {
    }

    /** Fills the fields with {@code item} (the form was just reset). */
    protected abstract void fill(T item);

    /**
     * The call that creates an item ({@code current} is {@code null}) or updates {@code current}, run in the
     * background. What to send is read from the fields here, on the FX thread, when the user saves.
     */
    protected abstract Callable<T> saveCall(ApiClient api, T current);

    public Form form() {
        return form;
    }

    /** The item being edited (or the one just saved), {@code null} while creating. */
    public ReadOnlyObjectProperty<T> editingProperty() {
        return editing;
    }

    public boolean isEditing() {
        return editing.get() != null;
    }

    /** Empties the form for a new item. */
    public void createNew() {
        editing.set(null);
        fields().forEach(field -> field.set(""));
        setDefaults();
        form.clearError();
    }

    /** Fills the form with {@code item} for editing. */
    public void edit(T item) {
        createNew();
        editing.set(item);
        fill(item);
    }

    /** Loads what the form's pickers offer, when it has any (each time the form opens). */
    public void loadChoices() {
    }

    /** The fields the form shows now (the others are neither validated nor sent); all of them unless overridden. */
    public List<FormField> shownFields() {
        return fields();
    }

    /** Validates every field shown (so every message appears at once) and clears the others' messages. */
    public boolean validate() {
        return Form.validate(fields(), shownFields());
    }

    /**
     * Validates and, when valid, creates or updates the item; {@code onSaved} gets the server's answer, which the
     * form then edits. Answers whether a request was sent.
     */
    public boolean save(Consumer<T> onSaved) {
        if (!validate()) {
            return false;
        }
        Callable<T> call = saveCall(client.get(), editing.get());
        form.submit(call, saved -> {
            edit(saved);
            onSaved.accept(saved);
        });
        return true;
    }
}
