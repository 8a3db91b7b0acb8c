package dev.hookline.app;

import dev.hookline.app.shell.ConsoleSession;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * For the console benchmark: writes, once, the milliseconds from JVM start until the console is interactive (the
 * session connected and the first frame with the selected view laid out), as one line {@code ready_ms=<n>}.
 * Does nothing unless {@link HooklineApp#STARTUP_REPORT_PROPERTY} names a file.
 */
final class StartupReport {

    private static final Logger LOG = LoggerFactory.getLogger(StartupReport.class);

    private StartupReport() {
    }

    static void install(String file, ConsoleSession session, Scene scene) {
        if (file == null || file.isBlank()) {
            return;
        }
        session.clientProperty().subscribe((before, now) -> {
            if (before == null && now != null) {
                // the shell swaps the view in on this change; the next laid-out pulse shows it
                Runnable[] once = new Runnable[1];
                once[0] = () -> {
                    scene.removePostLayoutPulseListener(once[0]);
                    write(Path.of(file));
                };
                scene.addPostLayoutPulseListener(once[0]);
            }
        });
    }

    private static void write(Path file) {
        long readyMs = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        try {
            Files.writeString(file, "ready_ms=" + readyMs + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.warn("Cannot write the startup report {}: {}", file, e.getMessage());
        }
    }
}
