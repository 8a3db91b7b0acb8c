package dev.hookline.app.server;

import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.server.EmbeddedServer;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Owns the in-process server of the console: starts it in the background and closes it exactly once.
 *
 * <p>Closing while the start is still under way waits for it (at most {@link #START_WAIT}), then closes the
 * server; the start then reports a {@link CancellationException}. So once {@link #close()} returns, no server of
 * this supervisor runs or touches its data directory.
 *
 * <p>{@link #headStart} begins the start before there is a supervisor (the console's launcher calls it before the
 * UI toolkit starts, so the two overlap); the first supervisor to start the server for that directory takes that
 * server over instead of starting another.
 */
public final class EmbeddedServerSupervisor implements AutoCloseable {

    static final Duration START_WAIT = Duration.ofSeconds(30);
    /** The server {@link #headStart} is starting, until a supervisor takes it over or it is abandoned. */
    private static final Object HEAD_START_LOCK = new Object();
    private static HeadStart headStart;

    private record HeadStart(Path dataDirectory, CompletableFuture<LocalPort.Started> server) {
    }

    private final BackgroundTasks backgroundTasks;
    private final Object lock = new Object();
    private final CountDownLatch startFinished = new CountDownLatch(1);
    private boolean startRequested;
    private boolean closed;
    private EmbeddedServer server;
    private Path dataDirectory;
    private String portNote;

    public EmbeddedServerSupervisor(BackgroundTasks backgroundTasks) {
        this.backgroundTasks = backgroundTasks;
    }

    /**
     * Starts the embedded server on its remembered loopback port ({@link LocalPort}) with its data in {@code dataDirectory} (created if
     * missing). Exactly one of the callbacks runs, on the UI thread.
     */
    public void start(Path dataDirectory, Consumer<? super EmbeddedServer> onRunning,
                      Consumer<? super Throwable> onFailure) {
        synchronized (lock) {
            if (closed || startRequested) {
                throw new IllegalStateException(closed ? "already closed" : "already started");
            }
            startRequested = true;
            this.dataDirectory = dataDirectory;
        }
        backgroundTasks.run(() -> startServer(dataDirectory), onRunning, onFailure);
    }

    /**
     * Begins starting the embedded server for {@code dataDirectory} on a thread of its own, before any supervisor
     * exists: the console's launcher calls it before the UI toolkit starts, which takes about as long. The supervisor
     * that {@link #start}s for the same directory takes this server over; {@link #abandonHeadStart()} closes it when
     * none did.
     */
    public static void headStart(Path dataDirectory) {
        CompletableFuture<LocalPort.Started> server = new CompletableFuture<>();
        synchronized (HEAD_START_LOCK) {
            if (headStart != null) {
                return;
            }
            headStart = new HeadStart(dataDirectory, server);
        }
        Thread.ofPlatform().name("hookline-server-head-start").daemon().start(() -> {
            try {
                createDirectories(dataDirectory);
                server.complete(LocalPort.start(dataDirectory));
            } catch (Throwable e) {
                server.completeExceptionally(e);
            }
        });
    }

    /**
     * Closes the server of {@link #headStart} if no supervisor took it over (the console did not open), so that
     * nothing holds the database or keeps the JVM alive.
     */
    public static void abandonHeadStart() {
        HeadStart abandoned;
        synchronized (HEAD_START_LOCK) {
            abandoned = headStart;
            headStart = null;
        }
        if (abandoned != null) {
            try {
                abandoned.server().get().server().close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // it did not start: nothing to close
            }
        }
    }

    /** The server {@link #headStart} is starting for {@code dataDirectory}, taken over; {@code null} when none is. */
    private static CompletableFuture<LocalPort.Started> takeHeadStart(Path dataDirectory) {
        synchronized (HEAD_START_LOCK) {
            if (headStart == null || !headStart.dataDirectory().equals(dataDirectory)) {
                return null;
            }
            CompletableFuture<LocalPort.Started> server = headStart.server();
            headStart = null;
            return server;
        }
    }

    private EmbeddedServer startServer(Path dataDirectory) throws Exception {
        try {
            return adopt(startedOrHeadStarted(dataDirectory));
        } finally {
            startFinished.countDown();
        }
    }

    private static LocalPort.Started startedOrHeadStarted(Path dataDirectory) throws Exception {
        CompletableFuture<LocalPort.Started> headStarted = takeHeadStart(dataDirectory);
        if (headStarted == null) {
            createDirectories(dataDirectory);
            return LocalPort.start(dataDirectory);
        }
        try {
            return headStarted.get();
        } catch (ExecutionException e) {
            // the start's own exception (e.g. the directory's owner), as a start in this thread would throw it
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static void createDirectories(Path dataDirectory) throws IOException {
        try {
            Files.createDirectories(dataDirectory);
        } catch (IOException e) {
            // a FileSystemException's message is mostly just the path: say what went wrong instead
            String reason = e instanceof FileSystemException fileSystem && fileSystem.getReason() != null
                    ? fileSystem.getReason() : e.getClass().getSimpleName();
            throw new IOException("Cannot create the data directory " + dataDirectory + " (" + reason + ")", e);
        }
    }

    /**
     * Why the running server is not on the port it had before (another program took it), in words; {@code null} when
     * it is on its remembered port.
     */
    public String portNote() {
        synchronized (lock) {
            return portNote;
        }
    }

    /** {@code true} while a server of this supervisor is up. */
    public boolean isRunning() {
        synchronized (lock) {
            return server != null;
        }
    }

    /**
     * Stops the running server but, unlike {@link #close()}, allows {@link #restart()}: what happens when the server
     * must be brought back (or, in tests, taken down).
     */
    public void stop() {
        EmbeddedServer running;
        synchronized (lock) {
            running = server;
            server = null;
        }
        if (running != null) {
            running.close();
        }
    }

    /**
     * Stops the server if it runs and starts a new one in the same data directory, on the same port. Blocks:
     * call it off the FX thread. Only after a first {@link #start}, and never after {@link #close()}.
     */
    public EmbeddedServer restart() throws Exception {
        Path directory;
        synchronized (lock) {
            if (closed || !startRequested) {
                throw new IllegalStateException(closed ? "already closed" : "never started");
            }
            directory = dataDirectory;
        }
        awaitStart();
        stop();
        createDirectories(directory);
        return adopt(LocalPort.start(directory));
    }

    /** Keeps a server just started as the running one, unless the console closed meanwhile (then it stops it). */
    private EmbeddedServer adopt(LocalPort.Started started) {
        synchronized (lock) {
            if (!closed) {
                server = started.server();
                portNote = started.note();
                return started.server();
            }
        }
        started.server().close();
        throw new CancellationException("The console closed before the embedded server was up");
    }

    /** Stops the server if it runs; idempotent, safe from any thread. */
    @Override
    public void close() {
        boolean waitForStart;
        synchronized (lock) {
            closed = true;
            waitForStart = startRequested;
        }
        if (waitForStart) {
            awaitStart();
        }
        stop();
    }

    private void awaitStart() {
        boolean interrupted = false;
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        try {
            while (true) {
                try {
                    startFinished.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
