package dev.hookline.app.settings;

import atlantafx.base.theme.Styles;
import dev.hookline.app.connection.ConnectionManager;
import dev.hookline.app.connection.ConnectionProfile;
import dev.hookline.app.connection.ProfileFormView;
import dev.hookline.app.connection.ProfileFormViewModel;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.status.ServerStatusView;
import dev.hookline.app.status.ServerStatusViewModel;
import dev.hookline.app.theme.Theme;
import dev.hookline.app.theme.ThemeController;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Settings: theme, connection profiles (list, connect, add/edit/delete a remote one with its form), where API keys
 * are kept, and the embedded server's address and data directory.
 */
public final class SettingsView implements ConsoleView {

    private final ScrollPane root;
    private final ListView<ConnectionProfile> profiles;
    private final ProfileFormViewModel form;
    private final ConnectionManager connections;

    public SettingsView(ConsoleSession session, ConnectionManager connections, ThemeController theme,
                        ServerStatusViewModel serverStatus, BackupViewModel backup) {
        this.connections = connections;
        this.form = new ProfileFormViewModel(session.tasks(), connections::saveProfile);

        ComboBox<Theme> themeChoice = new ComboBox<>();
        themeChoice.setId("themeChoice");
        themeChoice.getItems().setAll(Theme.values());
        themeChoice.valueProperty().bindBidirectional(theme.themeProperty());
        HBox appearance = new HBox(12, new Label("Theme"), themeChoice);
        appearance.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        profiles = new ListView<>(connections.profiles());
        profiles.setId("profileList");
        profiles.setPrefSize(260, 220);
        Button connect = new Button("Connect", new FontIcon(Feather.LOG_IN));
        connect.setId("connectProfile");
        connect.disableProperty().bind(profiles.getSelectionModel().selectedItemProperty().isNull());
        connect.setOnAction(event -> connections.activate(profiles.getSelectionModel().getSelectedItem()));
        Button add = new Button("New remote", new FontIcon(Feather.PLUS));
        add.setId("newProfile");
        add.setOnAction(event -> {
            profiles.getSelectionModel().clearSelection();
            form.startNew();
        });
        Button delete = new Button("Delete", new FontIcon(Feather.TRASH_2));
        delete.setId("deleteProfile");
        delete.getStyleClass().add(Styles.DANGER);
        delete.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> {
            ConnectionProfile selected = profiles.getSelectionModel().getSelectedItem();
            return selected == null || selected.isEmbedded();
        }, profiles.getSelectionModel().selectedItemProperty()));
        delete.setOnAction(event -> connections.deleteProfile(profiles.getSelectionModel().getSelectedItem()));
        profiles.getSelectionModel().selectedItemProperty().addListener((o, before, now) -> {
            if (now != null && !now.isEmbedded()) {
                connections.loadApiKey(now.id(), key -> form.edit(now, key));
            }
        });
        VBox list = new VBox(8, profiles, new HBox(8, connect, add, delete));

        ProfileFormView formView = new ProfileFormView(form, saved -> selectById(saved.id()));
        HBox.setHgrow(formView, Priority.ALWAYS);
        Label keys = new Label("API keys are kept in " + connections.secretStoreDescription()
                + ", never in the settings file.");
        keys.setWrapText(true);
        keys.getStyleClass().add(Styles.TEXT_MUTED);

        VBox content = new VBox(14,
                section("Appearance"), appearance, new Separator(),
                section("Connections"), new HBox(20, list, formView), keys, new Separator(),
                new ServerStatusView(serverStatus), new Separator(),
                new StorageInfoPane(new StorageInfoViewModel(session)), new Separator(), backupSection(backup));
        content.setPadding(new Insets(0, 12, 12, 0));
        root = new ScrollPane(content);
        root.setId("settingsView");
        root.setFitToWidth(true);
        root.getStyleClass().add(atlantafx.base.theme.Styles.FLAT);
        form.startNew();
    }

    /** "Back up database…": a file chooser, then the copy in the background and a line saying how it went. */
    private static VBox backupSection(BackupViewModel backup) {
        Button button = new Button("Back up database…", new FontIcon(Feather.SAVE));
        button.setId("backupDatabase");
        button.disableProperty().bind(backup.runningProperty());
        button.setOnAction(event -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Back up the Hookline database");
            chooser.setInitialFileName(BackupViewModel.suggestedFileName(java.time.LocalDateTime.now()));
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("SQLite database", "*.db"));
            java.io.File file = chooser.showSaveDialog(button.getScene().getWindow());
            if (file != null) {
                backup.backUp(file.toPath());
            }
        });
        Label result = new Label();
        result.setId("backupResult");
        result.setWrapText(true);
        result.textProperty().bind(backup.messageProperty());
        backup.failedProperty().subscribe(failed -> {
            result.getStyleClass().removeAll(Styles.SUCCESS, Styles.DANGER);
            result.getStyleClass().add(failed ? Styles.DANGER : Styles.TEXT_MUTED);
        });
        Label about = new Label("A consistent copy of the embedded data directory's database, taken while the "
                + "server runs.");
        about.setWrapText(true);
        about.getStyleClass().add(Styles.TEXT_MUTED);
        return new VBox(8, section("Backup"), about, button, result);
    }

    /** The form's view model (for tests). */
    public ProfileFormViewModel form() {
        return form;
    }

    private void selectById(String id) {
        connections.profiles().stream().filter(p -> p.id().equals(id)).findFirst()
                .ifPresent(p -> profiles.getSelectionModel().select(p));
    }

    private static Label section(String title) {
        Label label = new Label(title);
        label.getStyleClass().add(Styles.TITLE_4);
        return label;
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
        profiles.requestFocus();
    }
}
