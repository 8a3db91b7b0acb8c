package dev.hookline.server.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * runs them in one transaction, commits once, and only then completes the callers' futures. A caller that gets a
 * result therefore knows its work is durable. A job that shares its group runs inside its own savepoint, so a failing
 * job rolls back only its own work, never its neighbours'; a job alone in its group, or one queued with
 * {@link #writeWholeAsync} (it cannot fail part-way), runs without one (a savepoint costs writer time, ADR 0024).
 * One fsync-equivalent per group instead of per write is what makes ingest fast.
 *
 * <p>WAL checkpoints (copying committed pages into the file, with a sync) run on a background thread every 200 ms
 * rather than inside a commit, so the writer rarely waits for the disk to sync. Under sustained writes with readers
 * those passive checkpoints never find the whole log copied, and the log would grow without end (gigabytes); so when
 * the {@code -wal} file passes {@link #WAL_SIZE_LIMIT_BYTES} the writer itself, between two groups, runs a
 * {@code TRUNCATE} checkpoint: it waits for the readers of older snapshots (reads are single statements, so
 * milliseconds; at most {@link #WRITER_CHECKPOINT_PATIENCE_MS}; when that was not enough it tries again without
 * waiting each time the log grew by another quarter of the limit, and patiently 5 s later, so a backup
 * holding a snapshot for minutes never stalls the writer), copies what the background thread has not, and starts the
 * log over at zero bytes. The log therefore stays within about the limit plus one group (ADR 0024).
 *
 * <p>Statements used again and again are kept prepared per connection ({@link #reusable}): on the write connection,
 * and on each read connection (a small most-recently-used set per connection).
 */
public final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);
    private static final int MAX_GROUP = 256;
    private static final int READERS = 4;

    private final Path file;
    private final Connection writeConnection;
    private final BlockingQueue<Connection> readers;
    private final List<Connection> allReaders = new ArrayList<>();
    /** The read connection the current thread holds inside {@link #read}, so a nested read reuses it. */
    private final ThreadLocal<Connection> heldReader = new ThreadLocal<>();
    private final BlockingQueue<WriteJob<?>> writeQueue = new LinkedBlockingQueue<>();
    /** Long writes ({@link #writeBulk}): one between two groups of the others, never ahead of them. */
    private final BlockingQueue<WriteJob<?>> bulkQueue = new LinkedBlockingQueue<>();
    /** Put in {@link #writeQueue} to wake the writer for a bulk job; runs nothing. */
    private static final WriteJob<Void> BULK_WAITING = new WriteJob<>(c -> null, true);
    private final Thread writerThread;
    private final List<Runnable> afterCommit = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Hot statements of write jobs, prepared once on the write connection (only the writer thread uses them). */
    private final java.util.Map<String, PreparedStatement> writeStatements = new java.util.HashMap<>();
    private volatile boolean closed;
    /** The writer's failures logged as a fault: when it starts, a count while it lasts, when it ends. */
    private final WriteFaultLog faults = new WriteFaultLog(LOG);
    private volatile StorageErrors.WriteHealth writeHealth = StorageErrors.WriteHealth.OK;
    /** Checkpoints run here, off the writer thread: they copy WAL pages into the file and sync it (slow disks). */
    private final Connection checkpointConnection;
    private final Thread checkpointer;
    private final java.util.concurrent.atomic.AtomicLong commitsSinceCheckpoint =
            new java.util.concurrent.atomic.AtomicLong();
    /** Pages in the write-ahead log when the background checkpoint last ran. */
    private volatile long walPages;
    /** Background checkpoints that found every page of the log copied (the log starts over at the next write). */
    private final java.util.concurrent.atomic.AtomicLong completedCheckpoints =
            new java.util.concurrent.atomic.AtomicLong();
    /**
     * The write-ahead log is cut back to this size when it starts over after a checkpoint: a burst of writes (a
     * retention sweep, a bulk import) otherwise leaves a log of its peak size on the disk until the server stops.
     * A {@code -wal} file larger than this means the log itself is (the file is cut back at every restart): the
     * writer then completes a checkpoint itself ({@link #walLimitBytes}).
     */
    static final long WAL_SIZE_LIMIT_BYTES = 64L * 1024 * 1024;
    /** Statements kept prepared per read connection, most recently used first. */
    static final int READ_STATEMENTS_KEPT = 48;

    /** The {@code -wal} size past which the writer completes a checkpoint itself (a test lowers it). */
    private final long walLimitBytes;
    private final Path walFile;
    /** Checkpoints the writer completed itself because the log passed {@link #walLimitBytes}. */
    private final java.util.concurrent.atomic.AtomicLong writerCheckpoints =
            new java.util.concurrent.atomic.AtomicLong();
    /**
     * Held while a checkpoint runs: SQLite lets one checkpoint run at a time and answers a second with "busy" at
     * once, so the writer's {@code TRUNCATE} would fail whenever it met a background passive one.
     */
    private final java.util.concurrent.locks.ReentrantLock checkpointing = new java.util.concurrent.locks.ReentrantLock();
    /** Kept statements of each read connection (only the thread holding the connection touches its map). */
    private final java.util.Map<Connection, java.util.Map<String, PreparedStatement>> readStatements =
            new java.util.IdentityHashMap<>();

    /** Stands between the driver and the write connection: tests inject faults there (a full disk). */
    @FunctionalInterface
    public interface ConnectionFilter {
        ConnectionFilter NONE = connection -> connection;

        Connection wrap(Connection connection);
    }

    private Database(Path file, ConnectionFilter filter, long walLimitBytes) throws SQLException {
        this.file = file;
        this.walLimitBytes = walLimitBytes;
        this.walFile = file.resolveSibling(file.getFileName() + "-wal");
        StartChecks.refuseUnusableFile(file);
        boolean cleanStop = StartChecks.takeCleanStopMark(file);
        Connection direct = open(file, false);
        try {
            StartChecks.prepareNewDatabase(direct);
            StartChecks.refuseForeignDatabase(direct, file);
            if (!cleanStop) {
                // after a crash, or the first start with this marker: read the whole file once (2 GB: ~30 s)
                IntegrityCheck.require(direct, file);
            }
        } catch (RuntimeException e) {
            closeQuietly(direct);
            throw e;
        }
        this.writeConnection = filter.wrap(direct);
        Migrations.apply(writeConnection);
        configureWriter(writeConnection);
        this.checkpointConnection = open(file, false);
        this.readers = new ArrayBlockingQueue<>(READERS);
        for (int i = 0; i < READERS; i++) {
            Connection reader = open(file, true);
            allReaders.add(reader);
            readStatements.put(reader, new java.util.LinkedHashMap<>(16, 0.75f, true));
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
            checkpointing.lock();
            try (Statement statement = checkpointConnection.createStatement();
                 ResultSet rs = statement.executeQuery("PRAGMA wal_checkpoint(PASSIVE)")) {
                // (busy, pages in the log, pages copied into the database); all copied: the next write starts the
                // log over (and cuts its file back to WAL_SIZE_LIMIT_BYTES)
                if (rs.next()) {
                    walPages = rs.getLong(2);
                    if (rs.getLong(2) == rs.getLong(3)) {
                        completedCheckpoints.incrementAndGet();
                    }
                }
            } catch (SQLException e) {
                LOG.debug("background checkpoint failed: {}", e.getMessage());
            } finally {
                checkpointing.unlock();
            }
        }
    }

    /**
     * Opens (creating if needed) the database file, checks it ({@code PRAGMA quick_check}) and applies pending
     * migrations.
     *
     * @throws DatabaseDamagedException when the file is not a sound SQLite database
     */
    public static Database open(Path file) {
        return open(file, ConnectionFilter.NONE);
    }

    /** Like {@link #open(Path)}, the write connection passed through {@code filter}. */
    public static Database open(Path file, ConnectionFilter filter) {
        return open(file, filter, WAL_SIZE_LIMIT_BYTES);
    }

    /** Like {@link #open(Path, ConnectionFilter)}, the writer completing a checkpoint past {@code walLimitBytes}. */
    static Database open(Path file, ConnectionFilter filter, long walLimitBytes) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new Database(file, filter, walLimitBytes);
        } catch (SQLException e) {
            if (IntegrityCheck.damaged(e)) {
                throw new DatabaseDamagedException(file, e.getMessage(), e);
            }
            throw new StoreException("cannot open database " + file + ": " + StorageErrors.describe(e), e);
        } catch (java.io.IOException e) {
            throw new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A write connection to {@code file} with the server's settings (WAL, {@code synchronous=NORMAL}, page cache,
     * no automatic checkpoints, the log's size limit), the project's migrations applied up to {@code migrations}
     * (their count, {@link #migrationNames()}): what the SQLite-alone benchmark measures against, without a
     * server. The caller owns and closes it.
     */
    public static Connection connectForBenchmark(Path file, int migrations) throws SQLException {
        Connection c = open(file, false);
        Migrations.apply(c, migrations);
        configureWriter(c);
        return c;
    }

    /** The project's migrations, in the order they apply. */
    public static List<String> migrationNames() {
        return Migrations.MIGRATIONS;
    }

    private static void configureWriter(Connection c) throws SQLException {
        try (Statement statement = c.createStatement()) {
            // the writer never checkpoints inside a commit; the checkpointer thread does it (PASSIVE: never blocks
            // it), and the writer completes one between groups when the log has grown past its limit
            statement.execute("PRAGMA wal_autocheckpoint=0");
            statement.execute("PRAGMA journal_size_limit=" + WAL_SIZE_LIMIT_BYTES);
        }
    }

    /**
     * Writes a consistent copy of the database at {@code file} to {@code target} ({@code VACUUM INTO} on a
     * read-only connection of its own): it reads one snapshot, so a server may keep writing meanwhile, and it takes
     * no lock of the data directory. The copy is written beside {@code target} and moved into place, so a failed
     * backup never leaves a half-written file under that name.
     *
     * @return the size of the copy in bytes
     */
    public static long backup(Path file, Path target) {
        Path source = file.toAbsolutePath().normalize();
        Path destination = target.toAbsolutePath().normalize();
        if (!Files.isRegularFile(source)) {
            throw new StoreException("there is no database at " + source, null);
        }
        if (destination.equals(source)) {
            throw new StoreException("the backup file must not be the database itself", null);
        }
        Path partial = destination.resolveSibling(destination.getFileName() + ".partial");
        try {
            Files.createDirectories(destination.getParent());
            Files.deleteIfExists(partial);
            try (Connection c = open(source, true); PreparedStatement vacuum = c.prepareStatement("VACUUM INTO ?")) {
                vacuum.setString(1, partial.toString());
                vacuum.execute();
            }
            Files.move(partial, destination, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return Files.size(destination);
        } catch (SQLException e) {
            deleteQuietly(partial);
            throw new StoreException("backup failed: " + StorageErrors.describe(e), e);
        } catch (java.io.IOException e) {
            deleteQuietly(partial);
            throw new StoreException("backup failed: " + e, e);
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (java.io.IOException ignored) {
            // nothing was moved into place; a stray partial file is harmless
        }
    }

    /**
     * Pages in the write-ahead log as the background checkpoint last found it. Bulk writers (retention) wait for a
     * {@linkplain #completedCheckpoints() completed checkpoint} when it is high: written faster than the checkpoint
     * copies it, the log would never start over and only grow.
     */
    public long walPages() {
        return walPages;
    }

    /** How many background checkpoints found the whole log copied into the database (the log then starts over). */
    public long completedCheckpoints() {
        return completedCheckpoints.get();
    }

    /** Checkpoints the writer completed itself because the {@code -wal} file had passed its limit. */
    public long writerCheckpoints() {
        return writerCheckpoints.get();
    }

    /** Whether writes are landing: the last write failure for lack of space or I/O, until a later commit lands. */
    public StorageErrors.WriteHealth writeHealth() {
        return writeHealth;
    }

    public boolean isClosed() {
        return closed;
    }

    public Path file() {
        return file;
    }

    /**
     * Runs read-only work on a pooled connection (auto-commit; each statement sees the latest commit). A thread that
     * already holds a read connection (a read nested in another, e.g. the configuration cache loading a miss while
     * the planner matches) runs on that one: it never waits for a second, so a burst of nested reads cannot hold
     * every connection while each waits for another (the stall after a restart, issue 29).
     */
    public <T> T read(SqlWork<T> work) {
        Connection held = heldReader.get();
        if (held != null) {
            try {
                return work.run(held);
            } catch (SQLException e) {
                throw new StoreException(e.getMessage(), e);
            }
        }
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
        heldReader.set(connection);
        try {
            return work.run(connection);
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        } finally {
            heldReader.remove();
            readers.add(connection);
        }
    }

    /**
     * Runs {@code work} in the writer's current transaction and waits until it is committed. Exceptions thrown by
     * {@code work} (after its savepoint was rolled back) are rethrown to the caller unchanged if unchecked.
     */
    public <T> T write(SqlWork<T> work) {
        return committed(writeAsync(work));
    }

    /**
     * Like {@link #write}, for a long write of bulk work (a chunk of a batch replay, a batch of delivery outcomes, the
     * plans of a large fan-out): it commits in a transaction of its own, and the writer takes one such job only
     * between groups of the other writes, so ingest and API writes wait behind at most one bulk job, never behind a
     * queue of them (issue 29, ADR 0042: another project's batch replays held each ingest for seconds). Keep each job
     * to a few tens of milliseconds.
     */
    public <T> T writeBulk(SqlWork<T> work) {
        return committed(writeBulkAsync(work));
    }

    /** Queues {@code work} as {@link #writeBulk} does; the future completes once it has committed. */
    public <T> CompletableFuture<T> writeBulkAsync(SqlWork<T> work) {
        if (closed) {
            return CompletableFuture.failedFuture(new StoreException("database is closed", null));
        }
        WriteJob<T> job = new WriteJob<>(work, false);
        bulkQueue.add(job);
        writeQueue.add(BULK_WAITING);
        return job.future;
    }

    /** Waits for {@code job}'s commit; its work's unchecked exceptions are rethrown unchanged. */
    private static <T> T committed(CompletableFuture<T> job) {
        try {
            return job.get();
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
        return queue(work, false);
    }

    /**
     * Like {@link #writeAsync}, for work that cannot fail part-way: it writes with one statement (SQLite undoes a
     * failed statement on its own), or fails only before its first write. It runs without a savepoint of its own;
     * work that throws after it has written leaves that write in the group's transaction, so do not use it for
     * anything else.
     */
    public <T> CompletableFuture<T> writeWholeAsync(SqlWork<T> work) {
        return queue(work, true);
    }

    private <T> CompletableFuture<T> queue(SqlWork<T> work, boolean whole) {
        if (closed) {
            return CompletableFuture.failedFuture(new StoreException("database is closed", null));
        }
        WriteJob<T> job = new WriteJob<>(work, whole);
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
     * every event); on a read connection of {@link #read} it is kept too, among the {@link #READ_STATEMENTS_KEPT}
     * most recently used of that connection (a poller that looks every few milliseconds compiles its statements
     * once); on any other connection it is a fresh statement. Use in try-with-resources, and close any result set
     * before the statement: an open result set would keep its read snapshot, and with it the log, alive.
     */
    public Reusable reusable(Connection c, String sql) throws SQLException {
        java.util.Map<String, PreparedStatement> kept;
        if (c == writeConnection && Thread.currentThread() == writerThread) {
            kept = writeStatements;
        } else {
            kept = readStatements.get(c);
            if (kept == null) {
                return new Reusable(c.prepareStatement(sql), false);
            }
        }
        PreparedStatement statement = kept.get(sql);
        if (statement == null || statement.isClosed()) {
            statement = c.prepareStatement(sql);
            kept.put(sql, statement);
            if (kept != writeStatements && kept.size() > READ_STATEMENTS_KEPT) {
                var eldest = kept.entrySet().iterator();
                PreparedStatement evicted = eldest.next().getValue();
                eldest.remove();
                evicted.close();
            }
        }
        return new Reusable(statement, true);
    }

    /** True when {@code c} is the write connection and this is the writer thread (writer-only state may be used). */
    public boolean onWriter(Connection c) {
        return c == writeConnection && Thread.currentThread() == writerThread;
    }

    private void writeLoop() {
        List<WriteJob<?>> group = new ArrayList<>(MAX_GROUP);
        while (true) {
            try {
                WriteJob<?> first = writeQueue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null && bulkQueue.isEmpty()) {
                    if (closed) {
                        return;
                    }
                    continue;
                }
                if (first != null) {
                    group.add(first);
                    writeQueue.drainTo(group, MAX_GROUP - 1);
                }
                List<WriteJob<?>> alone = new ArrayList<>();
                group.removeIf(job -> job == BULK_WAITING || job.alone && alone.add(job));
                if (!group.isEmpty()) {
                    runGroup(group);
                }
                group.clear();
                alone.forEach(this::runAlone);
                WriteJob<?> bulk = bulkQueue.poll(); // one, then whatever queued meanwhile goes first again
                if (bulk != null) {
                    group.add(bulk);
                    runGroup(group);
                    group.clear();
                }
                checkpointIfLong();
            } catch (InterruptedException e) {
                if (closed) {
                    return;
                }
            } catch (Throwable t) {
                noteFailure(t);
                faults.failed(group.size(), StorageErrors.describe(t));
                Throwable failure = t instanceof SQLException sql ? new StoreException(StorageErrors.describe(sql), sql)
                        : t;
                for (WriteJob<?> job : group) {
                    job.future.completeExceptionally(failure);
                }
            } finally {
                group.clear();
            }
        }
    }

    /** A job that cannot run inside a transaction (VACUUM), between groups, with auto-commit on. */
    private void runAlone(WriteJob<?> job) {
        try {
            Object result = job.work.run(writeConnection);
            commitsSinceCheckpoint.incrementAndGet();
            job.complete(result, null);
        } catch (Throwable t) {
            noteFailure(t);
            job.complete(null, t instanceof SQLException sql ? new StoreException(StorageErrors.describe(sql), sql)
                    : t);
        }
    }

    /**
     * Gives the database's free pages back to the file system. With incremental auto-vacuum (every database created
     * since issue 29) in steps of {@value #COMPACT_STEP_PAGES} pages, one small write each, so ingest keeps flowing;
     * an older database is rebuilt with {@code VACUUM} (writes wait meanwhile; SQLite cannot switch a database in WAL
     * mode to auto-vacuum, so it stays an older one: retention cannot return its pages by itself). The log is then checkpointed and cut back so the file shrinks on the disk.
     *
     * @return the database file's size before and after, in bytes
     */
    public Compaction compact() {
        checkpointTruncate(); // what is in the log counts as the file's size
        long before = fileSize(file);
        long started = System.nanoTime();
        boolean incremental = read(c -> pragmaLong(c, "auto_vacuum")) == 2;
        if (incremental) {
            // stops when a step frees nothing, so a database that cannot give pages back does not loop here
            long freed;
            do {
                freed = returnFreePages(COMPACT_STEP_PAGES);
            } while (freed > 0 && read(c -> pragmaLong(c, "freelist_count")) > 0);
        } else {
            WriteJob<Void> vacuum = new WriteJob<>(c -> {
                try (Statement statement = c.createStatement()) {
                    statement.execute("VACUUM");
                }
                return null;
            }, true);
            vacuum.alone = true;
            if (closed) {
                throw new StoreException("database is closed", null);
            }
            writeQueue.add(vacuum);
            try {
                vacuum.future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while compacting", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r
                        : new StoreException(StorageErrors.describe(e.getCause()), e.getCause());
            }
        }
        checkpointTruncate();
        long after = fileSize(file);
        LOG.info("compacted {}: {} -> {} bytes in {} ms", file.getFileName(), before, after,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return new Compaction(before, after, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** What {@link #compact()} did: the file's size before and after, and how long it took. */
    public record Compaction(long bytesBefore, long bytesAfter, long millis) {
    }

    /** Pages one incremental-vacuum step returns (4 MB with 4 KB pages): short enough not to stall the writer. */
    public static final int COMPACT_STEP_PAGES = 1024;

    /**
     * One small write that gives up to {@code pages} free pages back to the file system (incremental auto-vacuum; a
     * no-op on an older database without it) and returns how many it gave back. Retention calls it between its
     * batches.
     */
    public long returnFreePages(int pages) {
        return write(c -> {
            long before = pragmaLong(c, "freelist_count");
            try (Statement statement = c.createStatement()) {
                // the pragma frees one page per step of its statement: executeUpdate steps it to the end, where
                // execute would stop after the first step and free a single page
                statement.executeUpdate("PRAGMA incremental_vacuum(" + pages + ")");
            }
            return before - pragmaLong(c, "freelist_count");
        });
    }

    /** Free pages in the database times the page size: what {@link #compact()} would give back. */
    public long reclaimableBytes() {
        return read(c -> pragmaLong(c, "freelist_count") * pragmaLong(c, "page_size"));
    }

    /** Whether free pages can be returned in small steps (incremental auto-vacuum) without a full rebuild. */
    public boolean incrementalVacuum() {
        return read(c -> pragmaLong(c, "auto_vacuum")) == 2;
    }

    private void checkpointTruncate() {
        try (Statement statement = checkpointConnection.createStatement()) {
            statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch (SQLException e) {
            LOG.debug("checkpoint after compaction: {}", e.getMessage());
        }
    }

    static long pragmaLong(Connection c, String pragma) throws SQLException {
        try (Statement statement = c.createStatement(); ResultSet rs = statement.executeQuery("PRAGMA " + pragma)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static long fileSize(Path path) {
        try {
            return Files.size(path);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    /**
     * One transaction for the group. When a statement or the commit fails for lack of space or I/O, SQLite may
     * already have rolled the whole transaction back; the rollback and the switch back to auto-commit that follow
     * may then fail too ("cannot commit - no transaction is active"), and those secondary failures are kept as
     * suppressed, never in place of the cause (which is what the log and the callers see).
     */
    private void runGroup(List<WriteJob<?>> group) throws SQLException {
        List<Object> results = new ArrayList<>(group.size());
        List<Throwable> failures = new ArrayList<>(group.size());
        long changesBefore = totalChanges();
        SQLException failed = null;
        writeConnection.setAutoCommit(false);
        boolean alone = group.size() == 1;
        try {
            for (WriteJob<?> job : group) {
                // alone, a failing job rolls back the whole (its own) transaction; a whole job cannot fail part-way
                boolean savepoint = !alone && !job.whole;
                if (savepoint) {
                    savepointStep(SAVEPOINT);
                }
                try {
                    results.add(job.work.run(writeConnection));
                    failures.add(null);
                    if (savepoint) {
                        savepointStep(RELEASE);
                    }
                } catch (Throwable t) {
                    noteFailure(t);
                    try {
                        if (savepoint) {
                            savepointStep(ROLLBACK_TO);
                            savepointStep(RELEASE);
                        } else if (alone) {
                            writeConnection.rollback();
                        }
                    } catch (SQLException rollback) {
                        // the transaction is gone with the savepoint: the whole group fails, for the job's reason
                        SQLException cause = t instanceof SQLException sql ? sql
                                : new SQLException(StorageErrors.describe(t), t);
                        cause.addSuppressed(rollback);
                        throw cause;
                    }
                    results.add(null);
                    failures.add(t instanceof SQLException sql ? new StoreException(StorageErrors.describe(sql), sql)
                            : t);
                }
            }
            writeConnection.commit();
        } catch (SQLException e) {
            failed = e;
            try {
                writeConnection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        } finally {
            try {
                writeConnection.setAutoCommit(true); // the driver runs "commit;" here, which fails after a rollback
            } catch (SQLException autoCommit) {
                if (failed != null) {
                    failed.addSuppressed(autoCommit);
                } else {
                    LOG.debug("back to auto-commit: {}", autoCommit.getMessage());
                }
            }
        }
        commitsSinceCheckpoint.incrementAndGet();
        if (totalChanges() != changesBefore) {
            writeHealth = StorageErrors.WriteHealth.OK; // something reached the disk: writes land again
            faults.recovered();
        }
        for (Runnable listener : afterCommit) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.error("after-commit listener failed: {}", e.toString());
            }
        }
        for (int i = 0; i < group.size(); i++) {
            group.get(i).complete(results.get(i), failures.get(i));
        }
    }

    /** How long the writer's own checkpoint waits for readers of older snapshots before it gives up. */
    static final int WRITER_CHECKPOINT_PATIENCE_MS = 250;
    private static final int BUSY_TIMEOUT_MS = 10_000;
    /** When the writer may wait for readers again after a checkpoint that could not complete (writer thread only). */
    private long nextWriterCheckpoint = System.nanoTime();
    /** Meanwhile it tries without waiting once the {@code -wal} file has reached this size (writer thread only). */
    private long retryAtWalBytes;

    private static final String SAVEPOINT = "SAVEPOINT hookline_job";
    private static final String RELEASE = "RELEASE hookline_job";
    private static final String ROLLBACK_TO = "ROLLBACK TO hookline_job";

    /** One savepoint statement, kept prepared (the driver's own savepoints compile two statements per job). */
    private void savepointStep(String sql) throws SQLException {
        PreparedStatement kept = writeStatements.get(sql);
        if (kept == null || kept.isClosed()) {
            kept = writeConnection.prepareStatement(sql);
            writeStatements.put(sql, kept);
        }
        kept.execute();
    }

    /**
     * Between two groups: when the {@code -wal} file has grown past {@link #walLimitBytes} the background passive
     * checkpoints are not keeping up (a reader was always on an older snapshot, or the log grew faster than they
     * copy), and the writer completes one itself: {@code TRUNCATE} waits for the readers of older snapshots, copies
     * the rest of the log and starts it over at zero bytes. Writes wait meanwhile; that is what keeps the log, and
     * the disk it takes, bounded.
     */
    private void checkpointIfLong() {
        long size;
        try {
            size = Files.size(walFile);
        } catch (java.io.IOException e) {
            return; // no log yet
        }
        if (size <= walLimitBytes) {
            return;
        }
        // after a try that could not complete: a patient one again 5 s later; meanwhile a quick one (waiting for no
        // reader) each time the log grew by another quarter of the limit
        boolean patient = System.nanoTime() >= nextWriterCheckpoint;
        if (!patient && size < retryAtWalBytes) {
            return;
        }
        if (!checkpointing.tryLock()) {
            return; // the background checkpoint is copying the log now: the writer does not wait behind it
        }
        try (Statement statement = writeConnection.createStatement()) {
            // wait for readers of older snapshots at most this long: a backup (VACUUM INTO) or another process may
            // hold one for minutes, and the writer must not stall behind it
            statement.execute("PRAGMA busy_timeout=" + (patient ? WRITER_CHECKPOINT_PATIENCE_MS : 0));
            boolean complete;
            try (ResultSet rs = statement.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
                complete = rs.next() && rs.getInt(1) == 0;
            } finally {
                statement.execute("PRAGMA busy_timeout=" + BUSY_TIMEOUT_MS);
            }
            if (complete) {
                writerCheckpoints.incrementAndGet();
                completedCheckpoints.incrementAndGet();
                walPages = 0;
            } else {
                LOG.debug("writer checkpoint could not complete (a reader held an older snapshot)");
                if (patient) {
                    nextWriterCheckpoint = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                }
                retryAtWalBytes = size + walLimitBytes / 4;
            }
        } catch (SQLException e) {
            LOG.debug("writer checkpoint failed: {}", e.getMessage());
            nextWriterCheckpoint = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            retryAtWalBytes = size + walLimitBytes / 4;
        } finally {
            checkpointing.unlock();
        }
    }

    private void noteFailure(Throwable t) {
        StorageErrors.WriteHealth health = StorageErrors.WriteHealth.of(t);
        if (health != null) {
            writeHealth = health;
        }
    }

    /** Rows changed on the write connection so far (tells a commit that wrote from one that had nothing to write). */
    private long totalChanges() {
        try {
            return writeConnection.unwrap(org.sqlite.SQLiteConnection.class).getDatabase().total_changes();
        } catch (SQLException e) {
            return -1;
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
        boolean checkpointed = false;
        try (Statement statement = writeConnection.createStatement()) {
            statement.execute("PRAGMA optimize");
            statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            checkpointed = true;
        } catch (SQLException e) {
            LOG.debug("checkpoint on close failed: {}", e.getMessage());
        }
        closeQuietly(writeConnection);
        if (checkpointed) {
            StartChecks.markCleanStop(file); // the next start skips the whole-file check
        }
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
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
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
        final boolean whole;
        /** Runs outside the group's transaction (VACUUM). */
        boolean alone;
        final CompletableFuture<T> future = new CompletableFuture<>();

        WriteJob(SqlWork<T> work, boolean whole) {
            this.work = work;
            this.whole = whole;
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
