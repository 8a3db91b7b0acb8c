package dev.hookline.app.subscriptions;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.Subscription;
import atlantafx.base.theme.Styles;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import java.util.Arrays;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The subscription create/edit form, bound to {@link SubscriptionFormViewModel}. Ids start with {@code subscription-}. */
public final class SubscriptionFormView {

    private final SubscriptionFormViewModel viewModel;
    private final FormLayout layout = new FormLayout();
    private final FormPanel panel;

    /**
     * @param filterTest   shown under the filters (Test filter), or {@code null}
     * @param functionTest shown under the transform function (Test), or {@code null}
     */
    public SubscriptionFormView(SubscriptionFormViewModel viewModel, Node filterTest, Node functionTest,
                                Consumer<Subscription> onSaved, Runnable onClose) {
        this.viewModel = viewModel;
        layout.idRow("subscription-id", viewModel.editingProperty().map(Subscription::uid));
        layout.text(viewModel.name, "subscription-name");
        layout.picker(viewModel.sourceId, "subscription-source", viewModel.sources, Source::uid,
                source -> source.name() + "  (" + source.uid() + ")");
        TextField sourceName = inline(viewModel.newSourceName, "subscription-new-source-name", "Name");
        HBox.setHgrow(sourceName, Priority.ALWAYS);
        layout.row("", revealed(viewModel.incoming, "subscription-new-source", "New source…",
                new HBox(6, sourceName, button("subscription-new-source-create", "Create source",
                        viewModel::createSource)), viewModel.newSourceName));
        layout.picker(viewModel.endpointId, "subscription-endpoint", viewModel.endpoints, Endpoint::uid,
                endpoint -> endpoint.name() + "  (" + endpoint.url() + ")");
        TextField endpointUrl = inline(viewModel.newEndpointUrl, "subscription-new-endpoint-url", "https://…");
        TextField endpointName = inline(viewModel.newEndpointName, "subscription-new-endpoint-name", "Name");
        HBox.setHgrow(endpointName, Priority.ALWAYS);
        layout.row("", revealed(null, "subscription-new-endpoint", "New endpoint…",
                new VBox(6, endpointUrl, new HBox(6, endpointName, button("subscription-new-endpoint-create",
                        "Create endpoint", viewModel::createEndpoint))),
                viewModel.newEndpointUrl, viewModel.newEndpointName));
        layout.fieldRow(viewModel.eventTypes, "subscription-event-types", eventTypesInput(viewModel));
        layout.choice("Delivery mode", "subscription-delivery-mode", viewModel.deliveryMode,
                Arrays.asList(DeliveryMode.values()), mode -> mode == null ? "" : switch (mode) {
                    case AT_LEAST_ONCE -> "At least once (retried)";
                    case AT_MOST_ONCE -> "At most once";
                });

        layout.section("Filter");
        layout.area(viewModel.filterBody, "subscription-filter-body", 5, true)
                .setPromptText("{\"amount\": {\"$gte\": 100}}");
        layout.area(viewModel.filterHeaders, "subscription-filter-headers", 3, true)
                .setPromptText("{\"X-Tenant\": \"acme\"}");
        if (filterTest != null) {
            layout.row("Test filter", filterTest);
        }

        layout.section("Transform");
        layout.area(viewModel.function, "subscription-function", 6, true)
                .setPromptText("function transform(payload) {\n  return payload;\n}");
        if (functionTest != null) {
            layout.row("Test function", functionTest);
        }

        layout.section("Limits and alerts");
        layout.text(viewModel.rateLimitCount, "subscription-rate-limit").setPromptText("events, 0 = unlimited");
        layout.text(viewModel.rateLimitDuration, "subscription-rate-limit-duration").setPromptText("seconds");
        layout.text(viewModel.alertCount, "subscription-alert-count").setPromptText("failures");
        layout.text(viewModel.alertThreshold, "subscription-alert-threshold").setPromptText("e.g. 1h");

        StringBinding title = Bindings.createStringBinding(() -> viewModel.isEditing()
                ? "Edit subscription " + viewModel.editingProperty().get().name() : "New subscription",
                viewModel.editingProperty());
        panel = new FormPanel("subscription-form", title, viewModel.form(), layout, () -> viewModel.save(onSaved),
                onClose);
        layout.follow(viewModel::shownFields, viewModel.incoming, viewModel.editingProperty());
    }

    /**
     * Free text (comma-separated names) with a menu of the project's catalogued types beside it: picking one adds
     * it. The menu is hidden while the catalogue is empty (or the server has none).
     */
    private static Node eventTypesInput(SubscriptionFormViewModel viewModel) {
        TextField text = new TextField();
        text.setId("subscription-event-types");
        text.setPromptText("all event types (*)");
        text.textProperty().bindBidirectional(viewModel.eventTypes.textProperty());
        MenuButton pick = new MenuButton("Add type", new FontIcon(Feather.LIST));
        pick.setId("subscription-event-type-picker");
        pick.visibleProperty().bind(Bindings.isNotEmpty(viewModel.knownEventTypes));
        pick.managedProperty().bind(pick.visibleProperty());
        viewModel.knownEventTypes.addListener((ListChangeListener<String>) change -> pick.getItems().setAll(
                viewModel.knownEventTypes.stream().map(name -> {
                    MenuItem item = new MenuItem(name);
                    item.setOnAction(event -> viewModel.addEventType(name));
                    return item;
                }).toList()));
        HBox row = new HBox(8, text, pick);
        HBox.setHgrow(text, Priority.ALWAYS);
        return row;
    }

    /** A text field bound to {@code field} with its message as the tooltip and a red border while it has one. */
    private static TextField inline(FormField field, String id, String prompt) {
        TextField input = new TextField();
        input.setId(id);
        input.setPromptText(prompt);
        input.textProperty().bindBidirectional(field.textProperty());
        Tooltip why = new Tooltip();
        why.textProperty().bind(field.errorProperty());
        field.errorProperty().subscribe(error -> {
            input.pseudoClassStateChanged(PseudoClass.getPseudoClass("danger"), !error.isBlank());
            input.setTooltip(error.isBlank() ? null : why);
        });
        return input;
    }

    private static Button button(String id, String text, Runnable action) {
        Button button = new Button(text, new FontIcon(Feather.PLUS));
        button.setId(id);
        button.setOnAction(event -> action.run());
        button.setMinWidth(Region.USE_PREF_SIZE);
        return button;
    }

    /**
     * A link that reveals {@code inputs} (and whose messages show below them); shown only while {@code when} is
     * true (null: always).
     */
    private static Node revealed(javafx.beans.value.ObservableBooleanValue when, String id, String text,
                                 javafx.scene.layout.Pane inputs,
                                 FormField... fields) {
        Hyperlink open = new Hyperlink(text);
        open.setId(id);
        Label errors = new Label();
        errors.setId(id + "-error");
        errors.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL);
        errors.textProperty().bind(Bindings.createStringBinding(() -> java.util.Arrays.stream(fields)
                .map(FormField::error).filter(e -> !e.isBlank()).collect(java.util.stream.Collectors.joining("; ")),
                java.util.Arrays.stream(fields).map(FormField::errorProperty).toArray(javafx.beans.Observable[]::new)));
        VBox box = new VBox(4, inputs, errors);
        box.setVisible(false);
        box.managedProperty().bind(box.visibleProperty());
        open.setOnAction(event -> {
            box.setVisible(!box.isVisible());
            if (box.isVisible()) {
                inputs.lookup(".text-field").requestFocus();
            }
        });
        VBox all = new VBox(2, open, box);
        if (when != null) {
            all.visibleProperty().bind(when);
            all.managedProperty().bind(when);
        }
        return all;
    }

    public FormPanel node() {
        return panel;
    }

    public SubscriptionFormViewModel viewModel() {
        return viewModel;
    }
}
