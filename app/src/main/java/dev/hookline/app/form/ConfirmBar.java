package dev.hookline.app.form;

import dev.hookline.app.fxml.Fxml;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * An inline confirmation above a table ("Delete endpoint orders?" with the action's own name on the button), so a
 * destructive action always takes a second, deliberate click. The layout is {@code ConfirmBar.fxml}. Ids:
 * {@code confirm-question}, {@code confirm-yes}, {@code confirm-no}.
 */
public final class ConfirmBar extends HBox {

    @FXML
    private Label question;
    @FXML
    private Button yes;
    private Runnable pending;

    public ConfirmBar() {
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        managedProperty().bind(visibleProperty());
    }

    /** Shows {@code text} with a button named {@code action}; {@code onConfirm} runs only if it is pressed. */
    public void ask(String text, String action, Runnable onConfirm) {
        question.setText(text);
        yes.setText(action);
        pending = onConfirm;
        setVisible(true);
    }

    @FXML
    public void hide() {
        pending = null;
        setVisible(false);
    }

    @FXML
    private void confirm() {
        Runnable action = pending;
        hide();
        if (action != null) {
            action.run();
        }
    }
}
