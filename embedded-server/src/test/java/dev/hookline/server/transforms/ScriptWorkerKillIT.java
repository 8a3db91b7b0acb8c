package dev.hookline.server.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.server.testing.Await;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A script worker killed from outside (the OOM killer, an operator's kill -9) is not the script's fault: the call is
 * tried again on the replacement and succeeds; the workers were started before the first call (issue 29).
 */
class ScriptWorkerKillIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DOUBLE = "function transform(p) { p.n = p.n * 2; return p; }";

    @Test
    void aWorkerKilledFromOutsideIsReplacedAndTheCallSucceedsOnTheReplacement() throws Exception {
        Set<Long> before = ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
        try (ScriptSandbox sandbox = new ScriptSandbox(new ScriptSandbox.Settings(Duration.ofSeconds(5), 2, 1, 128))) {
            sandbox.warmUpNow(); // as the server does at start when a subscription has a function
            java.util.List<ProcessHandle> workers = Await.value(Duration.ofSeconds(60),
                    "the workers started before any call", () -> ProcessHandle.current().children()
                            .filter(p -> !before.contains(p.pid())).filter(ProcessHandle::isAlive).toList(),
                    list -> list.size() == 2);
            assertTrue(sandbox.run("p", DOUBLE, JSON.readTree("{\"n\":1}")).ok());

            workers.forEach(ProcessHandle::destroyForcibly); // SIGKILL from outside, every worker
            Await.until(Duration.ofSeconds(10), "the workers are gone",
                    () -> workers.stream().noneMatch(ProcessHandle::isAlive));

            ScriptResult result = sandbox.run("p", DOUBLE, JSON.readTree("{\"n\":21}"));
            assertTrue(result.ok(), result.error());
            assertEquals(42, result.output().path("n").asInt());
        }
    }
}
