package dev.hookline.app.endpoints;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormView;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;

/**
 * The endpoint create/edit form, bound to {@link EndpointFormViewModel}. The panel (and the PEM file buttons) is
 * {@code EndpointFormView.fxml}; the rows are a {@link FormLayout} built here, showing exactly the chosen
 * authentication's fields. Ids start with {@code endpoint-}.
 */
public final class EndpointFormView extends FormView<Endpoint, EndpointFormViewModel> {

    @FXML
    private HBox pemButtons;
    @FXML
    private Button loadCertificate;
    @FXML
    private Button loadKey;

    public EndpointFormView(EndpointFormViewModel viewModel, Consumer<Endpoint> onSaved, Runnable onClose) {
        super(viewModel, onSaved, onClose);
        loadLayout();
    }

    @FXML
    private void initialize() {
        FormLayout layout = new FormLayout();
        layout.idRow("endpoint-id", viewModel.editingProperty().map(Endpoint::uid));
        layout.text(viewModel.name, "endpoint-name");
        layout.text(viewModel.url, "endpoint-url");
        layout.text(viewModel.description, "endpoint-description");
        layout.text(viewModel.ownerId, "endpoint-owner");
        layout.secret(viewModel.secret, "endpoint-secret");
        layout.secret(viewModel.currentSecret, "endpoint-current-secret").setEditable(false);
        layout.choice("Content type", "endpoint-content-type", viewModel.contentType,
                Arrays.asList(ContentType.values()), type -> type == null ? "" : type.wire());
        layout.check("Advanced signatures", "endpoint-advanced-signatures",
                viewModel.advancedSignatures);

        layout.section("Delivery");
        layout.text(viewModel.httpTimeout, "endpoint-http-timeout").setPromptText("seconds, default 10");
        layout.text(viewModel.rateLimit, "endpoint-rate-limit").setPromptText("requests, 0 = unlimited");
        layout.text(viewModel.rateLimitDuration, "endpoint-rate-limit-duration").setPromptText("seconds");

        layout.section("Authentication").keepSection();
        layout.choice("Type", "endpoint-auth-type", viewModel.authType,
                Arrays.asList(null, EndpointAuthType.API_KEY, EndpointAuthType.BASIC_AUTH, EndpointAuthType.OAUTH2),
                EndpointFormView::authName);
        layout.text(viewModel.apiKeyHeaderName, "endpoint-api-key-header");
        layout.secret(viewModel.apiKeyHeaderValue, "endpoint-api-key-value");
        layout.text(viewModel.basicUsername, "endpoint-basic-username");
        layout.secret(viewModel.basicPassword, "endpoint-basic-password");
        layout.text(viewModel.oauth2Url, "endpoint-oauth2-url");
        layout.text(viewModel.oauth2ClientId, "endpoint-oauth2-client-id");
        layout.pick(viewModel.oauth2Method, "endpoint-oauth2-method", EndpointFormViewModel.OAUTH2_METHODS, "");
        layout.secret(viewModel.oauth2ClientSecret, "endpoint-oauth2-client-secret");
        layout.area(viewModel.oauth2SigningKey, "endpoint-oauth2-signing-key", 5, true);
        layout.text(viewModel.oauth2SigningAlgorithm, "endpoint-oauth2-signing-algorithm").setPromptText("e.g. RS256");
        layout.text(viewModel.oauth2Issuer, "endpoint-oauth2-issuer");
        layout.text(viewModel.oauth2Subject, "endpoint-oauth2-subject");
        layout.text(viewModel.oauth2GrantType, "endpoint-oauth2-grant-type").setPromptText("client_credentials");
        layout.text(viewModel.oauth2Scope, "endpoint-oauth2-scope");
        layout.text(viewModel.oauth2Audience, "endpoint-oauth2-audience");
        layout.pick(viewModel.oauth2ExpiryUnit, "endpoint-oauth2-expiry-unit",
                concat("", EndpointFormViewModel.EXPIRY_UNITS), "(default)");

        layout.section("mTLS client certificate");
        layout.area(viewModel.mtlsCert, "endpoint-mtls-cert", 4, true).setPromptText("-----BEGIN CERTIFICATE-----");
        layout.area(viewModel.mtlsKey, "endpoint-mtls-key", 4, true).setPromptText("-----BEGIN PRIVATE KEY-----");
        layout.row("", pemButtons);

        layout.section("Notifications");
        layout.text(viewModel.supportEmail, "endpoint-support-email");
        layout.text(viewModel.slackWebhookUrl, "endpoint-slack-url");

        show(layout, "New endpoint", endpoint -> "Edit endpoint " + endpoint.name());
        layout.follow(viewModel::shownFields, viewModel.authType, viewModel.oauth2Method.textProperty(),
                viewModel.editingProperty());
    }

    @FXML
    private void chooseCertificate() {
        choosePem(loadCertificate, viewModel.mtlsCert);
    }

    @FXML
    private void chooseKey() {
        choosePem(loadKey, viewModel.mtlsKey);
    }

    /** Reads the PEM file the user picks into {@code target}; the dialog is titled after {@code button}. */
    private void choosePem(Button button, FormField target) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(button.getText());
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("PEM files", "*.pem", "*.crt", "*.key", "*.cer"),
                new FileChooser.ExtensionFilter("All files", "*"));
        File file = chooser.showOpenDialog(button.getScene().getWindow());
        if (file != null) {
            viewModel.loadPem(target, file.toPath());
        }
    }

    static String authName(EndpointAuthType type) {
        if (type == null) {
            return "None";
        }
        return switch (type) {
            case API_KEY -> "API key header";
            case BASIC_AUTH -> "Basic (user and password)";
            case OAUTH2 -> "OAuth2 client credentials";
        };
    }

    private static List<String> concat(String first, List<String> rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), rest.stream()).toList();
    }
}
