package dev.hookline.app.events;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Source;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.table.PagedTableView;
import dev.hookline.app.traffic.BatchBar;
import dev.hookline.app.traffic.DetailWidgets;
import dev.hookline.app.traffic.FilterFields;
import dev.hookline.app.traffic.SavedViews;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.controlsfx.control.CheckComboBox;

/**
 * Events: every event of the time window with filters (source, endpoint, idempotency key, full-text search), the
 * selected event's payload, headers and deliveries below; replay one, or batch replay what the filters match. The
 * layout is {@code EventsView.fxml}; the table's columns and the detail pane are built here and put in their places
 * in {@link #initialize()}.
 */
public final class EventsView implements ConsoleView {

    private final EventsViewModel model;
    private final EventDetailViewModel detail;
    private final PagedTableView<Event> table;
    private final Map<String, String> names = new HashMap<>();
    private final VBox root;
    private boolean loaded;

    @FXML
    private TextField eventSearch;
    @FXML
    private CheckComboBox<String> sourceFilter;
    @FXML
    private CheckComboBox<String> eventEndpointFilter;
    @FXML
    private TextField eventIdempotencyKeyFilter;
    @FXML
    private ToggleButton eventsOldestFirst;
    @FXML
    private SavedViews savedViews;
    @FXML
    private BatchBar batchReplayBar;
    @FXML
    private SplitPane split;
    @FXML
    private StackPane detailArea;
    @FXML
    private Label noEventSelected;
    @FXML
    private Button batchReplay;

    public EventsView(ConsoleSession session) {
        model = new EventsViewModel(session);
        detail = new EventDetailViewModel(session, Clock.systemUTC());
        detail.setAfterReplay(() -> model.list().refresh());
        table = new PagedTableView<>(model.list(), "No events in this time window");
        table();
        root = Fxml.load(this);
    }

    @FXML
    private void initialize() {
        FilterFields.bindText(eventSearch, model.searchProperty());
        FilterFields.bindMultiSelect(sourceFilter, model.sourceIds(), id -> names.getOrDefault(id, id));
        FilterFields.bindMultiSelect(eventEndpointFilter, model.endpointIds(), id -> names.getOrDefault(id, id));
        FilterFields.bindText(eventIdempotencyKeyFilter, model.idempotencyKeyProperty());
        FilterFields.bindOldestFirst(eventsOldestFirst, model.sortProperty());
        savedViews.bind(model.remembered());

        batchReplay.disableProperty().bind(model.canBatchReplayProperty().not());
        table.filterBar().getChildren().add(batchReplay);

        batchReplayBar.bind(model.batchReplay(),
                n -> n == 0 ? "No event matches the filters and time window."
                        : "Replay the " + n + (n == 1 ? " event" : " events")
                        + " the filters and time window match? Each gets new deliveries.",
                n -> "Replay " + n + (n == 1 ? " event" : " events"));

        split.getItems().addFirst(table);
        EventDetailPane pane = new EventDetailPane(detail, model.searchProperty());
        pane.visibleProperty().bind(detail.eventProperty().isNotNull().or(detail.errorProperty().isNotEmpty()));
        noEventSelected.visibleProperty().bind(pane.visibleProperty().not());
        detailArea.getChildren().add(pane);

        DetailWidgets.followSelection(model.list().selectedProperty(), row -> detail.show(row.uid()), detail::clear);
    }

    @FXML
    private void clearFilters() {
        model.clearFilters();
    }

    @FXML
    private void requestBatchReplay() {
        model.requestBatchReplay();
    }

    /** The table: its columns, time window, live tail and export. */
    private void table() {
        table.setId("eventsTable");
        table.addColumn("Event type", Event::eventType).setPrefWidth(160);
        table.addColumn("Source", EventsView::sourceName).setPrefWidth(120);
        table.addColumn("Idempotency key", Event::idempotencyKey).setPrefWidth(140);
        table.addColumn("Duplicate", e -> Boolean.TRUE.equals(e.isDuplicateEvent()) ? "duplicate" : "")
                .setPrefWidth(80);
        table.addTimeColumn("Created", Event::createdAt);
        table.addIdColumn("ID", Event::uid);
        table.enableDateRange();
        table.enableLiveTail();
        table.enableExport("events", List.of(
                ExportColumn.of("id", Event::uid),
                ExportColumn.of("event_type", Event::eventType),
                ExportColumn.of("source_id", Event::sourceId),
                ExportColumn.of("idempotency_key", Event::idempotencyKey),
                ExportColumn.of("is_duplicate_event", Event::isDuplicateEvent),
                ExportColumn.of("created_at", Event::createdAt)));
        table.setOnOpen(row -> detail.show(row.uid()));
    }

    private static String sourceName(Event event) {
        if (event.sourceMetadata() != null && event.sourceMetadata().name() != null) {
            return event.sourceMetadata().name();
        }
        return event.sourceId() == null ? "" : event.sourceId();
    }

    /** Sources and endpoints for the filters, with their names. */
    private void loadChoices() {
        ConsoleSession session = model.session();
        ApiClient client = session.client();
        session.tasks().run(() -> new Choices(client.listSources(ListQuery.ofPerPage(100)).content(),
                client.listEndpoints(ListQuery.ofPerPage(100)).content()), choices -> {
            names.clear();
            choices.sources().forEach(s -> names.put(s.uid(), s.name()));
            choices.endpoints().forEach(e -> names.put(e.uid(), e.name()));
            sourceFilter.getItems().setAll(withSelected(choices.sources().stream().map(Source::uid).toList(),
                    model.sourceIds()));
            eventEndpointFilter.getItems().setAll(withSelected(choices.endpoints().stream().map(Endpoint::uid).toList(),
                    model.endpointIds()));
        }, session::reportConnectionFailure);
    }

    private static List<String> withSelected(List<String> ids, List<String> selected) {
        List<String> all = new ArrayList<>(ids);
        selected.stream().filter(id -> !all.contains(id)).forEach(all::add);
        return all;
    }

    private record Choices(List<Source> sources, List<Endpoint> endpoints) {
        Choices {
            sources = sources == null ? List.of() : sources;
            endpoints = endpoints == null ? List.of() : endpoints;
        }
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
        model.list().refresh();
        detail.reload();
        loadChoices();
    }

    @Override
    public void focusFilter() {
        eventSearch.requestFocus();
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
            loadChoices();
            model.session().clientProperty().subscribe((before, now) -> loadChoices());
        }
    }

    @Override
    public void applyFilter(Map<String, String> filter) {
        model.applyFilter(filter);
        if (!loaded) {
            onShown();
        }
    }

    /** For tests. */
    EventsViewModel model() {
        return model;
    }
}
