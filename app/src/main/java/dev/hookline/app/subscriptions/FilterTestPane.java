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
        // not disabled while the test runs (the form ignores a second click): a disabled button would lose the focus
        // and the keyboard would land somewhere else in the form (issue 25)
        run.setFocusTraversable(true);
        // the answer (or the refusal) comes into view when it arrives, the form scrolled only as far as needed
        result.textProperty().subscribe(text -> revealLater(run.getParent()));
        message.textProperty().subscribe(text -> revealLater(message));
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

    private static void revealLater(javafx.scene.Node node) {
        javafx.application.Platform.runLater(() -> reveal(node));
    }

    /** Scrolls the scroll pane around {@code node} (if any) just enough to show it whole. */
    static void reveal(javafx.scene.Node node) {
        if (node == null || !node.isVisible() || node.getScene() == null) {
            return;
        }
        javafx.scene.Node parent = node.getParent();
        while (parent != null && !(parent instanceof javafx.scene.control.ScrollPane)) {
            parent = parent.getParent();
        }
        if (!(parent instanceof javafx.scene.control.ScrollPane scroll) || scroll.getContent() == null) {
            return;
        }
        // lay the form out first: the answer's row may have changed size in this pulse (an error label shown or
        // hidden, the answer's text), and bounds from before that would scroll to where the row was
        scroll.applyCss();
        scroll.layout();
        javafx.scene.Node content = scroll.getContent();
        javafx.geometry.Bounds bounds = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
        double viewport = scroll.getViewportBounds().getHeight();
        double range = content.getBoundsInLocal().getHeight() - viewport;
        if (range <= 0 || bounds == null) {
            return;
        }
        double top = scroll.getVvalue() * range;
        if (bounds.getMaxY() > top + viewport) {
            top = Math.min(bounds.getMinY(), bounds.getMaxY() - viewport);
        } else if (bounds.getMinY() < top) {
            top = bounds.getMinY();
        } else {
            return;
        }
        scroll.setVvalue(Math.max(0, Math.min(1, top / range)));
    }

    private static void showError(Label label, ObservableStringValue text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }
}
