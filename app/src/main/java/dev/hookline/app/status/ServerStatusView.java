package dev.hookline.app.status;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** Panel showing whether the embedded server runs, where, and where its data lives. Binds only. */
public final class ServerStatusView extends VBox {

    public ServerStatusView(ServerStatusViewModel viewModel) {
        super(12);
        setPadding(new Insets(16, 0, 0, 0));
        getStyleClass().add("server-status");

        Label title = new Label("Embedded server", new FontIcon(Feather.SERVER));
        title.getStyleClass().add(Styles.TITLE_3);
        title.setGraphicTextGap(8);

        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(18, 18);
        progress.visibleProperty().bind(viewModel.stateProperty().isEqualTo(ServerStatusViewModel.State.STARTING));
        progress.managedProperty().bind(progress.visibleProperty());

        Label message = new Label();
        message.setId("serverStatus");
        message.setWrapText(true);
        message.textProperty().bind(viewModel.messageProperty());
        viewModel.stateProperty().subscribe(state -> {
            message.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            switch (state) {
                case RUNNING -> message.getStyleClass().add(Styles.SUCCESS);
                case FAILED -> message.getStyleClass().add(Styles.DANGER);
                case STARTING -> { }
            }
        });

        HBox statusLine = new HBox(8, progress, message);
        statusLine.setFillHeight(false);

        Label dataDirectory = new Label();
        dataDirectory.setId("dataDirectory");
        dataDirectory.setWrapText(true);
        dataDirectory.getStyleClass().add(Styles.TEXT_MUTED);
        dataDirectory.textProperty().bind(viewModel.dataDirectoryProperty());

        getChildren().addAll(title, statusLine, dataDirectory);
    }
}
