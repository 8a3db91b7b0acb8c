package dev.hookline.server.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where every user script of the server runs (subscription transforms, source body and header functions, the
 * function Test routes): in a small pool of worker processes, each a JVM with a hard heap bound, each call under a
 * wall-clock watchdog that kills the worker when the call overruns (ADR 0023). One instance per server, built in
 * {@code HooklineServer}.
 *
 * <p>Fairness: a project runs at most {@link Settings#projectShare} scripts at once, always fewer than there are
 * workers, so one project's slow or hostile scripts cannot hold every worker; the calls of a project over its share
 * wait in that project's own (fair) queue. A call holds a worker for at most the time limit plus a short grace,
 * since the watchdog kills the worker then.
 *
 * <p>What a call costs: a round trip over the worker's pipes (the payload and result as JSON text), see ADR 0023.
 */
public final class ScriptSandbox implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScriptSandbox.class);
    /** Past the time limit, how long a call may still take before its worker is killed (built-ins, the pipes). */
    private static final Duration GRACE = Duration.ofMillis(500);
    /** How long a new worker may take to start before it is given up on (a crowded machine starts JVMs slowly). */
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    static final String STOPPING = "the server is stopping; the function was not run";

    /**
     * @param timeLimit     wall-clock limit of one call
     * @param workers       worker processes (at least 2, so one project's share never takes them all)
     * @param projectShare  scripts one project may run at once (fewer than {@code workers})
     * @param heapMegabytes each worker's heap bound
     */
    public record Settings(Duration timeLimit, int workers, int projectShare, int heapMegabytes) {

        public Settings {
            Objects.requireNonNull(timeLimit, "timeLimit");
            if (timeLimit.isNegative() || timeLimit.isZero()) {
                throw new IllegalArgumentException("time limit must be positive, got " + timeLimit);
            }
            if (workers < 2 || projectShare < 1 || projectShare >= workers) {
                throw new IllegalArgumentException("need at least 2 workers and a project share below their number, "
                        + "got " + workers + " and " + projectShare);
            }
            if (heapMegabytes < 32) {
                throw new IllegalArgumentException("a worker needs at least 32 MB of heap, got " + heapMegabytes);
            }
        }

        /**
         * Two workers per core, at least 4 and at most 6, a quarter of them (at least one) per project, 96 MB of
         * heap each: three projects can each hold their whole share with stuck scripts and a fourth still finds a
         * free worker, and the workers together stay under ~800 MB even when every one is at its bound.
         */
        public static Settings standard(Duration timeLimit) {
            int workers = Math.max(4, Math.min(6, 2 * Runtime.getRuntime().availableProcessors()));
            return new Settings(timeLimit, workers, Math.max(1, workers / 4), 96);
        }
    }

    private final Settings settings;
    private final Launch launch;
    private final ArrayBlockingQueue<Worker> idle;
    private final List<Worker> all = new ArrayList<>();
    private final Map<String, Semaphore> shares = new ConcurrentHashMap<>();
    /** Scripts that keep overrunning their limits are paused rather than run (and their workers killed) each time. */
    private final OverrunBreaker overruns = new OverrunBreaker();
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hookline-script-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean warming = new AtomicBoolean();
    private volatile boolean closed;

    public ScriptSandbox(Settings settings) {
        this.settings = settings;
        this.launch = Launch.of(settings);
        this.idle = new ArrayBlockingQueue<>(settings.workers(), true);
        for (int i = 0; i < settings.workers(); i++) {
            Worker worker = new Worker(i);
            all.add(worker);
            idle.add(worker);
        }
    }

    public Settings settings() {
        return settings;
    }

    public Duration timeLimit() {
        return settings.timeLimit();
    }

    /** How many scripts of {@code projectId} run (or wait for a worker) right now: at most its share. */
    public int running(String projectId) {
        Semaphore share = shares.get(projectId == null ? "" : projectId);
        return share == null ? 0 : settings.projectShare() - share.availablePermits();
    }

    /** True when a function is configured (a blank one means none). */
    public static boolean isSet(String function) {
        return function != null && !function.isBlank();
    }

    /** The reason a call that ran out of its worker's heap fails with. */
    static String memoryMessage(long heapMegabytes) {
        return "transform function exceeded its memory bound of " + heapMegabytes + " MB";
    }

    private String timeMessage() {
        return "transform function exceeded its time limit of " + settings.timeLimit().toMillis() + " ms";
    }

    /**
     * Runs {@code transform(input)} of {@code script} for project {@code projectId}, waiting for the project's share
     * and a free worker. Never throws for anything the script does: a failure (syntax, exception, time, memory) is
     * the result's error.
     */
    public ScriptResult run(String projectId, String script, JsonNode input) {
        if (!isSet(script)) {
            return ScriptResult.failure(ScriptRunner.NOT_FOUND, List.of());
        }
        String key = projectId == null ? "" : projectId;
        String paused = overruns.refusal(key, script);
        if (paused != null) {
            return ScriptResult.failure(paused, List.of());
        }
        warmUp();
        Semaphore share = shares.computeIfAbsent(key, k -> new Semaphore(settings.projectShare(), true));
        try {
            share.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ScriptResult.failure(STOPPING, List.of());
        }
        // set when a call's worker died and its replacement starts in the background holding the share (ADR 0038)
        boolean[] handedOver = {false};
        try {
            ScriptResult result = callOnce(script, input, share, handedOver);
            if (result.error() != null && result.error().startsWith(KILLED_FROM_OUTSIDE) && !closed) {
                // not the script's doing: tried again on the replacement, like any transient failure
                LOG.info("script worker killed from outside mid-call; the call is tried again on its replacement");
                if (handedOver[0]) {
                    share.acquire(); // given back by the replacement once it is ready
                    handedOver[0] = false;
                }
                result = callOnce(script, input, share, handedOver);
            }
            if (!closed) {
                overruns.record(key, script, costsItsWorker(result));
            }
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ScriptResult.failure(STOPPING, List.of());
        } finally {
            if (!handedOver[0]) {
                share.release();
            }
        }
    }

    /** Whether a call failed by running out of its time limit or memory bound (which costs its worker). */
    private boolean costsItsWorker(ScriptResult result) {
        return result.error() != null && (result.error().startsWith(timeMessage())
                || result.error().startsWith(memoryMessage(settings.heapMegabytes())));
    }

    /** What a call answers when its worker was killed by a signal from outside (the OOM killer, an operator). */
    static final String KILLED_FROM_OUTSIDE = "the script's worker process was killed from outside";

    /**
     * One call on a free worker. When the call cost the worker, its replacement starts in the background and gives
     * the worker and {@code share} back when ready; {@code handedOver[0]} then says the caller no longer holds it.
     */
    private ScriptResult callOnce(String script, JsonNode input, Semaphore share, boolean[] handedOver) {
        Worker worker = takeWorker();
        if (worker == null) {
            return ScriptResult.failure(STOPPING, List.of());
        }
        if (!worker.alive() && !closed) {
            worker.startQuietly(); // died while idle (killed from outside): replaced before it is used
        }
        boolean usable = false;
        try {
            ScriptResult result = worker.call(script, input);
            usable = worker.alive();
            return result;
        } finally {
            if (!usable && !closed) {
                // the project whose script cost the worker waits for its replacement, still holding its share:
                // a stream of hostile calls costs that project's queue, and at most one process start at a time
                // per share, never the other projects' time. The caller has its answer (the reason) at once: the
                // replacement starts in the background and gives the worker and the share back when ready
                // (ADR 0038: a hostile event says why without waiting for a process start)
                handedOver[0] = true;
                Thread.ofVirtual().name("hookline-script-worker-restart").start(() -> {
                    try {
                        worker.startQuietly();
                    } finally {
                        idle.add(worker);
                        share.release();
                    }
                });
            } else {
                idle.add(worker);
            }
        }
    }

    /**
     * Starts every worker now, in the background, so the first event of a project with transforms does not wait for
     * them (the server calls it at start when some subscription has a function).
     */
    public void warmUpNow() {
        warmUp();
    }

    /**
     * Starts every worker in the background at the first script call, so later calls find them warm (a server that
     * runs no script starts no process). A call that takes a worker still starting waits for it; the time limit
     * starts once the worker is ready.
     */
    private void warmUp() {
        if (warming.compareAndSet(false, true)) {
            for (Worker worker : all) {
                Thread.ofVirtual().name("hookline-script-worker-start").start(worker::startQuietly);
            }
        }
    }

    private Worker takeWorker() {
        try {
            while (!closed) {
                Worker worker = idle.poll(200, TimeUnit.MILLISECONDS);
                if (worker != null) {
                    return worker;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    @Override
    public void close() {
        closed = true;
        watchdog.shutdownNow();
        for (Worker worker : all) {
            // not under the worker's lock: a call blocked on the pipes ends (end of stream) when its process dies
            worker.kill();
        }
    }

    /** One worker process, used by one call at a time. */
    private final class Worker {
        private final int index;
        private final ReentrantLock lock = new ReentrantLock();
        private Process process;
        private DataInputStream in;
        private DataOutputStream out;

        Worker(int index) {
            this.index = index;
        }

        /** Whether the process runs; asked by the caller that holds this worker. */
        boolean alive() {
            lock.lock();
            try {
                return process != null && process.isAlive();
            } finally {
                lock.unlock();
            }
        }

        ScriptResult call(String script, JsonNode input) {
            // a lock, not synchronized: the holder blocks on the worker's pipes, and may be a virtual thread
            lock.lock();
            try {
                return callLocked(script, input);
            } finally {
                lock.unlock();
            }
        }

        private ScriptResult callLocked(String script, JsonNode input) {
            if (closed) {
                return ScriptResult.failure(STOPPING, List.of());
            }
            try {
                start();
            } catch (IOException | RejectedExecutionException e) {
                if (closed) {
                    return ScriptResult.failure(STOPPING, List.of());
                }
                LOG.warn("script worker {} could not start: {}", index, e.getMessage());
                return ScriptResult.failure("the script could not run: no script worker could be started ("
                        + e.getMessage() + ")", List.of());
            }
            Process running = process;
            DataOutputStream toWorker = out;
            DataInputStream fromWorker = in;
            AtomicBoolean killed = new AtomicBoolean();
            ScheduledFuture<?> deadline;
            try {
                deadline = watchdog.schedule(() -> {
                    killed.set(true);
                    running.destroyForcibly();
                }, settings.timeLimit().plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                return ScriptResult.failure(STOPPING, List.of());
            }
            JsonNode answer = null;
            try {
                ScriptWorkerProtocol.write(toWorker, ScriptWorkerProtocol.request(script, input));
                answer = ScriptWorkerProtocol.read(fromWorker);
            } catch (IOException e) {
                // the worker died or was killed mid-call: answered below
            } finally {
                deadline.cancel(false);
            }
            if (answer != null && !killed.get()) {
                if (answer.path(ScriptWorkerMain.RETIRING).asBoolean()) {
                    // it exits now: not to be handed out again (the caller starts a replacement)
                    stop();
                }
                return ScriptWorkerProtocol.result(answer);
            }
            int status = exitStatus(running);
            stop();
            if (killed.get()) {
                LOG.info("script worker {} killed: a call overran its time limit of {} ms", index,
                        settings.timeLimit().toMillis());
                return ScriptResult.failure(timeMessage(), List.of());
            }
            if (closed) {
                return ScriptResult.failure(STOPPING, List.of());
            }
            if (status == ScriptWorkerMain.EXIT_OUT_OF_MEMORY) {
                return ScriptResult.failure(memoryMessage(settings.heapMegabytes()), List.of());
            }
            if (status == 128 + 9 || status == 128 + 15 || status == 128 + 6) {
                LOG.warn("script worker {} was killed from outside (signal {})", index, status - 128);
                return ScriptResult.failure(KILLED_FROM_OUTSIDE + " (signal " + (status - 128) + ", e.g. the "
                        + "system's out-of-memory killer or an operator), not by the script", List.of());
            }
            LOG.warn("script worker {} stopped unexpectedly (exit status {})", index, status);
            return ScriptResult.failure("the script's worker process stopped unexpectedly (exit status " + status
                    + "); the script most likely exceeded its memory bound of " + settings.heapMegabytes() + " MB",
                    List.of());
        }

        void startQuietly() {
            lock.lock();
            try {
                if (!closed) {
                    start();
                }
            } catch (IOException | RejectedExecutionException e) {
                if (!closed) {
                    LOG.warn("script worker {} could not start: {}", index, e.getMessage());
                }
            } finally {
                lock.unlock();
            }
        }

        /** Starts the process if it is not running, and waits until it says it is ready. */
        private void start() throws IOException {
            if (process != null && process.isAlive()) {
                return;
            }
            stop();
            if (closed) {
                throw new IOException("the server is stopping");
            }
            if (launch.command().isEmpty()) {
                throw new IOException("neither " + Path.of(System.getProperty("java.home"), "bin", "java")
                        + " nor this process's launcher is known");
            }
            ProcessBuilder builder = new ProcessBuilder(launch.command())
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().putAll(launch.environment());
            Process started = builder.start();
            DataInputStream startedIn = new DataInputStream(new BufferedInputStream(started.getInputStream()));
            ScheduledFuture<?> giveUp;
            try {
                giveUp = watchdog.schedule(started::destroyForcibly, START_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                started.destroyForcibly();
                throw new IOException("the server is stopping");
            }
            JsonNode ready;
            try {
                ready = ScriptWorkerProtocol.read(startedIn);
            } finally {
                giveUp.cancel(false);
            }
            if (ready == null || !ready.path("ready").asBoolean()) {
                started.destroyForcibly();
                throw new IOException("the worker process ended before it was ready (exit status "
                        + exitStatus(started) + ", command " + launch.program() + ")");
            }
            if (closed) {
                started.destroyForcibly();
                throw new IOException("the server is stopping");
            }
            process = started;
            in = startedIn;
            out = new DataOutputStream(new BufferedOutputStream(started.getOutputStream()));
        }

        void kill() {
            Process p = process;
            if (p != null) {
                p.destroyForcibly();
            }
        }

        void stop() {
            Process p = process;
            process = null;
            in = null;
            out = null;
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }

    private static int exitStatus(Process p) {
        try {
            return p.waitFor(5, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /**
     * How a worker is started: this JVM's {@code java} with the class path when there is one (development, tests,
     * {@code hookline-server.jar}); otherwise this process's own launcher in worker mode (a packaged app image may
     * carry no {@code bin/java}), its JVM options passed through {@code JAVA_TOOL_OPTIONS}. Where the system has
     * {@code nice}, the worker runs at {@link #WORKER_NICENESS}: a script that burns CPU until its limit (a loop, a
     * sort of millions) takes only what the server's own threads leave, so on a busy machine it slows scripts, never
     * the acknowledgements of other projects (docs/adr/0023).
     */
    record Launch(List<String> command, Map<String, String> environment) {

        /** The worker's priority below the server's (0); 10 leaves it about a tenth of a core the server wants. */
        static final int WORKER_NICENESS = 10;
        private static final List<Path> NICE = List.of(Path.of("/usr/bin/nice"), Path.of("/bin/nice"));

        /** The program that runs the worker (the JVM or the app launcher), past {@code nice}. */
        String program() {
            return command.isEmpty() ? "" : command.get(command.size() > 3 && isNice(command.get(0)) ? 3 : 0);
        }

        private static boolean isNice(String program) {
            return NICE.stream().anyMatch(nice -> nice.toString().equals(program));
        }

        /** {@code command} under {@code nice -n WORKER_NICENESS} when the system has it, else as it is. */
        static List<String> atLowerPriority(List<String> command) {
            for (Path nice : NICE) {
                if (Files.isExecutable(nice)) {
                    List<String> niced = new ArrayList<>(List.of(nice.toString(), "-n",
                            String.valueOf(WORKER_NICENESS)));
                    niced.addAll(command);
                    return List.copyOf(niced);
                }
            }
            return command;
        }

        static Launch of(Settings settings) {
            List<String> jvm = List.of("-Xmx" + settings.heapMegabytes() + "m", "-Xms16m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "-XX:ReservedCodeCacheSize=32m", "-XX:MaxMetaspaceSize=64m",
                    "-XX:-UsePerfData", "-Xshare:auto");
            List<String> args = List.of(String.valueOf(settings.timeLimit().toMillis()),
                    String.valueOf(settings.heapMegabytes()));
            boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win");
            Path java = Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
            String classPath = System.getProperty("java.class.path", "");
            if (Files.isExecutable(java) && !classPath.isBlank()) {
                List<String> command = new ArrayList<>();
                command.add(java.toString());
                command.addAll(jvm);
                command.addAll(List.of("-cp", classPath, ScriptWorkerMain.class.getName()));
                command.addAll(args);
                return new Launch(atLowerPriority(command), Map.of());
            }
            String launcher = ProcessHandle.current().info().command().orElse(null);
            if (launcher == null) {
                // every script call then fails saying so; scripts never run unguarded in the server
                return new Launch(List.of(), Map.of());
            }
            List<String> command = new ArrayList<>(List.of(launcher, "--server", ScriptWorkerMain.MODE));
            command.addAll(args);
            return new Launch(atLowerPriority(command), Map.of("JAVA_TOOL_OPTIONS", String.join(" ", jvm)));
        }
    }
}
