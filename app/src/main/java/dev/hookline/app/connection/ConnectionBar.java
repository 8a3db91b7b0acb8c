package dev.hookline.app.connection;

import dev.hookline.api.model.Project;
import dev.hookline.app.fxml.Fxml;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;

/**
 * The top bar's connection and project switchers. The layout is {@code ConnectionBar.fxml}; this class binds it to
 * the {@link ConnectionManager}.
 */
public final class ConnectionBar extends HBox {

    private final ConnectionManager manager;
    @FXML
    private Label connectionProblem;
    @FXML
    private ComboBox<ConnectionProfile> connectionSwitcher;
    @FXML
    private ComboBox<Project> projectSwitcher;
    private boolean updating;

    public ConnectionBar(ConnectionManager manager) {
        this.manager = manager;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        connectionSwitcher.setItems(manager.profiles());
        projectSwitcher.setItems(manager.projects());
        projectSwitcher.setCellFactory(list -> new ProjectCell());
        projectSwitcher.setButtonCell(new ProjectCell());

        // the lists are replaced whole (settings saved, projects listed again), which clears a combo box's
        // selection: show the current connection and project again after each change of either. After, not in, the
        // change: the popup's list (same items) clears its selection in a listener of its own, added when the box
        // was first shown, and hands that to the box after ours ran
        manager.activeProperty().subscribe(profile -> showConnection());
        connectionSwitcher.getItems().addListener((ListChangeListener<ConnectionProfile>) change ->
                Platform.runLater(this::showConnection));
        manager.projectProperty().subscribe(chosen -> showProject());
        projectSwitcher.getItems().addListener((ListChangeListener<Project>) change ->
                Platform.runLater(this::showProject));
        connectionSwitcher.valueProperty().addListener((o, before, now) -> {
            if (!updating && now != null && (manager.activeProperty().get() == null
                    || !manager.activeProperty().get().id().equals(now.id()))) {
                manager.activate(now);
            }
        });
        projectSwitcher.valueProperty().addListener((o, before, now) -> {
            if (!updating && now != null) {
                manager.selectProject(now);
            }
        });

        connectionProblem.textProperty().bind(manager.problemProperty());
        connectionProblem.visibleProperty().bind(manager.problemProperty().isNotNull());
        connectionProblem.managedProperty().bind(connectionProblem.visibleProperty());
    }

    /** Opening the project list asks the server again (a project made elsewhere shows up). */
    @FXML
    private void refreshProjects() {
        manager.refreshProjects();
    }

    private void showConnection() {
        showChosen(connectionSwitcher, manager.activeProperty().get(), ConnectionProfile::id);
    }

    private void showProject() {
        showChosen(projectSwitcher, manager.projectProperty().get(), Project::uid);
    }

    /**
     * Selects the switcher's item with {@code chosen}'s ID (a reloaded list holds other instances of it), or nothing,
     * without handing the selection back to the manager.
     */
    private <T> void showChosen(ComboBox<T> switcher, T chosen, Function<T, String> id) {
        updating = true;
        switcher.getSelectionModel().select(chosen == null ? null : switcher.getItems().stream()
                .filter(item -> id.apply(item).equals(id.apply(chosen))).findFirst().orElse(null));
        updating = false;
    }

    private static final class ProjectCell extends ListCell<Project> {
        @Override
        protected void updateItem(Project item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty || item == null ? null : item.name() == null || item.name().isBlank() ? item.uid() : item.name());
        }
    }
}
