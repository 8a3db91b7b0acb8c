package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.app.compare.CompareDialog;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.Copied;
import dev.hookline.app.traffic.DetailWidgets;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

/**
 * The attempt inspector: what one attempt sent (method, URL, headers, body) and got back (status, headers, body),
 * its error and latency, "Copy as cURL", and "Pin to compare" / "Compare with pinned" ({@link CompareDialog}). Shows
 * whatever {@link AttemptInspection} it is bound to. The layout is {@code AttemptInspectorPane.fxml}.
 */
final class AttemptInspectorPane extends VBox {

    private final ObservableValue<AttemptInspection> inspection;
    private final ObservableValue<String> emptyText;
    /** The attempt pinned with "Pin to compare" (null: none). */
    private final ObjectProperty<AttemptInspection> pinned = new SimpleObjectProperty<>(this, "pinned");
    @FXML
    private Label attemptEmpty;
    @FXML
    private VBox content;
    @FXML
    private Label attemptStatus;
    @FXML
    private Label attemptLatency;
    @FXML
    private Label attemptError;
    @FXML
    private Label attemptRequestLine;
    @FXML
    private Button copyCurl;
    @FXML
    private Button pinAttempt;
    @FXML
    private Button compareAttempts;
    @FXML
    private TextArea requestHeaders;
    @FXML
    private Label storedNote;
    @FXML
    private TextArea requestBody;
    @FXML
    private TextArea responseHeaders;
    @FXML
    private TextArea responseBody;

    AttemptInspectorPane(ObservableValue<AttemptInspection> inspection) {
        this(inspection, new SimpleStringProperty("Not attempted yet."));
    }

    /** {@code emptyText}: what it says while there is no attempt (e.g. why the delivery was never sent). */
    AttemptInspectorPane(ObservableValue<AttemptInspection> inspection, ObservableValue<String> emptyText) {
        this.inspection = inspection;
        this.emptyText = emptyText;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        attemptStatus.textProperty().bind(field(inspection, i -> i.responseStatus()));
        inspection.subscribe(i -> {
            attemptStatus.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            if (i != null) {
                attemptStatus.getStyleClass().add(i.succeeded() ? Styles.SUCCESS : Styles.DANGER);
            }
        });
        attemptLatency.textProperty().bind(field(inspection, i -> "in " + i.latency()));

        attemptError.textProperty().bind(field(inspection, AttemptInspection::error));
        attemptError.managedProperty().bind(attemptError.textProperty().isNotEmpty());
        attemptError.visibleProperty().bind(attemptError.managedProperty());

        attemptRequestLine.textProperty().bind(field(inspection,
                i -> i.method() + " " + (i.url() == null ? "" : i.url())));
        copyCurl.disableProperty().bind(Bindings.createBooleanBinding(() -> inspection.getValue() == null
                || inspection.getValue().curl().isEmpty(), inspection));

        storedNote.managedProperty().bind(Bindings.createBooleanBinding(() -> inspection.getValue() != null
                && inspection.getValue().requestBodyAsStored(), inspection));
        storedNote.visibleProperty().bind(storedNote.managedProperty());

        requestHeaders.textProperty().bind(field(inspection, i -> DetailWidgets.headerLines(i.requestHeaders())));
        requestBody.textProperty().bind(field(inspection, AttemptInspection::requestBody));
        responseHeaders.textProperty().bind(field(inspection, i -> DetailWidgets.headerLines(i.responseHeaders())));
        responseBody.textProperty().bind(field(inspection, AttemptInspection::responseBody));

        pinAttempt.disableProperty().bind(inspection.map(i -> false).orElse(true));
        compareAttempts.disableProperty().bind(Bindings.createBooleanBinding(() -> pinned.get() == null
                || inspection.getValue() == null || pinned.get().attemptId().equals(inspection.getValue().attemptId()),
                pinned, inspection));

        attemptEmpty.textProperty().bind(emptyText);
        attemptEmpty.managedProperty().bind(Bindings.createBooleanBinding(() -> inspection.getValue() == null,
                inspection));
        attemptEmpty.visibleProperty().bind(attemptEmpty.managedProperty());
        content.managedProperty().bind(attemptEmpty.managedProperty().not());
        content.visibleProperty().bind(content.managedProperty());
    }

    @FXML
    private void copyAsCurl() {
        Copied.copy(copyCurl, inspection.getValue().curl());
    }

    @FXML
    private void pinToCompare() {
        pinned.set(inspection.getValue());
    }

    @FXML
    private void compareWithPinned() {
        new CompareDialog(getScene() == null ? null : getScene().getWindow(),
                AttemptComparison.of(pinned.get(), inspection.getValue())).show();
    }

    private static ObservableValue<String> field(ObservableValue<AttemptInspection> inspection,
                                                 java.util.function.Function<AttemptInspection, String> read) {
        return inspection.map(i -> {
            String value = read.apply(i);
            return value == null ? "" : value;
        }).orElse("");
    }
}
