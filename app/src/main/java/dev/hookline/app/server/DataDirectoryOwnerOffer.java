package dev.hookline.app.server;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.EmbeddedServer;
import java.util.List;
import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/**
 * When the embedded server cannot start because another Hookline server owns the data directory, the console offers
 * to work with that server instead (docs/adr/0027): its address and a key valid while it runs come from the
 * directory's lock file, readable by this user only.
 */
public final class DataDirectoryOwnerOffer {

    static final String DEFAULT_PROJECT_NAME = "Default project";
    public static final ButtonType CONNECT = new ButtonType("Connect to it", ButtonBar.ButtonData.OK_DONE);

    private DataDirectoryOwnerOffer() {
    }

    /** The dialog: why the console's own server did not start, and the choice. Not shown yet. */
    public static Alert dialog(Window owner, EmbeddedServer.Owner running) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "", CONNECT, ButtonType.CANCEL);
        dev.hookline.app.shell.OwnerModality.apply(alert, owner);
        alert.setTitle("Data directory in use");
        alert.setHeaderText("Another Hookline server is using this data directory");
        alert.setContentText("The Hookline server at " + running.baseUrl() + " (PID " + running.pid() + ") owns "
                + "the data directory, so the console cannot start its own server on it.\n\n"
                + "Connect to that server instead? The console then shows its data; closing the console leaves it "
                + "running.");
        alert.getDialogPane().setId("dataDirectoryOwnerDialog");
        return alert;
    }

    /** Asks, and waits for the answer (FX thread). */
    public static boolean ask(Window owner, EmbeddedServer.Owner running) {
        Optional<ButtonType> answer = dialog(owner, running).showAndWait();
        return answer.isPresent() && answer.get() == CONNECT;
    }

    /**
     * The owner's first project, or a new default one when it has none (a headless server may have none yet). Blocks:
     * call it off the FX thread.
     */
    public static String defaultProject(EmbeddedServer.Owner running) {
        try (ApiClient client = new ApiClient(running.baseUrl() + "/api", running.apiKey())) {
            List<Project> projects = client.listProjects();
            if (!projects.isEmpty()) {
                return projects.get(0).uid();
            }
            return client.createProject(new CreateProjectRequest(DEFAULT_PROJECT_NAME, ProjectType.OUTGOING, null,
                    null)).project().uid();
        }
    }
}
