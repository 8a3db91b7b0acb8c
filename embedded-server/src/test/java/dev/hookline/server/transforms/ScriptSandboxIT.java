package dev.hookline.server.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** The sandbox's worker processes, for real: results, the limits that stop built-ins, recovery, fairness. */
class ScriptSandboxIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static ScriptSandbox sandbox;

    @BeforeAll
    static void start() {
        sandbox = new ScriptSandbox(new ScriptSandbox.Settings(Duration.ofSeconds(1), 2, 1, 128));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void runsTheTransformAndKeepsItsLog() throws Exception {
        ScriptResult result = sandbox.run("p1", "function transform(p) { console.log('hi', p.n); p.n = p.n * 2; "
                + "return p; }", json("{\"n\":21}"));

        assertTrue(result.ok(), result.error());
        assertEquals(json("{\"n\":42}"), result.output());
        assertEquals(java.util.List.of("hi 21"), result.log());
    }

    @Test
    void aScriptThatKeepsLoopingIsPausedAfterThreeOverrunsWhileTheProjectsOtherScriptsRun() throws Exception {
        String loops = "function transform(p) { while (true) {} }";
        for (int i = 0; i < OverrunBreaker.OVERRUNS_TO_OPEN; i++) {
            assertEquals("transform function exceeded its time limit of 1000 ms",
                    sandbox.run("p-loop", loops, json("{}")).error());
        }
        ScriptResult paused = sandbox.run("p-loop", loops, json("{}"));
        assertFalse(paused.ok());
        assertTrue(paused.error().startsWith("the function was not run: it ran out of its limits on its last 3 runs"),
                paused.error());
        assertTrue(sandbox.run("p-loop", "function transform(p) { return p; }", json("{\"n\":1}")).ok(),
                "the project's other scripts still run");
    }

    @Test
    void aLongBuiltInIsStoppedAtTheTimeLimit() throws Exception {
        ScriptResult result = sandbox.run("p1", "function transform(p) { var a = []; for (var i = 0; i < 300000; i++) { "
                + "a.push(Math.random()); } for (var k = 0; k < 100; k++) { a.sort(); } return {n: a.length}; }", json("{}"));

        assertFalse(result.ok());
        assertEquals("transform function exceeded its time limit of 1000 ms", result.error());
        assertTrue(sandbox.run("p1", "function transform(p) { return p; }", json("{\"after\":1}")).ok(),
                "the next call gets a fresh worker");
    }

    @Test
    void aHugeStringIsStoppedAtTheMemoryBound() throws Exception {
        ScriptResult result = sandbox.run("p1", "function transform(p) { return {s: 'x'.repeat(2 ** 28)}; }",
                json("{}"));

        assertFalse(result.ok());
        assertEquals("transform function exceeded its memory bound of 128 MB", result.error());
        for (int i = 0; i < 4; i++) {
            ScriptResult next = sandbox.run("p1", "function transform(p) { return p; }", json("{\"after\":1}"));
            assertTrue(next.ok(), "the worker that overflowed is not handed out again: " + next.error());
        }
    }

    @Test
    void stringDoublingIsStopped() throws Exception {
        ScriptResult result = sandbox.run("p1", "function transform(p) { var s = 'x'; while (true) { s = s + s; "
                + "s.length; } }", json("{}"));

        assertFalse(result.ok());
        assertTrue(result.error().contains("memory bound") || result.error().contains("time limit"),
                result.error());
    }

    @Test
    void aProjectOverItsShareWaitsWhileAnotherProjectRuns() throws Exception {
        ScriptSandbox longLimit = new ScriptSandbox(new ScriptSandbox.Settings(Duration.ofSeconds(60), 2, 1, 64));
        try {
            CompletableFuture<ScriptResult> stuck = CompletableFuture.supplyAsync(() ->
                    longLimit.run("a", "function transform(p) { while (true) {} }", null));
            CompletableFuture<ScriptResult> queued = CompletableFuture.supplyAsync(() ->
                    longLimit.run("a", "function transform(p) { return {second: true}; }", null));
            ScriptResult other = longLimit.run("b", "function transform(p) { return {b: true}; }", null);

            assertTrue(other.ok(), other.error());
            assertFalse(stuck.isDone(), "project a's loop still runs");
            assertFalse(queued.isDone() && stuck.isDone(), "project a's second call waits for a's share");
        } finally {
            longLimit.close();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void workersRunAtALowerCpuPriorityThanTheServer() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/nice")) || Files.isExecutable(Path.of("/bin/nice")),
                "this system has no nice: workers run at the server's priority");
        assertTrue(sandbox.run("p1", "function transform(p) { return p; }", json("{}")).ok());

        List<ProcessHandle> workers = ProcessHandle.current().descendants()
                .filter(ScriptSandboxIT::isScriptWorker)
                .toList();

        assertFalse(workers.isEmpty(), "no script worker among this process's children");
        int expected = Math.min(19, niceOf(ProcessHandle.current().pid()) + ScriptSandbox.Launch.WORKER_NICENESS);
        for (ProcessHandle worker : workers) {
            assertEquals(expected, niceOf(worker.pid()), "niceness of worker " + worker.pid());
        }
    }

    private static boolean isScriptWorker(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"))
                    .contains(ScriptWorkerMain.class.getName());
        } catch (java.io.IOException e) {
            return false; // it ended meanwhile
        }
    }

    /** The nice value of a process, field 19 of {@code /proc/PID/stat} (counted past the command name). */
    private static int niceOf(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[16]);
    }
}
