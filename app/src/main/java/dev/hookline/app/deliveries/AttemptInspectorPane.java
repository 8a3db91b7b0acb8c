package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.app.compare.CompareDialog;
import dev.hookline.app.table.Copied;
import dev.hookline.app.traffic.DetailWidgets;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The attempt inspector: what one attempt sent (method, URL, headers, body) and got back (status, headers, body),
 * its error and latency, "Copy as cURL", and "Pin to compare" / "Compare with pinned" ({@link CompareDialog}). Shows
 * whatever {@link AttemptInspection} it is bound to.
 */
final class AttemptInspectorPane extends VBox {

    /** The attempt pinned with "Pin to compare" (null: none). */
    private final javafx.beans.property.ObjectProperty<AttemptInspection> pinned;

    AttemptInspectorPane(ObservableValue<AttemptInspection> inspection) {
        this(inspection, new javafx.beans.property.SimpleStringProperty("Not attempted yet."));
    }

    /** {@code emptyText}: what it says while there is no attempt (e.g. why the delivery was never sent). */
    AttemptInspectorPane(ObservableValue<AttemptInspection> inspection, ObservableValue<String> emptyText) {
        super(4);
        pinned = new javafx.beans.property.SimpleObjectProperty<>(this, "pinned");
        setId("attemptInspector");
        setPadding(new Insets(0, 8, 8, 8));

        Label outcome = new Label();
        outcome.setId("attemptStatus");
        outcome.textProperty().bind(field(inspection, i -> i.responseStatus()));
        outcome.getStyleClass().add(Styles.TITLE_4);
        inspection.subscribe(i -> {
            outcome.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            if (i != null) {
                outcome.getStyleClass().add(i.succeeded() ? Styles.SUCCESS : Styles.DANGER);
            }
        });
        Label latency = new Label();
        latency.setId("attemptLatency");
        latency.textProperty().bind(field(inspection, i -> "in " + i.latency()));
        latency.getStyleClass().add(Styles.TEXT_MUTED);
        HBox summary = new HBox(10, outcome, latency);
        summary.setAlignment(Pos.BASELINE_LEFT);

        Label error = new Label();
        error.setId("attemptError");
        error.setWrapText(true);
        error.getStyleClass().add(Styles.DANGER);
        error.textProperty().bind(field(inspection, AttemptInspection::error));
        error.managedProperty().bind(error.textProperty().isNotEmpty());
        error.visibleProperty().bind(error.managedProperty());

        Label request = new Label();
        request.setId("attemptRequestLine");
        request.setWrapText(true);
        request.textProperty().bind(field(inspection, i -> i.method() + " " + (i.url() == null ? "" : i.url())));
        request.getStyleClass().add("fact-value");
        Button curl = new Button("Copy as cURL", new FontIcon(Feather.TERMINAL));
        curl.setId("copyCurl");
        curl.getStyleClass().add(Styles.SMALL);
        curl.disableProperty().bind(Bindings.createBooleanBinding(() -> inspection.getValue() == null
                || inspection.getValue().curl().isEmpty(), inspection));
        curl.setOnAction(event -> Copied.copy(curl, inspection.getValue().curl()));

        Label storedNote = new Label("This server does not record the body it sent: shown is the stored payload.");
        storedNote.getStyleClass().add(Styles.TEXT_MUTED);
        storedNote.setWrapText(true);
        storedNote.managedProperty().bind(Bindings.createBooleanBinding(() -> inspection.getValue() != null
                && inspection.getValue().requestBodyAsStored(), inspection));
        storedNote.visibleProperty().bind(storedNote.managedProperty());

        var requestHeaders = DetailWidgets.codeArea("requestHeaders",
                field(inspection, i -> DetailWidgets.headerLines(i.requestHeaders())));
        var requestBody = DetailWidgets.codeArea("requestBody", field(inspection, AttemptInspection::requestBody));
        var responseHeaders = DetailWidgets.codeArea("responseHeaders",
                field(inspection, i -> DetailWidgets.headerLines(i.responseHeaders())));
        var responseBody = DetailWidgets.codeArea("responseBody", field(inspection, AttemptInspection::responseBody));
        requestBody.setPrefRowCount(8);
        responseBody.setPrefRowCount(8);

        Label empty = new Label();
        empty.setId("attemptEmpty");
        empty.textProperty().bind(emptyText);
        empty.getStyleClass().add(Styles.TEXT_MUTED);
        empty.managedProperty().bind(Bindings.createBooleanBinding(() -> inspection.getValue() == null, inspection));
        empty.visibleProperty().bind(empty.managedProperty());

        // what was sent on the left, what came back on the right: the two read side by side
        VBox sent = new VBox(4, DeliveryDetailPane.sectionTitle("Request headers"), requestHeaders,
                DeliveryDetailPane.sectionTitle("Request body"), storedNote, requestBody);
        VBox received = new VBox(4, DeliveryDetailPane.sectionTitle("Response headers"), responseHeaders,
                DeliveryDetailPane.sectionTitle("Response body"), responseBody);
        HBox.setHgrow(sent, javafx.scene.layout.Priority.ALWAYS);
        HBox.setHgrow(received, javafx.scene.layout.Priority.ALWAYS);
        sent.setPrefWidth(100);
        received.setPrefWidth(100);
        // pin one attempt, pick another (of this or another delivery), compare the two side by side
        Button pin = new Button("Pin to compare", new FontIcon(Feather.BOOKMARK));
        pin.setId("pinAttempt");
        pin.getStyleClass().add(Styles.SMALL);
        pin.disableProperty().bind(inspection.map(i -> false).orElse(true));
        pin.setOnAction(event -> pinned.set(inspection.getValue()));
        Button compare = new Button("Compare with pinned", new FontIcon(Feather.COLUMNS));
        compare.setId("compareAttempts");
        compare.getStyleClass().add(Styles.SMALL);
        compare.disableProperty().bind(Bindings.createBooleanBinding(() -> pinned.get() == null
                || inspection.getValue() == null || pinned.get().attemptId().equals(inspection.getValue().attemptId()),
                pinned, inspection));
        compare.setOnAction(event -> new CompareDialog(getScene() == null ? null : getScene().getWindow(),
                AttemptComparison.of(pinned.get(), inspection.getValue())).show());
        VBox content = new VBox(4, summary, error, new HBox(8, request, curl, pin, compare),
                new HBox(12, sent, received));
        content.managedProperty().bind(empty.managedProperty().not());
        content.visibleProperty().bind(content.managedProperty());
        getChildren().addAll(empty, content);
    }

    private static ObservableValue<String> field(ObservableValue<AttemptInspection> inspection,
                                                 java.util.function.Function<AttemptInspection, String> read) {
        return inspection.map(i -> {
            String value = read.apply(i);
            return value == null ? "" : value;
        }).orElse("");
    }
}
