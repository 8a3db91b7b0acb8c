package dev.hookline.app.connection;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.VBox;

/**
 * The remote connection form. The layout is {@code ProfileFormView.fxml}; this class binds it to a
 * {@link ProfileFormViewModel}. Each field's message shows under it.
 */
public final class ProfileFormView extends VBox {

    private final ProfileFormViewModel model;
    private final Consumer<ConnectionProfile> onSaved;
    @FXML
    private TextField profileName;
    @FXML
    private TextField profileBaseUrl;
    @FXML
    private PasswordField profileApiKey;
    @FXML
    private TextField profileApiKeyRevealed;
    @FXML
    private ToggleButton revealApiKey;
    @FXML
    private TextField profileProjectId;
    @FXML
    private Label profileNameError;
    @FXML
    private Label profileBaseUrlError;
    @FXML
    private Label profileApiKeyError;
    @FXML
    private Label profileProjectIdError;
    @FXML
    private Button testConnection;
    @FXML
    private Button saveProfile;
    @FXML
    private Label testResult;
    @FXML
    private Label profileMessage;

    public ProfileFormView(ProfileFormViewModel model, Consumer<ConnectionProfile> onSaved) {
        this.model = model;
        this.onSaved = onSaved;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        profileName.textProperty().bindBidirectional(model.nameProperty());
        profileBaseUrl.textProperty().bindBidirectional(model.baseUrlProperty());
        // the key is masked until the user reveals it; both fields edit the same value
        profileApiKey.textProperty().bindBidirectional(model.apiKeyProperty());
        profileApiKeyRevealed.textProperty().bindBidirectional(model.apiKeyProperty());
        profileApiKeyRevealed.visibleProperty().bind(model.keyRevealedProperty());
        profileApiKey.visibleProperty().bind(model.keyRevealedProperty().not());
        revealApiKey.selectedProperty().bindBidirectional(model.keyRevealedProperty());
        profileProjectId.textProperty().bindBidirectional(model.projectIdProperty());
        showError(profileNameError, model.nameErrorProperty());
        showError(profileBaseUrlError, model.baseUrlErrorProperty());
        showError(profileApiKeyError, model.apiKeyErrorProperty());
        showError(profileProjectIdError, model.projectIdErrorProperty());

        testConnection.disableProperty().bind(model.busyProperty());
        saveProfile.disableProperty().bind(model.busyProperty());
        testResult.textProperty().bind(Bindings.createStringBinding(() -> model.testResultProperty().get() == null
                ? "" : model.testResultProperty().get().message(), model.testResultProperty()));
        model.testResultProperty().subscribe(outcome -> {
            testResult.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            if (outcome != null) {
                testResult.getStyleClass().add(outcome.ok() ? Styles.SUCCESS : Styles.DANGER);
            }
        });
        profileMessage.textProperty().bind(model.messageProperty());
    }

    @FXML
    private void test() {
        model.testConnection();
    }

    @FXML
    private void save() {
        model.save(onSaved);
    }

    /** A field's message under it, taking no room while there is none. */
    private static void showError(Label problem, ReadOnlyStringProperty error) {
        problem.textProperty().bind(error);
        problem.visibleProperty().bind(error.isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
    }
}
