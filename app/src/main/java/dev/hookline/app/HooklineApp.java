package dev.hookline.app;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Project;
import dev.hookline.app.about.AboutDialog;
import dev.hookline.app.about.AppVersion;
import dev.hookline.app.about.AboutInfo;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.app.connection.ConnectionBar;
import dev.hookline.app.connection.ConnectionManager;
import dev.hookline.app.connection.SecretStores;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.projects.ProjectDirectory;
import dev.hookline.app.projects.ProjectSettingsView;
import dev.hookline.app.promote.PromotionTargets;
import dev.hookline.app.server.DataDirectoryOwnerOffer;
import dev.hookline.app.server.EmbeddedServerSupervisor;
import dev.hookline.app.settings.BackupViewModel;
import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.connection.SettingsStore;
import dev.hookline.app.settings.SettingsView;
import dev.hookline.app.settings.ViewStatesFile;
import dev.hookline.app.shell.ConsoleViews;
import dev.hookline.app.shell.ShellView;
import dev.hookline.app.smoke.CheckedConsole;
import dev.hookline.app.status.ServerStatusView;
import dev.hookline.app.status.ServerStatusViewModel;
import dev.hookline.app.theme.ThemeController;
import dev.hookline.app.theme.ThemeToggle;
import dev.hookline.server.EmbeddedServer;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The console: one window with the sidebar, the connection and project switchers, and the selected view.
 *
 * <p>On start it opens the window at once and starts the embedded server in the background; the saved connection
 * (the embedded server unless the user chose a remote one) connects as soon as it can. The server stops with the
 * application (window closed, {@link #stop()}, or the JVM shutting down).
 */
public final class HooklineApp extends Application implements CheckedConsole {

    public static final String TITLE = AppVersion.NAME;
    /** When set to a file path, the console writes there how long it took to become interactive (benchmark). */
    public static final String STARTUP_REPORT_PROPERTY = "hookline.startup.report";
    static final List<Integer> ICON_SIZES = List.of(16, 32, 48, 64, 128, 256);

    private BackgroundTasks backgroundTasks;
    private EmbeddedServerSupervisor embeddedServer;
    private Thread shutdownHook;
    private ConsoleSession session;
    private ConnectionManager connections;
    private ShellView shell;
    private ViewStatesFile viewStates;

    @Override
    public void start(Stage stage) {
        Path dataDirectory = DataDirectories.resolve();
        Path configDirectory = ConfigDirectories.resolve();
        backgroundTasks = new FxBackgroundTasks();
        session = new ConsoleSession(backgroundTasks);
        viewStates = new ViewStatesFile(configDirectory);
        session.setViewStates(viewStates.load());
        connections = new ConnectionManager(session, new SettingsStore(configDirectory),
                SecretStores.forThisMachine(configDirectory));
        ServerStatusViewModel status = new ServerStatusViewModel(dataDirectory);

        // the server starts first, in the background, while the window is built: the two overlap on a cold start;
        // its callbacks run on the FX thread, so not before this method has built everything they touch
        embeddedServer = new EmbeddedServerSupervisor(backgroundTasks);
        // Ctrl+C / SIGTERM skip Application.stop(); the database should still be closed cleanly
        shutdownHook = new Thread(embeddedServer::close, "hookline-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        embeddedServer.start(dataDirectory,
                server -> {
                    status.running(server.baseUrl(), server.defaultProjectId(), embeddedServer.portNote());
                    status.setApiKey(server.apiKey());
                    connections.embeddedServerUp(endpointOf(server));
                },
                failure -> {
                    status.failed(failure);
                    offerTheOwner(stage, failure, status);
                });

        ThemeController theme = new ThemeController(connections.settings().theme(), connections::setTheme);
        ProjectDirectory projectDirectory = new ProjectDirectory() {
            @Override
            public void created(Project project) {
                connections.projectCreated(project);
            }

            @Override
            public void deleted(Project project) {
                connections.projectDeleted(project);
            }
        };
        BackupViewModel backup = new BackupViewModel(backgroundTasks,
                target -> EmbeddedServer.backup(dataDirectory, target));
        ConsoleViews views = new ConsoleViews(current -> new SettingsView(current, connections, theme, status,
                backup), current -> new ProjectSettingsView(current, projectDirectory, promotionTargets(connections)));
        shell = new ShellView(icon(64), session, views, new ServerStatusView(status));
        shell.topBarItems().getChildren().addAll(new ConnectionBar(connections), new ThemeToggle(theme.themeProperty()),
                AboutDialog.button(() -> stage, icon(64), () -> aboutInfo(dataDirectory, status)));

        stage.setTitle(TITLE);
        stage.getIcons().setAll(ICON_SIZES.stream().map(HooklineApp::icon).toList());
        stage.setScene(new Scene(shell, 1280, 800));
        stage.show();

        // Retry on the banner brings a stopped embedded server back (a remote one is only asked again)
        session.setRecovery(() -> recoverEmbeddedServer(status));
        StartupReport.install(System.getProperty(STARTUP_REPORT_PROPERTY), session, stage.getScene());
        connections.connectSaved();
    }

    /**
     * The embedded server did not start because another Hookline server owns the data directory: offer to use that
     * one, and connect to it (as the embedded connection: it is this data directory's server) when the user agrees.
     */
    private void offerTheOwner(Stage stage, Throwable failure, ServerStatusViewModel status) {
        EmbeddedServer.Owner owner = EmbeddedServer.ownerFrom(failure);
        if (owner == null || !DataDirectoryOwnerOffer.ask(stage, owner)) {
            return;
        }
        backgroundTasks.run(() -> DataDirectoryOwnerOffer.defaultProject(owner), projectId -> {
            status.usingOwner(owner.baseUrl(), owner.pid());
            status.setApiKey(owner.apiKey());
            connections.embeddedServerUp(new ConnectionManager.EmbeddedEndpoint(owner.baseUrl() + "/api",
                    owner.apiKey(), projectId));
        }, status::failed);
    }

    /** The About dialog's facts as they are now. */
    private AboutInfo aboutInfo(Path dataDirectory, ServerStatusViewModel status) {
        ApiClient client = session.client();
        Project project = connections.projectProperty().get();
        return AboutInfo.current(dataDirectory, status.baseUrlProperty().get(),
                client == null ? null : client.baseUrl(), client != null && !session.isEmbedded(),
                project == null ? null : project.organisationId());
    }

    /** Runs off the FX thread: restarts the embedded server when it is the connection and no longer answers. */
    private ApiClient recoverEmbeddedServer(ServerStatusViewModel status) throws Exception {
        ApiClient current = session.client();
        if (current == null || !session.isEmbedded()) {
            return null;
        }
        if (embeddedServer.isRunning()) {
            try {
                current.getProject(current.projectId());
                return null;
            } catch (RuntimeException stillDown) {
                // fall through: the server is there but does not answer; start it over
            }
        }
        EmbeddedServer restarted = embeddedServer.restart();
        ApiClient next = new ApiClient(restarted.baseUrl() + "/api", restarted.apiKey())
                .withProject(current.projectId());
        String portNote = embeddedServer.portNote();
        javafx.application.Platform.runLater(() -> {
            status.running(restarted.baseUrl(), restarted.defaultProjectId(), portNote);
            status.setApiKey(restarted.apiKey());
            connections.embeddedServerUp(endpointOf(restarted));
        });
        return next;
    }

    private static ConnectionManager.EmbeddedEndpoint endpointOf(EmbeddedServer server) {
        return new ConnectionManager.EmbeddedEndpoint(server.baseUrl() + "/api", server.apiKey(),
                server.defaultProjectId());
    }

    /** The session of the running console (for tests, the smoke check and the benchmark); {@code null} before start. */
    public ConsoleSession session() {
        return session;
    }

    /** The connections and project switcher (for the smoke check, which switches to the project it creates). */
    public ConnectionManager connections() {
        return connections;
    }

    /** The embedded server's supervisor (tests stop and restart the server through it). */
    EmbeddedServerSupervisor embeddedServer() {
        return embeddedServer;
    }

    /** The window's content (for tests and the smoke check); {@code null} before start. */
    public ShellView shell() {
        return shell;
    }

    @Override
    public void stop() {
        if (shell != null) {
            shell.dispose();
        }
        if (connections != null) {
            connections.close();
        }
        if (viewStates != null) {
            viewStates.close();
        }
        if (embeddedServer != null) {
            embeddedServer.close();
        }
        if (backgroundTasks != null) {
            backgroundTasks.close();
        }
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook runs anyway; closing twice is harmless
            }
        }
    }

    /** The app icon at {@code size} px, from the {@code icons/} folder on the class path. */
    static Image icon(int size) {
        String name = "/icons/hookline-" + size + ".png";
        try (InputStream png = Objects.requireNonNull(HooklineApp.class.getResourceAsStream(name), name)) {
            return new Image(png);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("Cannot read " + name, e);
        }
    }

    /** Every saved connection but the active one, opened through the connection manager. */
    private static PromotionTargets promotionTargets(ConnectionManager connections) {
        return new PromotionTargets() {
            @Override
            public List<Target> targets() {
                String active = connections.activeProperty().get() == null ? null
                        : connections.activeProperty().get().id();
                return connections.profiles().stream().filter(p -> !p.id().equals(active))
                        .map(p -> new Target(p.id(), p.name())).toList();
            }

            @Override
            public ApiClient open(Target target) throws java.io.IOException {
                return connections.open(connections.profiles().stream().filter(p -> p.id().equals(target.id()))
                        .findFirst().orElseThrow(() -> new java.io.IOException("the connection \"" + target.name()
                                + "\" was deleted")));
            }
        };
    }
}
