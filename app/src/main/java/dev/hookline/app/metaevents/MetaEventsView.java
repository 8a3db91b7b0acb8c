package dev.hookline.app.metaevents;

import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.traffic.EventTypeChoices;
import dev.hookline.app.traffic.FilterFields;
import dev.hookline.app.traffic.SavedViews;
import dev.hookline.app.traffic.TrafficView;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import org.controlsfx.control.CheckComboBox;

/**
 * Meta events: what the server told the project's own webhook about the project (endpoint changes, delivery
 * outcomes), with the selected one's attempt and retry state below; resend it. The layout is
 * {@code MetaEventsView.fxml}; the table's columns and the detail pane are built here and put in their places in
 * {@link #initialize()}.
 */
public final class MetaEventsView extends TrafficView<MetaEvent, MetaEventsViewModel, MetaEventDetailViewModel> {

    @FXML
    private SavedViews savedViews;
    @FXML
    private CheckComboBox<EventDeliveryStatus> metaStatusFilter;
    @FXML
    private ComboBox<String> metaEventTypeFilter;
    @FXML
    private ToggleButton metaEventsOldestFirst;
    @FXML
    private SplitPane split;
    @FXML
    private StackPane detailArea;
    @FXML
    private Label noMetaEventSelected;
    @FXML
    private Label metaEventUrlHint;

    public MetaEventsView(ConsoleSession session) {
        this(new MetaEventsViewModel(session), new MetaEventDetailViewModel(session));
    }

    private MetaEventsView(MetaEventsViewModel model, MetaEventDetailViewModel detail) {
        super(model, detail, "No meta events in this time window");
        table();
        loadLayout();
    }

    @FXML
    private void initialize() {
        metaStatusFilter.getItems().setAll(EventDeliveryStatus.values());
        FilterFields.bindMultiSelect(metaStatusFilter, model.statuses(), EventDeliveryStatus::wire);
        EventTypeChoices types = new EventTypeChoices();
        types.add(MetaEventsViewModel.TYPES);
        FilterFields.bindChoice(metaEventTypeFilter, types.choices(), model.eventTypeProperty());
        FilterFields.bindOldestFirst(metaEventsOldestFirst, model.sortProperty());
        savedViews.bind(model.remembered());
        table.filterBar().getChildren().add(metaEventUrlHint);

        placeDetail(split, detailArea, new MetaEventDetailPane(detail), detail.metaEventProperty(),
                noMetaEventSelected);
    }

    @FXML
    private void clearFilters() {
        model.clearFilters();
    }

    /** The table: its columns, empty text, time window, live tail and export. */
    private void table() {
        emptyTextByFilters(model::hasFilters, "No meta events match these filters",
                "No meta events in this time window");
        table.setId("metaEventsTable");
        table.addStatusColumn("Status", (MetaEvent m) -> m.status() == null ? null : m.status().wire());
        table.addColumn("Event type", MetaEvent::eventType).setPrefWidth(200);
        table.addColumn("Attempts", m -> m.metadata() == null || m.metadata().numTrials() == null ? "0"
                : m.metadata().numTrials().toString()).setPrefWidth(80);
        table.addTimeColumn("Created", MetaEvent::createdAt);
        table.addIdColumn("ID", MetaEvent::uid);
        table.enableDateRange();
        table.enableLiveTail();
        table.enableExport("meta-events", List.of(
                ExportColumn.of("id", MetaEvent::uid),
                ExportColumn.of("event_type", MetaEvent::eventType),
                ExportColumn.of("status", m -> m.status() == null ? "" : m.status().wire()),
                ExportColumn.of("created_at", MetaEvent::createdAt)));
    }
}
