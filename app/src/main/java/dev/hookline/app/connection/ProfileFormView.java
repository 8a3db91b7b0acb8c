package dev.hookline.app.connection;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import java.util.function.Consumer;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The remote connection form. Binds to a {@link ProfileFormViewModel}; each field's message shows under it. */
public final class ProfileFormView extends VBox {

    public ProfileFormView(ProfileFormViewModel model, Consumer<ConnectionProfile> onSaved) {
        super(10);
        getStyleClass().add("profile-form");

        TextField name = new TextField();
        name.setId("profileName");
        name.setPromptText("e.g. Production Convoy");
        name.textProperty().bindBidirectional(model.nameProperty());

        TextField baseUrl = new TextField();
        baseUrl.setId("profileBaseUrl");
        baseUrl.setPromptText("https://convoy.example.com/api");
        baseUrl.textProperty().bindBidirectional(model.baseUrlProperty());

        // the key is masked until the user reveals it; both fields edit the same value
        PasswordField maskedKey = new PasswordField();
        maskedKey.setId("profileApiKey");
        maskedKey.textProperty().bindBidirectional(model.apiKeyProperty());
        TextField clearKey = new TextField();
        clearKey.setId("profileApiKeyRevealed");
        clearKey.textProperty().bindBidirectional(model.apiKeyProperty());
        clearKey.visibleProperty().bind(model.keyRevealedProperty());
        maskedKey.visibleProperty().bind(model.keyRevealedProperty().not());
        ToggleButton reveal = new ToggleButton(null, new FontIcon(Feather.EYE));
        reveal.setId("revealApiKey");
        reveal.setTooltip(new Tooltip("Show or hide the API key"));
        reveal.selectedProperty().bindBidirectional(model.keyRevealedProperty());
        StackPane keyFields = new StackPane(maskedKey, clearKey);
        HBox.setHgrow(keyFields, Priority.ALWAYS);
        HBox key = new HBox(6, keyFields, reveal);

        TextField project = new TextField();
        project.setId("profileProjectId");
        project.setPromptText("Project ID");
        project.textProperty().bindBidirectional(model.projectIdProperty());

        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(2);
        int row = 0;
        row = field(grid, row, "Name", name, model.nameErrorProperty(), "profileNameError");
        row = field(grid, row, "Base URL", baseUrl, model.baseUrlErrorProperty(), "profileBaseUrlError");
        row = field(grid, row, "API key", key, model.apiKeyErrorProperty(), "profileApiKeyError");
        field(grid, row, "Project ID", project, model.projectIdErrorProperty(), "profileProjectIdError");
        GridPane.setHgrow(name, Priority.ALWAYS);

        Button test = new Button("Test connection", new FontIcon(Feather.ACTIVITY));
        test.setId("testConnection");
        test.disableProperty().bind(model.busyProperty());
        test.setOnAction(event -> model.testConnection());
        Button save = new Button("Save", new FontIcon(Feather.SAVE));
        save.setId("saveProfile");
        save.getStyleClass().add(Styles.ACCENT);
        save.disableProperty().bind(model.busyProperty());
        save.setOnAction(event -> model.save(onSaved));
        HBox buttons = new HBox(8, test, save);
        buttons.setAlignment(Pos.CENTER_LEFT);

        Label result = new Label();
        result.setId("testResult");
        result.setWrapText(true);
        result.textProperty().bind(Bindings.createStringBinding(() -> model.testResultProperty().get() == null ? ""
                : model.testResultProperty().get().message(), model.testResultProperty()));
        model.testResultProperty().subscribe(outcome -> {
            result.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            if (outcome != null) {
                result.getStyleClass().add(outcome.ok() ? Styles.SUCCESS : Styles.DANGER);
            }
        });
        Label message = new Label();
        message.setId("profileMessage");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());

        getChildren().addAll(grid, buttons, result, message);
    }

    private static int field(GridPane grid, int row, String label, Node input, ReadOnlyStringProperty error,
                             String errorId) {
        Label title = new Label(label);
        Label problem = new Label();
        problem.setId(errorId);
        problem.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL);
        problem.textProperty().bind(error);
        problem.visibleProperty().bind(error.isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        grid.add(title, 0, row);
        grid.add(input, 1, row);
        grid.add(problem, 1, row + 1);
        GridPane.setHgrow(input, Priority.ALWAYS);
        return row + 2;
    }
}
