package dev.hookline.app.eventtypes;

import dev.hookline.api.model.EventType;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormView;
import java.util.function.Consumer;
import javafx.fxml.FXML;
import javafx.scene.control.TextField;

/**
 * The event type create/edit form, bound to {@link EventTypeFormViewModel}. The panel is
 * {@code EventTypeFormView.fxml}; the rows are a {@link FormLayout} built here. Ids start with {@code event-type-}.
 */
public final class EventTypeFormView extends FormView<EventType, EventTypeFormViewModel> {

    public EventTypeFormView(EventTypeFormViewModel viewModel, Consumer<EventType> onSaved, Runnable onClose) {
        super(viewModel, onSaved, onClose);
        loadLayout();
    }

    @FXML
    private void initialize() {
        FormLayout layout = new FormLayout();
        layout.idRow("event-type-id", viewModel.editingProperty().map(EventType::uid));
        TextField name = layout.text(viewModel.name, "event-type-name");
        name.setPromptText("e.g. invoice.paid");
        // the name is what events carry: it never changes once saved
        name.disableProperty().bind(viewModel.editingProperty().isNotNull());
        layout.text(viewModel.category, "event-type-category").setPromptText("e.g. billing");
        layout.area(viewModel.description, "event-type-description", 2, false);
        layout.section("Schema of the event data");
        layout.area(viewModel.schema, "event-type-schema", 12, true).setPromptText(
                "{\"type\": \"object\", \"required\": [\"id\"],\n \"properties\": {\"id\": {\"type\": \"string\"}}}");
        show(layout, "New event type", type -> "Edit event type " + type.name());
    }
}
