package dev.hookline.app.status;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.VBox;

/**
 * Panel showing whether the embedded server runs, where, and where its data lives. The layout is
 * {@code ServerStatusView.fxml}; this class only binds it to the view model.
 */
public final class ServerStatusView extends VBox {

    private final ServerStatusViewModel viewModel;
    @FXML
    private ProgressIndicator progress;
    @FXML
    private Label serverStatus;
    @FXML
    private Label dataDirectory;
    @FXML
    private Label portNote;

    public ServerStatusView(ServerStatusViewModel viewModel) {
        this.viewModel = viewModel;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        progress.visibleProperty().bind(viewModel.stateProperty().isEqualTo(ServerStatusViewModel.State.STARTING));
        progress.managedProperty().bind(progress.visibleProperty());
        serverStatus.textProperty().bind(viewModel.messageProperty());
        viewModel.stateProperty().subscribe(state -> {
            serverStatus.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            switch (state) {
                case RUNNING -> serverStatus.getStyleClass().add(Styles.SUCCESS);
                case FAILED -> serverStatus.getStyleClass().add(Styles.DANGER);
                case STARTING -> { }
            }
        });
        dataDirectory.textProperty().bind(viewModel.dataDirectoryProperty());
        portNote.textProperty().bind(viewModel.portNoteProperty());
        portNote.visibleProperty().bind(viewModel.portNoteProperty().isNotNull());
        portNote.managedProperty().bind(portNote.visibleProperty());
    }
}
