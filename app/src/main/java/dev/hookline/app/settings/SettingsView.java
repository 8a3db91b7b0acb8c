package dev.hookline.app.settings;

import dev.hookline.app.shell.ConsoleView;
import dev.hookline.app.status.ServerStatusView;
import dev.hookline.app.status.ServerStatusViewModel;
import javafx.scene.Node;
import javafx.scene.layout.VBox;

/** Settings: the embedded server's address and data directory. */
public final class SettingsView implements ConsoleView {

    private final VBox root;

    public SettingsView(ServerStatusViewModel serverStatus) {
        root = new VBox(16, new ServerStatusView(serverStatus));
        root.setId("settingsView");
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
    }
}
