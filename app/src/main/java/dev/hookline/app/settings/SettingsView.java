package dev.hookline.app.settings;

import atlantafx.base.theme.Styles;
import dev.hookline.app.connection.ConnectionManager;
import dev.hookline.app.connection.ConnectionProfile;
import dev.hookline.app.connection.ProfileFormView;
import dev.hookline.app.connection.ProfileFormViewModel;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.status.ServerStatusView;
import dev.hookline.app.status.ServerStatusViewModel;
import dev.hookline.app.theme.Theme;
import dev.hookline.app.theme.ThemeController;
import java.io.File;
import java.time.LocalDateTime;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Settings: theme, connection profiles (list, connect, add/edit/delete a remote one with its form), where API keys
 * are kept, the embedded server's address and data directory, and backing up its database. The layout is
 * {@code SettingsView.fxml}: a column of sections ({@code sections}); a section that needs its own view model is
 * built here and put in its slot.
 */
public final class SettingsView implements ConsoleView {

    private final ConnectionManager connections;
    private final ThemeController theme;
    private final ServerStatusViewModel serverStatus;
    private final BackupViewModel backup;
    private final StorageInfoViewModel storageInfo;
    private final ProfileFormViewModel form;
    private final ScrollPane root;
    /** The column of sections, top to bottom; a further section (a panel of its own) is added here. */
    @FXML
    private VBox sections;
    @FXML
    private ComboBox<Theme> themeChoice;
    @FXML
    private ListView<ConnectionProfile> profileList;
    @FXML
    private Button connectProfile;
    @FXML
    private Button deleteProfile;
    /** The slot of the remote connection form ({@link ProfileFormView}, which needs its view model). */
    @FXML
    private VBox profileForm;
    @FXML
    private Label secretStore;
    /** The slot of the embedded server's section ({@link ServerStatusView}, which needs its view model). */
    @FXML
    private VBox embeddedServer;
    /** The slot of the storage section ({@link StorageInfoPane}, which needs its view model). */
    @FXML
    private VBox storage;
    @FXML
    private Button backupDatabase;
    @FXML
    private Label backupResult;

    public SettingsView(ConsoleSession session, ConnectionManager connections, ThemeController theme,
                        ServerStatusViewModel serverStatus, BackupViewModel backup) {
        this.connections = connections;
        this.theme = theme;
        this.serverStatus = serverStatus;
        this.backup = backup;
        this.storageInfo = new StorageInfoViewModel(session);
        this.form = new ProfileFormViewModel(session.tasks(), connections::saveProfile);
        root = Fxml.load(this);
        form.startNew();
    }

    @FXML
    private void initialize() {
        themeChoice.getItems().setAll(Theme.values());
        themeChoice.valueProperty().bindBidirectional(theme.themeProperty());

        profileList.setItems(connections.profiles());
        var selected = profileList.getSelectionModel().selectedItemProperty();
        connectProfile.disableProperty().bind(selected.isNull());
        deleteProfile.disableProperty().bind(Bindings.createBooleanBinding(
                () -> selected.get() == null || selected.get().isEmbedded(), selected));
        selected.addListener((o, before, now) -> {
            if (now != null && !now.isEmbedded()) {
                connections.loadApiKey(now.id(), key -> form.edit(now, key));
            }
        });
        profileForm.getChildren().add(new ProfileFormView(form, saved -> selectById(saved.id())));
        secretStore.setText("API keys are kept in " + connections.secretStoreDescription()
                + ", never in the settings file.");

        embeddedServer.getChildren().addAll(new ServerStatusView(serverStatus),
                new dev.hookline.app.status.DeveloperApiPane(serverStatus));
        storage.getChildren().add(new StorageInfoPane(storageInfo));

        backupDatabase.disableProperty().bind(backup.runningProperty());
        backupResult.textProperty().bind(backup.messageProperty());
        backup.failedProperty().subscribe(failed -> {
            backupResult.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER, Styles.TEXT_MUTED);
            backupResult.getStyleClass().add(failed ? Styles.DANGER : Styles.TEXT_MUTED);
        });
    }

    @FXML
    private void connect() {
        connections.activate(profileList.getSelectionModel().getSelectedItem());
    }

    @FXML
    private void newRemote() {
        profileList.getSelectionModel().clearSelection();
        form.startNew();
    }

    @FXML
    private void delete() {
        connections.deleteProfile(profileList.getSelectionModel().getSelectedItem());
    }

    /** "Back up database…": a file chooser, then the copy in the background and a line saying how it went. */
    @FXML
    private void backUp() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Back up the Hookline database");
        chooser.setInitialFileName(BackupViewModel.suggestedFileName(LocalDateTime.now()));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("SQLite database", "*.db"));
        File file = chooser.showSaveDialog(backupDatabase.getScene().getWindow());
        if (file != null) {
            backup.backUp(file.toPath());
        }
    }

    /** The form's view model (for tests). */
    public ProfileFormViewModel form() {
        return form;
    }

    private void selectById(String id) {
        connections.profiles().stream().filter(p -> p.id().equals(id)).findFirst()
                .ifPresent(p -> profileList.getSelectionModel().select(p));
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
    }

    @Override
    public void focusFilter() {
        profileList.requestFocus();
    }
}
