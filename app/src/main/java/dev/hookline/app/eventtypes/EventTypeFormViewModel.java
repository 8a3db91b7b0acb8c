package dev.hookline.app.eventtypes;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormViewModel;
import dev.hookline.app.form.Rules;
import dev.hookline.app.json.JsonFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The event type create/edit form: name (fixed once saved), category, description and the JSON Schema of the
 * type's data. A blank schema on edit keeps the stored one (the API changes only what is given).
 */
public final class EventTypeFormViewModel extends FormViewModel<EventType> {

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    public final FormField category = new FormField("Category");
    public final FormField description = new FormField("Description");
    public final FormField schema = new FormField("JSON schema").rule(Rules.jsonObject("JSON schema"));

    public EventTypeFormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                  Consumer<Throwable> connectionFailures) {
        super(tasks, client, connectionFailures);
        declareFields(List.of(name, category, description, schema));
    }

    @Override
    protected void fill(EventType type) {
        name.set(type.name());
        category.set(type.category());
        description.set(type.description());
        schema.set(type.jsonSchema() == null || type.jsonSchema().isNull() ? ""
                : JsonFormat.pretty(type.jsonSchema()));
    }

    /** Creates or updates; the server checks the schema too (and names what is wrong). */
    @Override
    protected Callable<EventType> saveCall(ApiClient api, EventType current) {
        EventTypeRequest request = request();
        return current == null ? () -> api.createEventType(request)
                : () -> api.updateEventType(current.uid(), request);
    }

    /** The request the valid form stands for. */
    public EventTypeRequest request() {
        return new EventTypeRequest(name.value(), category.value(), description.value(),
                schema.isBlank() ? null : Rules.parse(schema.value()));
    }
}
