package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.EventDeliveryStatus;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The small pieces the traffic views' detail panes are made of: read-only monospace text, copy buttons, header
 * lists, a label/value grid and status colours. Styles come from {@code traffic.css} (AtlantaFX colour variables).
 */
public final class DetailWidgets {

    /** Local time, to the second: what a user compares with their own logs. */
    public static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private DetailWidgets() {
    }

    /** The stylesheet every traffic view adds to its root. */
    public static String stylesheet() {
        return Objects.requireNonNull(DetailWidgets.class.getResource("traffic.css"), "traffic.css")
                .toExternalForm();
    }

    /** Read-only monospace text (JSON, headers, cURL) the user can select and copy. */
    public static TextArea codeArea(String id, ObservableValue<String> text) {
        TextArea area = new TextArea();
        area.setId(id);
        area.setEditable(false);
        area.setWrapText(false);
        area.getStyleClass().add("code-area");
        area.setPrefRowCount(6);
        area.textProperty().bind(text);
        return area;
    }

    /** A flat icon button that puts {@code text} on the clipboard. */
    public static Button copyButton(String id, String tooltip, Supplier<String> text) {
        Button copy = new Button(null, new FontIcon(Feather.COPY));
        copy.setId(id);
        copy.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        copy.setTooltip(new Tooltip(tooltip));
        copy.setOnAction(event -> copyToClipboard(text.get()));
        return copy;
    }

    public static void copyToClipboard(String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
    }

    /** {@code Name: value} lines, one header a line. */
    public static String headerLines(Map<String, String> headers) {
        if (headers == null || headers.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        headers.forEach((name, value) -> text.append(name).append(": ").append(value).append('\n'));
        return text.toString();
    }

    /** {@code Name: value} lines for multi-valued headers (events keep every value). */
    public static String multiHeaderLines(Map<String, List<String>> headers) {
        if (headers == null || headers.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        new java.util.TreeMap<>(headers).forEach((name, values) -> {
            for (String value : values == null ? List.<String>of() : values) {
                text.append(name).append(": ").append(value).append('\n');
            }
        });
        return text.toString();
    }

    /** A two-column grid of "label: value" facts. */
    public static GridPane factsGrid() {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("facts");
        grid.setHgap(12);
        grid.setVgap(4);
        return grid;
    }

    /**
     * Adds a fact row; {@code copyable} adds a copy button for the value (IDs).
     *
     * @return the value label (its id is {@code valueId})
     */
    public static Label addFact(GridPane grid, String name, String valueId, ObservableValue<String> value,
                                boolean copyable) {
        int row = grid.getRowCount();
        Label key = new Label(name);
        key.getStyleClass().add(Styles.TEXT_MUTED);
        Label shown = new Label();
        shown.setId(valueId);
        shown.textProperty().bind(value);
        shown.getStyleClass().add("fact-value");
        Node cell = shown;
        if (copyable) {
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.NEVER);
            HBox box = new HBox(2, shown, copyButton(valueId + "-copy", "Copy " + name, shown::getText));
            box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            cell = box;
        }
        grid.addRow(row, key, cell);
        return shown;
    }

    /** Local date and time, or {@code ""}. */
    public static String time(Instant instant) {
        return instant == null ? "" : TIME.format(instant);
    }

    /** Colours a status label: green success, red failure, amber while retrying, grey otherwise. */
    public static void styleStatus(Label label, EventDeliveryStatus status) {
        label.getStyleClass().removeAll("status-pill", Styles.SUCCESS, Styles.DANGER, Styles.WARNING, Styles.ACCENT);
        label.getStyleClass().add("status-pill");
        if (status == null) {
            return;
        }
        switch (status) {
            case SUCCESS -> label.getStyleClass().add(Styles.SUCCESS);
            case FAILURE -> label.getStyleClass().add(Styles.DANGER);
            case RETRY -> label.getStyleClass().add(Styles.WARNING);
            case PROCESSING, SCHEDULED -> label.getStyleClass().add(Styles.ACCENT);
            case DISCARDED -> { }
        }
    }
}
