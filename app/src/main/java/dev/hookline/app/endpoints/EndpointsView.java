package dev.hookline.app.endpoints;

import atlantafx.base.theme.Styles;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.form.ConfigurationLayout;
import dev.hookline.app.form.ConfigurationListView;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Endpoints: the table (status, name, URL, owner, failure rate, ID) filtered by name and owner, and the create/edit
 * form beside it. Pause/resume, expire secret, send test event (then the Deliveries view shows its delivery), its
 * deliveries, its subscriptions and delete (confirmed) act on the selected endpoint.
 */
public final class EndpointsView extends ConfigurationListView<Endpoint> {

    private final EndpointActions actions;
    private final EndpointFormView formView;
    private final ExpireSecretViewModel expire;
    private final FormPanel expirePanel;
    private final TextField owner = new TextField();
    /** What the selected endpoint's actions touch, counted when an action is asked for. */
    private final ObjectProperty<EndpointImpact> impact = new javafx.beans.property.SimpleObjectProperty<>(
            EndpointImpact.unknown());

    public EndpointsView(ConsoleSession session) {
        super(session, ApiClient::listEndpoints, Endpoint::uid, "endpoints",
                "No endpoints yet: New endpoint adds one.");
        actions = new EndpointActions(session::client, actionsForm);
        formView = new EndpointFormView(new EndpointFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure), this::saved, this::closePanel);
        expire = new ExpireSecretViewModel(session.tasks(), session::client, session::reportConnectionFailure);
        expirePanel = expirePanel();

        table.addStatusColumn("Status", endpoint -> endpoint.status() == null ? null : endpoint.status().wire())
                .setMinWidth(86);
        table.addColumn("Name", Endpoint::name).setPrefWidth(160);
        table.addColumn("URL", Endpoint::url).setPrefWidth(260);
        table.addColumn("Owner", Endpoint::ownerId).setPrefWidth(110);
        table.addColumn("Failure rate", EndpointsView::failureRate).setPrefWidth(90);
        table.addIdColumn("ID", Endpoint::uid);
        table.enableShownColumnsExport("endpoints");
        table.setOnOpen(endpoint -> openSelected());
        table.filterBar().getChildren().addAll(filters());

        BooleanExpression none = selected.isNull().or(actionsForm.busyProperty());
        layout.rowAction("endpoints-edit", "Edit", Feather.EDIT_2, null, none, this::openSelected);
        Button toggle = layout.rowAction("endpoints-toggle", "Pause", Feather.PAUSE, null, none, this::togglePause);
        toggle.textProperty().bind(Bindings.createStringBinding(() -> selected.get() == null ? "Pause"
                : EndpointActions.toggleLabel(selected.get().status()), selected));
        toggle.graphicProperty().bind(Bindings.createObjectBinding(() -> new FontIcon(
                selected.get() != null && selected.get().status() != EndpointStatus.ACTIVE
                        ? Feather.PLAY : Feather.PAUSE), selected));
        layout.rowAction("endpoints-expire-secret", "Expire secret", Feather.KEY, null, none, this::openExpire);
        layout.rowAction("endpoints-test-event", "Send test event", Feather.SEND, null, none, () -> {
            Endpoint endpoint = selected.get();
            if (endpoint != null) {
                actions.sendTestEvent(endpoint, event -> session.navigate(NavigationTarget.DELIVERIES,
                        Map.of("eventId", event.uid())));
            }
        });
        layout.rowAction("endpoints-view-deliveries", "Deliveries", Feather.LIST, null, none,
                () -> show(NavigationTarget.DELIVERIES, session));
        layout.rowAction("endpoints-view-subscriptions", "Subscriptions", Feather.GIT_MERGE, null, none,
                () -> show(NavigationTarget.SUBSCRIPTIONS, session));
        layout.rowAction("endpoints-delete", "Delete", Feather.TRASH_2, ConfigurationLayout.DANGER, none,
                this::askDelete);
        layout.action("endpoints-new", "New endpoint", Feather.PLUS, ConfigurationLayout.ACCENT, this::openCreate);
        list.reload();
    }

    /** Opens {@code target} narrowed to the selected endpoint. */
    private void show(NavigationTarget target, ConsoleSession session) {
        Endpoint endpoint = selected.get();
        if (endpoint != null) {
            session.navigate(target, Map.of("endpointId", endpoint.uid()));
        }
    }

    private Node[] filters() {
        search.setId("endpoints-search");
        search.setPromptText("Search by name");
        search.setOnAction(event -> applyFilter());
        owner.setId("endpoints-owner");
        owner.setPromptText("Owner ID");
        owner.setOnAction(event -> applyFilter());
        Button apply = new Button("Filter", new FontIcon(Feather.FILTER));
        apply.setId("endpoints-filter");
        apply.setOnAction(event -> applyFilter());
        return new Node[] {search, owner, apply};
    }

    private FormPanel expirePanel() {
        FormLayout form = new FormLayout();
        form.text(expire.hours, "expire-hours").setPromptText("0 to " + ExpireSecretViewModel.MAX_HOURS);
        form.secret(expire.newSecret, "expire-new-secret");
        Label hint = new Label("The current secret keeps signing alongside the new one for these hours. "
                + "Leave the new secret blank to have one generated.");
        hint.setWrapText(true);
        hint.getStyleClass().add(Styles.TEXT_MUTED);
        form.row("", hint);
        Label consequence = new Label();
        consequence.setId("expire-consequence");
        consequence.setWrapText(true);
        consequence.setGraphic(new FontIcon(Feather.ALERT_TRIANGLE));
        consequence.textProperty().bind(Bindings.createStringBinding(() -> {
            String hours = expire.hours.value();
            return hours.matches("\\d{1,4}") ? impact.get().expireConsequence(Long.parseLong(hours)) : "";
        }, impact, expire.hours.textProperty()));
        form.row("", consequence);
        FormPanel panel = new FormPanel("expire-form", Bindings.createStringBinding(() -> selected.get() == null
                ? "Expire secret" : "Expire secret of " + selected.get().name(), selected), expire.form(), form,
                () -> {
                    Endpoint endpoint = selected.get();
                    if (endpoint != null) {
                        expire.expire(endpoint, rotated -> {
                            closePanel();
                            list.refresh();
                        });
                    }
                }, this::closePanel);
        panel.setSaveText("Expire secret");
        return panel;
    }

    private void applyFilter() {
        list.filterProperty().set(new EndpointFilter(search.getText(), owner.getText()).toQuery());
    }

    private void openCreate() {
        formView.viewModel().createNew();
        layout.showPanel(formView.node());
    }

    private void openExpire() {
        if (selected.get() != null) {
            countImpact(selected.get(), counted -> { });
            expire.hours.set("24");
            expire.newSecret.set("");
            expire.form().clearError();
            layout.showPanel(expirePanel);
        }
    }

    /** Resuming needs no question; pausing first says how many pending deliveries it discards. */
    private void togglePause() {
        Endpoint endpoint = selected.get();
        if (endpoint == null) {
            return;
        }
        actionsForm.clearError();
        if (endpoint.status() != EndpointStatus.ACTIVE) {
            actions.togglePause(endpoint, changed -> list.refresh());
            return;
        }
        countImpact(endpoint, counted -> layout.confirm().ask(counted.pauseQuestion(endpoint.name()),
                "Pause endpoint", () -> actions.togglePause(endpoint, changed -> list.refresh())));
    }

    /** Counts in the background what acting on {@code endpoint} touches, then hands it to {@code then}. */
    private void countImpact(Endpoint endpoint, java.util.function.Consumer<EndpointImpact> then) {
        impact.set(EndpointImpact.unknown());
        ApiClient client = session.client();
        java.time.Instant now = java.time.Instant.now();
        session.tasks().run(() -> EndpointImpact.count(client, endpoint.uid(), now), counted -> {
            if (selected.get() != null && selected.get().uid().equals(endpoint.uid())) {
                impact.set(counted);
                then.accept(counted);
            }
        }, failure -> then.accept(EndpointImpact.unknown()));
    }

    private void askDelete() {
        Endpoint endpoint = selected.get();
        if (endpoint != null) {
            countImpact(endpoint, counted -> confirmDelete(endpoint, counted));
        }
    }

    private void confirmDelete(Endpoint endpoint, EndpointImpact counted) {
        layout.confirm().ask(counted.deleteQuestion(endpoint.name()), "Delete endpoint",
                () -> actions.delete(endpoint, () -> {
                    selected.set(null);
                    Endpoint editing = formView.viewModel().editingProperty().get();
                    if (editing != null && Objects.equals(editing.uid(), endpoint.uid())) {
                        closePanel();
                    }
                    list.refresh();
                }));
    }

    @Override
    protected void open(Endpoint endpoint) {
        formView.viewModel().edit(endpoint);
        layout.showPanel(formView.node());
    }

    /**
     * The circuit breaker's {@code failure_rate} as the API gives it: already a percentage (0 to 100, as in Convoy),
     * so {@code 100} reads "100 %" and {@code 12.5} "12.5 %"; "–" when the server keeps no rate.
     */
    static String failureRate(Endpoint endpoint) {
        Double rate = endpoint.failureRate();
        if (rate == null) {
            return "–";
        }
        return (rate == Math.rint(rate) ? String.format(Locale.ROOT, "%.0f", rate)
                : String.format(Locale.ROOT, "%.1f", rate)) + " %";
    }
}
