package dev.hookline.app.deliveries;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;

/**
 * Filter inputs shared by the traffic views. A text filter applies on Enter or when the field loses focus, not on
 * every keystroke (each change reloads the list). A multi-select keeps its checks and the view model's list equal.
 */
public final class FilterFields {

    private FilterFields() {
    }

    /** A text field committing to {@code target} on Enter and on focus loss; follows {@code target}'s changes. */
    public static TextField text(String id, String prompt, StringProperty target, double width) {
        TextField field = new TextField(target.get());
        field.setId(id);
        field.setPromptText(prompt);
        field.setTooltip(new Tooltip(prompt));
        field.setPrefColumnCount((int) (width / 9));
        field.setPrefWidth(width);
        field.setOnAction(event -> target.set(field.getText().strip()));
        field.focusedProperty().subscribe(focused -> {
            if (!focused) {
                target.set(field.getText().strip());
            }
        });
        target.subscribe(value -> {
            if (!field.getText().strip().equals(value)) {
                field.setText(value);
            }
        });
        return field;
    }

    /**
     * A multi-select over {@code choices} whose checked items are {@code selected} (both ways).
     *
     * @param title shown when nothing is checked, e.g. "All statuses"
     */
    public static <T> CheckComboBox<T> multiSelect(String id, String title, ObservableList<T> choices,
                                                   ObservableList<T> selected, Function<T, String> label) {
        CheckComboBox<T> box = new CheckComboBox<>(choices);
        box.setId(id);
        box.setTitle(title);
        box.setShowCheckedCount(true);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(T item) {
                return item == null ? "" : label.apply(item);
            }

            @Override
            public T fromString(String text) {
                throw new UnsupportedOperationException("read-only");
            }
        });
        boolean[] syncing = {false};
        Runnable fromModel = () -> {
            syncing[0] = true;
            try {
                box.getCheckModel().clearChecks();
                for (T item : List.copyOf(selected)) {
                    if (!choices.contains(item)) {
                        choices.add(item); // e.g. an endpoint ID set by another view before the list arrived
                    }
                    box.getCheckModel().check(item);
                }
                box.setTitle(selected.isEmpty() ? title : null);
            } finally {
                syncing[0] = false;
            }
        };
        fromModel.run();
        selected.addListener((ListChangeListener<T>) change -> {
            if (!syncing[0]) {
                fromModel.run();
            }
        });
        choices.addListener((ListChangeListener<T>) change -> {
            if (!syncing[0]) {
                fromModel.run();
            }
        });
        box.getCheckModel().getCheckedItems().addListener((ListChangeListener<T>) change -> {
            if (!syncing[0]) {
                syncing[0] = true;
                try {
                    selected.setAll(List.copyOf(box.getCheckModel().getCheckedItems()));
                    box.setTitle(selected.isEmpty() ? title : null);
                } finally {
                    syncing[0] = false;
                }
            }
        });
        return box;
    }
}
