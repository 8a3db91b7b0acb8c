package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfirmBar;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.traffic.BatchBar;
import dev.hookline.app.traffic.EventTypeChoices;
import dev.hookline.app.traffic.FilterFields;
import dev.hookline.app.traffic.HttpStatusChoice;
import dev.hookline.app.traffic.SavedViews;
import dev.hookline.app.traffic.TrafficView;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.StackPane;
import org.controlsfx.control.CheckComboBox;

/**
 * Deliveries, the console's home: every delivery of the time window with server-side filters, paging and live
 * tail; the selected delivery's detail with the attempt inspector on the right; retry actions. The layout is
 * {@code DeliveriesView.fxml}; the table's columns, the totals pane and the detail pane are built here and put in
 * their places in {@link #initialize()}.
 */
public final class DeliveriesView extends TrafficView<EventDelivery, DeliveriesViewModel, DeliveryDetailViewModel> {

    private final EventTypeChoices eventTypes = new EventTypeChoices();

    /** The filters, for one built in code to join them. */
    @FXML
    private FlowPane deliveryFilters;
    @FXML
    private CheckComboBox<EventDeliveryStatus> statusFilter;
    @FXML
    private CheckComboBox<String> endpointFilter;
    @FXML
    private ComboBox<String> eventTypeFilter;
    @FXML
    private TextField eventIdFilter;
    @FXML
    private TextField deliveryIdFilter;
    @FXML
    private TextField subscriptionFilter;
    @FXML
    private TextField idempotencyKeyFilter;
    @FXML
    private ToggleButton oldestFirst;
    @FXML
    private SavedViews savedViews;
    @FXML
    private BatchBar batchRetryBar;
    @FXML
    private Label deliveriesMessage;
    @FXML
    private ConfirmBar deliveriesConfirm;
    @FXML
    private StackPane countsArea;
    @FXML
    private SplitPane split;
    @FXML
    private StackPane detailArea;
    @FXML
    private Label noDeliverySelected;
    @FXML
    private Button retrySelected;
    @FXML
    private Button batchRetry;
    @FXML
    private Button openInWindow;

    /** Keyboard ways to the view's actions (issue 25): each fires the button (or opens the menu) of that name. */
    public static final javafx.scene.input.KeyCombination RETRY_SELECTED = shortcut(javafx.scene.input.KeyCode.R);
    public static final javafx.scene.input.KeyCombination PIN_ATTEMPT = shortcut(javafx.scene.input.KeyCode.P);
    public static final javafx.scene.input.KeyCombination COMPARE_ATTEMPTS = shortcut(javafx.scene.input.KeyCode.M);
    public static final javafx.scene.input.KeyCombination EXPORT = shortcut(javafx.scene.input.KeyCode.E);
    /** Opens the selected delivery in its own window. */
    public static final javafx.scene.input.KeyCombination OPEN_IN_WINDOW = shortcut(javafx.scene.input.KeyCode.O);

    private static javafx.scene.input.KeyCombination shortcut(javafx.scene.input.KeyCode key) {
        return new javafx.scene.input.KeyCodeCombination(key, javafx.scene.input.KeyCombination.SHORTCUT_DOWN,
                javafx.scene.input.KeyCombination.SHIFT_DOWN);
    }

    /** How often rows on their way are asked for again while Live is off. */
    static final javafx.util.Duration SETTLE_EVERY = javafx.util.Duration.seconds(2);

    public DeliveriesView(ConsoleSession session) {
        this(new DeliveriesViewModel(session), new DeliveryDetailViewModel(session));
    }

    private DeliveriesView(DeliveriesViewModel model, DeliveryDetailViewModel detail) {
        super(model, detail, "No deliveries in this time window");
        // the delivery acted on stays on screen, selected and current, until it settles, matching or not
        detail.setOnUpdated(delivery -> model.list().pin(delivery));
        // what the detail loads is the newest state: the row shows it too (no "Processing" next to a Success)
        detail.deliveryProperty().subscribe(delivery -> {
            if (delivery != null) {
                model.list().update(delivery);
            }
        });
        detail.setAfterAction(() -> {
            model.list().refresh();
            model.loadCounts();
        });
        table();
        loadLayout();
    }

    @FXML
    private void initialize() {
        statusFilter.getItems().setAll(EventDeliveryStatus.values());
        FilterFields.bindMultiSelect(statusFilter, model.statuses(), EventDeliveryStatus::wire);
        // the last attempt's HTTP status class, right after the delivery status (off against a remote Convoy)
        deliveryFilters.getChildren().add(deliveryFilters.getChildren().indexOf(statusFilter) + 1,
                HttpStatusChoice.create(model.httpStatuses(), model.httpStatusSupportedProperty(),
                        model.httpStatusNoteProperty()));
        FilterFields.bindMultiSelect(endpointFilter, model.endpointIds(), id -> model.endpointNames().nameOf(id));
        FilterFields.bindChoice(eventTypeFilter, eventTypes.choices(), model.eventTypeProperty());
        model.list().rows().addListener((javafx.collections.ListChangeListener<EventDelivery>) change ->
                eventTypes.add(model.list().rows().stream().map(EventDelivery::eventType).toList()));
        FilterFields.bindText(eventIdFilter, model.eventIdProperty());
        FilterFields.bindText(deliveryIdFilter, model.deliveryIdProperty());
        FilterFields.bindText(subscriptionFilter, model.subscriptionIdProperty());
        FilterFields.bindText(idempotencyKeyFilter, model.idempotencyKeyProperty());
        FilterFields.bindOldestFirst(oldestFirst, model.sortProperty());
        savedViews.bind(model.remembered());

        retrySelected.disableProperty().bind(Bindings.isEmpty(table.table().getSelectionModel().getSelectedItems()));
        // a batch covers what the list filters match on the server, and no server filter names one delivery
        batchRetry.disableProperty().bind(model.deliveryIdProperty().isNotEmpty());
        openInWindow.disableProperty().bind(model.list().selectedProperty().isNull());
        table.filterBar().getChildren().addAll(retrySelected, batchRetry, openInWindow);

        batchRetryBar.bind(model.batchRetry(),
                n -> n == 0 ? "No failed or discarded delivery matches the filters and time window."
                        : "Send again the " + n + (n == 1 ? " failed or discarded delivery" : " failed or discarded "
                        + "deliveries") + " the filters and time window match?",
                n -> "Retry " + n + (n == 1 ? " delivery" : " deliveries"))
                .offerAfterwards("Show them", model::showBatchRetried);

        deliveriesMessage.textProperty().bind(model.actionMessageProperty());
        deliveriesMessage.managedProperty().bind(deliveriesMessage.textProperty().isNotEmpty());
        deliveriesMessage.visibleProperty().bind(deliveriesMessage.managedProperty());

        countsArea.getChildren().add(new DeliveryCountsPane(model, java.time.ZoneId.systemDefault()));

        placeDetail(split, detailArea, new DeliveryDetailPane(detail, (question, onConfirm) -> deliveriesConfirm.ask(
                question, "Replay to every endpoint", onConfirm)), detail.deliveryProperty(), noDeliverySelected);
        rememberSplit();
    }

    @FXML
    private void clearFilters() {
        model.clearFilters();
    }

    @FXML
    private void retrySelectedDeliveries() {
        model.retrySelected(List.copyOf(table.table().getSelectionModel().getSelectedItems()));
    }

    /** The selected delivery in its own window, beside the list (several may be open). */
    @FXML
    private void openSelectedInWindow() {
        EventDelivery selected = model.list().selectedProperty().get();
        if (selected == null) {
            return;
        }
        javafx.stage.Window owner = node().getScene() == null ? null : node().getScene().getWindow();
        new DeliveryWindow(owner, model.session(), selected.uid(), () -> {
            model.list().refresh();
            model.loadCounts();
        }).show();
    }

    @FXML
    private void requestBatchRetry() {
        model.requestBatchRetry();
    }

    /** The table: its columns, empty text, count, time window, live tail and export. */
    private void table() {
        emptyTextByFilters(model::hasFilters, "No deliveries match these filters",
                "No deliveries in this time window");
        table.setCountText(Bindings.createStringBinding(() -> {
            long matching = model.counts().matching();
            int shown = model.list().rows().size();
            if (model.showingRetried() > 0) {
                return model.showingRetried() + (model.showingRetried() == 1 ? " delivery" : " deliveries")
                        + " sent again by the batch retry (any filter change lists the rest)";
            }
            String count = matching < 0 ? shown + (shown == 1 ? " row" : " rows")
                    : String.format(java.util.Locale.ROOT, "%,d matching", matching);
            return model.list().pinnedOutsideProperty().get() == null ? count
                    : count + " · 1 more kept on screen that no longer matches the filters";
        }, model.counts().totalsProperty(), model.counts().countedProperty(), model.list().rows(),
                model.list().pinnedOutsideProperty(), model.list().filterProperty()));
        table.setId("deliveriesTable");
        table.table().getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        columns();
        markRowsOutsideTheFilters();
        table.enableDateRange();
        table.enableLiveTail();
        // the totals know how many rows the export will write: its progress bar fills against that
        table.enableExport("deliveries", exportColumns()).setExpected(() -> model.counts().matching());
    }

    private void columns() {
        table.addStatusColumn("Status", (EventDelivery d) -> d.status() == null ? null : d.status().wire(),
                DeliveryRows::headline);
        TableColumn<EventDelivery, String> lastResponse = table.addColumn("Last response", DeliveryRows::lastResponse);
        lastResponse.setPrefWidth(140);
        lastResponse.setMinWidth(110);
        table.addColumn("Event type", EventDelivery::eventType).setPrefWidth(140);
        TableColumn<EventDelivery, String> endpoint = table.addColumn("Endpoint", EventDelivery::endpointId);
        endpoint.setPrefWidth(150);
        endpoint.setCellFactory(column -> new TableCell<>() {
            {
                // a name fetched in the background arrives: redraw
                model.endpointNames().versionProperty().addListener((o, before, now) -> updateItem(getItem(),
                        isEmpty()));
            }

            @Override
            protected void updateItem(String id, boolean empty) {
                super.updateItem(id, empty);
                setText(empty || id == null ? null : model.endpointNames().nameOf(id));
                setTooltip(empty || id == null ? null : new Tooltip(id));
            }
        });
        table.addColumn("Source", DeliveryRows::source).setPrefWidth(110);
        table.addColumn("Attempts", DeliveryRows::attempts).setMinWidth(70);
        table.addColumn("Next attempt", DeliveryRows::nextAttempt).setPrefWidth(150);
        table.addTimeColumn("Created", EventDelivery::createdAt);
        table.addColumn("Latency", DeliveryRows::latency).setMinWidth(70);
        table.addIdColumn("ID", EventDelivery::uid);
    }

    /**
     * The row kept on screen after an action although the filters no longer match it is drawn apart and says why
     * in its tooltip.
     */
    private void markRowsOutsideTheFilters() {
        javafx.css.PseudoClass outside = javafx.css.PseudoClass.getPseudoClass("outside-filter");
        table.table().setRowFactory(view -> new TableRow<>() {
            private final Tooltip why = new Tooltip("No longer matches the filters: kept here while you follow it. "
                    + "Select another delivery to let it go.");

            {
                model.list().pinnedOutsideProperty().addListener((o, before, now) -> mark());
            }

            @Override
            protected void updateItem(EventDelivery item, boolean empty) {
                super.updateItem(item, empty);
                mark();
            }

            private void mark() {
                EventDelivery item = getItem();
                boolean apart = !isEmpty() && item != null
                        && Objects.equals(item.uid(), model.list().pinnedOutsideProperty().get());
                pseudoClassStateChanged(outside, apart);
                setTooltip(apart ? why : null);
            }
        });
    }

    /** The export's columns hold data, not the table's words: {@code 2} attempts, {@code 9} ms. */
    List<ExportColumn<EventDelivery>> exportColumns() {
        return List.of(
                ExportColumn.of("id", EventDelivery::uid),
                ExportColumn.of("status", d -> d.status() == null ? "" : d.status().wire()),
                ExportColumn.of("description", d -> d.description() == null ? "" : d.description()),
                ExportColumn.of("last_response", EventDelivery::lastResponse),
                ExportColumn.of("held_by", d -> d.heldBy() == null ? null : d.heldBy().wire()),
                ExportColumn.of("event_type", EventDelivery::eventType),
                ExportColumn.of("event_id", EventDelivery::eventId),
                ExportColumn.of("endpoint_id", EventDelivery::endpointId),
                ExportColumn.of("endpoint", d -> model.endpointNames().nameOf(d.endpointId())),
                ExportColumn.of("source", DeliveryRows::source),
                ExportColumn.of("attempts", d -> d.metadata() == null ? null : d.metadata().numTrials()),
                ExportColumn.of("retry_limit", d -> d.metadata() == null ? null : d.metadata().retryLimit()),
                ExportColumn.of("next_attempt_at", d -> d.metadata() == null || (d.status()
                        != EventDeliveryStatus.SCHEDULED && d.status() != EventDeliveryStatus.RETRY) ? null
                        : d.metadata().nextSendTime()),
                ExportColumn.of("created_at", EventDelivery::createdAt),
                ExportColumn.of("latency_ms", d -> d.latencySeconds() == null ? null
                        : Math.round(d.latencySeconds() * 1000)));
    }

    /** Loads the endpoints for the filter (names for the table too). */
    private void loadEndpointChoices() {
        ConsoleSession session = model.session();
        eventTypes.load(session);
        ApiClient client = session.client();
        session.tasks().run(() -> client.listEndpoints(ListQuery.ofPerPage(100)).content(), endpoints -> {
            List<Endpoint> list = endpoints == null ? List.of() : endpoints;
            list.forEach(model.endpointNames()::learn);
            List<String> ids = new java.util.ArrayList<>(list.stream().map(Endpoint::uid).toList());
            model.endpointIds().stream().filter(id -> !ids.contains(id)).forEach(ids::add);
            endpointFilter.getItems().setAll(ids);
        }, failure -> session.reportConnectionFailure(failure));
    }

    @Override
    public void refresh() {
        model.list().refresh();
        model.loadCounts();
        detail.reload();
        loadEndpointChoices();
    }

    @Override
    public void focusFilter() {
        eventTypeFilter.requestFocus();
    }

    @Override
    protected void firstShown() {
        settleRows();
        keyboardActions();
        model.list().reload();
        model.loadCounts();
        loadEndpointChoices();
        model.session().clientProperty().subscribe((before, now) -> {
            eventTypes.clear();
            loadEndpointChoices();
        });
    }

    /**
     * Ctrl+Shift+R retries the selected rows, Ctrl+Shift+P pins the attempt shown, Ctrl+Shift+M compares it with the
     * pinned one, Ctrl+Shift+E opens the export menu: only while this view is on screen and the action is enabled.
     */
    private void keyboardActions() {
        node().sceneProperty().subscribe(scene -> {
            if (scene == null || scene.getProperties().containsKey(DeliveriesView.class)) {
                return;
            }
            scene.getProperties().put(DeliveriesView.class, Boolean.TRUE);
            scene.getAccelerators().put(RETRY_SELECTED, () -> fire("#retrySelected"));
            scene.getAccelerators().put(PIN_ATTEMPT, () -> fire("#pinAttempt"));
            scene.getAccelerators().put(COMPARE_ATTEMPTS, () -> fire("#compareAttempts"));
            scene.getAccelerators().put(OPEN_IN_WINDOW, () -> fire("#openInWindow"));
            scene.getAccelerators().put(EXPORT, () -> {
                if (node().getScene() != null && node().lookup("#exportMenu") instanceof javafx.scene.control.MenuButton
                        menu && !menu.isDisabled()) {
                    menu.requestFocus();
                    menu.show();
                }
            });
        });
        retrySelected.setTooltip(new javafx.scene.control.Tooltip("Retry the selected deliveries ("
                + RETRY_SELECTED.getDisplayText() + ")"));
        openInWindow.setTooltip(new javafx.scene.control.Tooltip("Open the selected delivery in its own window ("
                + OPEN_IN_WINDOW.getDisplayText() + ")"));
    }

    private void fire(String id) {
        if (node().getScene() != null && node().lookup(id) instanceof javafx.scene.control.ButtonBase button
                && !button.isDisabled() && button.isVisible()) {
            button.requestFocus();
            button.fire();
        }
    }

    /** Where the table/detail split was left, kept in the console's view states (all connections share it). */
    static final String SPLIT_SCOPE = "layout|deliveries";
    static final double DEFAULT_SPLIT = 0.55;

    /** The split between the table and the detail opens where the user left it, and remembers each move. */
    private void rememberSplit() {
        dev.hookline.app.console.ViewStates states = model.session().viewStates();
        double position = DEFAULT_SPLIT;
        List<String> saved = states.current(SPLIT_SCOPE).get("divider");
        if (saved != null && !saved.isEmpty()) {
            try {
                position = Math.max(0.2, Math.min(0.85, Double.parseDouble(saved.get(0))));
            } catch (NumberFormatException ignored) {
                // an unreadable value: the default
            }
        }
        split.setDividerPositions(position);
        split.getDividers().get(0).positionProperty().addListener((o, before, now) -> {
            // only a move on screen: not the layout of a window being closed (the states file is closed by then)
            if (node().getScene() != null && node().getScene().getWindow() != null
                    && node().getScene().getWindow().isShowing()) {
                states.setCurrent(SPLIT_SCOPE, java.util.Map.of("divider", List.of(String.format(
                        java.util.Locale.ROOT, "%.3f", now.doubleValue()))));
            }
        });
    }

    /** Every few seconds while the view is on screen: rows on their way show their new state without Live. */
    private void settleRows() {
        javafx.animation.Timeline settle = new javafx.animation.Timeline(new javafx.animation.KeyFrame(
                SETTLE_EVERY, event -> {
                    if (node().getScene() != null && node().getScene().getWindow() != null
                            && node().getScene().getWindow().isShowing()) {
                        model.settleRows();
                    }
                }));
        settle.setCycleCount(javafx.animation.Animation.INDEFINITE);
        settle.play();
    }

    /** For tests: the view model behind the table. */
    DeliveriesViewModel model() {
        return model;
    }
}
