package dev.hookline.app.portallinks;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.app.form.CopyButton;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import dev.hookline.app.portallinks.PortalLinkFormViewModel.Scope;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.ListView;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The portal link create/edit form, bound to {@link PortalLinkFormViewModel}: owner ID or a multi-select of
 * endpoints, and once saved the link's URL and token (and a refreshed auth key) with copy buttons. Ids start with
 * {@code portal-link-}.
 */
public final class PortalLinkFormView {

    private final PortalLinkFormViewModel viewModel;
    private final FormLayout layout = new FormLayout();
    private final FormPanel panel;
    private final Map<String, BooleanProperty> checks = new HashMap<>();
    private final StringProperty authKey = new SimpleStringProperty(this, "authKey", "");

    private final UrlOpener opener;
    private final Label openProblem = new Label();

    public PortalLinkFormView(PortalLinkFormViewModel viewModel, Consumer<PortalLink> onSaved, Runnable onClose) {
        this(viewModel, onSaved, onClose, UrlOpener.system());
    }

    public PortalLinkFormView(PortalLinkFormViewModel viewModel, Consumer<PortalLink> onSaved, Runnable onClose,
                              UrlOpener opener) {
        this.viewModel = viewModel;
        this.opener = opener;
        layout.idRow("portal-link-id", viewModel.editingProperty().map(PortalLink::uid));
        layout.text(viewModel.name, "portal-link-name");
        layout.choice("Reaches", "portal-link-scope", viewModel.scope, Arrays.asList(Scope.values()),
                scope -> scope == null ? "" : switch (scope) {
                    case OWNER_ID -> "Every endpoint of an owner ID";
                    case ENDPOINTS -> "A list of endpoints (deprecated)";
                });
        layout.text(viewModel.ownerId, "portal-link-owner");
        layout.fieldRow(viewModel.endpointsField, "portal-link-endpoints", endpointPicker());
        layout.check("Can manage endpoints", "portal-link-can-manage",
                viewModel.canManageEndpoint);
        layout.choice("Authentication", "portal-link-auth-type", viewModel.authType,
                Arrays.asList(PortalAuthType.values()), type -> type == null ? "" : switch (type) {
                    case STATIC_TOKEN -> "Static token (in the URL)";
                    case REFRESH_TOKEN -> "Refresh token (short-lived auth key)";
                });

        StringBinding title = Bindings.createStringBinding(() -> viewModel.isEditing()
                ? "Portal link " + viewModel.editingProperty().get().name() : "New portal link",
                viewModel.editingProperty());
        panel = new FormPanel("portal-link-form", title, viewModel.form(), layout, () -> viewModel.save(onSaved),
                onClose);
        panel.addExtra(savedBox());
        layout.follow(viewModel::shownFields, viewModel.scope);
        viewModel.editingProperty().subscribe(link -> authKey.set(""));
    }

    private ListView<Endpoint> endpointPicker() {
        ListView<Endpoint> list = new ListView<>(viewModel.endpoints);
        list.setPrefHeight(150);
        list.setCellFactory(CheckBoxListCell.forListView(endpoint -> checks.computeIfAbsent(endpoint.uid(), id -> {
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
        return list;
    }

    /** Shown once the link exists: what the user hands to the endpoint owner. */
    private VBox savedBox() {
        Label url = value("portal-link-url");
        Label token = value("portal-link-token");
        Label key = value("portal-link-auth-key");
        viewModel.editingProperty().subscribe(link -> {
            url.setText(link == null || link.url() == null ? "" : link.url());
            token.setText(link == null || link.token() == null ? "" : link.token());
        });
        key.textProperty().bind(authKey);
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(4);
        Button open = new Button("Open", new FontIcon(Feather.EXTERNAL_LINK));
        open.setId("portal-link-url-open");
        open.setTooltip(new Tooltip("Open the portal page in your browser"));
        open.getStyleClass().add(Styles.FLAT);
        open.disableProperty().bind(url.textProperty().isEmpty());
        open.setOnAction(event -> {
            openProblem.setText("");
            opener.open(urlToOpen(url.getText()), openProblem::setText);
        });
        openProblem.setId("portal-link-url-open-problem");
        openProblem.getStyleClass().add(Styles.DANGER);
        openProblem.managedProperty().bind(openProblem.textProperty().isNotEmpty());
        viewModel.editingProperty().subscribe(link -> openProblem.setText(""));
        open.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox urlButtons = new HBox(4, CopyButton.of("portal-link-url-copy", "Copy URL", url::getText), open);
        urlButtons.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label urlLabel = new Label("URL");
        urlLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.addRow(0, urlLabel, url, urlButtons);
        Label tokenLabel = new Label("Token");
        tokenLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.addRow(1, tokenLabel, token,
                CopyButton.of("portal-link-token-copy", "Copy token", token::getText));
        Label keyLabel = new Label("Auth key");
        HBox keyCopy = new HBox(CopyButton.of("portal-link-auth-key-copy", "Copy auth key", key::getText));
        grid.addRow(2, keyLabel, key, keyCopy);
        for (var node : List.of(keyLabel, key, keyCopy)) {
            node.visibleProperty().bind(authKey.isNotEmpty());
            node.managedProperty().bind(node.visibleProperty());
        }
        GridPane.setHgrow(url, Priority.ALWAYS);
        Label heading = new Label("Share with the endpoint owner");
        heading.getStyleClass().add(Styles.TEXT_BOLD);
        VBox box = new VBox(6, heading, grid, openProblem);
        box.setId("portal-link-saved");
        box.getStyleClass().add("saved-box");
        box.setAlignment(Pos.TOP_LEFT);
        box.visibleProperty().bind(viewModel.editingProperty().isNotNull());
        box.managedProperty().bind(box.visibleProperty());
        return box;
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

    private static Label value(String id) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add("code-text");
        label.setWrapText(true);
        label.setMaxWidth(360);
        return label;
    }

    /** Shows a freshly refreshed auth key (refresh-token links). */
    public void showAuthKey(String key) {
        authKey.set(key == null ? "" : key);
    }

    public FormPanel node() {
        return panel;
    }

    public PortalLinkFormViewModel viewModel() {
        return viewModel;
    }
}
