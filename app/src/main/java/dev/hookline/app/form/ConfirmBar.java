package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * An inline confirmation above a table ("Delete endpoint orders?" with the action's own name on the button), so a
 * destructive action always takes a second, deliberate click. Ids: {@code confirm-question}, {@code confirm-yes},
 * {@code confirm-no}.
 */
public final class ConfirmBar extends HBox {

    private final Label question = new Label();
    private final Button yes = new Button();
    private Runnable pending;

    public ConfirmBar() {
        super(10);
        getStyleClass().add("confirm-bar");
        setAlignment(Pos.CENTER_LEFT);
        question.setId("confirm-question");
        question.setGraphic(new FontIcon(Feather.ALERT_TRIANGLE));
        question.setWrapText(true);
        HBox.setHgrow(question, Priority.ALWAYS);
        question.setMaxWidth(Double.MAX_VALUE);
        yes.setId("confirm-yes");
        yes.getStyleClass().add(Styles.DANGER);
        yes.setOnAction(event -> {
            Runnable action = pending;
            hide();
            if (action != null) {
                action.run();
            }
        });
        Button no = new Button("Cancel");
        no.setId("confirm-no");
        no.setOnAction(event -> hide());
        // the buttons keep their words; a long question wraps instead
        yes.setMinWidth(USE_PREF_SIZE);
        no.setMinWidth(USE_PREF_SIZE);
        question.setMinWidth(0);
        getChildren().addAll(question, no, yes);
        managedProperty().bind(visibleProperty());
        setVisible(false);
    }

    /** Shows {@code text} with a button named {@code action}; {@code onConfirm} runs only if it is pressed. */
    public void ask(String text, String action, Runnable onConfirm) {
        question.setText(text);
        yes.setText(action);
        pending = onConfirm;
        setVisible(true);
    }

    public void hide() {
        pending = null;
        setVisible(false);
    }
}
