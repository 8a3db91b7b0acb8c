package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import java.util.Objects;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The layout the four configuration views share: the actions on the selected row above the table (with the inline
 * confirmation and the last action's error), the table in the middle, and the open form on the right.
 */
public final class ConfigurationLayout {

    private final BorderPane root = new BorderPane();
    private final HBox actions = new HBox(8);
    private final ConfirmBar confirm = new ConfirmBar();

    /** @param actionsForm whose message shows a failed row action (the server's words) */
    public ConfigurationLayout(String prefix, Node table, Form actionsForm) {
        root.getStylesheets().add(Objects.requireNonNull(FormPanel.class.getResource("forms.css"), "forms.css")
                .toExternalForm());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        actions.getChildren().add(spacer);
        actions.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId(prefix + "-action-message");
        message.getStyleClass().add("form-message");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.textProperty().bind(actionsForm.serverErrorProperty());
        message.visibleProperty().bind(actionsForm.serverErrorProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());

        root.setTop(new VBox(8, actions, confirm, message));
        root.setCenter(table);
        BorderPane.setMargin(table, new Insets(8, 0, 0, 0));
    }

    public Node node() {
        return root;
    }

    public ConfirmBar confirm() {
        return confirm;
    }

    /** Adds a button to the action bar; {@code accent} marks the main action, {@code danger} a destructive one. */
    public Button action(String id, String text, Ikon icon, String style, Runnable onAction) {
        Button button = new Button(text, new FontIcon(icon));
        button.setId(id);
        if (style != null) {
            button.getStyleClass().add(style);
        }
        button.setOnAction(event -> onAction.run());
        actions.getChildren().add(button);
        return button;
    }

    /** An action on the selected row: disabled while {@code noSelection} holds. */
    public Button rowAction(String id, String text, Ikon icon, String style, ObservableBooleanValue disabled,
                            Runnable onAction) {
        Button button = action(id, text, icon, style, onAction);
        button.disableProperty().bind(disabled);
        return button;
    }

    public void showPanel(Node panel) {
        root.setRight(panel);
    }

    public void closePanel() {
        root.setRight(null);
    }

    public boolean isPanelShown(Node panel) {
        return root.getRight() == panel;
    }

    /** Style names for {@link #action}. */
    public static final String ACCENT = Styles.ACCENT;
    public static final String DANGER = Styles.DANGER;
}
