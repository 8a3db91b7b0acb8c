package dev.hookline.app.table;

import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Pos;
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
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A table bound to a {@link PagedListModel}: a tool bar (the view's filters on the left; time window, live tail,
 * refresh and export on the right), the table, the last error with the server's message, and Previous/Next.
 *
 * <p>The table selection and the model's selected row follow each other, so the selection survives reloads by
 * ID. Double-click or Enter ({@link #openSelected()}) hands the selected row to {@link #setOnOpen(Consumer)}.
 */
public final class PagedTableView<T> extends VBox {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final PagedListModel<T> model;
    private final TableView<T> table = new TableView<>();
    private final HBox filterBar = new HBox(8);
    private final HBox actions = new HBox(6);
    private final Label footerMessage = new Label();
    private final Label rowCount = new Label();
    private final Label placeholder = new Label();
    private final ZoneId zone;
    /** Every column added, as the export writes it: what the user sees, nothing the table does not show. */
    private final List<ExportColumn<T>> shownColumns = new java.util.ArrayList<>();
    private final javafx.scene.control.ProgressBar exportProgress = new javafx.scene.control.ProgressBar();
    private final Button exportCancel = new Button("Cancel");
    private final HBox exportStrip = new HBox(6, exportProgress, exportCancel);
    private TableExporter<T> exporter;
    private Consumer<T> onOpen = row -> { };
    private LiveTail liveTail;
    private boolean syncing;

    public PagedTableView(PagedListModel<T> model, String emptyText) {
        this(model, emptyText, ZoneId.systemDefault());
    }

    public PagedTableView(PagedListModel<T> model, String emptyText, ZoneId zone) {
        super(8);
        this.model = Objects.requireNonNull(model, "model");
        this.zone = zone;
        getStyleClass().add("paged-table");
        getStylesheets().add(Objects.requireNonNull(
                PagedTableView.class.getResource("table.css"), "table.css").toExternalForm());

        table.setItems(model.rows());
        table.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().addAll(Styles.STRIPED, Tweaks.EDGE_TO_EDGE);
        VBox.setVgrow(table, Priority.ALWAYS);
        placeholder.getStyleClass().add(Styles.TEXT_MUTED);
        setEmptyText(new javafx.beans.property.SimpleStringProperty(emptyText));
        table.setPlaceholder(placeholder);
        table.setOnMouseClicked(event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2) {
                openSelected();
            }
        });
        bindSelection();
        ScrollAnchor.install(table);

        getChildren().addAll(toolBar(), errorStrip(), table, footer());
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
        made.messageProperty().subscribe(footerMessage::setText);
        exportProgress.progressProperty().bind(made.progressProperty());
        exportStrip.visibleProperty().bind(made.runningProperty());
        exportCancel.setOnAction(event -> made.cancel());
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
        TableColumn<T, V> column = addColumn(title, status);
        column.setCellFactory(StatusPill.forTableColumn(Object::toString));
        column.setPrefWidth(110);
        return column;
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

    private HBox toolBar() {
        Button refresh = new Button(null, new FontIcon(Feather.REFRESH_CW));
        refresh.setId("refreshTable");
        refresh.getStyleClass().add(Styles.BUTTON_ICON);
        refresh.setTooltip(new Tooltip("Refresh (Ctrl+R)"));
        refresh.setOnAction(event -> model.refresh());
        actions.getChildren().add(refresh);
        actions.setAlignment(Pos.CENTER_RIGHT);
        filterBar.setAlignment(Pos.CENTER_LEFT);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, filterBar, spacer, actions);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("table-toolbar");
        return bar;
    }

    private HBox errorStrip() {
        Label message = new Label();
        message.setId("tableError");
        message.setWrapText(true);
        message.textProperty().bind(model.errorProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Button retry = new Button("Retry");
        retry.setOnAction(event -> model.refresh());
        HBox strip = new HBox(8, new FontIcon(Feather.ALERT_TRIANGLE), message, retry);
        strip.setAlignment(Pos.CENTER_LEFT);
        strip.getStyleClass().add("table-error");
        strip.visibleProperty().bind(model.stateProperty().isEqualTo(LoadState.FAILED));
        strip.managedProperty().bind(strip.visibleProperty());
        return strip;
    }

    private HBox footer() {
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(16, 16);
        progress.visibleProperty().bind(model.stateProperty().isEqualTo(LoadState.LOADING));
        Label count = rowCount;
        count.setId("rowCount");
        count.textProperty().bind(Bindings.size(model.rows()).asString("%d rows"));
        Button previous = new Button("Previous", new FontIcon(Feather.CHEVRON_LEFT));
        previous.setId("previousPage");
        previous.disableProperty().bind(model.hasPrevProperty().not());
        previous.setOnAction(event -> model.previousPage());
        Button next = new Button("Next", new FontIcon(Feather.CHEVRON_RIGHT));
        next.setId("nextPage");
        next.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        next.disableProperty().bind(model.hasNextProperty().not());
        next.setOnAction(event -> model.nextPage());
        footerMessage.setId("tableMessage");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        exportProgress.setId("exportProgress");
        exportProgress.setPrefWidth(160);
        exportCancel.setId("exportCancel");
        exportCancel.getStyleClass().add(Styles.SMALL);
        exportStrip.setAlignment(Pos.CENTER_LEFT);
        exportStrip.setVisible(false);
        exportStrip.managedProperty().bind(exportStrip.visibleProperty());
        HBox footer = new HBox(8, count, progress, exportStrip, footerMessage, spacer, previous, next);
        footer.setAlignment(Pos.CENTER_LEFT);
        footer.getStyleClass().add("table-footer");
        return footer;
    }
}
