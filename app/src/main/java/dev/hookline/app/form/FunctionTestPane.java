package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import dev.hookline.app.json.JsonView;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Test part of a function editor: sample payload in, Test, then the output (pretty JSON) and the log out.
 * Ids: {@code <prefix>-sample}, {@code <prefix>-run}, {@code <prefix>-output}, {@code <prefix>-log},
 * {@code <prefix>-message}.
 */
public final class FunctionTestPane extends VBox {

    public FunctionTestPane(String prefix, FunctionTestViewModel viewModel) {
        super(6);
        TextArea sample = new TextArea();
        sample.setId(prefix + "-sample");
        sample.setPrefRowCount(4);
        sample.getStyleClass().add("code");
        sample.setStyle("-fx-font-family: monospace;");
        sample.textProperty().bindBidirectional(viewModel.samplePayload.textProperty());
        Label sampleError = errorLabel(prefix + "-sample-error");
        sampleError.textProperty().bind(viewModel.samplePayload.errorProperty());

        Button run = new Button("Test", new FontIcon(Feather.PLAY));
        run.setId(prefix + "-run");
        run.disableProperty().bind(viewModel.form().busyProperty());
        run.setOnAction(event -> viewModel.run());
        run.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label hint = new Label("Runs the function as typed on the sample, on the server.");
        hint.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        HBox bar = new HBox(8, run, hint);
        bar.setAlignment(Pos.CENTER_LEFT);

        Label message = errorLabel(prefix + "-message");
        message.textProperty().bind(viewModel.form().serverErrorProperty());

        JsonView output = new JsonView("Output");
        output.setId(prefix + "-output");
        output.setPrefHeight(140);
        viewModel.outputProperty().subscribe(output::setJsonText);
        output.visibleProperty().bind(viewModel.outputProperty().isNotEmpty());
        output.managedProperty().bind(output.visibleProperty());
        TextArea log = new TextArea();
        log.setId(prefix + "-log");
        log.setEditable(false);
        log.setPrefRowCount(2);
        log.setStyle("-fx-font-family: monospace;");
        log.textProperty().bind(viewModel.logProperty());
        log.visibleProperty().bind(viewModel.logProperty().isNotEmpty());
        log.managedProperty().bind(log.visibleProperty());

        Label sampleLabel = new Label("Sample payload");
        Label logLabel = new Label("Log (console.log)");
        logLabel.getStyleClass().add(Styles.TEXT_BOLD);
        logLabel.visibleProperty().bind(log.visibleProperty());
        logLabel.managedProperty().bind(log.visibleProperty());
        getChildren().addAll(sampleLabel, sample, sampleError, bar, message, output, logLabel, log);
    }

    static Label errorLabel(String id) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL);
        label.setWrapText(true);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }
}
