package dev.hookline.app.server;

import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Owns the in-process server of the console: starts it in the background and closes it exactly once.
 *
 * <p>Closing while the start is still under way waits for it (at most {@link #START_WAIT}), then closes the
 * server; the start then reports a {@link CancellationException}. So once {@link #close()} returns, no server of
 * this supervisor runs or touches its data directory.
 */
public final class EmbeddedServerSupervisor implements AutoCloseable {

    static final Duration START_WAIT = Duration.ofSeconds(30);

    private final BackgroundTasks backgroundTasks;
    private final Object lock = new Object();
    private final CountDownLatch startFinished = new CountDownLatch(1);
    private boolean startRequested;
    private boolean closed;
    private EmbeddedServer server;
    private Path dataDirectory;

    public EmbeddedServerSupervisor(BackgroundTasks backgroundTasks) {
        this.backgroundTasks = backgroundTasks;
    }

    /**
     * Starts the embedded server on a free loopback port with its data in {@code dataDirectory} (created if
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

    private EmbeddedServer startServer(Path dataDirectory) throws Exception {
        try {
            createDirectories(dataDirectory);
            EmbeddedServer started = EmbeddedServer.start(ServerConfig.embedded(dataDirectory));
            synchronized (lock) {
                if (!closed) {
                    server = started;
                    return started;
                }
            }
            started.close();
            throw new CancellationException("The console closed before the embedded server was up");
        } finally {
            startFinished.countDown();
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
     * Stops the server if it runs and starts a new one in the same data directory, on a new free port. Blocks:
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
        EmbeddedServer started = EmbeddedServer.start(ServerConfig.embedded(directory));
        synchronized (lock) {
            if (!closed) {
                server = started;
                return started;
            }
        }
        started.close();
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
        EmbeddedServer running;
        synchronized (lock) {
            running = server;
            server = null;
        }
        if (running != null) {
            running.close();
        }
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
