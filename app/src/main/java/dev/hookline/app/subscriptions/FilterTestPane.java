package dev.hookline.app.subscriptions;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

/**
 * Test filter: a sample body and headers, Test, and whether the filters above let it through. The layout is
 * {@code FilterTestPane.fxml}. Ids: {@code filter-test-body}, {@code filter-test-headers}, {@code filter-test-run},
 * {@code filter-test-result}, {@code filter-test-message}.
 */
public final class FilterTestPane extends VBox {

    private final FilterTestViewModel viewModel;
    @FXML
    private TextArea body;
    @FXML
    private Label bodyError;
    @FXML
    private TextArea headers;
    @FXML
    private Label headersError;
    @FXML
    private Button run;
    @FXML
    private Label result;
    @FXML
    private Label message;

    public FilterTestPane(FilterTestViewModel viewModel) {
        this.viewModel = viewModel;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        body.textProperty().bindBidirectional(viewModel.sampleBody.textProperty());
        headers.textProperty().bindBidirectional(viewModel.sampleHeaders.textProperty());
        showError(bodyError, viewModel.sampleBody.errorProperty());
        showError(headersError, viewModel.sampleHeaders.errorProperty());
        showError(message, viewModel.form().serverErrorProperty());
        run.disableProperty().bind(viewModel.form().busyProperty());
        result.textProperty().bind(Bindings.createStringBinding(() -> viewModel.matchesProperty().get() == null ? ""
                : viewModel.matchesProperty().get() ? "Matches: it would be delivered"
                : "No match: not delivered", viewModel.matchesProperty()));
        viewModel.matchesProperty().subscribe(matches -> {
            result.getStyleClass().removeAll(Styles.SUCCESS, Styles.WARNING);
            if (matches != null) {
                result.getStyleClass().add(matches ? Styles.SUCCESS : Styles.WARNING);
            }
        });
    }

    @FXML
    private void runTest() {
        viewModel.run();
    }

    private static void showError(Label label, ObservableStringValue text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }
}
