package dev.hookline.app.traffic;

import dev.hookline.api.client.ListQuery;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;

/**
 * Filter inputs shared by the traffic views, which declare the controls in their FXML and bind them here. A text filter applies on Enter or when the field loses focus, not on
 * every keystroke (each change reloads the list). A multi-select keeps its checks and the view model's list equal.
 */
public final class FilterFields {

    private FilterFields() {
    }

    /**
     * Makes {@code field} (e.g. declared in a view's FXML) a text filter: it commits to {@code target} on Enter and
     * on focus loss, and follows {@code target}'s changes.
     */
    public static void bindText(TextField field, StringProperty target) {
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
    }

    /**
     * Makes the editable {@code box} (e.g. declared in a view's FXML) offer {@code choices} and commit to
     * {@code target} like {@link #bindText}; follows {@code target}'s changes.
     */
    public static void bindChoice(ComboBox<String> box, ObservableList<String> choices, StringProperty target) {
        box.setItems(choices);
        box.getEditor().setText(target.get());
        Runnable commit = () -> target.set(box.getEditor().getText() == null ? "" : box.getEditor().getText().strip());
        // picked from the list: the editor holds the value once the value changed
        box.valueProperty().addListener((o, before, now) -> {
            if (now != null && !now.strip().equals(target.get())) {
                box.getEditor().setText(now);
                commit.run();
            }
        });
        box.getEditor().setOnAction(event -> commit.run());
        box.getEditor().focusedProperty().subscribe(focused -> {
            if (!focused) {
                commit.run();
            }
        });
        target.subscribe(value -> {
            // set elsewhere (cleared, restored): forget the picked item first (which also empties the editor), so
            // that picking it again is a change, then show the value
            if (box.getValue() != null && !box.getValue().strip().equals(value)) {
                box.setValue(null);
            }
            String shown = box.getEditor().getText() == null ? "" : box.getEditor().getText().strip();
            if (!shown.equals(value)) {
                box.getEditor().setText(value);
            }
        });
    }

    /** Makes {@code toggle} (the "Oldest first" arrow) show and set {@code sort}: selected means oldest first. */
    public static void bindOldestFirst(ToggleButton toggle, ObjectProperty<ListQuery.Sort> sort) {
        sort.subscribe(value -> toggle.setSelected(value == ListQuery.Sort.ASC));
        toggle.selectedProperty().subscribe(on -> sort.set(on ? ListQuery.Sort.ASC : ListQuery.Sort.DESC));
    }

    /**
     * A multi-select over {@code choices} whose checked items are {@code selected} (both ways), for a filter built in
     * code rather than declared in a view's FXML.
     *
     * @param title shown when nothing is checked, e.g. "All statuses"
     */
    public static <T> CheckComboBox<T> multiSelect(String id, String title, ObservableList<T> choices,
                                                   ObservableList<T> selected, Function<T, String> label) {
        CheckComboBox<T> box = new CheckComboBox<>(choices);
        box.setId(id);
        box.setTitle(title);
        box.setShowCheckedCount(true);
        bindMultiSelect(box, selected, label);
        return box;
    }

    /**
     * Makes {@code box} (e.g. declared in a view's FXML with its {@code title}, "All statuses") a multi-select over
     * its items whose checked items are {@code selected} (both ways); {@code label} names an item. The title shows
     * while nothing is checked.
     */
    public static <T> void bindMultiSelect(CheckComboBox<T> box, ObservableList<T> selected,
                                           Function<T, String> label) {
        ObservableList<T> choices = box.getItems();
        String title = box.getTitle();
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
                // the skin redraws its text only when the checks change, reading the title then: set it first, or
                // a cleared box shows nothing at all
                box.setTitle(selected.isEmpty() ? title : null);
                box.getCheckModel().clearChecks();
                for (T item : List.copyOf(selected)) {
                    if (!choices.contains(item)) {
                        choices.add(item); // e.g. an endpoint ID set by another view before the list arrived
                    }
                    box.getCheckModel().check(item);
                }
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
                    // before the skin's own listener (added later) redraws the text
                    box.setTitle(box.getCheckModel().getCheckedItems().isEmpty() ? title : null);
                    selected.setAll(List.copyOf(box.getCheckModel().getCheckedItems()));
                } finally {
                    syncing[0] = false;
                }
            }
        });
    }
}
