package dev.hookline.app.events;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.compare.CompareDialog;
import dev.hookline.app.compare.Comparison;
import dev.hookline.app.deliveries.DeliveryRows;
import dev.hookline.app.form.ConfirmBar;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.table.Copied;
import dev.hookline.app.table.StatusPill;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The event detail pane: facts, payload, headers, duplicate marker, its deliveries, Replay, Show deliveries. The
 * layout is {@code EventDetailPane.fxml}; this class binds it to an {@link EventDetailViewModel}.
 */
public final class EventDetailPane extends VBox {

    private final EventDetailViewModel model;
    private final ObservableValue<String> search;
    /** The event pinned with "Pin to compare" (null: none). */
    private final ObjectProperty<Event> pinned = new SimpleObjectProperty<>(this, "pinned");
    @FXML
    private Label title;
    @FXML
    private Label duplicateMarker;
    @FXML
    private Button pinEvent;
    @FXML
    private Button compareEvents;
    @FXML
    private Button replayEvent;
    @FXML
    private Button showEventDeliveries;
    @FXML
    private ConfirmBar replayConfirm;
    @FXML
    private Label eventDetailMessage;
    @FXML
    private Label eventDetailFailureReason;
    @FXML
    private GridPane facts;
    @FXML
    private Button copyEventDetailPayload;
    @FXML
    private StackPane payloadArea;
    @FXML
    private TextArea eventDetailPayload;
    @FXML
    private TextArea eventDetailHeaders;
    @FXML
    private Tab deliveriesTab;
    @FXML
    private TableView<EventDelivery> eventDeliveries;
    @FXML
    private TableColumn<EventDelivery, String> statusColumn;
    @FXML
    private TableColumn<EventDelivery, String> endpointColumn;
    @FXML
    private TableColumn<EventDelivery, String> attemptsColumn;
    @FXML
    private TableColumn<EventDelivery, String> createdColumn;
    @FXML
    private TableColumn<EventDelivery, String> deliveryIdColumn;

    public EventDetailPane(EventDetailViewModel model) {
        this(model, new SimpleStringProperty(""));
    }

    /** With the events list's {@code search}: its matches are highlighted in the payload. */
    public EventDetailPane(EventDetailViewModel model, ObservableValue<String> search) {
        this.model = model;
        this.search = search;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        title.textProperty().bind(text(model, e -> e.eventType() == null ? "Event" : e.eventType()));
        duplicateMarker.managedProperty().bind(model.duplicateProperty());
        duplicateMarker.visibleProperty().bind(duplicateMarker.managedProperty());
        pinEvent.disableProperty().bind(model.eventProperty().isNull());
        compareEvents.disableProperty().bind(Bindings.createBooleanBinding(() -> pinned.get() == null
                || model.eventProperty().get() == null || pinned.get().uid().equals(model.eventProperty().get().uid()),
                pinned, model.eventProperty()));
        replayEvent.disableProperty().bind(model.eventProperty().isNull());
        model.eventProperty().addListener((o, before, now) -> {
            if (before == null || now == null || !before.uid().equals(now.uid())) {
                replayConfirm.hide(); // the question was about another event
            }
        });
        showEventDeliveries.disableProperty().bind(model.eventProperty().isNull());

        DetailWidgets.showMessage(eventDetailMessage, model);

        eventDetailFailureReason.textProperty().bind(text(model, e -> e.failureReason() == null ? ""
                : e.failureReason()));
        eventDetailFailureReason.managedProperty().bind(eventDetailFailureReason.textProperty().isNotEmpty());
        eventDetailFailureReason.visibleProperty().bind(eventDetailFailureReason.managedProperty());

        DetailWidgets.addFact(facts, "Event ID", "eventDetailId", text(model, Event::uid), true);
        DetailWidgets.addFact(facts, "Source", "eventDetailSource", text(model, e -> e.sourceMetadata() != null
                && e.sourceMetadata().name() != null ? e.sourceMetadata().name() : e.sourceId()), false);
        DetailWidgets.addFact(facts, "Idempotency key", "eventDetailIdempotencyKey",
                text(model, Event::idempotencyKey), true);
        DetailWidgets.addFact(facts, "Created", "eventDetailCreated",
                text(model, e -> DetailWidgets.time(e.createdAt())), false);

        eventDetailPayload.textProperty().bind(model.payloadProperty());
        HighlightedPayload highlighted = new HighlightedPayload(model.payloadProperty(), search);
        eventDetailPayload.visibleProperty().bind(highlighted.visibleProperty().not());
        payloadArea.getChildren().add(highlighted);
        eventDetailHeaders.textProperty().bind(text(model, e -> DetailWidgets.multiHeaderLines(e.headers())));

        eventDeliveries.setItems(model.deliveries());
        value(statusColumn, d -> d.status() == null ? null : d.status().wire());
        statusColumn.setCellFactory(StatusPill.forTableColumn(text -> text));
        value(endpointColumn, d -> d.endpointMetadata() != null && d.endpointMetadata().name() != null
                ? d.endpointMetadata().name() : d.endpointId());
        value(attemptsColumn, DeliveryRows::attempts);
        value(createdColumn, d -> DetailWidgets.time(d.createdAt()));
        value(deliveryIdColumn, EventDelivery::uid);
        deliveriesTab.textProperty().bind(Bindings.size(model.deliveries()).asString("Deliveries (%d)"));
    }

    @FXML
    private void pinToCompare() {
        pinned.set(model.eventProperty().get());
    }

    @FXML
    private void compareWithPinned() {
        new CompareDialog(getScene() == null ? null : getScene().getWindow(),
                comparison(pinned.get(), model.eventProperty().get())).show();
    }

    @FXML
    private void replay() {
        replayConfirm.ask(DetailWidgets.replayQuestion(model.replayEndpointCount(), false),
                "Replay to every endpoint", model::replay);
    }

    @FXML
    private void showDeliveries() {
        model.showDeliveries();
    }

    @FXML
    private void copyPayload() {
        Copied.copy(copyEventDetailPayload, model.payloadProperty().get());
    }

    private static void value(TableColumn<EventDelivery, String> column, Function<EventDelivery, String> value) {
        column.setCellValueFactory(cell -> new SimpleStringProperty(value.apply(cell.getValue())));
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
