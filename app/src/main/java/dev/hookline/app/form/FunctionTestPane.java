package dev.hookline.app.form;

import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.json.JsonView;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

/**
 * The Test part of a function editor: sample payload in, Test, then the output (pretty JSON) and the log out. The
 * layout is {@code FunctionTestPane.fxml}. Ids: {@code <prefix>-sample}, {@code <prefix>-run},
 * {@code <prefix>-output}, {@code <prefix>-log}, {@code <prefix>-message}.
 */
public final class FunctionTestPane extends VBox {

    private final String prefix;
    private final FunctionTestViewModel viewModel;
    @FXML
    private TextArea sample;
    @FXML
    private Label sampleError;
    @FXML
    private Button run;
    @FXML
    private Label message;
    @FXML
    private JsonView output;
    @FXML
    private Label logLabel;
    @FXML
    private TextArea log;

    public FunctionTestPane(String prefix, FunctionTestViewModel viewModel) {
        this.prefix = prefix;
        this.viewModel = viewModel;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        sample.setId(prefix + "-sample");
        sampleError.setId(prefix + "-sample-error");
        run.setId(prefix + "-run");
        message.setId(prefix + "-message");
        output.setId(prefix + "-output");
        log.setId(prefix + "-log");

        sample.textProperty().bindBidirectional(viewModel.samplePayload.textProperty());
        showWhenSet(sampleError);
        sampleError.textProperty().bind(viewModel.samplePayload.errorProperty());
        run.disableProperty().bind(viewModel.form().busyProperty());
        showWhenSet(message);
        message.textProperty().bind(viewModel.form().serverErrorProperty());
        viewModel.outputProperty().subscribe(output::setJsonText);
        output.visibleProperty().bind(viewModel.outputProperty().isNotEmpty());
        output.managedProperty().bind(output.visibleProperty());
        log.textProperty().bind(viewModel.logProperty());
        log.visibleProperty().bind(viewModel.logProperty().isNotEmpty());
        log.managedProperty().bind(log.visibleProperty());
        logLabel.visibleProperty().bind(log.visibleProperty());
        logLabel.managedProperty().bind(log.visibleProperty());
    }

    @FXML
    private void runTest() {
        viewModel.run();
    }

    /** An error label takes room only while it has something to say. */
    private static void showWhenSet(Label label) {
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }
}
