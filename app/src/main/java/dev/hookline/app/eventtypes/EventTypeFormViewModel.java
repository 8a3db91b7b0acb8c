package dev.hookline.app.eventtypes;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.Rules;
import dev.hookline.app.json.JsonFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The event type create/edit form: name (fixed once saved), category, description and the JSON Schema of the
 * type's data. A blank schema on edit keeps the stored one (the API changes only what is given).
 */
public final class EventTypeFormViewModel {

    private final Supplier<ApiClient> client;
    private final Form form;
    private final ObjectProperty<EventType> editing = new SimpleObjectProperty<>(this, "editing");

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    public final FormField category = new FormField("Category");
    public final FormField description = new FormField("Description");
    public final FormField schema = new FormField("JSON schema").rule(Rules.jsonObject("JSON schema"));

    private final List<FormField> all = List.of(name, category, description, schema);

    public EventTypeFormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                  Consumer<Throwable> connectionFailures) {
        this.client = client;
        this.form = new Form(tasks, connectionFailures);
    }

    public Form form() {
        return form;
    }

    public ReadOnlyObjectProperty<EventType> editingProperty() {
        return editing;
    }

    public boolean isEditing() {
        return editing.get() != null;
    }

    public void createNew() {
        editing.set(null);
        all.forEach(field -> field.set(""));
        form.clearError();
    }

    public void edit(EventType type) {
        createNew();
        editing.set(type);
        name.set(type.name());
        category.set(type.category());
        description.set(type.description());
        schema.set(type.jsonSchema() == null || type.jsonSchema().isNull() ? ""
                : JsonFormat.pretty(type.jsonSchema()));
    }

    public boolean validate() {
        return Form.validate(all, all);
    }

    /** Creates or updates; the server checks the schema too (and names what is wrong). */
    public boolean save(Consumer<EventType> onSaved) {
        if (!validate()) {
            return false;
        }
        EventTypeRequest request = request();
        ApiClient api = client.get();
        EventType current = editing.get();
        Consumer<EventType> done = saved -> {
            edit(saved);
            onSaved.accept(saved);
        };
        if (current == null) {
            form.submit(() -> api.createEventType(request), done);
        } else {
            form.submit(() -> api.updateEventType(current.uid(), request), done);
        }
        return true;
    }

    /** The request the valid form stands for. */
    public EventTypeRequest request() {
        return new EventTypeRequest(name.value(), category.value(), description.value(),
                schema.isBlank() ? null : Rules.parse(schema.value()));
    }
}
