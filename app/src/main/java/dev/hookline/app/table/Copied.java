package dev.hookline.app.table;

import javafx.animation.PauseTransition;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Labeled;
import javafx.util.Duration;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Every copy button's confirmation: the value goes on the clipboard and the button says "Copied" with a tick for
 * {@link #SHOWN}, then goes back to what it was. Without it a click on a copy icon leaves the user wondering.
 */
public final class Copied {

    /** How long "Copied" stays. */
    public static final Duration SHOWN = Duration.millis(1500);
    private static final String RESTORE = "copied-restore";

    private Copied() {
    }

    /** Copies {@code value} (nothing when null) and confirms on {@code button}. */
    public static void copy(Labeled button, String value) {
        if (value == null) {
            return;
        }
        CopyIdCell.copy(value);
        if (!(button.getProperties().get(RESTORE) instanceof PauseTransition running)) {
            String text = button.getText();
            Node graphic = button.getGraphic();
            ContentDisplay display = button.getContentDisplay();
            boolean textBound = button.textProperty().isBound();
            PauseTransition restore = new PauseTransition(SHOWN);
            restore.setOnFinished(event -> {
                button.getProperties().remove(RESTORE);
                if (!textBound) {
                    button.setText(text);
                }
                button.setGraphic(graphic);
                button.setContentDisplay(display);
                button.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("copied"), false);
            });
            button.getProperties().put(RESTORE, restore);
            if (!textBound) {
                button.setText("Copied");
            }
            FontIcon tick = new FontIcon(Feather.CHECK);
            tick.getStyleClass().add("copied-tick");
            button.setGraphic(tick);
            button.setContentDisplay(ContentDisplay.LEFT);
            button.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("copied"), true);
            restore.play();
        } else {
            running.playFromStart();
        }
    }

    /** True while {@code button} shows its confirmation (for tests). */
    public static boolean isShown(Labeled button) {
        return button.getProperties().containsKey(RESTORE);
    }
}
