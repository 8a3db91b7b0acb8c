package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.table.LoadState;
import dev.hookline.app.table.PagedTableView;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The console benchmark's hook: the whole console, started with {@code hookline.startup.report} set. */
class StartupReportTest {

    @TempDir
    Path home;

    private HooklineApp app;
    private Path report;

    @BeforeEach
    void startApp() throws TimeoutException {
        report = home.resolve("ready.txt");
        System.setProperty(DataDirectories.PROPERTY, home.resolve("data").toString());
        System.setProperty(ConfigDirectories.PROPERTY, home.resolve("config").toString());
        System.setProperty(HooklineApp.STARTUP_REPORT_PROPERTY, report.toString());
        FxToolkit.registerPrimaryStage();
        app = (HooklineApp) FxToolkit.setupApplication(HooklineApp::new);
    }

    @AfterEach
    void stopApp() throws TimeoutException {
        try {
            FxToolkit.cleanupApplication(app);
            FxToolkit.cleanupStages();
        } finally {
            System.clearProperty(DataDirectories.PROPERTY);
            System.clearProperty(ConfigDirectories.PROPERTY);
            System.clearProperty(HooklineApp.STARTUP_REPORT_PROPERTY);
        }
    }

    @Test
    void writesThePhasesOnceTheFirstDeliveriesPageIsOnScreen() throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.exists(report));

        Properties phases = new Properties();
        try (Reader reader = Files.newBufferedReader(report)) {
            phases.load(reader);
        }
        long shown = Long.parseLong(phases.getProperty("window_shown_ms"));
        long connected = Long.parseLong(phases.getProperty("connected_ms"));
        long ready = Long.parseLong(phases.getProperty("ready_ms"));
        assertTrue(0 < shown && shown <= connected && connected <= ready, phases.toString());
        assertEquals("0", phases.getProperty("rows"), "a new database has no deliveries");
        // written only once the table had its first page: it is loaded now, with the console connected
        PagedTableView<?> table = (PagedTableView<?>) app.shell().getScene().lookup("#deliveriesTable");
        assertEquals(LoadState.LOADED, table.model().stateProperty().get());
        assertTrue(app.session().client() != null);
        assertEquals(java.util.List.of(report), java.util.List.of(Files.list(home).filter(
                p -> p.getFileName().toString().startsWith("ready")).toArray(Path[]::new)), "no partial file left");
    }
}
