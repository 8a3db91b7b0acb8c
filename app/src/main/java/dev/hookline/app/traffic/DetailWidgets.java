package dev.hookline.app.traffic;

import atlantafx.base.theme.Styles;
import dev.hookline.app.form.CopyButton;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The small pieces the traffic views' detail panes are made of: header lists, label/value facts, disabled actions
 * that say why. Styles come from {@code traffic.css} (AtlantaFX colour variables), which every traffic view's FXML
 * lists in its {@code stylesheets}.
 */
public final class DetailWidgets {

    /** Local time, to the second: what a user compares with their own logs. */
    public static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private DetailWidgets() {
    }

    /** A small flat icon button that puts {@code text} on the clipboard. */
    private static Button copyButton(String id, String tooltip, Supplier<String> text) {
        Button copy = CopyButton.of(id, tooltip, text);
        copy.getStyleClass().add(Styles.SMALL);
        return copy;
    }

    /**
     * Makes the wrapper around {@code button} say {@code why} in its tooltip while the button is disabled: a disabled
     * control gets no mouse events in JavaFX, so its own tooltip would never show. The button sits alone in its
     * wrapper, declared in the view's FXML as {@code <StackPane id="retryDelivery-why"><Button fx:id="retryDelivery"
     * .../></StackPane>} (the wrapper has the button's id with {@code -why}).
     */
    public static void explain(Button button, ObservableValue<String> why) {
        Node wrapper = Objects.requireNonNull(button.getParent(),
                () -> button.getId() + " has no wrapper to explain on");
        javafx.scene.control.Tooltip tooltip = new javafx.scene.control.Tooltip();
        tooltip.textProperty().bind(why);
        tooltip.setShowDelay(javafx.util.Duration.millis(300));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(360);
        Runnable follow = () -> {
            if (button.isDisabled() && why.getValue() != null && !why.getValue().isEmpty()) {
                javafx.scene.control.Tooltip.install(wrapper, tooltip);
            } else {
                javafx.scene.control.Tooltip.uninstall(wrapper, tooltip);
            }
        };
        button.disabledProperty().subscribe(disabled -> follow.run());
        why.subscribe(text -> follow.run());
    }

    /**
     * What Replay asks first: the event is matched again and goes to every subscribed endpoint ({@code endpoints}
     * of them when known, else -1); from a delivery's detail, not only to that delivery's endpoint.
     */
    public static String replayQuestion(int endpoints, boolean fromDelivery) {
        String reach = endpoints < 0 ? "every endpoint subscribed to it"
                : "every endpoint subscribed to it (" + endpoints + (endpoints == 1 ? " endpoint)" : " endpoints)");
        return "Replay this event? It is matched again and sent to " + reach
                + (fromDelivery ? ", not only this one." : ".");
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

    /**
     * Adds a fact to {@code grid}, a grid of "label: value" facts declared in a view's FXML ({@code <GridPane
     * styleClass="facts" hgap="12" vgap="4">} with {@code <userData><Integer fx:value="3"/></userData>} for three
     * facts side by side; one a row without); {@code copyable} adds a copy button for the value (IDs).
     *
     * @return the value label (its id is {@code valueId})
     */
    public static Label addFact(GridPane grid, String name, String valueId, ObservableValue<String> value,
                                boolean copyable) {
        int perRow = grid.getUserData() instanceof Integer n ? n : 1;
        int index = grid.getChildren().size() / 2;
        Label key = new Label(name);
        key.getStyleClass().add(Styles.TEXT_MUTED);
        // the name is never cut ("Deliver...", "Eve..."): the value gives way (it wraps or is copyable)
        key.setMinWidth(Region.USE_PREF_SIZE);
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
        grid.add(key, (index % perRow) * 2, index / perRow);
        grid.add(cell, (index % perRow) * 2 + 1, index / perRow);
        if (index % perRow != 0) {
            GridPane.setMargin(key, new javafx.geometry.Insets(0, 0, 0, 16));
        }
        return shown;
    }

    /**
     * Makes {@code label} the detail pane's message line: the load error, else what the last action did; hidden (and
     * taking no room) while it has nothing to say.
     */
    public static void showMessage(Label label, DetailViewModel<?> model) {
        label.textProperty().bind(Bindings.createStringBinding(() -> !model.errorProperty().get().isEmpty()
                ? model.errorProperty().get() : model.actionMessageProperty().get(),
                model.errorProperty(), model.actionMessageProperty()));
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        label.visibleProperty().bind(label.managedProperty());
    }

    /** Local date and time, or {@code ""}. */
    public static String time(Instant instant) {
        return instant == null ? "" : TIME.format(instant);
    }

    /**
     * Shows the selected row's detail and empties the detail when nothing is selected. A reload replaces the
     * table's rows, which drops the selection for a moment before the same row is selected again: the emptying
     * waits until that has settled, so the detail (and its last message) stays.
     */
    public static <T> void followSelection(javafx.beans.property.ObjectProperty<T> selected,
                                           java.util.function.Consumer<T> show, Runnable clear) {
        selected.subscribe(row -> {
            if (row != null) {
                show.accept(row);
            } else {
                javafx.application.Platform.runLater(() -> {
                    if (selected.get() == null) {
                        clear.run();
                    }
                });
            }
        });
    }
}
