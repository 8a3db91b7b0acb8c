package dev.hookline.app;

import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.LoadState;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.table.PagedTableView;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.util.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * For the console benchmark (docs/BENCHMARKS.md, "Console"): writes, once, when the console became interactive,
 * in milliseconds since the console was launched (its JVM started; with the start-up cache, the launcher's JVM that
 * started it: {@link StartupCache#LAUNCHED_PROPERTY}):
 * <pre>
 * window_shown_ms=&lt;n&gt;   the window was shown (end of Application.start)
 * connected_ms=&lt;n&gt;      the first laid-out frame after the session got its client (the server answered)
 * ready_ms=&lt;n&gt;          the first laid-out frame after the deliveries table's first page arrived
 * rows=&lt;n&gt;              rows on that page (0 on an empty database)
 * </pre>
 * {@code ready_ms} is "interactive": window up, embedded server answering, first deliveries page on screen. The file
 * is written whole (to a temporary name, then moved), so a reader never sees half of it. Nothing happens unless
 * {@link HooklineApp#STARTUP_REPORT_PROPERTY} names a file.
 */
final class StartupReport {

    private static final Logger LOG = LoggerFactory.getLogger(StartupReport.class);
    /** The deliveries table's ID (DeliveriesView), the console's home view. */
    private static final String DELIVERIES_TABLE = "#deliveriesTable";

    private final Path file;
    private final ConsoleSession session;
    private final Scene scene;
    private final long launchedEpochMs = launchedEpochMs();
    private final long windowShownMs = sinceLaunch();
    private long connectedMs = -1;
    private PagedListModel<?> deliveries;
    private Subscription pulseOnStateChange;
    private final Runnable onPulse = this::afterLayout;

    private StartupReport(Path file, ConsoleSession session, Scene scene) {
        this.file = file;
        this.session = session;
        this.scene = scene;
    }

    /** Call on the FX thread right after the window was shown. */
    static void install(String file, ConsoleSession session, Scene scene) {
        if (file == null || file.isBlank()) {
            return;
        }
        StartupReport report = new StartupReport(Path.of(file), session, scene);
        // checked after every laid-out frame until the report is written: a lookup per frame, for a second or two
        scene.addPostLayoutPulseListener(report.onPulse);
    }

    private void afterLayout() {
        if (connectedMs < 0 && session.client() != null) {
            connectedMs = sinceLaunch();
        }
        if (deliveries == null && scene.lookup(DELIVERIES_TABLE) instanceof PagedTableView<?> table) {
            deliveries = table.model();
            // the rows arrive between frames: make sure a frame follows them even if nothing else asks for one
            pulseOnStateChange = deliveries.stateProperty().subscribe(state -> Platform.requestNextPulse());
        }
        if (connectedMs >= 0 && deliveries != null && deliveries.stateProperty().get() == LoadState.LOADED) {
            scene.removePostLayoutPulseListener(onPulse);
            pulseOnStateChange.unsubscribe();
            write(sinceLaunch(), deliveries.rows().size());
        }
    }

    private void write(long readyMs, int rows) {
        String text = "window_shown_ms=" + windowShownMs + "\nconnected_ms=" + connectedMs + "\nready_ms=" + readyMs
                + "\nrows=" + rows + "\n";
        try {
            Path partial = file.resolveSibling(file.getFileName() + ".part");
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            Files.move(partial, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            LOG.warn("Cannot write the startup report {}: {}", file, e.getMessage());
        }
    }

    private long sinceLaunch() {
        return System.currentTimeMillis() - launchedEpochMs;
    }

    /** When the launcher's JVM started, or else this one (ProcessHandle's start time is only exact to a second). */
    private static long launchedEpochMs() {
        String launched = System.getProperty(StartupCache.LAUNCHED_PROPERTY);
        if (launched != null && launched.matches("\\d+")) {
            return Long.parseLong(launched);
        }
        return ManagementFactory.getRuntimeMXBean().getStartTime();
    }
}
