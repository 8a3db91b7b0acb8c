package dev.hookline.app.subscriptions;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Subscription;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfigurationListView;
import dev.hookline.app.form.FunctionTestPane;
import dev.hookline.app.form.FunctionTestViewModel;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Subscriptions: the table (status, name, source, endpoint, event types, delivery mode, ID) filtered by name and
 * endpoint ID, and the create/edit form beside it (pickers, filters, transform, limits). Deactivate/Activate
 * switches the selected subscription off and on ({@code toggle_status}); delete asks first. The layout is
 * {@code SubscriptionsView.fxml}; the columns and the form's rows are built here.
 */
public final class SubscriptionsView extends ConfigurationListView<Subscription> {

    private final SubscriptionActions actions;
    private final SubscriptionFormView formView;
    @FXML
    private TextField endpointFilter;
    @FXML
    private Button toggle;

    public SubscriptionsView(ConsoleSession session) {
        super(session, ApiClient::listSubscriptions, Subscription::uid, "subscriptions",
                "No subscriptions yet: New subscription connects a source or the API to an endpoint.");
        actions = new SubscriptionActions(session::client, actionsForm);
        SubscriptionFormViewModel form = new SubscriptionFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure);
        formView = new SubscriptionFormView(form,
                new FilterTestPane(new FilterTestViewModel(session.tasks(), session::client,
                        session::reportConnectionFailure, form)),
                new FunctionTestPane("subscription-function-test", new FunctionTestViewModel(session.tasks(),
                        session::client, session::reportConnectionFailure, ApiClient::testSubscriptionFunction,
                        form.function, null)),
                this::saved, this::closePanel);

        table.addStatusColumn("Status", s -> s.active() ? "active" : "inactive").setMinWidth(86);
        table.addColumn("Name", Subscription::name).setPrefWidth(150);
        table.addColumn("Source", s -> s.sourceMetadata() == null || s.sourceMetadata().name() == null ? "–"
                : s.sourceMetadata().name()).setPrefWidth(110);
        table.addColumn("Endpoint", s -> s.endpointMetadata() == null ? "" : s.endpointMetadata().name())
                .setPrefWidth(140);
        table.addColumn("Event types", s -> s.filterConfig() == null || s.filterConfig().eventTypes() == null ? "*"
                : String.join(", ", s.filterConfig().eventTypes())).setPrefWidth(140);
        table.addColumn("Delivery", s -> s.deliveryMode() == null ? "" : s.deliveryMode().wire()).setPrefWidth(100);
        table.addIdColumn("ID", Subscription::uid);
        table.enableShownColumnsExport("subscriptions");
        loadLayout();
    }

    @FXML
    private void initialize() {
        toggle.textProperty().bind(Bindings.createStringBinding(() -> SubscriptionActions.toggleLabel(selected.get()),
                selected));
        toggle.graphicProperty().bind(Bindings.createObjectBinding(() -> new FontIcon(
                selected.get() != null && !selected.get().active() ? Feather.PLAY : Feather.PAUSE), selected));
    }

    /** Another view (an endpoint's "Subscriptions") narrows the list to one endpoint. */
    @Override
    public void applyFilter(Map<String, String> filter) {
        search.clear();
        endpointFilter.setText(filter.getOrDefault("endpointId", ""));
        applyFilter();
    }

    @FXML
    private void applyFilter() {
        list.filterProperty().set(new SubscriptionFilter(search.getText(),
                List.of(endpointFilter.getText().split(","))).toQuery());
    }

    /** Off and on again; an inactive subscription gets nothing, and events it would have taken say so. */
    @FXML
    private void toggleStatus() {
        Subscription subscription = selected.get();
        if (subscription != null) {
            actionsForm.clearError();
            actions.toggleStatus(subscription, list::refresh);
        }
    }

    @FXML
    private void askDelete() {
        confirmRemoval(subscription -> "Delete subscription \"" + subscription.name() + "\"? Its endpoint stops "
                + "receiving these events.", "Delete subscription", actions::delete);
    }

    @Override
    protected SubscriptionFormView formView() {
        return formView;
    }
}
