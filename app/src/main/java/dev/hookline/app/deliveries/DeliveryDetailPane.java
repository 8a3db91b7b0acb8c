package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.table.Copied;
import dev.hookline.app.table.StatusPill;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.function.BiConsumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The delivery detail pane: summary, retry actions (a disabled one says why on hover), "send again to this endpoint
 * only" and replay (asked first), the attempts with the attempt inspector, and the event's payload. The layout is
 * {@code DeliveryDetailPane.fxml}; this class binds it to a {@link DeliveryDetailViewModel} and has no logic of its
 * own.
 */
public final class DeliveryDetailPane extends VBox {

    private final DeliveryDetailViewModel model;
    private final BiConsumer<String, Runnable> confirm;
    private final int factsPerRow;
    @FXML
    private StatusPill detailStatus;
    @FXML
    private Label title;
    @FXML
    private Button retryDelivery;
    @FXML
    private Button forceResendDelivery;
    @FXML
    private Button sendAgainToEndpoint;
    @FXML
    private Button replayFromDelivery;
    @FXML
    private Label detailMessage;
    @FXML
    private Label detailWhy;
    @FXML
    private GridPane facts;
    @FXML
    private ListView<DeliveryAttempt> attemptList;
    @FXML
    private ScrollPane inspectorScroll;
    @FXML
    private Button copyEventPayload;
    @FXML
    private TextArea eventPayload;
    @FXML
    private TextArea eventHeaders;

    /**
     * @param confirm asks the user before a replay (the question, then what runs when they agree)
     */
    public DeliveryDetailPane(DeliveryDetailViewModel model, BiConsumer<String, Runnable> confirm) {
        this(model, confirm, 0);
    }

    /**
     * @param factsPerRow how many facts share a row ({@code 0}: the layout's own, three); the delivery's own
     *                    window uses two, so IDs show whole
     */
    DeliveryDetailPane(DeliveryDetailViewModel model, BiConsumer<String, Runnable> confirm, int factsPerRow) {
        this.model = model;
        this.confirm = confirm;
        this.factsPerRow = factsPerRow;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        model.deliveryProperty().subscribe(d -> detailStatus.setStatus(d == null || d.status() == null ? null
                : d.status().wire()));
        title.textProperty().bind(text(model, d -> d.eventType() == null ? "Delivery" : d.eventType()));

        retryDelivery.disableProperty().bind(model.canResendProperty().not());
        DetailWidgets.explain(retryDelivery, model.retryBlockedProperty());
        forceResendDelivery.disableProperty().bind(model.canForceResendProperty().not());
        DetailWidgets.explain(forceResendDelivery, model.forceResendBlockedProperty());
        sendAgainToEndpoint.disableProperty().bind(model.canSendAgainProperty().not());
        DetailWidgets.explain(sendAgainToEndpoint, Bindings.createStringBinding(() -> model.canSendAgainProperty()
                .get() ? "" : model.retryBlockedProperty().get(), model.canSendAgainProperty(),
                model.retryBlockedProperty()));
        replayFromDelivery.disableProperty().bind(model.deliveryProperty().isNull());

        DetailWidgets.showMessage(detailMessage, model);
        model.errorProperty().subscribe(error -> detailMessage.pseudoClassStateChanged(Styles.STATE_DANGER,
                !error.isEmpty()));

        detailWhy.textProperty().bind(text(model, DeliveryRows::detailHeadline));
        detailWhy.managedProperty().bind(detailWhy.textProperty().isNotEmpty());
        detailWhy.visibleProperty().bind(detailWhy.managedProperty());

        if (factsPerRow > 0) {
            facts.setUserData(factsPerRow);
        }
        DetailWidgets.addFact(facts, "Delivery ID", "detailDeliveryId", text(model, EventDelivery::uid), true);
        DetailWidgets.addFact(facts, "Event ID", "detailEventId", text(model, EventDelivery::eventId), true);
        DetailWidgets.addFact(facts, "Endpoint", "detailEndpoint", text(model, d -> d.endpointMetadata() != null
                && d.endpointMetadata().name() != null ? d.endpointMetadata().name() + "  (" + d.endpointId() + ")"
                : d.endpointId()), false);
        DetailWidgets.addFact(facts, "Subscription", "detailSubscription",
                text(model, EventDelivery::subscriptionId), true);
        DetailWidgets.addFact(facts, "Last response", "detailLastResponse", text(model, d -> DeliveryRows
                .lastResponse(d).isEmpty() ? "—" : DeliveryRows.lastResponse(d)), false);
        DetailWidgets.addFact(facts, "Attempts", "detailAttempts", text(model, DeliveryRows::attempts), false);
        DetailWidgets.addFact(facts, "Next attempt", "detailNextAttempt", text(model, DeliveryRows::nextAttempt),
                false);
        DetailWidgets.addFact(facts, "Created", "detailCreated",
                text(model, d -> DetailWidgets.time(d.createdAt())), false);

        attempts();
        eventPayload.textProperty().bind(payload());
        eventHeaders.textProperty().bind(Bindings.createStringBinding(() -> model.eventProperty().get() == null ? ""
                : DetailWidgets.multiHeaderLines(model.eventProperty().get().headers()), model.eventProperty()));
    }

    @FXML
    private void retry() {
        model.resend();
    }

    @FXML
    private void forceResend() {
        model.forceResend();
    }

    @FXML
    private void sendAgain() {
        model.sendAgainToThisEndpoint();
    }

    @FXML
    private void replay() {
        confirm.accept(DetailWidgets.replayQuestion(model.replayEndpointCount(), true), model::replayEvent);
    }

    @FXML
    private void copyPayload() {
        Copied.copy(copyEventPayload, eventPayload.getText());
    }

    /** The attempts, one a line with its outcome, selecting the one the inspector shows. */
    private void attempts() {
        attemptList.setItems(model.attempts());
        attemptList.setCellFactory(view -> new ListCell<>() {
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
        // two-way by hand: the model picks the newest attempt after a load, the user picks any
        model.selectedAttemptProperty().subscribe(attempt -> {
            if (attemptList.getSelectionModel().getSelectedItem() != attempt) {
                attemptList.getSelectionModel().select(attempt);
            }
        });
        attemptList.getSelectionModel().selectedItemProperty().subscribe(attempt -> {
            if (attempt != null) {
                model.selectedAttemptProperty().set(attempt);
            }
        });
        inspectorScroll.setContent(new AttemptInspectorPane(model.inspectionProperty(),
                text(model, DeliveryRows::notAttempted)));
    }

    /** The event's payload as sent. */
    private StringBinding payload() {
        return Bindings.createStringBinding(() -> {
            // the delivery's raw text is the payload byte for byte; the parsed event data may round numbers
            EventDelivery d = model.deliveryProperty().get();
            if (d != null && d.metadata() != null && d.metadata().raw() != null) {
                return JsonFormat.prettyText(d.metadata().raw());
            }
            return model.eventProperty().get() == null ? ""
                    : JsonFormat.payload(model.eventProperty().get().raw(), model.eventProperty().get().data());
        }, model.eventProperty(), model.deliveryProperty());
    }

    private static ObservableValue<String> text(DeliveryDetailViewModel model,
                                                java.util.function.Function<EventDelivery, String> field) {
        return model.deliveryProperty().map(d -> {
            String value = field.apply(d);
            return value == null ? "" : value;
        }).orElse("");
    }
}
