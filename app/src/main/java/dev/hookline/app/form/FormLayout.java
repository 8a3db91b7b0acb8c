package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Builds a form the same way everywhere: one row per input (label, input, and a line kept for the field's message
 * right under the input, so a one-line message never moves the inputs; a longer one wraps), grouped into titled
 * sections. The view model decides which fields are shown ({@link #show}); a section whose inputs are all hidden hides with them.
 *
 * <p>Every input gets a node id; its message label is {@code <id>-error}, so tests and users find both.
 */
public final class FormLayout {

    private final VBox root = new VBox(14);
    private final Map<FormField, List<Node>> fieldRows = new LinkedHashMap<>();
    private final List<Section> sections = new ArrayList<>();
    private Section current;

    private final class Section {
        final VBox box = new VBox(8);
        final GridPane grid = new GridPane();
        final List<FormField> fields = new ArrayList<>();
        boolean alwaysShown;
        int row;

        Section(String title) {
            if (title != null) {
                Label header = new Label(title);
                header.getStyleClass().add(Styles.TITLE_4);
                box.getChildren().add(header);
            }
            grid.setHgap(12);
            grid.setVgap(0); // hidden rows must not leave gaps: spacing comes from margins
            ColumnConstraints labels = new ColumnConstraints();
            labels.setMinWidth(170);
            labels.setHalignment(HPos.RIGHT);
            ColumnConstraints inputs = new ColumnConstraints();
            inputs.setHgrow(Priority.ALWAYS);
            inputs.setFillWidth(true);
            grid.getColumnConstraints().addAll(labels, inputs);
            box.getChildren().add(grid);
        }
    }

    public FormLayout() {
        root.getStyleClass().add("form-layout");
        root.setPadding(new Insets(4, 8, 4, 0));
        section(null);
    }

    public Node node() {
        return root;
    }

    /** Starts a titled section; the rows added next go in it. */
    public FormLayout section(String title) {
        current = new Section(title);
        sections.add(current);
        root.getChildren().add(current.box);
        return this;
    }

    /** Keeps the current section on screen even without shown fields (it has pickers deciding what is shown). */
    public FormLayout keepSection() {
        current.alwaysShown = true;
        return this;
    }

    /** Shows the current section only while {@code condition} holds (on top of the field rule). */
    public FormLayout sectionWhen(ObservableBooleanValue condition) {
        Section section = current;
        section.box.visibleProperty().bind(condition);
        section.box.managedProperty().bind(condition);
        return this;
    }

    public TextField text(FormField field, String id) {
        TextField input = new TextField();
        input.setId(id);
        input.textProperty().bindBidirectional(field.textProperty());
        fieldRow(field, id, input);
        return input;
    }

    public SecretField secret(FormField field, String id) {
        SecretField input = new SecretField(field, id);
        fieldRow(field, id, input);
        return input;
    }

    /** A multi-line input; {@code code} makes it monospaced (JSON, scripts, PEM). */
    public TextArea area(FormField field, String id, int rows, boolean code) {
        TextArea input = new TextArea();
        input.setId(id);
        input.setPrefRowCount(rows);
        input.setWrapText(!code);
        if (code) {
            input.getStyleClass().add("code");
        }
        input.textProperty().bindBidirectional(field.textProperty());
        fieldRow(field, id, input);
        // documents get longer messages ("Line 3, column 16: the object is not closed"): two lines kept for them
        reserveLines((Label) fieldRows.get(field).get(2), 2);
        return input;
    }

    /** Keeps {@code lines} lines for a field's message, wrapped, whether it has one or not. */
    private static void reserveLines(Label error, int lines) {
        error.setWrapText(true);
        error.setAlignment(javafx.geometry.Pos.TOP_LEFT);
        error.fontProperty().subscribe(font -> {
            javafx.scene.text.Text probe = new javafx.scene.text.Text("Xg" + "\nXg".repeat(lines - 1));
            probe.setFont(font);
            double height = Math.ceil(probe.getLayoutBounds().getHeight()) + 2;
            error.setMinHeight(height);
            error.setPrefHeight(height);
            error.setMaxHeight(height);
        });
    }

    /** A pick among fixed strings stored in {@code field} ({@code ""} shown as {@code blankName}). */
    public ComboBox<String> pick(FormField field, String id, List<String> items, String blankName) {
        ComboBox<String> input = new ComboBox<>(FXCollections.observableArrayList(items));
        input.setId(id);
        input.setConverter(converter(value -> value == null || value.isEmpty() ? blankName : value));
        input.setButtonCell(cell(value -> value == null || value.isEmpty() ? blankName : value));
        input.setCellFactory(list -> cell(value -> value == null || value.isEmpty() ? blankName : value));
        input.valueProperty().bindBidirectional(field.textProperty());
        input.setMaxWidth(Double.MAX_VALUE);
        fieldRow(field, id, input);
        return input;
    }

    /**
     * A pick among rows loaded from the server (endpoints, sources) whose ID goes into {@code field}: picking sets
     * the ID, and an ID set by the view model (editing) picks its row once the rows are there.
     */
    public <T> ComboBox<T> picker(FormField field, String id, ObservableList<T> rows, Function<T, String> idOf,
                                  Function<T, String> names) {
        ComboBox<T> input = new ComboBox<>(rows);
        input.setId(id);
        input.setConverter(converter(row -> row == null ? "" : names.apply(row)));
        input.setButtonCell(cell(row -> row == null ? "" : names.apply(row)));
        input.setCellFactory(list -> cell(row -> row == null ? "" : names.apply(row)));
        input.setMaxWidth(Double.MAX_VALUE);
        boolean[] syncing = {false};
        Runnable pickFromField = () -> {
            if (syncing[0]) {
                return;
            }
            syncing[0] = true;
            T match = rows.stream().filter(row -> Objects.equals(idOf.apply(row), field.value())).findFirst()
                    .orElse(null);
            input.setValue(match);
            syncing[0] = false;
        };
        input.valueProperty().addListener((o, before, now) -> {
            // null comes from the rows being replaced, never from the user: it must not wipe an ID being edited
            if (!syncing[0] && now != null) {
                syncing[0] = true;
                field.textProperty().set(idOf.apply(now));
                syncing[0] = false;
            }
        });
        field.textProperty().addListener((o, before, now) -> pickFromField.run());
        rows.addListener((javafx.collections.ListChangeListener<T>) change -> pickFromField.run());
        fieldRow(field, id, input);
        return input;
    }

    /** A pick of a value that is not a field (types, modes); {@code null} items show as {@code names.apply(null)}. */
    public <T> ComboBox<T> choice(String label, String id, ObjectProperty<T> value, List<T> items,
                                  Function<T, String> names) {
        ComboBox<T> input = new ComboBox<>(FXCollections.observableArrayList(items));
        input.setId(id);
        input.setConverter(converter(names));
        input.setButtonCell(cell(names));
        input.setCellFactory(list -> cell(names));
        input.valueProperty().bindBidirectional(value);
        input.setMaxWidth(Double.MAX_VALUE);
        plainRow(label, input);
        return input;
    }

    /** The ID of what is being edited, with a copy button; hidden while {@code id} is empty (creating). */
    public void idRow(String nodeId, javafx.beans.value.ObservableValue<String> id) {
        Label value = new Label();
        value.setId(nodeId);
        value.getStyleClass().add("code-text");
        value.textProperty().bind(id.orElse(""));
        javafx.scene.layout.HBox box = new javafx.scene.layout.HBox(4, value,
                CopyButton.of(nodeId + "-copy", "Copy ID", value::getText));
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        box.visibleProperty().bind(value.textProperty().isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        plainRow("ID", box);
    }

    public CheckBox check(String text, String id, BooleanProperty value) {
        CheckBox input = new CheckBox(text);
        input.setId(id);
        input.selectedProperty().bindBidirectional(value);
        plainRow("", input);
        return input;
    }

    /** Any node as a row of the current section (a picker, a button bar); always shown with its section. */
    public FormLayout row(String label, Node node) {
        plainRow(label, node);
        return this;
    }

    /** A row that belongs to {@code field}: shown and hidden with it, its message under {@code node}. */
    public FormLayout fieldRow(FormField field, String id, Node node) {
        Label label = new Label(field.label());
        label.setLabelFor(node);
        Label error = new Label();
        error.setId(id + "-error");
        error.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL, "field-error");
        // the message's line is always there, empty or not: a short message appearing does not move the inputs
        // below it. A longer one wraps onto more lines rather than being cut (issue 25: "messages that wrap"); the
        // tooltip has it too.
        error.setWrapText(true);
        error.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        error.setMaxWidth(Double.MAX_VALUE);
        error.textProperty().bind(field.errorProperty().map(text -> text.isEmpty() ? " " : text));
        javafx.scene.control.Tooltip whole = new javafx.scene.control.Tooltip();
        whole.textProperty().bind(field.errorProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(480);
        field.errorProperty().subscribe(text -> error.setTooltip(text.isEmpty() ? null : whole));
        int row = current.row;
        GridPane.setValignment(label, VPos.TOP);
        GridPane.setMargin(label, new Insets(9, 0, 0, 0));
        current.grid.add(label, 0, row);
        current.grid.add(node, 1, row);
        current.grid.add(error, 1, row + 1);
        GridPane.setMargin(node, new Insets(4, 0, 0, 0));
        GridPane.setHgrow(node, Priority.ALWAYS);
        current.row += 2;
        current.fields.add(field);
        fieldRows.put(field, List.of(label, node, error));
        return this;
    }

    private void plainRow(String label, Node node) {
        Label name = new Label(label);
        name.setLabelFor(node);
        name.visibleProperty().bind(node.visibleProperty());
        name.managedProperty().bind(node.managedProperty());
        if (node instanceof VBox) {
            // tall rows (testers, lists): the label sits by their first line, as on text areas
            GridPane.setValignment(name, VPos.TOP);
            GridPane.setMargin(name, new Insets(6, 0, 0, 0));
        }
        current.grid.add(name, 0, current.row);
        current.grid.add(node, 1, current.row);
        GridPane.setMargin(node, new Insets(4, 0, 4, 0));
        current.row += 2;
        current.alwaysShown = true;
    }

    /**
     * Keeps the shown rows in step with the view model: shows {@code shownFields} now and again whenever one of
     * the {@code structure} values (types, pickers, create/edit) changes.
     */
    public void follow(java.util.function.Supplier<? extends Collection<FormField>> shownFields,
                       javafx.beans.value.ObservableValue<?>... structure) {
        Runnable reshow = () -> show(shownFields.get());
        for (javafx.beans.value.ObservableValue<?> value : structure) {
            value.addListener((observable, before, now) -> reshow.run());
        }
        reshow.run();
    }

    /** Shows exactly the rows of {@code shown} fields; sections left without rows (and without pickers) hide. */
    public void show(Collection<FormField> shown) {
        fieldRows.forEach((field, nodes) -> {
            boolean visible = shown.contains(field);
            for (Node node : nodes) {
                node.setVisible(visible);
                node.setManaged(visible);
            }
            if (!visible) {
                field.clearError(); // its message label follows the message
            }
        });
        for (Section section : sections) {
            if (section.box.visibleProperty().isBound()) {
                continue;
            }
            boolean any = section.alwaysShown || section.fields.stream().anyMatch(shown::contains);
            section.box.setVisible(any);
            section.box.setManaged(any);
        }
    }

    private static <T> StringConverter<T> converter(Function<T, String> names) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return names.apply(value);
            }

            @Override
            public T fromString(String text) {
                throw new UnsupportedOperationException("not editable");
            }
        };
    }

    private static <T> ListCell<T> cell(Function<T, String> names) {
        return new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : Objects.toString(names.apply(item), ""));
            }
        };
    }
}
