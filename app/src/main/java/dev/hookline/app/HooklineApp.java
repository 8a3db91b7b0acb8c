package dev.hookline.app;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.api.client.ApiClient;
import dev.hookline.app.server.EmbeddedServerSupervisor;
import dev.hookline.app.settings.SettingsView;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.shell.ConsoleViews;
import dev.hookline.app.shell.ShellView;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.app.status.ServerStatusView;
import dev.hookline.app.status.ServerStatusViewModel;
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
 * The console: one window with the sidebar and, for now, the embedded server's status.
 *
 * <p>On start it opens the window at once and starts the embedded server in the background; the server
 * stops with the application (window closed, {@link #stop()}, or the JVM shutting down).
 */
public final class HooklineApp extends Application {

    public static final String TITLE = "Hookline";
    static final List<Integer> ICON_SIZES = List.of(16, 32, 48, 64, 128, 256);

    private BackgroundTasks backgroundTasks;
    private EmbeddedServerSupervisor embeddedServer;
    private Thread shutdownHook;
    private ConsoleSession session;

    @Override
    public void start(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());

        Path dataDirectory = DataDirectories.resolve();
        ServerStatusViewModel status = new ServerStatusViewModel(dataDirectory);
        backgroundTasks = new FxBackgroundTasks();
        session = new ConsoleSession(backgroundTasks);
        ConsoleViews views = new ConsoleViews(ignored -> new SettingsView(status));
        ShellView shell = new ShellView(icon(64), session, views, new ServerStatusView(status));

        stage.setTitle(TITLE);
        stage.getIcons().setAll(ICON_SIZES.stream().map(HooklineApp::icon).toList());
        stage.setScene(new Scene(shell, 1200, 760));
        stage.show();

        embeddedServer = new EmbeddedServerSupervisor(backgroundTasks);
        // Ctrl+C / SIGTERM skip Application.stop(); the database should still be closed cleanly
        shutdownHook = new Thread(embeddedServer::close, "hookline-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        embeddedServer.start(dataDirectory,
                server -> {
                    status.running(server.baseUrl(), server.defaultProjectId());
                    session.connect(embeddedClient(server), true);
                },
                status::failed);
    }

    /** A client of the embedded server bound to its default project. */
    static ApiClient embeddedClient(EmbeddedServer server) {
        return new ApiClient(server.baseUrl() + "/api", server.apiKey()).withProject(server.defaultProjectId());
    }

    /** The session of the running console (for tests and the benchmark); {@code null} before start. */
    ConsoleSession session() {
        return session;
    }

    @Override
    public void stop() {
        if (session != null && session.client() != null) {
            session.client().close();
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
}
