package dev.hookline.server.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;

/**
 * The SQLite database: one writer thread that owns the only write connection, and a small pool of read-only
 * connections used in parallel.
 *
 * <p>Writes are queued and committed in groups: the writer takes every job waiting (up to {@link #MAX_GROUP}),
 * runs each inside its own savepoint of one transaction, commits once, and only then completes the callers'
 * futures. A caller that gets a result therefore knows its work is durable, and a failing job rolls back only its
 * own savepoint, never its neighbours'. One fsync-equivalent per group instead of per write is what makes ingest
 * fast. WAL checkpoints (copying committed pages into the file, with a sync) run on a background thread every
 * 200 ms rather than inside a commit, so the writer never waits for the disk to sync.
 */
public final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);
    private static final int MAX_GROUP = 256;
    private static final int READERS = 4;

    private final Path file;
    private final Connection writeConnection;
    private final BlockingQueue<Connection> readers;
    private final List<Connection> allReaders = new ArrayList<>();
    private final BlockingQueue<WriteJob<?>> writeQueue = new LinkedBlockingQueue<>();
    private final Thread writerThread;
    private final List<Runnable> afterCommit = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Hot statements of write jobs, prepared once on the write connection (only the writer thread uses them). */
    private final java.util.Map<String, PreparedStatement> writeStatements = new java.util.HashMap<>();
    private volatile boolean closed;
    /** Checkpoints run here, off the writer thread: they copy WAL pages into the file and sync it (slow disks). */
    private final Connection checkpointConnection;
    private final Thread checkpointer;
    private final java.util.concurrent.atomic.AtomicLong commitsSinceCheckpoint =
            new java.util.concurrent.atomic.AtomicLong();

    private Database(Path file) throws SQLException {
        this.file = file;
        this.writeConnection = open(file, false);
        Migrations.apply(writeConnection);
        try (Statement statement = writeConnection.createStatement()) {
            // the writer never checkpoints inside a commit; the checkpointer thread does it (PASSIVE: never blocks it)
            statement.execute("PRAGMA wal_autocheckpoint=0");
        }
        this.checkpointConnection = open(file, false);
        this.readers = new ArrayBlockingQueue<>(READERS);
        for (int i = 0; i < READERS; i++) {
            Connection reader = open(file, true);
            allReaders.add(reader);
            readers.add(reader);
        }
        this.writerThread = Thread.ofPlatform().name("hookline-db-writer").daemon(true).start(this::writeLoop);
        this.checkpointer = Thread.ofPlatform().name("hookline-db-checkpointer").daemon(true)
                .start(this::checkpointLoop);
    }

    private static final long CHECKPOINT_INTERVAL_MS = 200;

    private void checkpointLoop() {
        while (!closed) {
            try {
                Thread.sleep(CHECKPOINT_INTERVAL_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (commitsSinceCheckpoint.getAndSet(0) == 0) {
                continue;
            }
            try (Statement statement = checkpointConnection.createStatement()) {
                statement.execute("PRAGMA wal_checkpoint(PASSIVE)");
            } catch (SQLException e) {
                LOG.debug("background checkpoint failed: {}", e.getMessage());
            }
        }
    }

    /** Opens (creating if needed) the database file and applies pending migrations. */
    public static Database open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new Database(file);
        } catch (SQLException | java.io.IOException e) {
            throw new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
        }
    }

    public Path file() {
        return file;
    }

    /** Runs read-only work on a pooled connection (auto-commit; each statement sees the latest commit). */
    public <T> T read(SqlWork<T> work) {
        Connection connection;
        try {
            connection = readers.poll(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a read connection", e);
        }
        if (connection == null) {
            throw new StoreException("no read connection free after 30 s", null);
        }
        try {
            return work.run(connection);
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        } finally {
            readers.add(connection);
        }
    }

    /**
     * Runs {@code work} in the writer's current transaction and waits until it is committed. Exceptions thrown by
     * {@code work} (after its savepoint was rolled back) are rethrown to the caller unchanged if unchecked.
     */
    public <T> T write(SqlWork<T> work) {
        try {
            return writeAsync(work).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a commit", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new StoreException(cause.getMessage(), cause);
        }
    }

    /** Queues {@code work}; the future completes after the group containing it has committed. */
    public <T> CompletableFuture<T> writeAsync(SqlWork<T> work) {
        if (closed) {
            return CompletableFuture.failedFuture(new StoreException("database is closed", null));
        }
        WriteJob<T> job = new WriteJob<>(work);
        writeQueue.add(job);
        return job.future;
    }

    /**
     * Runs {@code listener} on the writer thread after each group has committed and before its callers learn of it
     * (so a cache it invalidates is fresh for any request that follows a 2xx). It must be quick and not throw.
     */
    public void afterCommit(Runnable listener) {
        afterCommit.add(listener);
    }

    /** A statement from {@link #reusable}: close it to give it back (kept prepared) or, if it is not kept, close it. */
    public static final class Reusable implements AutoCloseable {
        private final PreparedStatement statement;
        private final boolean kept;

        private Reusable(PreparedStatement statement, boolean kept) {
            this.statement = statement;
            this.kept = kept;
        }

        public PreparedStatement statement() {
            return statement;
        }

        @Override
        public void close() throws SQLException {
            if (kept) {
                statement.clearParameters();
                statement.clearBatch();
            } else {
                statement.close();
            }
        }
    }

    /**
     * {@code sql} prepared on {@code c}. On the write connection the statement is prepared once and kept for the
     * next job (compiling SQL costs more than running a small insert, and ingest runs the same few statements for
     * every event); on any other connection it is a fresh statement. Use in try-with-resources; close any result set
     * before the statement.
     */
    public Reusable reusable(Connection c, String sql) throws SQLException {
        if (c != writeConnection || Thread.currentThread() != writerThread) {
            return new Reusable(c.prepareStatement(sql), false);
        }
        PreparedStatement kept = writeStatements.get(sql);
        if (kept == null || kept.isClosed()) {
            kept = c.prepareStatement(sql);
            writeStatements.put(sql, kept);
        }
        return new Reusable(kept, true);
    }

    private void writeLoop() {
        List<WriteJob<?>> group = new ArrayList<>(MAX_GROUP);
        while (true) {
            try {
                WriteJob<?> first = writeQueue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    if (closed) {
                        return;
                    }
                    continue;
                }
                group.add(first);
                writeQueue.drainTo(group, MAX_GROUP - 1);
                runGroup(group);
            } catch (InterruptedException e) {
                if (closed) {
                    return;
                }
            } catch (Throwable t) {
                LOG.error("database writer failed a group: {}", t.toString());
                for (WriteJob<?> job : group) {
                    job.future.completeExceptionally(t);
                }
            } finally {
                group.clear();
            }
        }
    }

    private void runGroup(List<WriteJob<?>> group) throws SQLException {
        List<Object> results = new ArrayList<>(group.size());
        List<Throwable> failures = new ArrayList<>(group.size());
        writeConnection.setAutoCommit(false);
        try {
            for (WriteJob<?> job : group) {
                Savepoint savepoint = writeConnection.setSavepoint();
                try {
                    results.add(job.work.run(writeConnection));
                    failures.add(null);
                    writeConnection.releaseSavepoint(savepoint);
                } catch (Throwable t) {
                    writeConnection.rollback(savepoint);
                    writeConnection.releaseSavepoint(savepoint);
                    results.add(null);
                    failures.add(t instanceof SQLException sql ? new StoreException(sql.getMessage(), sql) : t);
                }
            }
            writeConnection.commit();
            commitsSinceCheckpoint.incrementAndGet();
            for (Runnable listener : afterCommit) {
                try {
                    listener.run();
                } catch (RuntimeException e) {
                    LOG.error("after-commit listener failed: {}", e.toString());
                }
            }
        } catch (SQLException e) {
            writeConnection.rollback();
            throw e;
        } finally {
            writeConnection.setAutoCommit(true);
        }
        for (int i = 0; i < group.size(); i++) {
            group.get(i).complete(results.get(i), failures.get(i));
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writerThread.join(TimeUnit.SECONDS.toMillis(10));
            checkpointer.interrupt();
            checkpointer.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly(checkpointConnection);
        for (Connection reader : allReaders) {
            closeQuietly(reader);
        }
        try (Statement statement = writeConnection.createStatement()) {
            statement.execute("PRAGMA optimize");
            statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch (SQLException e) {
            LOG.debug("checkpoint on close failed: {}", e.getMessage());
        }
        closeQuietly(writeConnection);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing; nothing more to do
        }
    }

    private static Connection open(Path file, boolean readOnly) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        if (!readOnly) {
            config.setJournalMode(SQLiteConfig.JournalMode.WAL); // persistent in the file; readers inherit it
        }
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        config.setBusyTimeout(10_000);
        config.setTempStore(SQLiteConfig.TempStore.MEMORY);
        config.setCacheSize(-32_000); // 32 MB page cache per connection
        // nothing reads generated keys; without this the driver asks for the last rowid after every insert
        config.setGetGeneratedKeys(false);
        if (readOnly) {
            config.setReadOnly(true);
        }
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
    }

    private static final class WriteJob<T> {
        final SqlWork<T> work;
        final CompletableFuture<T> future = new CompletableFuture<>();

        WriteJob(SqlWork<T> work) {
            this.work = work;
        }

        @SuppressWarnings("unchecked")
        void complete(Object result, Throwable failure) {
            if (failure != null) {
                future.completeExceptionally(failure);
            } else {
                future.complete((T) result);
            }
        }
    }
}
