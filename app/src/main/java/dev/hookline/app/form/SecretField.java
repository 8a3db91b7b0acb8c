package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** A secret input: masked until the eye button reveals it (and masked again on the next press). */
public final class SecretField extends HBox {

    private final PasswordField masked = new PasswordField();
    private final TextField revealed = new TextField();
    private final Button toggle = new Button(null, new FontIcon(Feather.EYE));

    /** @param id the masked input's node id; the revealed one is {@code id-revealed}, the button {@code id-reveal} */
    public SecretField(FormField field, String id) {
        super(4);
        masked.setId(id);
        revealed.setId(id + "-revealed");
        toggle.setId(id + "-reveal");
        masked.textProperty().bindBidirectional(field.textProperty());
        revealed.textProperty().bindBidirectional(field.textProperty());
        revealed.setVisible(false);
        revealed.setManaged(false);
        toggle.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        toggle.setTooltip(new Tooltip("Show or hide"));
        toggle.setFocusTraversable(false);
        toggle.setOnAction(event -> setRevealed(!revealed.isVisible()));
        HBox.setHgrow(masked, Priority.ALWAYS);
        HBox.setHgrow(revealed, Priority.ALWAYS);
        getChildren().addAll(masked, revealed, toggle);
    }

    /** Read-only secrets (the one in use) can be revealed and copied but not typed over. */
    public void setEditable(boolean editable) {
        masked.setEditable(editable);
        revealed.setEditable(editable);
        if (!editable && getChildren().size() == 3) {
            getChildren().add(CopyButton.of(masked.getId() + "-copy", "Copy", masked::getText));
        }
    }

    public void setRevealed(boolean show) {
        revealed.setVisible(show);
        revealed.setManaged(show);
        masked.setVisible(!show);
        masked.setManaged(!show);
        ((FontIcon) toggle.getGraphic()).setIconCode(show ? Feather.EYE_OFF : Feather.EYE);
    }

    public boolean isRevealed() {
        return revealed.isVisible();
    }
}
