package dev.hookline.app.table;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.util.Callback;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** A cell showing an ID in monospace with a button copying it to the clipboard. */
public final class CopyIdCell<S> extends TableCell<S, String> {

    private final Label id = new Label();
    private final Button copy = new Button(null, new FontIcon(Feather.COPY));
    private final HBox box = new HBox(4, id, copy);

    public CopyIdCell() {
        id.getStyleClass().add("id-text");
        copy.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL, "copy-id");
        copy.setTooltip(new Tooltip("Copy ID"));
        copy.setFocusTraversable(false);
        copy.setOnAction(event -> Copied.copy(copy, getItem()));
        box.setAlignment(Pos.CENTER_LEFT);
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
    }

    public static <S> Callback<TableColumn<S, String>, TableCell<S, String>> forTableColumn() {
        return column -> new CopyIdCell<>();
    }

    /** Puts {@code value} on the system clipboard as text. */
    public static void copy(String value) {
        if (value != null) {
            ClipboardContent content = new ClipboardContent();
            content.putString(value);
            Clipboard.getSystemClipboard().setContent(content);
        }
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        if (empty || item == null) {
            setGraphic(null);
            setText(null);
        } else {
            id.setText(item);
            setText(item);
            setGraphic(box);
        }
    }
}
