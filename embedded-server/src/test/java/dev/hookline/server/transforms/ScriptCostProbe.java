package dev.hookline.server.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What a script call costs in the sandbox's worker processes against the same script run in-process, and the RSS of
 * the server process and its workers after hostile scripts (ADR 0023). Not a test: run it by hand, see the ADR for
 * the command. Linux only for the RSS figures ({@code /proc}).
 */
public final class ScriptCostProbe {

    private static final String TRANSFORM = "function transform(p) { p.total = p.items.reduce((a, b) => a + b, 0); "
            + "p.tagged = true; return p; }";

    private ScriptCostProbe() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        JsonNode payload = new ObjectMapper().readTree("{\"id\":\"evt_123\",\"type\":\"order.paid\",\"items\":[1,2,3,"
                + "4,5],\"customer\":{\"name\":\"Ada\",\"email\":\"ada@example.com\"},\"note\":\"" + "x".repeat(600)
                + "\"}");
        ScriptRunner inProcess = ScriptRunner.standard();
        try (ScriptSandbox sandbox = new ScriptSandbox(ScriptSandbox.Settings.standard(Duration.ofSeconds(1)))) {
            for (int i = 0; i < 2_000; i++) {
                inProcess.run(TRANSFORM, payload);
                sandbox.run("warm", TRANSFORM, payload);
            }
            System.out.printf("payload %d bytes, %d calls each%n", payload.toString().length(), calls);
            System.out.printf("in-process Rhino:            %8.1f us/call%n", perCall(calls, () ->
                    inProcess.run(TRANSFORM, payload)));
            System.out.printf("worker process, 1 caller:    %8.1f us/call%n", perCall(calls, () ->
                    sandbox.run("p", TRANSFORM, payload)));
            System.out.printf("worker process, 8 callers / 4 projects: %8.1f us/call (throughput)%n",
                    concurrent(sandbox, calls, payload));
            System.out.printf("RSS before hostile scripts: server %d MB, workers %s MB%n", rss(ProcessHandle.current()
                    .pid()), workersRss());
            for (String hostile : List.of("function transform(p) { return {s: 'x'.repeat(2 ** 28)}; }",
                    "function transform(p) { var s = 'x'; while (true) { s = s + s; s.length; } }",
                    "function transform(p) { var a = Array.from({length: 3000000}, Math.random); a.sort(); "
                            + "a.sort(); return a.length; }")) {
                long start = System.nanoTime();
                ScriptResult result = sandbox.run("hostile", hostile, payload);
                System.out.printf("hostile -> %s after %d ms%n", result.error(), (System.nanoTime() - start) / 1_000_000);
            }
            System.out.printf("RSS after hostile scripts: server %d MB, workers %s MB%n", rss(ProcessHandle.current()
                    .pid()), workersRss());
        }
    }

    private static double perCall(int calls, Runnable call) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        return (System.nanoTime() - start) / 1_000.0 / calls;
    }

    private static double concurrent(ScriptSandbox sandbox, int calls, JsonNode payload) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new ArrayList<>();
            long start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                String project = "p" + (i % 4);
                futures.add(pool.submit(() -> sandbox.run(project, TRANSFORM, payload)));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            return (System.nanoTime() - start) / 1_000.0 / calls;
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Long> workersRss() {
        return ProcessHandle.current().children().map(p -> rss(p.pid())).toList();
    }

    private static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (Exception e) {
            return -1;
        }
        return -1;
    }
}
