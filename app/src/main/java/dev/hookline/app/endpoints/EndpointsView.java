package dev.hookline.app.endpoints;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.form.ConfigurationListView;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Endpoints: the table (status, name, URL, owner, failure rate, ID) filtered by name and owner, and the create/edit
 * form beside it. Pause/resume, expire secret, send test event (then the Deliveries view shows its delivery), its
 * deliveries, its subscriptions and delete (confirmed) act on the selected endpoint. The layout (filters, actions,
 * the expire-secret panel) is {@code EndpointsView.fxml}; the columns and the forms' rows are built here.
 */
public final class EndpointsView extends ConfigurationListView<Endpoint> {

    private final EndpointActions actions;
    private final EndpointFormView formView;
    private final ExpireSecretViewModel expire;
    /** What the selected endpoint's actions touch, counted when an action is asked for. */
    private final ObjectProperty<EndpointImpact> impact = new SimpleObjectProperty<>(EndpointImpact.unknown());
    @FXML
    private TextField owner;
    @FXML
    private Button toggle;
    @FXML
    private FormPanel expirePanel;
    @FXML
    private Label expireHint;
    @FXML
    private Label expireConsequence;

    public EndpointsView(ConsoleSession session) {
        super(session, ApiClient::listEndpoints, Endpoint::uid, "endpoints",
                "No endpoints yet: New endpoint adds one.");
        actions = new EndpointActions(session::client, actionsForm);
        formView = new EndpointFormView(new EndpointFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure), this::saved, this::closePanel);
        expire = new ExpireSecretViewModel(session.tasks(), session::client, session::reportConnectionFailure);

        table.addStatusColumn("Status", endpoint -> endpoint.status() == null ? null : endpoint.status().wire())
                .setMinWidth(86);
        table.addColumn("Name", Endpoint::name).setPrefWidth(160);
        table.addColumn("URL", Endpoint::url).setPrefWidth(260);
        table.addColumn("Owner", Endpoint::ownerId).setPrefWidth(110);
        table.addColumn("Failure rate", EndpointsView::failureRate).setPrefWidth(90);
        table.addColumn("Circuit", EndpointsView::circuit).setPrefWidth(150);
        table.addIdColumn("ID", Endpoint::uid);
        table.enableShownColumnsExport("endpoints");
        loadLayout();
    }

    @FXML
    private void initialize() {
        toggle.textProperty().bind(Bindings.createStringBinding(() -> selected.get() == null ? "Pause"
                : EndpointActions.toggleLabel(selected.get().status()), selected));
        toggle.graphicProperty().bind(Bindings.createObjectBinding(() -> new FontIcon(
                selected.get() != null && selected.get().status() != EndpointStatus.ACTIVE
                        ? Feather.PLAY : Feather.PAUSE), selected));
        FormLayout form = new FormLayout();
        form.text(expire.hours, "expire-hours").setPromptText("0 to " + ExpireSecretViewModel.MAX_HOURS);
        form.secret(expire.newSecret, "expire-new-secret");
        form.row("", expireHint);
        expireConsequence.textProperty().bind(Bindings.createStringBinding(() -> {
            String hours = expire.hours.value();
            return hours.matches("\\d{1,4}") ? impact.get().expireConsequence(Long.parseLong(hours)) : "";
        }, impact, expire.hours.textProperty()));
        form.row("", expireConsequence);
        expirePanel.titleProperty().bind(Bindings.createStringBinding(() -> selected.get() == null
                ? "Expire secret" : "Expire secret of " + selected.get().name(), selected));
        expirePanel.show(expire.form(), form);
    }

    @FXML
    private void sendTestEvent() {
        Endpoint endpoint = selected.get();
        if (endpoint != null) {
            actions.sendTestEvent(endpoint, event -> session.navigate(NavigationTarget.DELIVERIES,
                    Map.of("eventId", event.uid())));
        }
    }

    @FXML
    private void showDeliveries() {
        show(NavigationTarget.DELIVERIES);
    }

    @FXML
    private void showSubscriptions() {
        show(NavigationTarget.SUBSCRIPTIONS);
    }

    /** Opens {@code target} narrowed to the selected endpoint. */
    private void show(NavigationTarget target) {
        Endpoint endpoint = selected.get();
        if (endpoint != null) {
            session.navigate(target, Map.of("endpointId", endpoint.uid()));
        }
    }

    @FXML
    private void expireSecret() {
        Endpoint endpoint = selected.get();
        if (endpoint != null) {
            expire.expire(endpoint, rotated -> {
                closePanel();
                list.refresh();
            });
        }
    }

    @FXML
    private void applyFilter() {
        list.filterProperty().set(new EndpointFilter(search.getText(), owner.getText()).toQuery());
    }

    @FXML
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
    @FXML
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

    @FXML
    private void askDelete() {
        Endpoint endpoint = selected.get();
        if (endpoint != null) {
            countImpact(endpoint, counted -> confirmDelete(endpoint, counted));
        }
    }

    private void confirmDelete(Endpoint endpoint, EndpointImpact counted) {
        layout.confirm().ask(counted.deleteQuestion(endpoint.name()), "Delete endpoint",
                () -> actions.delete(endpoint, () -> removed(endpoint)));
    }

    /**
     * The circuit breaker's state ({@code cb_state}) in words: {@code closed}, {@code open: not sending},
     * {@code half-open: trying one}; "–" when the server keeps no breaker for it (or does not say).
     */
    static String circuit(Endpoint endpoint) {
        String state = endpoint.cbState();
        if (state == null || state.isBlank()) {
            return "–";
        }
        return switch (state.strip().toLowerCase(Locale.ROOT)) {
            case "closed" -> "closed";
            case "open" -> "open: not sending";
            case "half-open", "half_open", "halfopen" -> "half-open: trying one";
            default -> state.strip();
        };
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

    @Override
    protected EndpointFormView formView() {
        return formView;
    }
}
