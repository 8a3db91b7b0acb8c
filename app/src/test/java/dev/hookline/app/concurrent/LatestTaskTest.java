package dev.hookline.app.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.testing.QueuedBackgroundTasks;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatestTaskTest {

    private final QueuedBackgroundTasks tasks = new QueuedBackgroundTasks();
    private final LatestTask task = new LatestTask(tasks);
    private final List<String> shown = new ArrayList<>();

    @Test
    void aNewerRequestDropsTheOlderOnesAnswerWhicheverArrivesFirst() {
        List<String> dropped = new ArrayList<>();
        task.run(() -> "old", shown::add, failure -> shown.add("failed"), dropped::add);
        task.run(() -> "new", shown::add, failure -> shown.add("failed"), dropped::add);
        tasks.runLast();
        tasks.runNext();

        assertEquals(List.of("new"), shown);
        assertEquals(List.of("old"), dropped, "the stale answer is handed over to be released");
    }

    @Test
    void aStaleFailureIsDroppedToo() {
        task.<String>run(() -> {
            throw new IllegalStateException("old server gone");
        }, shown::add, failure -> shown.add(failure.getMessage()));
        task.run(() -> "new", shown::add, failure -> shown.add(failure.getMessage()));
        tasks.runAll();

        assertEquals(List.of("new"), shown);
    }

    @Test
    void cancelDropsTheAnswerUnderWayAndSaysNothingRuns() {
        task.run(() -> "late", shown::add, failure -> shown.add("failed"));
        assertTrue(task.isRunning());

        task.cancel();
        assertFalse(task.isRunning());
        tasks.runAll();

        assertEquals(List.of(), shown);
    }

    @Test
    void theNewestAnswerEndsTheRun() {
        task.run(() -> "only", shown::add, failure -> shown.add("failed"));
        tasks.runAll();

        assertEquals(List.of("only"), shown);
        assertFalse(task.isRunning());
    }
}
