package dev.hookline.app.metaevents;

import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.Copied;
import dev.hookline.app.table.StatusPill;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.function.Function;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * The meta event detail pane: facts, retry state, body sent, the latest attempt's headers and response; Resend. The
 * layout is {@code MetaEventDetailPane.fxml}; this class binds it to a {@link MetaEventDetailViewModel}.
 */
public final class MetaEventDetailPane extends VBox {

    private final MetaEventDetailViewModel model;
    @FXML
    private StatusPill metaEventStatus;
    @FXML
    private Label title;
    @FXML
    private Button resendMetaEvent;
    @FXML
    private Label metaEventMessage;
    @FXML
    private GridPane facts;
    @FXML
    private Button copyMetaEventPayload;
    @FXML
    private TextArea metaEventPayload;
    @FXML
    private TextArea metaEventRequestHeaders;
    @FXML
    private TextArea metaEventResponseHeaders;
    @FXML
    private TextArea metaEventResponseBody;

    public MetaEventDetailPane(MetaEventDetailViewModel model) {
        this.model = model;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        model.metaEventProperty().subscribe(m -> metaEventStatus.setStatus(m == null || m.status() == null ? null
                : m.status().wire()));
        title.textProperty().bind(text(model, m -> m.eventType() == null ? "Meta event" : m.eventType()));
        resendMetaEvent.disableProperty().bind(model.canResendProperty().not());

        DetailWidgets.showMessage(metaEventMessage, model);

        DetailWidgets.addFact(facts, "Meta event ID", "metaEventId", text(model, MetaEvent::uid), true);
        DetailWidgets.addFact(facts, "Retries", "metaEventRetryState", model.retryStateProperty(), false);
        DetailWidgets.addFact(facts, "Created", "metaEventCreated",
                text(model, m -> DetailWidgets.time(m.createdAt())), false);

        metaEventPayload.textProperty().bind(model.payloadProperty());
        metaEventRequestHeaders.textProperty().bind(model.requestHeadersProperty().map(DetailWidgets::headerLines));
        metaEventResponseHeaders.textProperty().bind(model.responseHeadersProperty()
                .map(DetailWidgets::headerLines));
        metaEventResponseBody.textProperty().bind(model.responseBodyProperty());
    }

    @FXML
    private void resend() {
        model.resend();
    }

    @FXML
    private void copyBody() {
        Copied.copy(copyMetaEventPayload, model.payloadProperty().get());
    }

    private static ObservableValue<String> text(MetaEventDetailViewModel model, Function<MetaEvent, String> field) {
        return model.metaEventProperty().map(m -> {
            String value = field.apply(m);
            return value == null ? "" : value;
        }).orElse("");
    }
}
