package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import dev.hookline.app.table.Copied;
import java.util.function.Supplier;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** A small button that puts a value (an ID, a URL, a token) on the clipboard. */
public final class CopyButton {

    private CopyButton() {
    }

    public static Button of(String id, String tooltip, Supplier<String> value) {
        Button button = new Button(null, new FontIcon(Feather.COPY));
        button.setId(id);
        button.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        button.setTooltip(new Tooltip(tooltip));
        button.setOnAction(event -> Copied.copy(button, value.get()));
        return button;
    }

}
