package dev.hookline.app.json;

import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.Copied;
import javafx.beans.NamedArg;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.VBox;

/**
 * Read-only, pretty-printed, monospaced JSON with a Copy button (copies the text as shown). Text that is not
 * JSON is shown as it is. The layout is {@code JsonView.fxml}; a view's FXML can declare one, e.g.
 * {@code <JsonView title="Output"/>}.
 */
public final class JsonView extends VBox {

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final String titleText;
    @FXML
    private Label title;
    @FXML
    private Button copy;
    @FXML
    private TextArea area;

    public JsonView() {
        this(null);
    }

    /** With {@code title} above the text (none when null). */
    public JsonView(@NamedArg("title") String title) {
        this.titleText = title;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        area.textProperty().bind(text);
        title.setText(titleText);
        title.setVisible(titleText != null);
        title.setManaged(titleText != null);
        copy.disableProperty().bind(text.isEmpty());
    }

    @FXML
    private void copyShownText() {
        Copied.copy(copy, text.get());
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
