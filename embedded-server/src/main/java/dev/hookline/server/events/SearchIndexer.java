package dev.hookline.server.events;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.server.signals.PollLoop;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.JsonColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the events' full-text rows ({@code events_search}, ADR 0007) in the background, so that storing an event
 * (ingest, the event API, broker consumers) does not pay for tokenising its payload inside the acknowledged commit
 * (ADR 0024).
 *
 * <p>Driven by a persisted watermark ({@code search_index_state.indexed_rowid}): every event at or below it has its
 * search row, events above it are indexed next in rowid order. One batch is one small write job: it reads the
 * events above the watermark on the write connection (so it sees exactly what is committed or earlier in its own
 * group, and a replay that rewrites an event's endpoints is ordered with it), inserts their rows until
 * {@link #BATCH_BUDGET_NANOS} of writer time is spent, and moves the watermark in the same transaction. A restart
 * therefore continues where the last committed batch ended.
 *
 * <p>The indexer looks for new events every {@link #POLL} (one primary-key read on a read connection) and at once when
 * a search asks for it ({@link #awaitCaughtUp}), so an event is searchable well within a second of its
 * acknowledgement, and a search sees every event acknowledged before it arrived unless a backlog larger than the
 * search's patience (after a restart over an unindexed backlog) is being worked through.
 */
public final class SearchIndexer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SearchIndexer.class);
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };

    /** How often new events are looked for when nobody asked. */
    static final Duration POLL = Duration.ofMillis(100);
    /** Events read per batch, at most. */
    static final int BATCH_ROWS = 512;
    /**
     * Writer time one batch may take for its FTS5 inserts: the batch stops at the first event past it. A batch shares
     * its group commit with ingest jobs, which wait for the whole group; 10 ms keeps their p99 within target while
     * letting a batch reach a few hundred rows: FTS5 writes one segment per transaction and merges them later, so a
     * row costs the writer about 65 us in batches of 64 and 40-45 us in batches of 512 (1 KB payloads; measured with
     * the SQLite-alone bench, docs/BENCHMARKS.md "A lean write path"). It was 4 ms (batches of ~60-100 rows).
     */
    static final long BATCH_BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How long a search waits for the indexer to reach the events stored before it, at most. */
    public static final Duration SEARCH_PATIENCE = Duration.ofSeconds(1);

    static final String WATERMARK = "SELECT indexed_rowid FROM search_index_state WHERE id = 1";
    private static final String MOVE_WATERMARK = "UPDATE search_index_state SET indexed_rowid = ? WHERE id = 1";
    private static final String UNINDEXED = "SELECT rowid, project_id, source_id, endpoints, data FROM events "
            + "WHERE rowid > ? ORDER BY rowid LIMIT " + BATCH_ROWS;
    private static final String HIGHEST_ROWID = "SELECT MAX(rowid) FROM events";

    private final Database db;
    private final Object progress = new Object();
    /** The committed watermark, as far as this process knows (only moves up). */
    private volatile long indexed;
    private final PollLoop loop;

    public SearchIndexer(Database db) {
        this.db = db;
        this.indexed = db.read(SearchIndexer::watermark);
        this.loop = new PollLoop("hookline-search-indexer", POLL, this::indexWhileBehind,
                e -> LOG.warn("indexing events for search failed (retrying in 1 s): {}", e.toString()));
    }

    /** The highest event rowid, on a read connection's kept statement (looked up every poll and every search). */
    private long highestRowid() {
        return db.read(c -> {
            try (Database.Reusable r = db.reusable(c, HIGHEST_ROWID); ResultSet rs = r.statement().executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        });
    }

    /** Starts indexing in the background (catching up whatever an earlier run left unindexed first). */
    public void start() {
        loop.start();
    }

    /** The rowid up to which every event has its search row (committed). */
    public long indexedRowid() {
        return indexed;
    }

    /**
     * Waits until every event committed before this call is searchable, at most {@code patience}; returns whether it
     * is. Costs one primary-key read when the index is caught up (the usual case). Without a running indexer it
     * returns at once.
     */
    public boolean awaitCaughtUp(Duration patience) {
        long target = highestRowid();
        if (indexed >= target) {
            return true;
        }
        if (!loop.running()) {
            return false;
        }
        wakeUp();
        long deadline = System.nanoTime() + patience.toNanos();
        synchronized (progress) {
            while (indexed < target && loop.running()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(progress, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return indexed >= target;
    }

    /** Looks for unindexed events now rather than at the next poll. */
    public void wakeUp() {
        loop.wakeUp();
    }

    /** The loop's step: indexes batch after batch while events above the watermark wait. */
    private void indexWhileBehind() {
        if (highestRowid() <= indexed) {
            return;
        }
        // one batch per write job; the next is queued only once this one committed, so ingest groups
        // always get the writer between two batches
        Batch batch;
        do {
            batch = db.write(c -> indexBatch(c, db));
            advance(batch.watermark());
        } while (loop.running() && batch.more());
    }

    private void advance(long watermark) {
        synchronized (progress) {
            if (watermark > indexed) {
                indexed = watermark;
            }
            progress.notifyAll();
        }
    }

    /** What one batch did: the watermark it committed and whether more events were waiting after it. */
    record Batch(long watermark, boolean more) {
    }

    /**
     * Indexes the events above the watermark in the caller's write transaction, until {@link #BATCH_BUDGET_NANOS}
     * is spent, and moves the watermark past them.
     */
    static Batch indexBatch(Connection c, Database db) throws SQLException {
        long start = System.nanoTime();
        long from;
        try (Database.Reusable r = db.reusable(c, WATERMARK); ResultSet rs = r.statement().executeQuery()) {
            from = rs.next() ? rs.getLong(1) : 0;
        }
        long watermark = from;
        boolean more = false;
        int read = 0;
        // the events are read as they are indexed (SQLite steps the query between the inserts into the other
        // table), so a batch that stops at its budget has read nothing it did not index
        try (Database.Reusable unindexed = db.reusable(c, UNINDEXED);
             Database.Reusable indexing = db.reusable(c, EventSearch.INDEX)) {
            PreparedStatement s = unindexed.statement();
            PreparedStatement insert = indexing.statement();
            s.setLong(1, from);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    read++;
                    List<String> endpoints = JsonColumns.read(rs, "endpoints", STRINGS);
                    long rowid = rs.getLong("rowid");
                    insert.setLong(1, rowid);
                    insert.setString(2, EventSearch.body(rs.getString("data"), rs.getString("project_id"),
                            rs.getString("source_id"), endpoints == null ? List.of() : endpoints));
                    insert.executeUpdate();
                    watermark = rowid;
                    if (System.nanoTime() - start > BATCH_BUDGET_NANOS) {
                        more = true; // perhaps: the next batch finds out
                        break;
                    }
                }
            }
        }
        if (watermark == from) {
            return new Batch(from, false);
        }
        try (Database.Reusable r = db.reusable(c, MOVE_WATERMARK)) {
            r.statement().setLong(1, watermark);
            r.statement().executeUpdate();
        }
        return new Batch(watermark, more || read == BATCH_ROWS);
    }

    /** The committed watermark as {@code c} sees it. */
    public static long watermark(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(WATERMARK); ResultSet rs = s.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** Stops indexing; what is not indexed yet is indexed after the next start. */
    @Override
    public void close() {
        if (!loop.stop()) {
            return;
        }
        synchronized (progress) {
            progress.notifyAll();
        }
        loop.join(Duration.ofSeconds(5));
    }
}
