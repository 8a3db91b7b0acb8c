package dev.hookline.app.events;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.compare.CompareDialog;
import dev.hookline.app.compare.Comparison;
import dev.hookline.app.deliveries.DeliveryRows;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.table.StatusPill;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The event detail pane: facts, payload, headers, duplicate marker, its deliveries, Replay, Show deliveries. */
public final class EventDetailPane extends VBox {

    public EventDetailPane(EventDetailViewModel model) {
        this(model, new javafx.beans.property.SimpleStringProperty(""));
    }

    /** With the events list's {@code search}: its matches are highlighted in the payload. */
    public EventDetailPane(EventDetailViewModel model, ObservableValue<String> search) {
        super(8);
        setId("eventDetail");
        getStyleClass().add("detail-pane");
        setPadding(new Insets(12));

        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE_4);
        title.textProperty().bind(text(model, e -> e.eventType() == null ? "Event" : e.eventType()));
        Label duplicate = new Label("Duplicate", new FontIcon(Feather.COPY));
        duplicate.setId("duplicateMarker");
        duplicate.getStyleClass().add("duplicate-marker");
        duplicate.setTooltip(new javafx.scene.control.Tooltip(
                "The server saw this idempotency key before: this event got no deliveries."));
        duplicate.managedProperty().bind(model.duplicateProperty());
        duplicate.visibleProperty().bind(duplicate.managedProperty());
        Button replay = new Button("Replay", new FontIcon(Feather.REFRESH_CW));
        replay.setId("replayEvent");
        replay.disableProperty().bind(model.eventProperty().isNull());
        dev.hookline.app.form.ConfirmBar confirm = new dev.hookline.app.form.ConfirmBar();
        confirm.setId("replayConfirm");
        confirm.getStyleClass().add("batch-bar");
        replay.setOnAction(event -> confirm.ask(DetailWidgets.replayQuestion(model.replayEndpointCount(), false),
                "Replay to every endpoint", model::replay));
        model.eventProperty().addListener((o, before, now) -> {
            if (before == null || now == null || !before.uid().equals(now.uid())) {
                confirm.hide(); // the question was about another event
            }
        });
        Button showDeliveries = new Button("Show deliveries", new FontIcon(Feather.SEND));
        showDeliveries.setId("showEventDeliveries");
        showDeliveries.disableProperty().bind(model.eventProperty().isNull());
        showDeliveries.setOnAction(event -> model.showDeliveries());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // pin one event, pick another, compare the two side by side (payload, headers, type and source)
        ObjectProperty<Event> pinned = new SimpleObjectProperty<>(this, "pinned");
        Button pin = new Button("Pin to compare", new FontIcon(Feather.BOOKMARK));
        pin.setId("pinEvent");
        pin.disableProperty().bind(model.eventProperty().isNull());
        pin.setOnAction(event -> pinned.set(model.eventProperty().get()));
        Button compare = new Button("Compare with pinned", new FontIcon(Feather.COLUMNS));
        compare.setId("compareEvents");
        compare.disableProperty().bind(Bindings.createBooleanBinding(() -> pinned.get() == null
                || model.eventProperty().get() == null || pinned.get().uid().equals(model.eventProperty().get().uid()),
                pinned, model.eventProperty()));
        compare.setOnAction(event -> new CompareDialog(getScene() == null ? null : getScene().getWindow(),
                comparison(pinned.get(), model.eventProperty().get())).show());
        HBox header = new HBox(8, title, duplicate, spacer, pin, compare, replay, showDeliveries);
        header.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("eventDetailMessage");
        message.setWrapText(true);
        message.textProperty().bind(Bindings.createStringBinding(() -> !model.errorProperty().get().isEmpty()
                ? model.errorProperty().get() : model.actionMessageProperty().get(),
                model.errorProperty(), model.actionMessageProperty()));
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        message.visibleProperty().bind(message.managedProperty());

        // why nothing was delivered, as the server says (e.g. "subscription orders (...) is inactive")
        Label failureReason = new Label();
        failureReason.setId("eventDetailFailureReason");
        failureReason.setWrapText(true);
        failureReason.getStyleClass().add(Styles.WARNING);
        failureReason.setGraphic(new FontIcon(Feather.ALERT_TRIANGLE));
        failureReason.textProperty().bind(text(model, e -> e.failureReason() == null ? "" : e.failureReason()));
        failureReason.managedProperty().bind(failureReason.textProperty().isNotEmpty());
        failureReason.visibleProperty().bind(failureReason.managedProperty());

        GridPane facts = DetailWidgets.factsGrid(2);
        DetailWidgets.addFact(facts, "Event ID", "eventDetailId", text(model, Event::uid), true);
        DetailWidgets.addFact(facts, "Source", "eventDetailSource", text(model, e -> e.sourceMetadata() != null
                && e.sourceMetadata().name() != null ? e.sourceMetadata().name() : e.sourceId()), false);
        DetailWidgets.addFact(facts, "Idempotency key", "eventDetailIdempotencyKey",
                text(model, Event::idempotencyKey), true);
        DetailWidgets.addFact(facts, "Created", "eventDetailCreated",
                text(model, e -> DetailWidgets.time(e.createdAt())), false);

        var payload = DetailWidgets.codeArea("eventDetailPayload", model.payloadProperty());
        var headers = DetailWidgets.codeArea("eventDetailHeaders", text(model,
                e -> DetailWidgets.multiHeaderLines(e.headers())));

        TableView<EventDelivery> deliveries = new TableView<>(model.deliveries());
        deliveries.setId("eventDeliveries");
        deliveries.getStyleClass().add(Styles.DENSE);
        deliveries.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        deliveries.setPlaceholder(new Label("No deliveries"));
        TableColumn<EventDelivery, String> status = column("Status", d -> d.status() == null ? null
                : d.status().wire());
        status.setCellFactory(StatusPill.forTableColumn(text -> text));
        deliveries.getColumns().setAll(List.of(status,
                column("Endpoint", d -> d.endpointMetadata() != null && d.endpointMetadata().name() != null
                        ? d.endpointMetadata().name() : d.endpointId()),
                column("Attempts", DeliveryRows::attempts),
                column("Created", d -> DetailWidgets.time(d.createdAt())),
                column("Delivery ID", EventDelivery::uid)));

        Tab deliveriesTab = new Tab("Deliveries", deliveries);
        deliveriesTab.textProperty().bind(Bindings.size(model.deliveries()).asString("Deliveries (%d)"));
        HighlightedPayload highlighted = new HighlightedPayload(model.payloadProperty(), search);
        payload.visibleProperty().bind(highlighted.visibleProperty().not());
        javafx.scene.layout.StackPane payloadArea = new javafx.scene.layout.StackPane(payload, highlighted);
        TabPane tabs = new TabPane(new Tab("Payload", withCopy(payloadArea, "copyEventDetailPayload",
                model.payloadProperty()::get)), new Tab("Headers", headers), deliveriesTab);
        tabs.setId("eventDetailTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        VBox.setVgrow(tabs, Priority.ALWAYS);

        getChildren().addAll(header, confirm, message, failureReason, facts, tabs);
    }

    private static VBox withCopy(javafx.scene.Node area, String id,
                                 java.util.function.Supplier<String> text) {
        HBox bar = new HBox(DetailWidgets.copyButton(id, "Copy", text));
        bar.setAlignment(Pos.CENTER_RIGHT);
        VBox.setVgrow(area, Priority.ALWAYS);
        VBox box = new VBox(2, bar, area);
        box.setPadding(new Insets(4, 0, 0, 0));
        return box;
    }

    private static TableColumn<EventDelivery, String> column(String name, Function<EventDelivery, String> value) {
        TableColumn<EventDelivery, String> column = new TableColumn<>(name);
        column.setCellValueFactory(cell -> new javafx.beans.property.SimpleStringProperty(value.apply(cell.getValue())));
        column.setSortable(false);
        return column;
    }

    /** Two events as a {@link Comparison}: type and source, payload (indented when JSON), headers. */
    static Comparison comparison(Event left, Event right) {
        return new Comparison("Pinned: event " + left.uid(), "Shown: event " + right.uid(), List.of(
                new Comparison.Section("Event", summary(left), summary(right)),
                new Comparison.Section("Payload", JsonFormat.payload(left.raw(), left.data()),
                        JsonFormat.payload(right.raw(), right.data())),
                new Comparison.Section("Headers", DetailWidgets.multiHeaderLines(left.headers()),
                        DetailWidgets.multiHeaderLines(right.headers()))));
    }

    private static String summary(Event e) {
        String source = e.sourceMetadata() != null && e.sourceMetadata().name() != null ? e.sourceMetadata().name()
                : e.sourceId();
        return "type: " + e.eventType() + "\nsource: " + source + "\nidempotency key: " + e.idempotencyKey();
    }

    private static ObservableValue<String> text(EventDetailViewModel model, Function<Event, String> field) {
        return model.eventProperty().map(e -> {
            String value = field.apply(e);
            return value == null ? "" : value;
        }).orElse("");
    }
}
