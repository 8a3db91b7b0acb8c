package dev.hookline.app.about;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import java.util.function.Supplier;
import javafx.event.ActionEvent;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.stage.Window;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * About Hookline: version, data directory, the embedded server's address (and the remote server when connected to
 * one), Java and JavaFX versions, in a read-only text area (selectable) with a Copy button. The layout is
 * {@code AboutDialog.fxml} (the dialog pane with its buttons); this class fills in the facts.
 */
public final class AboutDialog extends Dialog<Void> {

    public static final ButtonType COPY = new ButtonType("Copy", ButtonBar.ButtonData.LEFT);

    private final Image logo;
    private final AboutInfo info;
    @FXML
    private DialogPane pane;
    @FXML
    private Label aboutTitle;
    @FXML
    private ImageView logoView;
    @FXML
    private TextArea aboutText;

    public AboutDialog(Window owner, Image logo, AboutInfo info) {
        this.logo = logo;
        this.info = info;
        setTitle("About Hookline");
        // modal to the owner in the scene, not through the window system (a window manager un-maximized the owner)
        dev.hookline.app.shell.OwnerModality.apply(this, owner);
        setResizable(true);
        setDialogPane(Fxml.load(this));
    }

    @FXML
    private void initialize() {
        aboutTitle.setText("Hookline " + info.version());
        if (logo == null) {
            aboutTitle.setGraphic(null);
        } else {
            logoView.setImage(logo);
        }
        aboutText.setText(info.text());
        aboutText.setPrefRowCount(info.rows().size() + 3);
        // the pane makes the buttons of its button types: name them, and keep Copy from closing the dialog
        Button copy = (Button) pane.lookupButton(COPY);
        copy.setId("copyAbout");
        copy.setGraphic(new FontIcon(Feather.COPY));
        copy.setTooltip(new Tooltip("Copy these details to the clipboard"));
        copy.addEventFilter(ActionEvent.ACTION, event -> {
            dev.hookline.app.table.Copied.copy(copy, info.text());
            event.consume();
        });
        pane.lookupButton(ButtonType.CLOSE).setId("closeAbout");
    }

    /** The text shown (for tests). */
    public String shownText() {
        return aboutText.getText();
    }

    /** The top bar's info button: opens the dialog with the facts as they are when clicked. */
    public static Button button(Supplier<Window> owner, Image logo, Supplier<AboutInfo> info) {
        Button button = new Button(null, new FontIcon(Feather.INFO));
        button.setId("aboutButton");
        button.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        button.setTooltip(new Tooltip("About Hookline"));
        button.setOnAction(event -> new AboutDialog(owner.get(), logo, info.get()).show());
        return button;
    }
}
