package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A configuration table on a {@link PagedList}: the rows, Previous/Next, the load error in words, and the selection
 * kept by ID when the rows are reloaded. Ids: {@code <prefix>-table}, {@code <prefix>-previous},
 * {@code <prefix>-next}, {@code <prefix>-error}.
 */
public final class TablePane<T> extends VBox {

    private final TableView<T> table = new TableView<>();
    private final PagedList<T> list;
    private final Function<T, String> idOf;
    private String selectedId;

    public TablePane(String prefix, PagedList<T> list, Function<T, String> idOf, String emptyText) {
        super(8);
        this.list = list;
        this.idOf = idOf;
        getStylesheets().add(Objects.requireNonNull(TablePane.class.getResource("forms.css"), "forms.css")
                .toExternalForm());
        table.setId(prefix + "-table");
        table.setItems(list.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().addAll(Styles.STRIPED, Tweaks.EDGE_TO_EDGE);
        Label empty = new Label(emptyText);
        empty.getStyleClass().add(Styles.TEXT_MUTED);
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setMaxSize(32, 32);
        StackPane placeholder = new StackPane(empty, spinner);
        spinner.visibleProperty().bind(list.loadingProperty());
        empty.visibleProperty().bind(list.loadingProperty().not());
        table.setPlaceholder(placeholder);
        VBox.setVgrow(table, Priority.ALWAYS);

        // keep the selected row (by ID) across reloads and page changes
        table.getSelectionModel().selectedItemProperty().subscribe(row -> {
            if (row != null) {
                selectedId = idOf.apply(row);
            }
        });
        list.rows().addListener((ListChangeListener<T>) change -> reselect());

        Label error = new Label();
        error.setId(prefix + "-error");
        error.getStyleClass().add("form-message");
        error.setWrapText(true);
        error.setMaxWidth(Double.MAX_VALUE);
        error.textProperty().bind(list.errorProperty());
        error.visibleProperty().bind(list.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        Button previous = new Button("Previous", new FontIcon(Feather.CHEVRON_LEFT));
        previous.setId(prefix + "-previous");
        previous.disableProperty().bind(list.hasPreviousProperty().not());
        previous.setOnAction(event -> list.previous());
        Button next = new Button("Next", new FontIcon(Feather.CHEVRON_RIGHT));
        next.setId(prefix + "-next");
        next.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        next.disableProperty().bind(list.hasNextProperty().not());
        next.setOnAction(event -> list.next());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox pager = new HBox(8, spacer, previous, next);
        pager.setAlignment(Pos.CENTER_RIGHT);

        getChildren().addAll(error, table, pager);
    }

    private void reselect() {
        if (selectedId == null) {
            return;
        }
        for (T row : list.rows()) {
            if (Objects.equals(idOf.apply(row), selectedId)) {
                table.getSelectionModel().select(row);
                return;
            }
        }
        table.getSelectionModel().clearSelection();
    }

    public TableView<T> table() {
        return table;
    }

    /** The selected row, or {@code null}. */
    public T selected() {
        return table.getSelectionModel().getSelectedItem();
    }

    /** Forgets the remembered selection (e.g. after deleting the selected row). */
    public void forgetSelection() {
        selectedId = null;
        table.getSelectionModel().clearSelection();
    }

    /** Selects the row with {@code id} once it is (or when it becomes) part of the rows. */
    public void selectById(String id) {
        selectedId = id;
        reselect();
    }

    /** A text column. */
    public TableColumn<T, String> column(String title, Function<T, String> value, double prefWidth) {
        TableColumn<T, String> column = new TableColumn<>(title);
        column.setCellValueFactory(data -> new ReadOnlyObjectWrapper<>(value.apply(data.getValue())));
        column.setPrefWidth(prefWidth);
        table.getColumns().add(column);
        return column;
    }

    /** A column whose cells are built from the row (pills, copyable IDs). */
    public TableColumn<T, T> nodeColumn(String title, Function<T, Node> cell, double prefWidth) {
        TableColumn<T, T> column = new TableColumn<>(title);
        column.setCellValueFactory(data -> new ReadOnlyObjectWrapper<>(data.getValue()));
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(null);
                setGraphic(empty || item == null ? null : cell.apply(item));
            }
        });
        column.setPrefWidth(prefWidth);
        table.getColumns().add(column);
        return column;
    }

    /** A cell showing {@code text} with a copy button (IDs, URLs). */
    public static Node copyable(String text, String tooltip) {
        Label label = new Label(text);
        label.getStyleClass().add("code-text");
        Button copy = CopyButton.of(null, tooltip, () -> text);
        copy.setPadding(new javafx.geometry.Insets(0, 4, 0, 4));
        HBox box = new HBox(2, label, copy);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** A coloured status pill; {@code tone} is {@code success}, {@code warning} or {@code danger}. */
    public static Node pill(String text, String tone) {
        Label pill = new Label(text);
        pill.getStyleClass().addAll("status-pill", tone);
        return pill;
    }
}
