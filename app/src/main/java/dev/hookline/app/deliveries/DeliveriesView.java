package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.form.ConfirmBar;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.table.PagedTableView;
import dev.hookline.app.traffic.BatchBar;
import dev.hookline.app.traffic.DetailWidgets;
import dev.hookline.app.traffic.EventTypeChoices;
import dev.hookline.app.traffic.FilterFields;
import dev.hookline.app.traffic.HttpStatusChoice;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
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
import javafx.scene.layout.VBox;
import org.controlsfx.control.CheckComboBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Deliveries, the console's home: every delivery of the time window with server-side filters, paging and live
 * tail; the selected delivery's detail with the attempt inspector on the right; retry actions.
 */
public final class DeliveriesView implements ConsoleView {

    private final DeliveriesViewModel model;
    private final DeliveryDetailViewModel detail;
    private final PagedTableView<EventDelivery> table;
    private final ObservableList<String> endpointChoices = FXCollections.observableArrayList();
    private final VBox root;
    private final ComboBox<String> eventTypeField;
    private final EventTypeChoices eventTypes = new EventTypeChoices();
    private boolean loaded;

    public DeliveriesView(ConsoleSession session) {
        this.model = new DeliveriesViewModel(session);
        this.detail = new DeliveryDetailViewModel(session);
        // the delivery acted on stays on screen, selected and current, until it settles, matching or not
        detail.setOnUpdated(delivery -> model.list().pin(delivery));
        detail.setAfterAction(() -> {
            model.list().refresh();
            model.loadCounts();
        });

        table = new PagedTableView<>(model.list(), "No deliveries in this time window");
        // not "in this time window" when the window has hundreds and a filter left none
        table.setEmptyText(Bindings.createStringBinding(() -> model.hasFilters()
                ? "No deliveries match these filters" : "No deliveries in this time window",
                model.list().filterProperty()));
        table.setCountText(Bindings.createStringBinding(() -> {
            long matching = model.counts().matching();
            int shown = model.list().rows().size();
            String count = matching < 0 ? shown + (shown == 1 ? " row" : " rows")
                    : String.format(java.util.Locale.ROOT, "%,d matching", matching);
            return model.list().pinnedOutsideProperty().get() == null ? count
                    : count + " · 1 more kept on screen that no longer matches the filters";
        }, model.counts().totalsProperty(), model.counts().countedProperty(), model.list().rows(),
                model.list().pinnedOutsideProperty()));
        table.setId("deliveriesTable");
        table.table().getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        columns();
        markRowsOutsideTheFilters();
        table.enableDateRange();
        table.enableLiveTail();
        // the totals know how many rows the export will write: its progress bar fills against that
        table.enableExport("deliveries", exportColumns()).setExpected(() -> model.counts().matching());
        table.setOnOpen(row -> detail.show(row.uid()));

        CheckComboBox<EventDeliveryStatus> statuses = FilterFields.multiSelect("statusFilter", "All statuses",
                FXCollections.observableArrayList(EventDeliveryStatus.values()), model.statuses(),
                EventDeliveryStatus::wire);
        CheckComboBox<String> endpoints = FilterFields.multiSelect("endpointFilter", "All endpoints",
                endpointChoices, model.endpointIds(), id -> model.endpointNames().nameOf(id));
        eventTypeField = FilterFields.editableChoice("eventTypeFilter", "Event type", eventTypes.choices(),
                model.eventTypeProperty(), 150);
        model.list().rows().addListener((javafx.collections.ListChangeListener<EventDelivery>) change ->
                eventTypes.add(model.list().rows().stream().map(EventDelivery::eventType).toList()));
        TextField deliveryId = FilterFields.text("deliveryIdFilter", "Delivery ID", model.deliveryIdProperty(), 150);
        TextField eventId = FilterFields.text("eventIdFilter", "Event ID", model.eventIdProperty(), 150);
        TextField subscription = FilterFields.text("subscriptionFilter", "Subscription ID",
                model.subscriptionIdProperty(), 150);
        TextField idempotency = FilterFields.text("idempotencyKeyFilter", "Idempotency key",
                model.idempotencyKeyProperty(), 140);
        ToggleButton oldestFirst = new ToggleButton(null, new FontIcon(Feather.ARROW_UP));
        oldestFirst.setId("oldestFirst");
        oldestFirst.setTooltip(new Tooltip("Oldest first"));
        model.sortProperty().subscribe(sort -> oldestFirst.setSelected(sort == ListQuery.Sort.ASC));
        oldestFirst.selectedProperty().subscribe(on -> model.sortProperty().set(on ? ListQuery.Sort.ASC
                : ListQuery.Sort.DESC));
        Button clear = new Button("Clear", new FontIcon(Feather.X));
        clear.setId("clearFilters");
        clear.getStyleClass().add(Styles.FLAT);
        clear.setOnAction(event -> model.clearFilters());

        Button retrySelected = new Button("Retry selected", new FontIcon(Feather.ROTATE_CW));
        retrySelected.setId("retrySelected");
        retrySelected.disableProperty().bind(Bindings.isEmpty(table.table().getSelectionModel().getSelectedItems()));
        retrySelected.setOnAction(event -> model.retrySelected(
                List.copyOf(table.table().getSelectionModel().getSelectedItems())));
        Button batchRetry = new Button("Batch retry…", new FontIcon(Feather.REPEAT));
        batchRetry.setId("batchRetry");
        batchRetry.setTooltip(new Tooltip("Retry every failed or discarded delivery the filters and time window "
                + "match (the count is shown first)"));
        batchRetry.setOnAction(event -> model.requestBatchRetry());
        // a batch covers what the list filters match on the server, and no server filter names one delivery
        batchRetry.disableProperty().bind(model.deliveryIdProperty().isNotEmpty());

        Node httpStatus = HttpStatusChoice.create(model.httpStatuses(), model.httpStatusSupportedProperty(),
                model.httpStatusNoteProperty());
        FlowPane filters = new FlowPane(8, 6, statuses, httpStatus, endpoints, eventTypeField, eventId, deliveryId,
                subscription, idempotency, oldestFirst, clear, FilterFields.savedViews("deliveries", model.remembered()));
        table.filterBar().getChildren().addAll(retrySelected, batchRetry);
        filters.setAlignment(Pos.CENTER_LEFT);
        filters.setId("deliveryFilters");

        BatchBar batchBar = new BatchBar("batchRetryBar", model.batchRetry(),
                n -> n == 0 ? "No failed or discarded delivery matches the filters and time window."
                        : "Send again the " + n + (n == 1 ? " failed or discarded delivery" : " failed or discarded "
                        + "deliveries") + " the filters and time window match?",
                n -> "Retry " + n + (n == 1 ? " delivery" : " deliveries"))
                .offerAfterwards("Show them", model::showBatchRetried);

        Label actionMessage = new Label();
        actionMessage.setId("deliveriesMessage");
        actionMessage.textProperty().bind(model.actionMessageProperty());
        actionMessage.managedProperty().bind(actionMessage.textProperty().isNotEmpty());
        actionMessage.visibleProperty().bind(actionMessage.managedProperty());

        ConfirmBar confirm = new ConfirmBar();
        confirm.setId("deliveriesConfirm");
        StackPane detailArea = detailArea(confirm);
        // the table keeps the window's width (many columns); the detail, with the inspector, goes below it
        SplitPane split = new SplitPane(table, detailArea);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.42);
        VBox.setVgrow(split, javafx.scene.layout.Priority.ALWAYS);

        DeliveryCountsPane counts = new DeliveryCountsPane(model, java.time.ZoneId.systemDefault());

        root = new VBox(8, filters, batchBar, actionMessage, confirm, counts, split);
        root.setId("deliveriesView");
        root.setPadding(new Insets(8, 0, 0, 0));
        root.getStylesheets().addAll(DetailWidgets.stylesheet(), tableStylesheet());

        DetailWidgets.followSelection(model.list().selectedProperty(), row -> detail.show(row.uid()), detail::clear);
    }

    private StackPane detailArea(ConfirmBar confirm) {
        Label empty = new Label("Select a delivery to see its attempts.");
        empty.getStyleClass().add(Styles.TEXT_MUTED);
        DeliveryDetailPane pane = new DeliveryDetailPane(detail, (question, onConfirm) -> confirm.ask(question,
                "Replay to every endpoint", onConfirm));
        pane.visibleProperty().bind(detail.deliveryProperty().isNotNull().or(detail.errorProperty().isNotEmpty()));
        empty.visibleProperty().bind(pane.visibleProperty().not());
        StackPane area = new StackPane(empty, pane);
        area.setMinHeight(200);
        return area;
    }

    private void columns() {
        table.addStatusColumn("Status", (EventDelivery d) -> d.status() == null ? null : d.status().wire(),
                DeliveryRows::why);
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
        table.addColumn("Attempts", DeliveryRows::attempts).setPrefWidth(75);
        table.addColumn("Next attempt", DeliveryRows::nextAttempt).setPrefWidth(150);
        table.addTimeColumn("Created", EventDelivery::createdAt);
        table.addColumn("Latency", DeliveryRows::latency).setPrefWidth(80);
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
    private List<ExportColumn<EventDelivery>> exportColumns() {
        return List.of(
                ExportColumn.of("id", EventDelivery::uid),
                ExportColumn.of("status", d -> d.status() == null ? "" : d.status().wire()),
                ExportColumn.of("description", d -> d.description() == null ? "" : d.description()),
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

    private static String tableStylesheet() {
        return Objects.requireNonNull(PagedTableView.class.getResource("table.css"), "table.css").toExternalForm();
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
            endpointChoices.setAll(ids);
        }, failure -> session.reportConnectionFailure(failure));
    }

    @Override
    public Node node() {
        return root;
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
        eventTypeField.requestFocus();
    }

    @Override
    public void openSelected() {
        table.openSelected();
    }

    @Override
    public void onShown() {
        if (!loaded) {
            loaded = true;
            model.list().reload();
            model.loadCounts();
            loadEndpointChoices();
            model.session().clientProperty().subscribe((before, now) -> {
                eventTypes.clear();
                loadEndpointChoices();
            });
        }
    }

    @Override
    public void applyFilter(Map<String, String> filter) {
        model.applyFilter(filter);
        if (!loaded) {
            onShown();
        }
    }

    /** For tests: the view model behind the table. */
    DeliveriesViewModel model() {
        return model;
    }
}
