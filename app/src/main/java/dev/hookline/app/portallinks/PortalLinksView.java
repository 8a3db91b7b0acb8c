package dev.hookline.app.portallinks;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.PortalLink;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfigurationListView;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;

/**
 * Portal links: the table (name, owner or endpoint count, auth type, manage, copyable URL, ID) filtered by name,
 * owner and endpoint, the create/edit form showing URL and token once saved, revoke (confirmed) and refresh token.
 * The layout is {@code PortalLinksView.fxml}; the columns and the form's rows are built here.
 */
public final class PortalLinksView extends ConfigurationListView<PortalLink> {

    private final PortalLinkActions actions;
    private final PortalLinkFormView formView;
    @FXML
    private TextField owner;
    @FXML
    private TextField endpointFilter;
    @FXML
    private Button refreshTokenButton;

    public PortalLinksView(ConsoleSession session) {
        this(session, UrlOpener.system());
    }

    /** @param opener opens a link's URL in the browser ("Open" beside "Copy URL") */
    public PortalLinksView(ConsoleSession session, UrlOpener opener) {
        super(session, ApiClient::listPortalLinks, PortalLink::uid, "portal-links",
                "No portal links yet: New portal link lets an endpoint owner see their deliveries.");
        actions = new PortalLinkActions(session::client, actionsForm);
        formView = new PortalLinkFormView(new PortalLinkFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure), this::saved, this::closePanel, opener);

        table.addColumn("Name", PortalLink::name).setPrefWidth(140);
        table.addColumn("Reaches", link -> link.ownerId() != null && !link.ownerId().isBlank()
                ? "owner " + link.ownerId()
                : count(link) + " endpoint" + (count(link) == 1 ? "" : "s")).setPrefWidth(130);
        table.addColumn("Auth", link -> link.authType() == null ? "" : link.authType().wire()).setPrefWidth(100);
        table.addColumn("Manage", link -> Boolean.TRUE.equals(link.canManageEndpoint()) ? "yes" : "no")
                .setPrefWidth(70);
        table.addIdColumn("URL", PortalLink::url).setPrefWidth(300);
        table.addIdColumn("ID", PortalLink::uid);
        table.enableShownColumnsExport("portal-links");
        loadLayout();
    }

    /** Only a refresh-token link has a token to refresh. */
    @FXML
    private void initialize() {
        refreshTokenButton.disableProperty().bind(layout.rowActionsDisabledProperty().or(
                Bindings.createBooleanBinding(() -> !PortalLinkActions.canRefresh(selected.get()), selected)));
    }

    private static int count(PortalLink link) {
        if (link.endpointCount() != null) {
            return link.endpointCount();
        }
        return link.endpoints() == null ? 0 : link.endpoints().size();
    }

    @FXML
    private void applyFilter() {
        list.filterProperty().set(new PortalLinkFilter(search.getText(), owner.getText(),
                List.of(endpointFilter.getText().split(","))).toQuery());
    }

    @FXML
    private void refreshToken() {
        PortalLink link = selected.get();
        if (link != null) {
            actionsForm.clearError();
            actions.refreshToken(link, key -> {
                open(link);
                formView.showAuthKey(key);
            });
        }
    }

    @FXML
    private void askRevoke() {
        confirmRemoval(link -> "Revoke portal link \"" + link.name() + "\"? Its URL stops working at once.",
                "Revoke link", actions::revoke);
    }

    @Override
    protected PortalLinkFormView formView() {
        return formView;
    }
}
