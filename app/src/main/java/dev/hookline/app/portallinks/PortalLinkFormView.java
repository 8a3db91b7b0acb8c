package dev.hookline.app.portallinks;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.app.form.CopyButton;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormView;
import dev.hookline.app.portallinks.PortalLinkFormViewModel.Scope;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The portal link create/edit form, bound to {@link PortalLinkFormViewModel}: owner ID or a multi-select of
 * endpoints, and once saved the link's URL and token (and a refreshed auth key) with copy buttons. Ids start with
 * {@code portal-link-}. The panel and the saved link's box are {@code PortalLinkFormView.fxml}; the rows are a
 * {@link FormLayout} built here.
 */
public final class PortalLinkFormView extends FormView<PortalLink, PortalLinkFormViewModel> {

    private final UrlOpener opener;
    private final Map<String, BooleanProperty> checks = new HashMap<>();
    private final StringProperty authKey = new SimpleStringProperty(this, "authKey", "");
    @FXML
    private ListView<Endpoint> endpointList;
    @FXML
    private VBox saved;
    @FXML
    private Label url;
    @FXML
    private HBox urlButtons;
    @FXML
    private Button open;
    @FXML
    private Label token;
    @FXML
    private HBox tokenButtons;
    @FXML
    private Label keyLabel;
    @FXML
    private Label key;
    @FXML
    private HBox keyButtons;
    @FXML
    private Label openProblem;

    public PortalLinkFormView(PortalLinkFormViewModel viewModel, Consumer<PortalLink> onSaved, Runnable onClose) {
        this(viewModel, onSaved, onClose, UrlOpener.system());
    }

    public PortalLinkFormView(PortalLinkFormViewModel viewModel, Consumer<PortalLink> onSaved, Runnable onClose,
                              UrlOpener opener) {
        super(viewModel, onSaved, onClose);
        this.opener = opener;
        loadLayout();
    }

    @FXML
    private void initialize() {
        FormLayout layout = new FormLayout();
        layout.idRow("portal-link-id", viewModel.editingProperty().map(PortalLink::uid));
        layout.text(viewModel.name, "portal-link-name");
        layout.choice("Reaches", "portal-link-scope", viewModel.scope, Arrays.asList(Scope.values()),
                scope -> scope == null ? "" : switch (scope) {
                    case OWNER_ID -> "Every endpoint of an owner ID";
                    case ENDPOINTS -> "A list of endpoints (deprecated)";
                });
        layout.text(viewModel.ownerId, "portal-link-owner");
        bindEndpointPicker();
        layout.fieldRow(viewModel.endpointsField, "portal-link-endpoints", endpointList);
        layout.check("Can manage endpoints", "portal-link-can-manage",
                viewModel.canManageEndpoint);
        layout.choice("Authentication", "portal-link-auth-type", viewModel.authType,
                Arrays.asList(PortalAuthType.values()), type -> type == null ? "" : switch (type) {
                    case STATIC_TOKEN -> "Static token (in the URL)";
                    case REFRESH_TOKEN -> "Refresh token (short-lived auth key)";
                });
        show(layout, "New portal link", link -> "Portal link " + link.name());
        bindSaved();
        layout.follow(viewModel::shownFields, viewModel.scope);
        viewModel.editingProperty().subscribe(link -> authKey.set(""));
    }

    /** One check box per endpoint, ticked while the model has it among the link's endpoints. */
    private void bindEndpointPicker() {
        endpointList.setItems(viewModel.endpoints);
        endpointList.setCellFactory(CheckBoxListCell.forListView(endpoint -> checks.computeIfAbsent(endpoint.uid(),
                id -> {
                    BooleanProperty checked = new SimpleBooleanProperty(viewModel.selectedEndpointIds.contains(id));
                    checked.addListener((o, before, now) -> {
                        if (now && !viewModel.selectedEndpointIds.contains(id)) {
                            viewModel.selectedEndpointIds.add(id);
                        } else if (!now) {
                            viewModel.selectedEndpointIds.remove(id);
                        }
                    });
                    return checked;
                }), new StringConverter<>() {
                    @Override
                    public String toString(Endpoint endpoint) {
                        return endpoint == null ? "" : endpoint.name() + "  (" + endpoint.url() + ")";
                    }

                    @Override
                    public Endpoint fromString(String text) {
                        throw new UnsupportedOperationException();
                    }
                }));
        // a form loaded for editing (or emptied) ticks exactly its endpoints
        viewModel.selectedEndpointIds.addListener((ListChangeListener<String>) change ->
                checks.forEach((id, checked) -> checked.set(viewModel.selectedEndpointIds.contains(id))));
    }

    /** Shown once the link exists: what the user hands to the endpoint owner. */
    private void bindSaved() {
        viewModel.editingProperty().subscribe(link -> {
            url.setText(link == null || link.url() == null ? "" : link.url());
            token.setText(link == null || link.token() == null ? "" : link.token());
            openProblem.setText("");
        });
        key.textProperty().bind(authKey);
        urlButtons.getChildren().addFirst(CopyButton.of("portal-link-url-copy", "Copy URL", url::getText));
        tokenButtons.getChildren().add(CopyButton.of("portal-link-token-copy", "Copy token", token::getText));
        keyButtons.getChildren().add(CopyButton.of("portal-link-auth-key-copy", "Copy auth key", key::getText));
        open.disableProperty().bind(url.textProperty().isEmpty());
        openProblem.managedProperty().bind(openProblem.textProperty().isNotEmpty());
        for (var node : List.of(keyLabel, key, keyButtons)) {
            node.visibleProperty().bind(authKey.isNotEmpty());
            node.managedProperty().bind(node.visibleProperty());
        }
        saved.visibleProperty().bind(viewModel.editingProperty().isNotNull());
        saved.managedProperty().bind(saved.visibleProperty());
    }

    @FXML
    private void openUrl() {
        openProblem.setText("");
        opener.open(urlToOpen(url.getText()), openProblem::setText);
    }

    /**
     * A refresh-token link's URL works only with a live auth key: the one just refreshed is added when the URL has
     * none (the page then moves it out of the address bar).
     */
    private String urlToOpen(String url) {
        String key = authKey.get();
        if (key == null || key.isEmpty() || url.contains("auth_token=")) {
            return url;
        }
        return url + (url.contains("?") ? "&" : "?") + "auth_token="
                + java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Shows a freshly refreshed auth key (refresh-token links). */
    public void showAuthKey(String key) {
        authKey.set(key == null ? "" : key);
    }
}
