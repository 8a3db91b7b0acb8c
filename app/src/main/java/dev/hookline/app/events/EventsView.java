package dev.hookline.app.events;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Source;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.traffic.BatchBar;
import dev.hookline.app.traffic.FilterFields;
import dev.hookline.app.traffic.SavedViews;
import dev.hookline.app.traffic.TrafficView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import org.controlsfx.control.CheckComboBox;

/**
 * Events: every event of the time window with filters (source, endpoint, idempotency key, full-text search), the
 * selected event's payload, headers and deliveries below; replay one, or batch replay what the filters match. The
 * layout is {@code EventsView.fxml}; the table's columns and the detail pane are built here and put in their places
 * in {@link #initialize()}.
 */
public final class EventsView extends TrafficView<Event, EventsViewModel, EventDetailViewModel> {

    private final Map<String, String> names = new HashMap<>();

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
        this(new EventsViewModel(session), new EventDetailViewModel(session, Clock.systemUTC()));
    }

    private EventsView(EventsViewModel model, EventDetailViewModel detail) {
        super(model, detail, "No events in this time window");
        table();
        loadLayout();
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

        placeDetail(split, detailArea, new EventDetailPane(detail, model.searchProperty()), detail.eventProperty(),
                noEventSelected);
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
    public void refresh() {
        super.refresh();
        loadChoices();
    }

    @Override
    public void focusFilter() {
        eventSearch.requestFocus();
    }

    @Override
    protected void firstShown() {
        super.firstShown();
        loadChoices();
        model.session().clientProperty().subscribe((before, now) -> loadChoices());
    }

    /** For tests. */
    EventsViewModel model() {
        return model;
    }
}
