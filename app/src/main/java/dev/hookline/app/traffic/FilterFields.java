package dev.hookline.app.traffic;

import atlantafx.base.theme.Styles;
import dev.hookline.api.client.ListQuery;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Filter inputs shared by the traffic views. A text filter applies on Enter or when the field loses focus, not on
 * every keystroke (each change reloads the list). A multi-select keeps its checks and the view model's list equal.
 */
public final class FilterFields {

    private FilterFields() {
    }

    /** A text field committing to {@code target} on Enter and on focus loss; follows {@code target}'s changes. */
    public static TextField text(String id, String prompt, StringProperty target, double width) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.setTooltip(new Tooltip(prompt));
        field.setPrefColumnCount((int) (width / 9));
        field.setPrefWidth(width);
        bindText(field, target);
        return field;
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
     * An editable choice committing to {@code target} like {@link #text}: the user picks one of {@code choices}
     * (e.g. the project's known event types) or types any other value. Follows {@code target}'s changes.
     */
    public static ComboBox<String> editableChoice(String id, String prompt, ObservableList<String> choices,
                                                  StringProperty target, double width) {
        ComboBox<String> box = new ComboBox<>();
        box.setId(id);
        box.setEditable(true);
        box.setPromptText(prompt);
        box.setTooltip(new Tooltip(prompt + " (pick one or type it)"));
        box.setPrefWidth(width);
        bindChoice(box, choices, target);
        return box;
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
     * The saved views of a traffic view: a name box listing them (picking one applies it), Save (the current
     * filters and time window under the typed name) and Delete (the named one).
     */
    public static HBox savedViews(String idPrefix, RememberedFilters remembered) {
        ComboBox<String> names = new ComboBox<>(remembered.savedNames());
        names.setId(idPrefix + "SavedViews");
        names.setEditable(true);
        names.setPromptText("Saved views");
        names.setTooltip(new Tooltip("Pick a saved view to apply it, or type a name and Save the filters as it"));
        names.setPrefWidth(150);
        names.valueProperty().addListener((o, before, now) -> {
            if (now != null && remembered.savedNames().contains(now)) {
                remembered.apply(now);
            }
        });
        Button save = new Button(null, new FontIcon(Feather.SAVE));
        save.setId(idPrefix + "SaveView");
        save.setTooltip(new Tooltip("Save the filters and time window under this name"));
        save.disableProperty().bind(names.getEditor().textProperty().map(t -> t == null || t.isBlank()));
        save.setOnAction(event -> remembered.save(names.getEditor().getText()));
        Button delete = new Button(null, new FontIcon(Feather.TRASH_2));
        delete.setId(idPrefix + "DeleteView");
        delete.setTooltip(new Tooltip("Delete the saved view of this name"));
        delete.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !remembered.savedNames().contains(names.getEditor().getText() == null ? ""
                        : names.getEditor().getText().strip()),
                names.getEditor().textProperty(), remembered.savedNames()));
        delete.setOnAction(event -> {
            remembered.delete(names.getEditor().getText().strip());
            names.setValue(null);
            names.getEditor().clear();
        });
        for (Button button : List.of(save, delete)) {
            button.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        }
        HBox box = new HBox(2, names, save, delete);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
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
