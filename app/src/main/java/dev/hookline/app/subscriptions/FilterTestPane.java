package dev.hookline.app.subscriptions;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Test filter: a sample body and headers, Test, and whether the filters above let it through. Ids:
 * {@code filter-test-body}, {@code filter-test-headers}, {@code filter-test-run}, {@code filter-test-result},
 * {@code filter-test-message}.
 */
public final class FilterTestPane extends VBox {

    public FilterTestPane(FilterTestViewModel viewModel) {
        super(6);
        TextArea body = area("filter-test-body", 3);
        body.textProperty().bindBidirectional(viewModel.sampleBody.textProperty());
        TextArea headers = area("filter-test-headers", 2);
        headers.setPromptText("{\"X-Tenant\": \"acme\"}");
        headers.textProperty().bindBidirectional(viewModel.sampleHeaders.textProperty());

        Button run = new Button("Test filter", new FontIcon(Feather.FILTER));
        run.setId("filter-test-run");
        run.disableProperty().bind(viewModel.form().busyProperty());
        run.setOnAction(event -> viewModel.run());
        run.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label result = new Label();
        result.setId("filter-test-result");
        result.textProperty().bind(Bindings.createStringBinding(() -> viewModel.matchesProperty().get() == null ? ""
                : viewModel.matchesProperty().get() ? "Matches: it would be delivered"
                : "No match: not delivered", viewModel.matchesProperty()));
        viewModel.matchesProperty().subscribe(matches -> {
            result.getStyleClass().removeAll(Styles.SUCCESS, Styles.WARNING);
            if (matches != null) {
                result.getStyleClass().add(matches ? Styles.SUCCESS : Styles.WARNING);
            }
        });
        result.setWrapText(true);
        HBox bar = new HBox(10, run, result);
        bar.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(result, javafx.scene.layout.Priority.ALWAYS);
        result.setMinWidth(0);
        result.setMaxWidth(Double.MAX_VALUE);

        getChildren().addAll(new Label("Sample body"), body, error("filter-test-body-error",
                viewModel.sampleBody.errorProperty()), new Label("Sample headers"), headers,
                error("filter-test-headers-error", viewModel.sampleHeaders.errorProperty()), bar,
                error("filter-test-message", viewModel.form().serverErrorProperty()));
    }

    private static TextArea area(String id, int rows) {
        TextArea area = new TextArea();
        area.setId(id);
        area.setPrefRowCount(rows);
        area.setStyle("-fx-font-family: monospace;");
        return area;
    }

    private static Label error(String id, javafx.beans.value.ObservableStringValue text) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL);
        label.setWrapText(true);
        label.textProperty().bind(text);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }
}
