package dev.hookline.app.form;

import dev.hookline.app.fxml.Fxml;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A secret input: masked until the eye button reveals it (and masked again on the next press). The layout is
 * {@code SecretField.fxml}.
 */
public final class SecretField extends HBox {

    private final FormField field;
    private final String id;
    @FXML
    private PasswordField masked;
    @FXML
    private TextField revealed;
    @FXML
    private Button toggle;
    @FXML
    private FontIcon toggleIcon;

    /** @param id the masked input's node id; the revealed one is {@code id-revealed}, the button {@code id-reveal} */
    public SecretField(FormField field, String id) {
        this.field = field;
        this.id = id;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        masked.setId(id);
        revealed.setId(id + "-revealed");
        toggle.setId(id + "-reveal");
        masked.textProperty().bindBidirectional(field.textProperty());
        revealed.textProperty().bindBidirectional(field.textProperty());
    }

    /** Read-only secrets (the one in use) can be revealed and copied but not typed over. */
    public void setEditable(boolean editable) {
        masked.setEditable(editable);
        revealed.setEditable(editable);
        if (!editable && getChildren().size() == 3) {
            getChildren().add(CopyButton.of(masked.getId() + "-copy", "Copy", masked::getText));
        }
    }

    @FXML
    private void toggleRevealed() {
        setRevealed(!revealed.isVisible());
    }

    public void setRevealed(boolean show) {
        revealed.setVisible(show);
        revealed.setManaged(show);
        masked.setVisible(!show);
        masked.setManaged(!show);
        toggleIcon.setIconCode(show ? Feather.EYE_OFF : Feather.EYE);
    }

    public boolean isRevealed() {
        return revealed.isVisible();
    }
}
