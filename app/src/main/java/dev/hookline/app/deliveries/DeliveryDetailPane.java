package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.table.StatusPill;
import dev.hookline.app.traffic.DetailWidgets;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The delivery detail pane: summary, retry actions (a disabled one says why on hover), "send again to this endpoint
 * only" and replay (asked first), the attempts with the attempt inspector, and the event's payload. Binds to a
 * {@link DeliveryDetailViewModel}; no logic of its own.
 */
public final class DeliveryDetailPane extends VBox {

    /**
     * @param confirm asks the user before a replay (the question, then what runs when they agree)
     */
    public DeliveryDetailPane(DeliveryDetailViewModel model,
                              java.util.function.BiConsumer<String, Runnable> confirm) {
        super(8);
        setId("deliveryDetail");
        getStyleClass().add("detail-pane");
        setPadding(new Insets(12));

        StatusPill status = new StatusPill();
        status.setId("detailStatus");
        model.deliveryProperty().subscribe(d -> status.setStatus(d == null || d.status() == null ? null
                : d.status().wire()));
        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE_4);
        title.textProperty().bind(text(model, d -> d.eventType() == null ? "Delivery" : d.eventType()));

        Button retry = new Button("Retry", new FontIcon(Feather.ROTATE_CW));
        retry.setId("retryDelivery");
        retry.disableProperty().bind(model.canResendProperty().not());
        retry.setOnAction(event -> model.resend());
        Button force = new Button("Force resend", new FontIcon(Feather.SEND));
        force.setId("forceResendDelivery");
        force.disableProperty().bind(model.canForceResendProperty().not());
        force.setOnAction(event -> model.forceResend());
        Button sendAgain = new Button("Send again to this endpoint only", new FontIcon(Feather.CORNER_DOWN_RIGHT));
        sendAgain.setId("sendAgainToEndpoint");
        sendAgain.disableProperty().bind(model.canSendAgainProperty().not());
        sendAgain.setOnAction(event -> model.sendAgainToThisEndpoint());
        Button replay = new Button("Replay event…", new FontIcon(Feather.REFRESH_CW));
        replay.setId("replayFromDelivery");
        replay.disableProperty().bind(model.deliveryProperty().isNull());
        replay.setOnAction(event -> confirm.accept(DetailWidgets.replayQuestion(
                model.replayEndpointCount(), true), model::replayEvent));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(8, status, title, spacer, DetailWidgets.explained(retry, model.retryBlockedProperty()),
                DetailWidgets.explained(force, model.forceResendBlockedProperty()),
                DetailWidgets.explained(sendAgain, Bindings.createStringBinding(() -> model.canSendAgainProperty().get()
                        ? "" : model.retryBlockedProperty().get(), model.canSendAgainProperty(),
                        model.retryBlockedProperty())), replay);
        header.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("detailMessage");
        message.setWrapText(true);
        message.textProperty().bind(Bindings.createStringBinding(() -> !model.errorProperty().get().isEmpty()
                ? model.errorProperty().get() : model.actionMessageProperty().get(),
                model.errorProperty(), model.actionMessageProperty()));
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        message.visibleProperty().bind(message.managedProperty());
        model.errorProperty().subscribe(error -> message.pseudoClassStateChanged(Styles.STATE_DANGER,
                !error.isEmpty()));

        // why a Failure or Discarded delivery stopped, in the server's words (e.g. "endpoint is paused")
        Label why = new Label();
        why.setId("detailWhy");
        why.setWrapText(true);
        why.setGraphic(new FontIcon(Feather.INFO));
        why.getStyleClass().add("delivery-why");
        why.textProperty().bind(text(model, d -> DeliveryRows.why(d).isEmpty() ? ""
                : d.status().wire() + ": " + DeliveryRows.why(d)));
        why.managedProperty().bind(why.textProperty().isNotEmpty());
        why.visibleProperty().bind(why.managedProperty());

        GridPane facts = DetailWidgets.factsGrid(3);
        DetailWidgets.addFact(facts, "Delivery ID", "detailDeliveryId", text(model, EventDelivery::uid), true);
        DetailWidgets.addFact(facts, "Event ID", "detailEventId", text(model, EventDelivery::eventId), true);
        DetailWidgets.addFact(facts, "Endpoint", "detailEndpoint", text(model, d -> d.endpointMetadata() != null
                && d.endpointMetadata().name() != null ? d.endpointMetadata().name() + "  (" + d.endpointId() + ")"
                : d.endpointId()), false);
        DetailWidgets.addFact(facts, "Subscription", "detailSubscription",
                text(model, EventDelivery::subscriptionId), true);
        DetailWidgets.addFact(facts, "Attempts", "detailAttempts", text(model, DeliveryRows::attempts), false);
        DetailWidgets.addFact(facts, "Next attempt", "detailNextAttempt", text(model, DeliveryRows::nextAttempt),
                false);
        DetailWidgets.addFact(facts, "Created", "detailCreated",
                text(model, d -> DetailWidgets.time(d.createdAt())), false);

        TabPane tabs = new TabPane(new Tab("Attempts", attempts(model)), new Tab("Event", eventTab(model)));
        tabs.setId("detailTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        VBox.setVgrow(tabs, Priority.ALWAYS);

        getChildren().addAll(header, message, why, facts, tabs);
    }

    private static SplitPane attempts(DeliveryDetailViewModel model) {
        ListView<DeliveryAttempt> list = new ListView<>(model.attempts());
        list.setId("attemptList");
        list.setCellFactory(view -> new ListCell<>() {
            @Override
            protected void updateItem(DeliveryAttempt attempt, boolean empty) {
                super.updateItem(attempt, empty);
                if (empty || attempt == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                int number = getListView().getItems().indexOf(attempt) + 1;
                String outcome = attempt.httpStatus() == null || attempt.httpStatus().isBlank() ? "no response"
                        : attempt.httpStatus();
                setText("#" + number + "  " + outcome + "  " + AttemptInspection.latency(attempt));
                FontIcon icon = new FontIcon(Boolean.TRUE.equals(attempt.status()) ? Feather.CHECK_CIRCLE
                        : Feather.X_CIRCLE);
                icon.getStyleClass().add(Boolean.TRUE.equals(attempt.status()) ? Styles.SUCCESS : Styles.DANGER);
                setGraphic(icon);
            }
        });
        list.setPrefWidth(190);
        list.setMinWidth(150);
        // two-way by hand: the model picks the newest attempt after a load, the user picks any
        model.selectedAttemptProperty().subscribe(attempt -> {
            if (list.getSelectionModel().getSelectedItem() != attempt) {
                list.getSelectionModel().select(attempt);
            }
        });
        list.getSelectionModel().selectedItemProperty().subscribe(attempt -> {
            if (attempt != null) {
                model.selectedAttemptProperty().set(attempt);
            }
        });

        ScrollPane inspector = new ScrollPane(new AttemptInspectorPane(model.inspectionProperty(),
                text(model, d -> DeliveryRows.why(d).isEmpty() ? "Not attempted yet."
                        : "Not attempted: " + DeliveryRows.why(d) + ".")));
        inspector.setFitToWidth(true);
        SplitPane split = new SplitPane(list, inspector);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.18);
        SplitPane.setResizableWithParent(list, false);
        return split;
    }

    private static VBox eventTab(DeliveryDetailViewModel model) {
        StringBinding payload = Bindings.createStringBinding(() -> {
            // the delivery's raw text is the payload byte for byte; the parsed event data may round numbers
            EventDelivery d = model.deliveryProperty().get();
            if (d != null && d.metadata() != null && d.metadata().raw() != null) {
                return JsonFormat.prettyText(d.metadata().raw());
            }
            return model.eventProperty().get() == null ? ""
                    : JsonFormat.payload(model.eventProperty().get().raw(), model.eventProperty().get().data());
        }, model.eventProperty(), model.deliveryProperty());
        StringBinding headers = Bindings.createStringBinding(() -> model.eventProperty().get() == null ? ""
                : DetailWidgets.multiHeaderLines(model.eventProperty().get().headers()), model.eventProperty());
        Label payloadTitle = sectionTitle("Payload");
        var payloadArea = DetailWidgets.codeArea("eventPayload", payload);
        VBox.setVgrow(payloadArea, Priority.ALWAYS);
        VBox box = new VBox(4, new HBox(4, payloadTitle,
                DetailWidgets.copyButton("copyEventPayload", "Copy payload", payload::get)),
                payloadArea, sectionTitle("Headers"), DetailWidgets.codeArea("eventHeaders", headers));
        box.setPadding(new Insets(8, 0, 0, 0));
        return box;
    }

    static Label sectionTitle(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("section-title");
        return label;
    }

    private static ObservableValue<String> text(DeliveryDetailViewModel model,
                                                java.util.function.Function<EventDelivery, String> field) {
        return model.deliveryProperty().map(d -> {
            String value = field.apply(d);
            return value == null ? "" : value;
        }).orElse("");
    }
}
