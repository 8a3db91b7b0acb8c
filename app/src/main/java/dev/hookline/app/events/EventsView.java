package dev.hookline.app.events;

import atlantafx.base.theme.Styles;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Source;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.table.PagedTableView;
import dev.hookline.app.traffic.BatchBar;
import dev.hookline.app.traffic.DetailWidgets;
import dev.hookline.app.traffic.FilterFields;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.controlsfx.control.CheckComboBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Events: every event of the time window with filters (source, endpoint, idempotency key, full-text search), the
 * selected event's payload, headers and deliveries below; replay one, or batch replay what the filters match.
 */
public final class EventsView implements ConsoleView {

    private final EventsViewModel model;
    private final EventDetailViewModel detail;
    private final PagedTableView<Event> table;
    private final ObservableList<String> sourceChoices = FXCollections.observableArrayList();
    private final ObservableList<String> endpointChoices = FXCollections.observableArrayList();
    private final Map<String, String> names = new HashMap<>();
    private final TextField searchField;
    private final VBox root;
    private boolean loaded;

    public EventsView(ConsoleSession session) {
        model = new EventsViewModel(session);
        detail = new EventDetailViewModel(session, Clock.systemUTC());
        detail.setAfterReplay(() -> model.list().refresh());

        table = new PagedTableView<>(model.list(), "No events in this time window");
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

        searchField = FilterFields.text("eventSearch", "Search payloads", model.searchProperty(), 200);
        CheckComboBox<String> sources = FilterFields.multiSelect("sourceFilter", "All sources", sourceChoices,
                model.sourceIds(), id -> names.getOrDefault(id, id));
        CheckComboBox<String> endpoints = FilterFields.multiSelect("eventEndpointFilter", "All endpoints",
                endpointChoices, model.endpointIds(), id -> names.getOrDefault(id, id));
        TextField idempotency = FilterFields.text("eventIdempotencyKeyFilter", "Idempotency key",
                model.idempotencyKeyProperty(), 150);
        ToggleButton oldestFirst = new ToggleButton(null, new FontIcon(Feather.ARROW_UP));
        oldestFirst.setId("eventsOldestFirst");
        oldestFirst.setTooltip(new Tooltip("Oldest first"));
        model.sortProperty().subscribe(sort -> oldestFirst.setSelected(sort == ListQuery.Sort.ASC));
        oldestFirst.selectedProperty().subscribe(on -> model.sortProperty().set(on ? ListQuery.Sort.ASC
                : ListQuery.Sort.DESC));
        Button clear = new Button("Clear", new FontIcon(Feather.X));
        clear.setId("clearEventFilters");
        clear.getStyleClass().add(Styles.FLAT);
        clear.setOnAction(event -> model.clearFilters());
        Button batchReplay = new Button("Batch replay…", new FontIcon(Feather.REPEAT));
        batchReplay.setId("batchReplay");
        batchReplay.disableProperty().bind(model.canBatchReplayProperty().not());
        batchReplay.setTooltip(new Tooltip("Replay every event the filters and time window match (the count is "
                + "shown first; not with a payload search)"));
        batchReplay.setOnAction(event -> model.requestBatchReplay());

        searchField.setTooltip(new Tooltip("Words the payload has, or a JSON object it contains, e.g. "
                + "{\"data\":{\"customer\":{\"id\":\"cus_1\"}}}"));
        FlowPane filters = new FlowPane(8, 6, searchField, sources, endpoints, idempotency, oldestFirst, clear,
                FilterFields.savedViews("events", model.remembered()));
        table.filterBar().getChildren().add(batchReplay);
        filters.setAlignment(Pos.CENTER_LEFT);

        BatchBar batchBar = new BatchBar();
        batchBar.setId("batchReplayBar");
        batchBar.bind(model.batchReplay(),
                n -> n == 0 ? "No event matches the filters and time window."
                        : "Replay the " + n + (n == 1 ? " event" : " events")
                        + " the filters and time window match? Each gets new deliveries.",
                n -> "Replay " + n + (n == 1 ? " event" : " events"));

        Label empty = new Label("Select an event to see its payload and deliveries.");
        empty.getStyleClass().add(Styles.TEXT_MUTED);
        EventDetailPane pane = new EventDetailPane(detail, model.searchProperty());
        pane.visibleProperty().bind(detail.eventProperty().isNotNull().or(detail.errorProperty().isNotEmpty()));
        empty.visibleProperty().bind(pane.visibleProperty().not());
        StackPane detailArea = new StackPane(empty, pane);
        detailArea.setMinHeight(200);

        SplitPane split = new SplitPane(table, detailArea);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        VBox.setVgrow(split, Priority.ALWAYS);

        root = new VBox(8, filters, batchBar, split);
        root.setId("eventsView");
        root.setPadding(new Insets(8, 0, 0, 0));
        root.getStylesheets().addAll(DetailWidgets.stylesheet(), Objects.requireNonNull(
                PagedTableView.class.getResource("table.css"), "table.css").toExternalForm());

        DetailWidgets.followSelection(model.list().selectedProperty(), row -> detail.show(row.uid()), detail::clear);
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
            sourceChoices.setAll(withSelected(choices.sources().stream().map(Source::uid).toList(),
                    model.sourceIds()));
            endpointChoices.setAll(withSelected(choices.endpoints().stream().map(Endpoint::uid).toList(),
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
        searchField.requestFocus();
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
