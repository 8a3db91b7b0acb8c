package dev.hookline.app.portallinks;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.Choices;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormViewModel;
import dev.hookline.app.form.Rules;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The portal link create/edit form. A link reaches the endpoints of an owner ID, or (Convoy's deprecated way, still
 * supported) an explicit list of endpoints: the form takes exactly one of the two. After saving, the link's URL and
 * token are what the user copies.
 */
public final class PortalLinkFormViewModel extends FormViewModel<PortalLink> {

    /** How the link names its endpoints. */
    public enum Scope { OWNER_ID, ENDPOINTS }

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    public final ObjectProperty<Scope> scope = new SimpleObjectProperty<>(this, "scope", Scope.OWNER_ID);
    public final FormField ownerId = new FormField("Owner ID").required();
    /** Every endpoint the picker offers. */
    public final ObservableList<Endpoint> endpoints = FXCollections.observableArrayList();
    /** The IDs picked; the message for an empty pick sits on {@link #endpointsField}. */
    public final ObservableList<String> selectedEndpointIds = FXCollections.observableArrayList();
    public final FormField endpointsField = new FormField("Endpoints");
    public final BooleanProperty canManageEndpoint = new SimpleBooleanProperty(this, "canManageEndpoint", false);
    public final ObjectProperty<PortalAuthType> authType =
            new SimpleObjectProperty<>(this, "authType", PortalAuthType.STATIC_TOKEN);

    public PortalLinkFormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                   Consumer<Throwable> connectionFailures) {
        super(tasks, client, connectionFailures);
        declareFields(List.of(name, ownerId, endpointsField));
        form.serverField("name", name).serverField("owner_id", ownerId).serverField("endpoints", endpointsField);
        endpointsField.rule(value -> selectedEndpointIds.isEmpty() ? "Pick at least one endpoint" : null);
        selectedEndpointIds.addListener((ListChangeListener<String>) change -> endpointsField.clearError());
    }

    /** Loads the endpoints the multi-select offers. */
    @Override
    public void loadChoices() {
        ApiClient api = client.get();
        form.run(() -> Choices.all(api::listEndpoints), endpoints::setAll);
    }

    @Override
    protected void setDefaults() {
        selectedEndpointIds.clear();
        scope.set(Scope.OWNER_ID);
        canManageEndpoint.set(false);
        authType.set(PortalAuthType.STATIC_TOKEN);
    }

    @Override
    protected void fill(PortalLink link) {
        name.set(link.name());
        boolean byOwner = link.ownerId() != null && !link.ownerId().isBlank();
        scope.set(byOwner ? Scope.OWNER_ID : Scope.ENDPOINTS);
        ownerId.set(link.ownerId());
        if (!byOwner && link.endpoints() != null) {
            selectedEndpointIds.setAll(link.endpoints());
        }
        canManageEndpoint.set(Boolean.TRUE.equals(link.canManageEndpoint()));
        authType.set(link.authType() == null ? PortalAuthType.STATIC_TOKEN : link.authType());
    }

    @Override
    public List<FormField> shownFields() {
        return scope.get() == Scope.OWNER_ID ? List.of(name, ownerId) : List.of(name, endpointsField);
    }

    @Override
    protected Callable<PortalLink> saveCall(ApiClient api, PortalLink current) {
        PortalLinkRequest request = request();
        return current == null ? () -> api.createPortalLink(request)
                : () -> api.updatePortalLink(current.uid(), request);
    }

    /** The request the valid form stands for: the owner ID or the endpoint list, never both. */
    public PortalLinkRequest request() {
        boolean byOwner = scope.get() == Scope.OWNER_ID;
        return new PortalLinkRequest(name.value(), byOwner ? ownerId.value() : null,
                byOwner ? null : List.copyOf(selectedEndpointIds), canManageEndpoint.get(), authType.get());
    }
}
