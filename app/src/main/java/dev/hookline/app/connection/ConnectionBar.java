package dev.hookline.app.connection;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.Project;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The top bar's connection and project switchers. Binds to the {@link ConnectionManager}. */
public final class ConnectionBar extends HBox {

    private boolean updating;

    public ConnectionBar(ConnectionManager manager) {
        super(8);
        setAlignment(Pos.CENTER_RIGHT);

        ComboBox<ConnectionProfile> connection = new ComboBox<>(manager.profiles());
        connection.setId("connectionSwitcher");
        connection.setTooltip(new Tooltip("Connection"));
        connection.setPrefWidth(220);
        ComboBox<Project> project = new ComboBox<>(manager.projects());
        project.setId("projectSwitcher");
        project.setTooltip(new Tooltip("Project"));
        project.setPrefWidth(200);
        project.setCellFactory(list -> new ProjectCell());
        project.setButtonCell(new ProjectCell());
        project.setOnShowing(event -> manager.refreshProjects());

        // the lists are replaced whole (settings saved, projects listed again), which clears a combo box's
        // selection: show the current connection and project again after each change of either. After, not in, the
        // change: the popup's list (same items) clears its selection in a listener of its own, added when the box
        // was first shown, and hands that to the box after ours ran
        Runnable showConnection = () -> {
            ConnectionProfile profile = manager.activeProperty().get();
            updating = true;
            connection.getSelectionModel().select(profile == null ? null
                    : manager.profiles().stream().filter(p -> p.id().equals(profile.id())).findFirst().orElse(null));
            updating = false;
        };
        Runnable showProject = () -> {
            Project chosen = manager.projectProperty().get();
            updating = true;
            project.getSelectionModel().select(chosen == null ? null
                    : manager.projects().stream().filter(p -> p.uid().equals(chosen.uid())).findFirst().orElse(null));
            updating = false;
        };
        manager.activeProperty().subscribe(profile -> showConnection.run());
        connection.getItems().addListener((javafx.collections.ListChangeListener<ConnectionProfile>) change ->
                javafx.application.Platform.runLater(showConnection));
        manager.projectProperty().subscribe(chosen -> showProject.run());
        project.getItems().addListener((javafx.collections.ListChangeListener<Project>) change ->
                javafx.application.Platform.runLater(showProject));
        connection.valueProperty().addListener((o, before, now) -> {
            if (!updating && now != null && (manager.activeProperty().get() == null
                    || !manager.activeProperty().get().id().equals(now.id()))) {
                manager.activate(now);
            }
        });
        project.valueProperty().addListener((o, before, now) -> {
            if (!updating && now != null) {
                manager.selectProject(now);
            }
        });

        Label problem = new Label();
        problem.setId("connectionProblem");
        problem.getStyleClass().add(Styles.DANGER);
        problem.setGraphic(new FontIcon(Feather.ALERT_CIRCLE));
        problem.textProperty().bind(manager.problemProperty());
        problem.visibleProperty().bind(manager.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        problem.setMaxWidth(360);

        getChildren().addAll(problem, new FontIcon(Feather.SERVER), connection, new FontIcon(Feather.FOLDER), project);
    }

    private static final class ProjectCell extends ListCell<Project> {
        @Override
        protected void updateItem(Project item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty || item == null ? null : item.name() == null || item.name().isBlank() ? item.uid() : item.name());
        }
    }
}
