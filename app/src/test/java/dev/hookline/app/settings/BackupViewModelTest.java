package dev.hookline.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Settings' "Back up database…" against a running embedded server: a sound copy, or the reason it failed. */
class BackupViewModelTest {

    @TempDir
    Path tmp;

    @Test
    void backsUpTheRunningServersDatabaseAndSaysWhereAndHowToRestore() throws Exception {
        Path dataDir = tmp.resolve("data");
        try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.embedded(dataDir))) {
            BackupViewModel backup = new BackupViewModel(new SameThreadBackgroundTasks(),
                    target -> EmbeddedServer.backup(dataDir, target));
            Path target = tmp.resolve("copies/" + BackupViewModel.suggestedFileName(LocalDateTime.now()));

            backup.backUp(target);

            assertFalse(backup.failedProperty().get(), backup.messageProperty().get());
            assertTrue(backup.messageProperty().get().startsWith("Backed up to " + target),
                    backup.messageProperty().get());
            assertTrue(backup.messageProperty().get().contains("To restore"));
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + target);
                 ResultSet projects = c.createStatement().executeQuery(
                         "SELECT count(*) FROM projects WHERE id = '" + server.defaultProjectId() + "'")) {
                assertTrue(projects.next());
                assertEquals(1, projects.getInt(1), "the copy holds the default project");
            }
        }
    }

    @Test
    void aFailedBackupSaysWhyAndLeavesNoFile() {
        Path dataDir = tmp.resolve("never-started");
        BackupViewModel backup = new BackupViewModel(new SameThreadBackgroundTasks(),
                target -> EmbeddedServer.backup(dataDir, target));
        Path target = tmp.resolve("copy.db");

        backup.backUp(target);

        assertTrue(backup.failedProperty().get());
        assertTrue(backup.messageProperty().get().startsWith("Backup failed: there is no database at"),
                backup.messageProperty().get());
        assertFalse(Files.exists(target));
        assertFalse(backup.runningProperty().get());
    }

    @Test
    void theSuggestedNameCarriesTheDate() {
        assertEquals("hookline-backup-2026-11-26-0512.db",
                BackupViewModel.suggestedFileName(LocalDateTime.of(2026, 11, 26, 5, 12)));
    }
}
