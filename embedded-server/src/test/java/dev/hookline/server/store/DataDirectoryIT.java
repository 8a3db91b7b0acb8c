package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.ServerMain;
import dev.hookline.server.testing.TestServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Items 1 and 9 of issue 17: one server per data directory (an OS lock, released however the owner ends), the
 * backup that needs no lock, and the start-up check that refuses a damaged database. Child JVMs run
 * {@link ServerMain} as a user would.
 */
class DataDirectoryIT {

    private static final Pattern LISTENING = Pattern.compile("^Hookline server listening on (http://127\\.0\\.0\\.1:\\d+)$");

    @TempDir
    Path tmp;
    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        processes.forEach(Process::destroyForcibly);
    }

    @Test
    void aSecondServerOnTheSameDirectoryIsRefusedNamingTheOwnerAndTheOwnerCanBeReachedWithTheLockFilesKey()
            throws Exception {
        Path dataDir = tmp.resolve("data");
        try (TestServer owner = TestServer.start(dataDir)) {
            DataDirectoryInUseException refused = assertThrows(DataDirectoryInUseException.class,
                    () -> TestServer.start(dataDir));
            String pid = String.valueOf(ProcessHandle.current().pid());
            assertTrue(refused.getMessage().contains("PID " + pid), refused.getMessage());
            assertTrue(refused.getMessage().contains(owner.baseUrl()), refused.getMessage());
            assertFalse(refused.getMessage().contains(owner.server().ownerKey()), "the key is never in the message");

            Path lockFile = dataDir.resolve(DataDirectoryLock.FILE_NAME);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(lockFile)));
            DataDirectoryLock.Owner found = DataDirectoryLock.owner(dataDir).orElseThrow();
            assertEquals(owner.baseUrl(), found.address());
            try (ApiClient viaLockFile = new ApiClient(found.address() + "/api", found.key())) {
                owner.newProject("seen", ProjectType.OUTGOING);
                assertEquals(1, viaLockFile.listProjects().size(), "the lock file's key reaches the owner");
            }
        }
        assertEquals("", Files.readString(dataDir.resolve(DataDirectoryLock.FILE_NAME)),
                "no key outlives the owner");
        try (TestServer again = TestServer.start(dataDir)) {
            assertEquals(1, again.admin().listProjects().size(), "released on stop: the next start owns it");
        }
    }

    @Test
    void aSecondProcessIsRefusedInOneLineThenABackupRunsBesideTheOwnerAndAfterSigkillTheDirectoryIsFree()
            throws Exception {
        Path dataDir = tmp.resolve("data");
        Started first = start("--port", "0", "--data-dir", dataDir.toString());

        Finished second = run("--port", "0", "--data-dir", dataDir.toString());
        assertEquals(3, second.exitCode(), second.output());
        List<String> lines = second.output().lines().toList();
        assertEquals(1, lines.size(), "one line: " + second.output());
        assertTrue(lines.get(0).contains("PID " + first.process().pid()), second.output());
        assertTrue(lines.get(0).contains(first.baseUrl()), second.output());
        assertTrue(lines.get(0).contains("in use by another Hookline server"), second.output());

        Path backup = tmp.resolve("backups/hookline-copy.db");
        Finished backedUp = run("--data-dir", dataDir.toString(), "--backup", backup.toString());
        assertEquals(0, backedUp.exitCode(), backedUp.output());
        assertTrue(backedUp.output().contains("Backed up"), backedUp.output());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + backup);
             ResultSet rows = c.createStatement().executeQuery("PRAGMA quick_check")) {
            assertTrue(rows.next());
            assertEquals("ok", rows.getString(1));
            ResultSet keys = c.createStatement().executeQuery("SELECT count(*) FROM sqlite_master WHERE type='table'");
            assertTrue(keys.next() && keys.getInt(1) > 5, "the copy holds the schema");
        }

        first.process().destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertTrue(first.process().waitFor(10, TimeUnit.SECONDS));
        Started third = start("--port", "0", "--data-dir", dataDir.toString());
        assertNotNull(third.baseUrl(), "the OS released the lock with the killed process");
        third.process().destroy();
        assertTrue(third.process().waitFor(15, TimeUnit.SECONDS));
    }

    @Test
    void aDamagedDatabaseIsRefusedInPlainWordsAndLeavesTheDirectoryFree() throws Exception {
        Path dataDir = tmp.resolve("data");
        try (TestServer server = TestServer.start(dataDir)) {
            for (int i = 0; i < 20; i++) {
                server.newProject("p" + i, ProjectType.OUTGOING);
            }
        }
        Path db = dataDir.resolve(ServerConfig.DATABASE_FILE);
        try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
            int pageSize = 4096;
            byte[] garbage = new byte[pageSize];
            java.util.Arrays.fill(garbage, (byte) 0x5A);
            for (long page = 2; page * pageSize < file.length(); page += 2) {
                file.seek(page * pageSize);
                file.write(garbage);
            }
        }
        DatabaseDamagedException e = assertThrows(DatabaseDamagedException.class,
                () -> HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null)));
        assertTrue(e.getMessage().contains("is damaged"), e.getMessage());
        assertTrue(e.getMessage().contains("Restore it from a backup"), e.getMessage());

        Finished refused = run("--port", "0", "--data-dir", dataDir.toString());
        assertEquals(3, refused.exitCode(), refused.output());
        assertTrue(refused.output().contains("is damaged"), refused.output());
        assertFalse(refused.output().contains("Exception"), refused.output());
    }

    @Test
    void aBackupOfADirectoryWithoutADatabaseFailsInWords() throws Exception {
        Finished failed = run("--data-dir", tmp.resolve("empty").toString(), "--backup", tmp.resolve("x.db").toString());
        assertEquals(3, failed.exitCode(), failed.output());
        assertTrue(failed.output().contains("there is no database at"), failed.output());
        assertFalse(Files.exists(tmp.resolve("x.db")));
    }

    record Started(Process process, String baseUrl) {
    }

    record Finished(int exitCode, String output) {
    }

    private Started start(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).start();
        processes.add(process);
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String line;
        while (System.nanoTime() < deadline && (line = reader.readLine()) != null) {
            lines.add(line);
            Matcher m = LISTENING.matcher(line);
            if (m.matches()) {
                Thread.ofVirtual().start(() -> drain(reader));
                return new Started(process, m.group(1));
            }
        }
        throw new AssertionError("server never said it was listening: " + lines);
    }

    private static void drain(BufferedReader reader) {
        try {
            reader.lines().forEach(l -> { });
        } catch (java.io.UncheckedIOException closed) {
            // the process was killed: nothing more to read
        }
    }

    private Finished run(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).start();
        processes.add(process);
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        return new Finished(process.exitValue(), out.strip());
    }

    private static ProcessBuilder command(String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), ServerMain.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
