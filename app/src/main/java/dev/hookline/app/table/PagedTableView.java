package dev.hookline.app.table;

import dev.hookline.app.fxml.Fxml;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A table bound to a {@link PagedListModel}: a tool bar (the view's filters on the left; time window, live tail,
 * refresh and export on the right), the table, the last error with the server's message, and Previous/Next.
 *
 * <p>The table selection and the model's selected row follow each other, so the selection survives reloads by
 * ID. Double-click or Enter ({@link #openSelected()}) hands the selected row to {@link #setOnOpen(Consumer)}. The
 * layout is {@code PagedTableView.fxml}; the columns and the tool bar's optional parts are added in code.
 */
public final class PagedTableView<T> extends VBox {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final PagedListModel<T> model;
    private final String emptyText;
    private final ZoneId zone;
    /** Every column added, as the export writes it: what the user sees, nothing the table does not show. */
    private final List<ExportColumn<T>> shownColumns = new java.util.ArrayList<>();
    private TableExporter<T> exporter;
    private Consumer<T> onOpen = row -> { };
    private LiveTail liveTail;
    private boolean syncing;
    @FXML
    private HBox filterBar;
    @FXML
    private HBox actions;
    @FXML
    private HBox errorStrip;
    @FXML
    private Label tableError;
    @FXML
    private TableView<T> table;
    @FXML
    private Label placeholder;
    @FXML
    private Label rowCount;
    @FXML
    private ProgressIndicator progress;
    @FXML
    private HBox exportStrip;
    @FXML
    private javafx.scene.control.ProgressBar exportProgress;
    @FXML
    private Button exportCancel;
    @FXML
    private Label tableMessage;
    @FXML
    private Button previousPage;
    @FXML
    private Button nextPage;

    public PagedTableView(PagedListModel<T> model, String emptyText) {
        this(model, emptyText, ZoneId.systemDefault());
    }

    public PagedTableView(PagedListModel<T> model, String emptyText, ZoneId zone) {
        this.model = Objects.requireNonNull(model, "model");
        this.emptyText = emptyText;
        this.zone = zone;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        tableError.textProperty().bind(model.errorProperty());
        errorStrip.visibleProperty().bind(model.stateProperty().isEqualTo(LoadState.FAILED));
        errorStrip.managedProperty().bind(errorStrip.visibleProperty());

        table.setItems(model.rows());
        table.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        setEmptyText(new javafx.beans.property.SimpleStringProperty(emptyText));
        table.setOnMouseClicked(event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2) {
                openSelected();
            }
        });
        bindSelection();
        ScrollAnchor.install(table);

        rowCount.textProperty().bind(Bindings.createStringBinding(
                () -> model.rows().size() == 1 ? "1 row" : model.rows().size() + " rows", model.rows()));
        progress.visibleProperty().bind(model.stateProperty().isEqualTo(LoadState.LOADING));
        exportStrip.managedProperty().bind(exportStrip.visibleProperty());
        previousPage.disableProperty().bind(model.hasPrevProperty().not());
        nextPage.disableProperty().bind(model.hasNextProperty().not());
    }

    @FXML
    private void refresh() {
        model.refresh();
    }

    @FXML
    private void showPreviousPage() {
        model.previousPage();
    }

    @FXML
    private void showNextPage() {
        model.nextPage();
    }

    @FXML
    private void cancelExport() {
        if (exporter != null) {
            exporter.cancel();
        }
    }

    /** The table, for columns and view-specific behaviour. */
    public TableView<T> table() {
        return table;
    }

    public PagedListModel<T> model() {
        return model;
    }

    /** What the empty table says once loaded (e.g. whether filters or the window left nothing). */
    public void setEmptyText(javafx.beans.value.ObservableValue<String> emptyText) {
        placeholder.textProperty().bind(Bindings.createStringBinding(() -> switch (model.stateProperty().get()) {
            case IDLE, LOADING -> "Loading…";
            case FAILED -> "Nothing to show: the list could not be loaded.";
            case LOADED -> emptyText.getValue();
        }, model.stateProperty(), emptyText));
    }

    /** The footer's count, "N rows" (the rows on screen) unless the view knows better (e.g. "N matching"). */
    public void setCountText(javafx.beans.value.ObservableValue<String> text) {
        rowCount.textProperty().bind(text);
    }

    /** The left of the tool bar, where the view puts its filters. */
    public HBox filterBar() {
        return filterBar;
    }

    /** What Enter and double-click do with the selected row. */
    public void setOnOpen(Consumer<T> onOpen) {
        this.onOpen = Objects.requireNonNull(onOpen, "onOpen");
    }

    public void openSelected() {
        T row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            onOpen.accept(row);
        }
    }

    /** Adds the time-window picker, bound to the model's date range (set to the default range if unset). */
    public DateRangePicker enableDateRange() {
        if (model.dateRangeProperty().get() == null) {
            model.dateRangeProperty().set(DateRange.defaultRange());
        }
        DateRangePicker picker = new DateRangePicker(zone);
        picker.valueProperty().bindBidirectional(model.dateRangeProperty());
        actions.getChildren().add(0, picker);
        return picker;
    }

    /** Adds the live-tail toggle (polls at most once a second while this table is on screen). */
    public ToggleButton enableLiveTail() {
        ToggleButton toggle = new ToggleButton("Live", new FontIcon(Feather.RADIO));
        toggle.setId("liveTail");
        toggle.setTooltip(new Tooltip("Show new rows as they arrive (first page only)"));
        toggle.selectedProperty().bindBidirectional(model.liveTailProperty());
        liveTail = new LiveTail(model, this);
        actions.getChildren().add(actions.getChildren().size() - 1, toggle);
        return toggle;
    }

    /**
     * Adds Export of every row the list matches (CSV with {@code columns}, JSON of the rows as the API returned
     * them), paged through in the background with progress and Cancel in the footer.
     */
    public TableExporter<T> enableExport(String baseName, List<ExportColumn<T>> columns) {
        return addExport(baseName, new TableExporter<>(model, model.tasks(), columns, false));
    }

    private TableExporter<T> addExport(String baseName, TableExporter<T> made) {
        exporter = made;
        ExportMenu<T> export = new ExportMenu<>(baseName, made);
        export.disableProperty().bind(Bindings.isEmpty(model.rows()).or(made.runningProperty()));
        actions.getChildren().add(export);
        made.messageProperty().subscribe(tableMessage::setText);
        // a note belongs to its connection and project: it goes when they change
        model.clientProperty().addListener((o, before, now) -> made.clearMessage());
        exportProgress.progressProperty().bind(made.progressProperty());
        exportStrip.visibleProperty().bind(made.runningProperty());
        return made;
    }

    /** The export added by {@code enableExport}, or {@code null}. */
    public TableExporter<T> exporter() {
        return exporter;
    }

    /**
     * Adds Export of exactly the columns on screen, to CSV and to JSON (one object per row, keyed by column
     * title). For tables whose wire records hold secrets (endpoint secrets, verifier secrets, portal tokens):
     * the file gets what the table shows and nothing else.
     */
    public TableExporter<T> enableShownColumnsExport(String baseName) {
        return addExport(baseName, new TableExporter<>(model, model.tasks(), List.copyOf(shownColumns), true));
    }

    /** A text column. */
    public <V> TableColumn<T, V> addColumn(String title, Function<? super T, V> value) {
        TableColumn<T, V> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        shownColumns.add(ExportColumn.of(title, value));
        column.setSortable(false); // the server orders the rows; sorting one page would mislead
        table.getColumns().add(column);
        return column;
    }

    /** An ID column with a copy button. */
    public TableColumn<T, String> addIdColumn(String title, Function<? super T, String> id) {
        TableColumn<T, String> column = addColumn(title, id);
        column.setCellFactory(CopyIdCell.forTableColumn());
        column.setPrefWidth(260);
        return column;
    }

    /** A column of long text (messages, errors): cut to the column's width, whole in a tooltip. */
    public TableColumn<T, String> addTextColumn(String title, Function<? super T, String> text) {
        TableColumn<T, String> column = addColumn(title, text);
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                boolean none = empty || item == null || item.isEmpty();
                setText(none ? null : item);
                setTooltip(none ? null : new Tooltip(item));
            }
        });
        return column;
    }

    /** A status column shown as a pill, {@code why} of the row in a tooltip (when it gives one). */
    public <V> TableColumn<T, V> addStatusColumn(String title, Function<? super T, V> status,
                                                 Function<? super T, String> why) {
        TableColumn<T, V> column = addColumn(title, status);
        column.setCellFactory(StatusPill.forTableColumn(Object::toString, why));
        column.setPrefWidth(110);
        return column;
    }

    /** A status column shown as a pill. */
    public <V> TableColumn<T, V> addStatusColumn(String title, Function<? super T, V> status) {
        return addStatusColumn(title, status, row -> null);
    }

    /** A timestamp column in the user's time zone ({@code yyyy-MM-dd HH:mm:ss}). */
    public TableColumn<T, Instant> addTimeColumn(String title, Function<? super T, Instant> time) {
        TableColumn<T, Instant> column = addColumn(title, time);
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Instant item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : TIME.format(item.atZone(zone)));
            }
        });
        column.setPrefWidth(160);
        return column;
    }

    /** Whether the live tail's timer runs (for tests). */
    boolean isLiveTailRunning() {
        return liveTail != null && liveTail.isRunning();
    }

    private void bindSelection() {
        table.getSelectionModel().selectedItemProperty().addListener((o, before, now) -> {
            if (!syncing) {
                syncing = true;
                model.selectedProperty().set(now);
                syncing = false;
            }
        });
        model.selectedProperty().addListener((o, before, now) -> {
            if (!syncing) {
                syncing = true;
                if (now == null) {
                    table.getSelectionModel().clearSelection();
                } else {
                    table.getSelectionModel().select(now);
                }
                syncing = false;
            }
        });
    }
}
