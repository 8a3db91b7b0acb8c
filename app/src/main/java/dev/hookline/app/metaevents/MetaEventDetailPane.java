package dev.hookline.app.metaevents;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.table.StatusPill;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The meta event detail pane: facts, retry state, body sent, the latest attempt's headers and response; Resend. */
public final class MetaEventDetailPane extends VBox {

    public MetaEventDetailPane(MetaEventDetailViewModel model) {
        super(6);
        setId("metaEventDetail");
        getStyleClass().add("detail-pane");
        setPadding(new Insets(12));

        StatusPill status = new StatusPill();
        status.setId("metaEventStatus");
        model.metaEventProperty().subscribe(m -> status.setStatus(m == null || m.status() == null ? null
                : m.status().wire()));
        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE_4);
        title.textProperty().bind(text(model, m -> m.eventType() == null ? "Meta event" : m.eventType()));
        Button resend = new Button("Resend", new FontIcon(Feather.ROTATE_CW));
        resend.setId("resendMetaEvent");
        resend.disableProperty().bind(model.canResendProperty().not());
        resend.setOnAction(event -> model.resend());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(8, status, title, spacer, resend);
        header.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("metaEventMessage");
        message.setWrapText(true);
        message.textProperty().bind(Bindings.createStringBinding(() -> !model.errorProperty().get().isEmpty()
                ? model.errorProperty().get() : model.actionMessageProperty().get(),
                model.errorProperty(), model.actionMessageProperty()));
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        message.visibleProperty().bind(message.managedProperty());

        GridPane facts = DetailWidgets.factsGrid(3);
        DetailWidgets.addFact(facts, "Meta event ID", "metaEventId", text(model, MetaEvent::uid), true);
        DetailWidgets.addFact(facts, "Retries", "metaEventRetryState", model.retryStateProperty(), false);
        DetailWidgets.addFact(facts, "Created", "metaEventCreated",
                text(model, m -> DetailWidgets.time(m.createdAt())), false);

        var payload = DetailWidgets.codeArea("metaEventPayload", model.payloadProperty());
        var requestHeaders = DetailWidgets.codeArea("metaEventRequestHeaders",
                model.requestHeadersProperty().map(DetailWidgets::headerLines));
        var responseHeaders = DetailWidgets.codeArea("metaEventResponseHeaders",
                model.responseHeadersProperty().map(DetailWidgets::headerLines));
        var responseBody = DetailWidgets.codeArea("metaEventResponseBody", model.responseBodyProperty());
        VBox.setVgrow(responseBody, Priority.ALWAYS);
        VBox response = new VBox(4, sectionTitle("Response headers"), responseHeaders, sectionTitle("Response body"),
                responseBody);
        VBox.setVgrow(payload, Priority.ALWAYS);
        HBox copyBar = new HBox(DetailWidgets.copyButton("copyMetaEventPayload", "Copy body",
                model.payloadProperty()::get));
        copyBar.setAlignment(Pos.CENTER_RIGHT);

        TabPane tabs = new TabPane(new Tab("Body sent", new VBox(2, copyBar, payload)),
                new Tab("Request headers", requestHeaders), new Tab("Response", response));
        tabs.setId("metaEventTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        VBox.setVgrow(tabs, Priority.ALWAYS);

        getChildren().addAll(header, message, facts, tabs);
    }

    private static Label sectionTitle(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("section-title");
        return label;
    }

    private static ObservableValue<String> text(MetaEventDetailViewModel model, Function<MetaEvent, String> field) {
        return model.metaEventProperty().map(m -> {
            String value = field.apply(m);
            return value == null ? "" : value;
        }).orElse("");
    }
}
