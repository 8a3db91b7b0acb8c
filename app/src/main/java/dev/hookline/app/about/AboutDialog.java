package dev.hookline.app.about;

import atlantafx.base.theme.Styles;
import java.util.function.Supplier;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * About Hookline: version, data directory, the embedded server's address (and the remote server when connected to
 * one), Java and JavaFX versions, in a read-only text area (selectable) with a Copy button.
 */
public final class AboutDialog extends Dialog<Void> {

    public static final ButtonType COPY = new ButtonType("Copy", ButtonBar.ButtonData.LEFT);

    private final TextArea text;

    public AboutDialog(Window owner, Image logo, AboutInfo info) {
        setTitle("About Hookline");
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.WINDOW_MODAL);
        setResizable(true);

        Label title = new Label("Hookline " + info.version());
        title.setId("aboutTitle");
        title.getStyleClass().add(Styles.TITLE_3);
        if (logo != null) {
            ImageView view = new ImageView(logo);
            view.setFitWidth(48);
            view.setPreserveRatio(true);
            title.setGraphic(view);
        }
        Label subtitle = new Label("Webhook delivery console with an embedded delivery server");
        subtitle.getStyleClass().add(Styles.TEXT_MUTED);

        text = new TextArea(info.text());
        text.setId("aboutText");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefRowCount(info.rows().size() + 3);
        text.setPrefColumnCount(60);
        text.getStyleClass().add("monospace");
        text.setStyle("-fx-font-family: monospace;");

        getDialogPane().setContent(new VBox(10, title, subtitle, text));
        getDialogPane().getButtonTypes().setAll(COPY, ButtonType.CLOSE);
        Button copy = (Button) getDialogPane().lookupButton(COPY);
        copy.setId("copyAbout");
        copy.setGraphic(new FontIcon(Feather.COPY));
        copy.setTooltip(new Tooltip("Copy these details to the clipboard"));
        // Copy must not close the dialog
        copy.addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            dev.hookline.app.table.Copied.copy(copy, info.text());
            event.consume();
        });
        getDialogPane().lookupButton(ButtonType.CLOSE).setId("closeAbout");
    }

    /** The text shown (for tests). */
    public String shownText() {
        return text.getText();
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
