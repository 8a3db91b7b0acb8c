package dev.hookline.app.metaevents;

import atlantafx.base.theme.Styles;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.table.ExportColumn;
import dev.hookline.app.table.PagedTableView;
import dev.hookline.app.traffic.DetailWidgets;
import dev.hookline.app.traffic.EventTypeChoices;
import dev.hookline.app.traffic.FilterFields;
import java.util.List;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
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
 * Meta events: what the server told the project's own webhook about the project (endpoint changes, delivery
 * outcomes), with the selected one's attempt and retry state below; resend it.
 */
public final class MetaEventsView implements ConsoleView {

    private final MetaEventsViewModel model;
    private final MetaEventDetailViewModel detail;
    private final PagedTableView<MetaEvent> table;
    private final VBox root;
    private boolean loaded;

    public MetaEventsView(ConsoleSession session) {
        model = new MetaEventsViewModel(session);
        detail = new MetaEventDetailViewModel(session);
        detail.setAfterResend(() -> model.list().refresh());

        table = new PagedTableView<>(model.list(), "No meta events in this time window");
        table.setEmptyText(javafx.beans.binding.Bindings.createStringBinding(() -> model.hasFilters()
                ? "No meta events match these filters" : "No meta events in this time window",
                model.list().filterProperty()));
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
        table.setOnOpen(row -> detail.show(row.uid()));
        CheckComboBox<EventDeliveryStatus> statuses = FilterFields.multiSelect("metaStatusFilter", "All statuses",
                FXCollections.observableArrayList(EventDeliveryStatus.values()), model.statuses(),
                EventDeliveryStatus::wire);
        EventTypeChoices types = new EventTypeChoices();
        types.add(MetaEventsViewModel.TYPES);
        ComboBox<String> eventType = FilterFields.editableChoice("metaEventTypeFilter", "Event type", types.choices(),
                model.eventTypeProperty(), 170);
        ToggleButton oldestFirst = new ToggleButton(null, new FontIcon(Feather.ARROW_UP));
        oldestFirst.setId("metaEventsOldestFirst");
        oldestFirst.setTooltip(new Tooltip("Oldest first"));
        model.sortProperty().subscribe(sort -> oldestFirst.setSelected(sort == ListQuery.Sort.ASC));
        oldestFirst.selectedProperty().subscribe(on -> model.sortProperty().set(on ? ListQuery.Sort.ASC
                : ListQuery.Sort.DESC));
        Button clear = new Button("Clear", new FontIcon(Feather.X));
        clear.setId("clearMetaEventFilters");
        clear.getStyleClass().add(Styles.FLAT);
        clear.setOnAction(event -> model.clearFilters());
        FlowPane filters = new FlowPane(8, 6, statuses, eventType, oldestFirst, clear,
                FilterFields.savedViews("metaEvents", model.remembered()));
        filters.setAlignment(Pos.CENTER_LEFT);
        filters.setId("metaEventFilters");
        Label hint = new Label("Sent to the project's meta-event URL (project settings).");
        hint.getStyleClass().add(Styles.TEXT_MUTED);
        table.filterBar().getChildren().add(hint);

        Label empty = new Label("Select a meta event to see what was sent and answered.");
        empty.getStyleClass().add(Styles.TEXT_MUTED);
        MetaEventDetailPane pane = new MetaEventDetailPane(detail);
        pane.visibleProperty().bind(detail.metaEventProperty().isNotNull().or(detail.errorProperty().isNotEmpty()));
        empty.visibleProperty().bind(pane.visibleProperty().not());
        StackPane detailArea = new StackPane(empty, pane);
        detailArea.setMinHeight(200);

        SplitPane split = new SplitPane(table, detailArea);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        VBox.setVgrow(split, Priority.ALWAYS);
        root = new VBox(8, filters, split);
        root.setId("metaEventsView");
        root.setPadding(new Insets(8, 0, 0, 0));
        root.getStylesheets().addAll(DetailWidgets.stylesheet(), Objects.requireNonNull(
                PagedTableView.class.getResource("table.css"), "table.css").toExternalForm());

        DetailWidgets.followSelection(model.list().selectedProperty(), row -> detail.show(row.uid()), detail::clear);
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
        model.list().refresh();
        detail.reload();
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
        }
    }
}
