package dev.hookline.app.subscriptions;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.Subscription;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormView;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The subscription create/edit form, bound to {@link SubscriptionFormViewModel}. The panel and the rows' own pieces
 * (the event types input, the in-place new source and new endpoint) are {@code SubscriptionFormView.fxml}; the rows
 * are a {@link FormLayout} built here. Ids start with {@code subscription-}.
 */
public final class SubscriptionFormView extends FormView<Subscription, SubscriptionFormViewModel> {

    private static final PseudoClass DANGER = PseudoClass.getPseudoClass("danger");

    private final Node filterTest;
    private final Node functionTest;
    @FXML
    private VBox newSource;
    @FXML
    private VBox newSourceBox;
    @FXML
    private TextField newSourceName;
    @FXML
    private Label newSourceErrors;
    @FXML
    private VBox newEndpoint;
    @FXML
    private VBox newEndpointBox;
    @FXML
    private TextField newEndpointUrl;
    @FXML
    private TextField newEndpointName;
    @FXML
    private Label newEndpointErrors;
    @FXML
    private HBox eventTypesInput;
    @FXML
    private TextField eventTypes;
    @FXML
    private MenuButton eventTypePicker;

    /**
     * @param filterTest   shown under the filters (Test filter), or {@code null}
     * @param functionTest shown under the transform function (Test), or {@code null}
     */
    public SubscriptionFormView(SubscriptionFormViewModel viewModel, Node filterTest, Node functionTest,
                                Consumer<Subscription> onSaved, Runnable onClose) {
        super(viewModel, onSaved, onClose);
        this.filterTest = filterTest;
        this.functionTest = functionTest;
        loadLayout();
    }

    @FXML
    private void initialize() {
        FormLayout layout = new FormLayout();
        layout.idRow("subscription-id", viewModel.editingProperty().map(Subscription::uid));
        layout.text(viewModel.name, "subscription-name");
        layout.picker(viewModel.sourceId, "subscription-source", viewModel.sources, Source::uid,
                source -> source.name() + "  (" + source.uid() + ")");
        bindInline(newSourceName, viewModel.newSourceName);
        bindRevealed(newSourceBox, newSourceErrors, viewModel.newSourceName);
        // a new source only for subscriptions fed by one (not the API)
        newSource.visibleProperty().bind(viewModel.incoming);
        newSource.managedProperty().bind(viewModel.incoming);
        layout.row("", newSource);
        layout.picker(viewModel.endpointId, "subscription-endpoint", viewModel.endpoints, Endpoint::uid,
                endpoint -> endpoint.name() + "  (" + endpoint.url() + ")");
        bindInline(newEndpointUrl, viewModel.newEndpointUrl);
        bindInline(newEndpointName, viewModel.newEndpointName);
        bindRevealed(newEndpointBox, newEndpointErrors, viewModel.newEndpointUrl, viewModel.newEndpointName);
        layout.row("", newEndpoint);
        bindEventTypes();
        layout.fieldRow(viewModel.eventTypes, "subscription-event-types", eventTypesInput);
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

        show(layout, "New subscription", subscription -> "Edit subscription " + subscription.name());
        layout.follow(viewModel::shownFields, viewModel.incoming, viewModel.editingProperty());
    }

    @FXML
    private void createSource() {
        viewModel.createSource();
    }

    @FXML
    private void createEndpoint() {
        viewModel.createEndpoint();
    }

    @FXML
    private void toggleNewSource() {
        toggle(newSourceBox, newSourceName);
    }

    @FXML
    private void toggleNewEndpoint() {
        toggle(newEndpointBox, newEndpointUrl);
    }

    /** Shows or hides the inputs below a link; shown, the first input takes the focus. */
    private static void toggle(VBox box, TextField first) {
        box.setVisible(!box.isVisible());
        if (box.isVisible()) {
            first.requestFocus();
        }
    }

    /**
     * Free text (comma-separated names) with a menu of the project's catalogued types beside it: picking one adds
     * it. The menu is hidden while the catalogue is empty (or the server has none).
     */
    private void bindEventTypes() {
        eventTypes.textProperty().bindBidirectional(viewModel.eventTypes.textProperty());
        eventTypePicker.visibleProperty().bind(Bindings.isNotEmpty(viewModel.knownEventTypes));
        eventTypePicker.managedProperty().bind(eventTypePicker.visibleProperty());
        viewModel.knownEventTypes.addListener((ListChangeListener<String>) change -> eventTypePicker.getItems()
                .setAll(viewModel.knownEventTypes.stream().map(name -> {
                    MenuItem item = new MenuItem(name);
                    item.setOnAction(event -> viewModel.addEventType(name));
                    return item;
                }).toList()));
    }

    /** A text field bound to {@code field} with its message as the tooltip and a red border while it has one. */
    private static void bindInline(TextField input, FormField field) {
        input.textProperty().bindBidirectional(field.textProperty());
        Tooltip why = new Tooltip();
        why.textProperty().bind(field.errorProperty());
        field.errorProperty().subscribe(error -> {
            input.pseudoClassStateChanged(DANGER, !error.isBlank());
            input.setTooltip(error.isBlank() ? null : why);
        });
    }

    /** Inputs revealed by a link: room taken only while shown, and {@code fields}' messages below them. */
    private static void bindRevealed(VBox box, Label errors, FormField... fields) {
        box.managedProperty().bind(box.visibleProperty());
        errors.textProperty().bind(Bindings.createStringBinding(() -> Arrays.stream(fields)
                .map(FormField::error).filter(e -> !e.isBlank()).collect(Collectors.joining("; ")),
                Arrays.stream(fields).map(FormField::errorProperty).toArray(Observable[]::new)));
    }
}
