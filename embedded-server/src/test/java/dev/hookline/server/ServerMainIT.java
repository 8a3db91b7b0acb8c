package dev.hookline.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headless server as a user runs it: a child JVM, its console output, SIGTERM. */
class ServerMainIT {

    private static final Pattern ORGANISATION = Pattern.compile("^Organisation ID .*: (\\S+)$");
    private static final Pattern LISTENING = Pattern.compile("^Hookline server listening on (http://127\\.0\\.0\\.1:\\d+)$");
    private static final Pattern KEY = Pattern.compile("^\\s+(CO\\.[A-Za-z0-9]{16}\\.[A-Za-z0-9]{64})$");

    @TempDir
    Path tmp;
    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        processes.forEach(Process::destroyForcibly);
    }

    record Started(Process process, String baseUrl, String printedKey, List<String> lines) {
    }

    @Test
    void firstStartCreatesDataDirAndPrintsAGeneratedKeyOnceThenStopsCleanlyOnSigterm() throws Exception {
        Path dataDir = tmp.resolve("nested/data");
        Started first = start("--port", "0", "--data-dir", dataDir.toString());
        assertNotNull(first.printedKey(), "a generated key is printed on first start: " + first.lines());
        assertTrue(Files.exists(dataDir.resolve("hookline.db")));
        String organisation = first.lines().stream().map(ORGANISATION::matcher).filter(Matcher::matches)
                .map(m -> m.group(1)).findFirst().orElseThrow(() -> new AssertionError("no organisation ID printed: "
                        + first.lines()));
        try (ApiClient client = new ApiClient(first.baseUrl() + "/api", first.printedKey())) {
            assertTrue(client.listProjects().isEmpty());
            var created = client.raw("POST", "/v1/projects?orgID=" + organisation,
                    "{\"name\":\"by printed org\",\"type\":\"outgoing\"}", java.util.Map.of());
            assertEquals(201, created.status(), "the printed ID is the one Convoy clients send: " + created.body());
            assertTrue(created.body().contains("\"organisation_id\":\"" + organisation + "\""), created.body());
        }
        first.process().destroy(); // SIGTERM
        assertTrue(first.process().waitFor(15, TimeUnit.SECONDS), "stops within 15 s of SIGTERM");

        Started second = start("--port", "0", "--data-dir", dataDir.toString());
        assertEquals(null, second.printedKey(), "the key is printed the first time only: " + second.lines());
        try (ApiClient client = new ApiClient(second.baseUrl() + "/api", first.printedKey())) {
            assertEquals(1, client.listProjects().size(), "the stored key still works after a restart");
        }
        second.process().destroy();
        assertTrue(second.process().waitFor(15, TimeUnit.SECONDS));
    }

    @Test
    void givenApiKeyIsTheInstanceKeyAndNothingIsPrinted() throws Exception {
        String key = "CO.GivenKey000000001.0123456789012345678901234567890123456789012345678901234567890123";
        Started started = start("--port", "0", "--data-dir", tmp.resolve("d").toString(), "--api-key", key);
        assertEquals(null, started.printedKey());
        try (ApiClient good = new ApiClient(started.baseUrl() + "/api", key);
             ApiClient bad = new ApiClient(started.baseUrl() + "/api", key.substring(0, key.length() - 1) + "x")) {
            assertTrue(good.listProjects().isEmpty());
            ApiException e = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class, bad::listProjects);
            assertEquals(401, e.status());
        }
        started.process().destroy();
        assertTrue(started.process().waitFor(15, TimeUnit.SECONDS));
    }

    @Test
    void badFlagsExitWithUsage() throws Exception {
        Process p = command("--port", "not-a-number").redirectErrorStream(true).start();
        processes.add(p);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue());
        assertTrue(out.contains("--port must be a number"), out);
        assertTrue(out.contains("Usage:"), out);
        assertFalse(out.contains("Exception"), out);
    }

    private Started start(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).start();
        processes.add(process);
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        String key = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String line;
        while (System.nanoTime() < deadline && (line = reader.readLine()) != null) {
            lines.add(line);
            Matcher k = KEY.matcher(line);
            if (k.matches()) {
                key = k.group(1);
            }
            Matcher m = LISTENING.matcher(line);
            if (m.matches()) {
                Thread.ofVirtual().start(() -> reader.lines().forEach(l -> { })); // keep draining
                return new Started(process, m.group(1), key, lines);
            }
        }
        throw new AssertionError("server never said it was listening: " + lines);
    }

    private static ProcessBuilder command(String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), ServerMain.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
