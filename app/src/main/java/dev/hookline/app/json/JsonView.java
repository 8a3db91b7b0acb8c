package dev.hookline.app.json;

import atlantafx.base.theme.Styles;
import javafx.beans.NamedArg;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Read-only, pretty-printed, monospaced JSON with a Copy button (copies the text as shown). Text that is not
 * JSON is shown as it is.
 */
public final class JsonView extends VBox {

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final TextArea area = new TextArea();
    private final Label title = new Label();

    public JsonView() {
        this(null);
    }

    public JsonView(@NamedArg("title") String titleText) {
        super(4);
        getStyleClass().add("json-view");
        area.setEditable(false);
        area.setWrapText(false);
        area.getStyleClass().add("json-text");
        area.setStyle("-fx-font-family: monospace;");
        area.textProperty().bind(text);
        VBox.setVgrow(area, Priority.ALWAYS);

        title.setText(titleText);
        title.getStyleClass().add(Styles.TEXT_BOLD);
        title.setVisible(titleText != null);
        title.setManaged(titleText != null);

        Button copy = new Button("Copy", new FontIcon(Feather.COPY));
        copy.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, "json-copy");
        copy.setOnAction(event -> dev.hookline.app.table.Copied.copy(copy, text.get()));
        copy.disableProperty().bind(text.isEmpty());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(6, title, spacer, copy);
        header.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(header, area);
    }

    /** Shows {@code value} (a tree, a wire record, a map...) pretty-printed. */
    public void setValue(Object value) {
        text.set(value == null ? "" : JsonFormat.pretty(value));
    }

    /** Shows {@code json} pretty-printed when it parses, else as it is. */
    public void setJsonText(String json) {
        text.set(JsonFormat.prettyText(json));
    }

    /** The text as shown (what Copy puts on the clipboard). */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    public void copyToClipboard() {
        ClipboardContent content = new ClipboardContent();
        content.putString(text.get());
        Clipboard.getSystemClipboard().setContent(content);
    }
}
