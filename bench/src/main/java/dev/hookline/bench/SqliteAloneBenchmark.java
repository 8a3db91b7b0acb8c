package dev.hookline.bench;

import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.store.Database;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * SQLite alone for the rows Hookline writes (docs/BENCHMARKS.md, "A lean write path"): plain JDBC on one thread, the
 * project's migrations, PRAGMAs ({@link Database#connectForBenchmark}) and SQL (the repositories' column lists and
 * statement shapes), no server, no HTTP, no JSON. It reports the writer thread's CPU per event, which is what the
 * server's single writer spends at best for the same rows, so a server measurement can be put next to it.
 *
 * <p>Cases, each at transactions of 16, 64 and 256 events (a fresh database file per case):
 * <ul>
 *   <li>{@code ingest}: the event (1 KB payload), its {@code events_endpoints} row and one delivery;</li>
 *   <li>{@code ingest+fts}: the same with the event's full-text row in the same transaction (the layout before
 *       ADR 0024's background indexer);</li>
 *   <li>{@code fts batches}: the full-text rows alone, written afterwards as {@code SearchIndexer} does (512 a
 *       transaction), per event;</li>
 *   <li>{@code life}: ingest, then in later transactions of the same size the outcome ({@code UPDATE} of the
 *       delivery, as {@code OutcomeWriter}) and its attempt row; {@code life+claim} adds the {@code Processing}
 *       claim write before the outcome.</li>
 *   <li>{@code prepare}: the dispatcher's look as {@code DueDeliveries} runs it (the next endpoint with due rows, then
 *       its due rows with their event's payload), over the stored deliveries, compiled for every look (as the
 *       dispatcher does) against kept statements ({@code Database.reusable}); per look, reported in the
 *       {@code savepoints} column as {@code compiled}/{@code kept}.</li>
 * </ul>
 * Each case runs on the schema before this round's index migration ({@code V013}) and after it, with a savepoint per
 * event (the writer's old way in a shared group) and without. The {@code -wal} file is checkpointed the way the
 * server's writer now does (a {@code TRUNCATE} checkpoint between transactions once it passes 64 MB) unless
 * {@code alone.checkpoint=none}, which leaves it to grow (no checkpoint completes, as under load before).
 *
 * <p>Options (system properties): {@code alone.events} (20000), {@code alone.payload} (1024 bytes),
 * {@code alone.groups} (16,64,256), {@code alone.cases} (ingest,ingest+fts,fts,life,life+claim),
 * {@code alone.checkpoint} (truncate|none), {@code alone.fts} (FTS5 settings written into {@code events_search}
 * before a case, e.g. {@code automerge=8,crisismerge=64}; none by default: the migrations' own),
 * {@code alone.schemas} (before,lean), {@code alone.savepoints} (driver,none; also kept: a savepoint per event through kept
 * {@code SAVEPOINT}/{@code RELEASE} statements, as the server's writer now does for jobs that share a group),
 * {@code alone.ftsBatch} (512: rows a transaction in the {@code fts} case), {@code alone.dir} (a temporary
 * directory). A first, unreported run of the first case warms the JIT up.
 */
public final class SqliteAloneBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String PROJECT = "01JPROJECT0000000000000000";
    private static final String ENDPOINT = "01JENDPOINT000000000000000";
    private static final String SOURCE = "01JSOURCE00000000000000000";
    private static final String SUBSCRIPTION = "01JSUBSCRIPTION00000000000";
    private static final long WAL_LIMIT = 64L * 1024 * 1024;

    private static final String INSERT_EVENT = "INSERT INTO events(rowid, " + EventRepository.COLUMNS + ", raw) VALUES ("
            + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, '')";
    private static final String INSERT_ENDPOINT = "INSERT INTO events_endpoints(event_id, endpoint_id, project_id, "
            + "source_id) VALUES (?, ?, ?, ?)";
    private static final String INSERT_DELIVERY = "INSERT INTO event_deliveries(" + DeliveryRepository.COLUMNS
            + ", last_http_status) VALUES (" + String.join(", ", Collections.nCopies(21, "?")) + ", NULL, ?)";
    private static final String INSERT_SEARCH = "INSERT INTO events_search(rowid, body) VALUES (?, ?)";
    private static final String CLAIM = "UPDATE event_deliveries SET status = 'Processing', updated_at = ? "
            + "WHERE id = ? AND status IN ('Scheduled', 'Retry')";
    private static final String OUTCOME = "UPDATE event_deliveries SET status = ?, num_trials = ?, "
            + "next_send_time = ?, latency_seconds = ?, description = ?, acknowledged_at = ?, updated_at = ?, "
            + "last_http_status = ? WHERE id = ? AND status IN ('Scheduled', 'Retry', 'Processing')";
    private static final String INSERT_ATTEMPT = "INSERT INTO delivery_attempts(" + AttemptRepository.COLUMNS
            + ") VALUES (" + String.join(", ", Collections.nCopies(20, "?")) + ", NULL)";

    private SqliteAloneBenchmark() {
    }

    /** One measured case: writer CPU and wall time per event, and the largest {@code -wal} file seen. */
    record Result(String schema, String caseName, String savepoints, int group, double cpuMicros, double wallMicros,
                  long walPeakMb) {
    }

    public static void main(String[] args) throws Exception {
        int events = Integer.getInteger("alone.events", 20_000);
        int payload = Integer.getInteger("alone.payload", 1024);
        List<Integer> groups = new ArrayList<>();
        for (String g : System.getProperty("alone.groups", "16,64,256").split(",")) {
            groups.add(Integer.parseInt(g.strip()));
        }
        List<String> cases = List.of(System.getProperty("alone.cases", "ingest,ingest+fts,fts,life,life+claim")
                .split(","));
        boolean checkpoint = !"none".equals(System.getProperty("alone.checkpoint", "truncate"));
        Path dir = System.getProperty("alone.dir") == null ? Files.createTempDirectory("hookline-sqlite-alone")
                : Path.of(System.getProperty("alone.dir"));
        List<String> names = Database.migrationNames();
        int lean = names.size();
        int before = firstLeanMigration(names);
        List<Result> results = new ArrayList<>();
        PrintStream out = System.out;
        List<String> schemas = List.of(System.getProperty("alone.schemas", "before,lean").split(","));
        List<String> savepointChoices = List.of(System.getProperty("alone.savepoints", "driver,none").split(","));
        run(dir, cases.get(0), "warm-up", lean, groups.get(0), "driver", Math.min(events, 4000), payload,
                checkpoint);
        out.printf(Locale.ROOT, "SQLite alone: %d events a case, %d-byte payloads, checkpoints %s, migrations %d "
                + "(before: first %d)%n", events, payload, checkpoint ? "truncate past 64 MB" : "none", lean, before);
        for (String caseName : cases) {
            for (int group : groups) {
                for (String savepointChoice : savepointChoices) {
                    String savepoints = savepointChoice.strip();
                    if (caseName.equals("prepare")) {
                        savepoints = savepointChoices.indexOf(savepointChoice) == 0 ? "compiled" : "kept";
                    }
                    if (caseName.equals("prepare") && savepointChoices.indexOf(savepointChoice) > 1) {
                        continue;
                    }
                    if (caseName.equals("fts") && !savepoints.equals(savepointChoices.get(0).strip())) {
                        continue; // one job per batch: a savepoint or not makes no difference worth a run
                    }
                    for (String schema : schemas) {
                        boolean isLean = schema.strip().equals("lean");
                        Result r = run(dir, caseName, isLean ? "lean (V013)" : "before V013", isLean ? lean : before,
                                group, savepoints, events, payload, checkpoint);
                        results.add(r);
                        out.printf(Locale.ROOT, "%-12s %-11s %-13s %4d  cpu %7.1f us/event  wall %7.1f us/event  "
                                        + "wal peak %5d MB%n", r.caseName(), r.savepoints(), r.schema(), r.group(),
                                r.cpuMicros(), r.wallMicros(), r.walPeakMb());
                    }
                }
            }
        }
    }

    /** Where this round's index migration starts; without one, every migration counts as before. */
    static int firstLeanMigration(List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).startsWith("V013__")) {
                return i;
            }
        }
        return names.size();
    }

    private static Result run(Path dir, String caseName, String schemaName, int migrations, int group,
                              String savepoints, int events, int payloadBytes, boolean checkpoint) throws Exception {
        Path file = dir.resolve("alone-" + System.nanoTime() + ".db");
        try (Connection c = Database.connectForBenchmark(file, migrations)) {
            seed(c);
            String fts = System.getProperty("alone.fts", "");
            for (String setting : fts.isBlank() ? new String[0] : fts.split(",")) {
                String[] kv = setting.split("=");
                try (PreparedStatement s = c.prepareStatement(
                        "INSERT INTO events_search(events_search, rank) VALUES (?, ?)")) {
                    s.setString(1, kv[0].strip());
                    s.setInt(2, Integer.parseInt(kv[1].strip()));
                    s.executeUpdate();
                }
            }
            Random random = new Random(42);
            List<String> payloads = new ArrayList<>();
            for (int i = 0; i < 256; i++) {
                payloads.add(payload(random, payloadBytes));
            }
            Wal wal = new Wal(file, checkpoint);
            c.setAutoCommit(false);
            long cpu = 0;
            long wall = 0;
            boolean withSearchRow = caseName.equals("ingest+fts");
            boolean measureIngest = !caseName.equals("fts");
            long[] spent = timed(() -> ingest(c, group, savepoints, events, payloads, withSearchRow, wal));
            if (measureIngest) {
                cpu += spent[0];
                wall += spent[1];
            }
            if (caseName.equals("fts")) {
                spent = timed(() -> indexBatches(c, events, payloads, wal));
                cpu += spent[0];
                wall += spent[1];
            }
            if (caseName.equals("prepare")) {
                c.commit();
                cpu = 0;
                wall = 0;
                spent = timed(() -> looks(c, events, savepoints.equals("kept")));
                cpu += spent[0];
                wall += spent[1];
            }
            if (caseName.startsWith("life")) {
                boolean claim = caseName.equals("life+claim");
                spent = timed(() -> deliver(c, group, savepoints, events, payloadBytes, claim, wal));
                cpu += spent[0];
                wall += spent[1];
            }
            c.setAutoCommit(true);
            return new Result(schemaName, caseName, savepoints, group,
                    cpu / 1000.0 / events, wall / 1000.0 / events, wal.peak / (1024 * 1024));
        } finally {
            for (String suffix : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(dir.resolve(file.getFileName() + suffix));
            }
        }
    }

    @FunctionalInterface
    private interface Work {
        void run() throws SQLException;
    }

    /** {thread CPU nanoseconds, wall nanoseconds} of {@code work}. */
    private static long[] timed(Work work) throws SQLException {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        work.run();
        return new long[] {THREADS.getCurrentThreadCpuTime() - cpu, System.nanoTime() - wall};
    }

    /** The {@code -wal} file: its peak size, and the writer's checkpoint once it passes the limit. */
    private static final class Wal {
        final Path file;
        final boolean checkpoint;
        long peak;

        Wal(Path db, boolean checkpoint) {
            this.file = db.resolveSibling(db.getFileName() + "-wal");
            this.checkpoint = checkpoint;
        }

        /** After a commit, between two transactions (as the server's writer does between groups). */
        void afterCommit(Connection c) throws SQLException {
            long size;
            try {
                size = Files.size(file);
            } catch (java.io.IOException e) {
                return;
            }
            peak = Math.max(peak, size);
            if (checkpoint && size > WAL_LIMIT) {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
                    rs.next();
                }
                c.setAutoCommit(false);
            }
        }
    }

    private static void seed(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO organisations(id, name, created_at, updated_at) VALUES ('01JORG', 'bench', 0, 0)");
            s.execute("INSERT INTO projects(id, organisation_id, name, type, config, created_at, updated_at) "
                    + "VALUES ('" + PROJECT + "', '01JORG', 'bench', 'outgoing', '{}', 0, 0)");
            s.execute("INSERT INTO endpoints(id, project_id, name, url, status, secrets, created_at, updated_at) "
                    + "VALUES ('" + ENDPOINT + "', '" + PROJECT + "', 'sink', 'http://127.0.0.1:9/', 'active', '[]', "
                    + "0, 0)");
        }
    }

    private static String eventId(int i) {
        return String.format(Locale.ROOT, "01JEVT%020d", i);
    }

    private static String deliveryId(int i) {
        return String.format(Locale.ROOT, "01JDLV%020d", i);
    }

    private static String attemptId(int i) {
        return String.format(Locale.ROOT, "01JATT%020d", i);
    }

    /** The event, its endpoints row, its delivery [and its full-text row] for every event, {@code group} a commit. */
    private static void ingest(Connection c, int group, String savepoints, int events, List<String> payloads,
                               boolean fts, Wal wal) throws SQLException {
        long now = System.currentTimeMillis() * 1000;
        Savepoints sp = new Savepoints(c, savepoints);
        try (PreparedStatement event = c.prepareStatement(INSERT_EVENT);
             PreparedStatement endpoint = c.prepareStatement(INSERT_ENDPOINT);
             PreparedStatement delivery = c.prepareStatement(INSERT_DELIVERY);
             PreparedStatement search = c.prepareStatement(INSERT_SEARCH)) {
            for (int i = 0; i < events; i++) {
                sp.begin();
                String id = eventId(i);
                String data = payloads.get(i % payloads.size());
                int p = 1;
                event.setLong(p++, i + 1);
                event.setString(p++, id);
                event.setString(p++, PROJECT);
                event.setString(p++, SOURCE);
                event.setString(p++, "invoice.paid");
                event.setString(p++, "[\"" + ENDPOINT + "\"]");
                event.setString(p++, "{\"Content-Type\":[\"application/json\"]}");
                event.setString(p++, data);
                event.setString(p++, "");
                event.setString(p++, "");
                event.setString(p++, "");
                event.setInt(p++, 0);
                event.setString(p++, "Success");
                event.setString(p++, "");
                event.setLong(p++, now + i);
                event.setLong(p++, now + i);
                event.setLong(p, now + i);
                event.executeUpdate();
                endpoint.setString(1, id);
                endpoint.setString(2, ENDPOINT);
                endpoint.setString(3, PROJECT);
                endpoint.setString(4, SOURCE);
                endpoint.executeUpdate();
                p = 1;
                delivery.setString(p++, deliveryId(i));
                delivery.setString(p++, PROJECT);
                delivery.setString(p++, id);
                delivery.setString(p++, ENDPOINT);
                delivery.setString(p++, SUBSCRIPTION);
                delivery.setString(p++, "");
                delivery.setString(p++, SOURCE);
                delivery.setString(p++, "invoice.paid");
                delivery.setString(p++, "");
                delivery.setString(p++, "Scheduled");
                delivery.setString(p++, "at_least_once");
                delivery.setString(p++, "{}");
                delivery.setString(p++, "");
                delivery.setString(p++, "{\"strategy\":\"linear\",\"interval_seconds\":10,\"retry_limit\":3,"
                        + "\"max_retry_seconds\":0}");
                delivery.setLong(p++, 0);
                delivery.setLong(p++, now + i);
                delivery.setDouble(p++, 0);
                delivery.setString(p++, "");
                delivery.setLong(p++, now + i);
                delivery.setLong(p++, now + i);
                delivery.setLong(p++, now + i);
                delivery.setObject(p, null);
                delivery.executeUpdate();
                if (fts) {
                    search.setLong(1, i + 1);
                    search.setString(2, searchBody(data, id));
                    search.executeUpdate();
                }
                sp.release();
                if ((i + 1) % group == 0 || i == events - 1) {
                    c.commit();
                    wal.afterCommit(c);
                }
            }
        }
    }

    /** A savepoint per job: the driver's ({@code setSavepoint}), kept statements, or none. */
    private static final class Savepoints {
        final Connection c;
        final String mode;
        java.sql.Savepoint driver;
        PreparedStatement begin;
        PreparedStatement release;

        Savepoints(Connection c, String mode) throws SQLException {
            this.c = c;
            this.mode = mode;
            if (mode.equals("kept")) {
                begin = c.prepareStatement("SAVEPOINT hookline_job");
                release = c.prepareStatement("RELEASE hookline_job");
            }
        }

        void begin() throws SQLException {
            switch (mode) {
                case "driver" -> driver = c.setSavepoint();
                case "kept" -> begin.execute();
                default -> { }
            }
        }

        void release() throws SQLException {
            switch (mode) {
                case "driver" -> c.releaseSavepoint(driver);
                case "kept" -> release.execute();
                default -> { }
            }
        }
    }

    private static final String NEXT_ENDPOINT = "SELECT endpoint_id FROM event_deliveries INDEXED BY deliveries_due "
            + "WHERE status IN ('Scheduled', 'Retry', 'Processing') AND status = 'Scheduled' AND project_id = ? "
            + "AND endpoint_id > ? ORDER BY endpoint_id LIMIT 1";
    private static final String DUE = "SELECT d.id, d.project_id, d.event_id, d.endpoint_id, d.subscription_id, "
            + "d.event_type, d.idempotency_key, d.status, d.delivery_mode, d.headers, d.url_query_params, d.metadata, "
            + "d.num_trials, d.next_send_time, d.acknowledged_at, d.created_at, e.data AS event_data "
            + "FROM event_deliveries d INDEXED BY deliveries_due JOIN events e ON e.id = d.event_id "
            + "WHERE d.status IN ('Scheduled', 'Retry', 'Processing') AND d.status = 'Scheduled' "
            + "AND d.project_id = ? AND d.endpoint_id = ? AND d.next_send_time <= ? AND d.deleted_at IS NULL "
            + "ORDER BY d.next_send_time LIMIT ?";

    /** {@code looks} dispatcher looks of 16 due rows each, statements compiled per look or kept. */
    private static void looks(Connection c, int looks, boolean kept) throws SQLException {
        PreparedStatement keptNext = kept ? c.prepareStatement(NEXT_ENDPOINT) : null;
        PreparedStatement keptDue = kept ? c.prepareStatement(DUE) : null;
        long rows = 0;
        for (int i = 0; i < looks; i++) {
            PreparedStatement next = kept ? keptNext : c.prepareStatement(NEXT_ENDPOINT);
            PreparedStatement due = kept ? keptDue : c.prepareStatement(DUE);
            next.setString(1, PROJECT);
            next.setString(2, "");
            String endpoint = null;
            try (ResultSet rs = next.executeQuery()) {
                if (rs.next()) {
                    endpoint = rs.getString(1);
                }
            }
            due.setString(1, PROJECT);
            due.setString(2, endpoint);
            due.setLong(3, Long.MAX_VALUE);
            due.setInt(4, 16);
            try (ResultSet rs = due.executeQuery()) {
                while (rs.next()) {
                    rows += rs.getString("event_data").length() > 0 ? 1 : 0;
                }
            }
            if (!kept) {
                next.close();
                due.close();
            }
        }
        if (kept) {
            keptNext.close();
            keptDue.close();
        }
        if (rows == 0) {
            throw new IllegalStateException("the looks found no due delivery");
        }
    }

    /** The body {@code EventSearch} indexes: payload, then the scope tokens (project, source, endpoint). */
    private static String searchBody(String data, String id) {
        return data + " \uE000p" + PROJECT + " \uE000s" + SOURCE + " \uE000e" + ENDPOINT;
    }

    /** The full-text rows of the stored events as the background indexer writes them: 512 a transaction. */
    private static void indexBatches(Connection c, int events, List<String> payloads, Wal wal) throws SQLException {
        try (PreparedStatement read = c.prepareStatement("SELECT rowid, project_id, source_id, endpoints, data "
                + "FROM events WHERE rowid > ? ORDER BY rowid LIMIT " + Integer.getInteger("alone.ftsBatch", 512));
             PreparedStatement search = c.prepareStatement(INSERT_SEARCH);
             PreparedStatement move = c.prepareStatement("UPDATE search_index_state SET indexed_rowid = ? "
                     + "WHERE id = 1")) {
            long watermark = 0;
            while (true) {
                read.setLong(1, watermark);
                long from = watermark;
                try (ResultSet rs = read.executeQuery()) {
                    while (rs.next()) {
                        long rowid = rs.getLong(1);
                        search.setLong(1, rowid);
                        search.setString(2, searchBody(rs.getString(5), ""));
                        search.executeUpdate();
                        watermark = rowid;
                    }
                }
                if (watermark == from) {
                    break;
                }
                move.setLong(1, watermark);
                move.executeUpdate();
                c.commit();
                wal.afterCommit(c);
            }
        }
    }

    /** Every delivery's outcome and attempt [after its claim], {@code group} a commit. */
    private static void deliver(Connection c, int group, String savepoints, int events, int payloadBytes,
                                boolean claim, Wal wal) throws SQLException {
        long now = System.currentTimeMillis() * 1000;
        String body = "x".repeat(Math.max(0, payloadBytes));
        Savepoints sp = new Savepoints(c, savepoints);
        try (PreparedStatement claiming = c.prepareStatement(CLAIM);
             PreparedStatement outcome = c.prepareStatement(OUTCOME);
             PreparedStatement attempt = c.prepareStatement(INSERT_ATTEMPT)) {
            for (int start = 0; start < events; start += group) {
                int end = Math.min(events, start + group);
                if (claim) {
                    for (int i = start; i < end; i++) {
                        sp.begin();
                        claiming.setLong(1, now);
                        claiming.setString(2, deliveryId(i));
                        claiming.executeUpdate();
                        sp.release();
                    }
                    c.commit();
                    wal.afterCommit(c);
                }
                sp.begin(); // OutcomeWriter: one job a batch
                for (int i = start; i < end; i++) {
                    outcome.setString(1, "Success");
                    outcome.setLong(2, 1);
                    outcome.setLong(3, now);
                    outcome.setDouble(4, 0.002);
                    outcome.setString(5, "");
                    outcome.setLong(6, now);
                    outcome.setLong(7, now);
                    outcome.setInt(8, 200);
                    outcome.setString(9, deliveryId(i));
                    outcome.executeUpdate();
                    int p = 1;
                    attempt.setString(p++, attemptId(i));
                    attempt.setString(p++, PROJECT);
                    attempt.setString(p++, deliveryId(i));
                    attempt.setString(p++, ENDPOINT);
                    attempt.setString(p++, "http://127.0.0.1:9/");
                    attempt.setString(p++, "POST");
                    attempt.setString(p++, "2025-11-24");
                    attempt.setString(p++, "127.0.0.1");
                    attempt.setString(p++, "{\"Content-Type\":\"application/json\"}");
                    attempt.setString(p++, body);
                    attempt.setString(p++, "{}");
                    attempt.setString(p++, "200 OK");
                    attempt.setString(p++, "");
                    attempt.setString(p++, "");
                    attempt.setInt(p++, 1);
                    attempt.setLong(p++, 2);
                    attempt.setLong(p++, now);
                    attempt.setLong(p++, now);
                    attempt.setLong(p++, now);
                    attempt.setLong(p, now);
                    attempt.executeUpdate();
                }
                sp.release();
                c.commit();
                wal.afterCommit(c);
            }
        }
    }

    private static final String[] WORDS = buildWords();

    private static String[] buildWords() {
        Random random = new Random(7);
        String[] words = new String[4000];
        for (int i = 0; i < words.length; i++) {
            StringBuilder w = new StringBuilder();
            int length = 3 + random.nextInt(8);
            for (int j = 0; j < length; j++) {
                w.append((char) ('a' + random.nextInt(26)));
            }
            words[i] = w.toString();
        }
        return words;
    }

    /** A JSON payload of about {@code bytes}: a few fields and a note of words drawn from a 4,000-word vocabulary. */
    static String payload(Random random, int bytes) {
        StringBuilder b = new StringBuilder(bytes + 32);
        b.append("{\"type\":\"invoice.paid\",\"id\":\"in_").append(Long.toHexString(random.nextLong()))
                .append("\",\"customer\":{\"email\":\"").append(WORDS[random.nextInt(WORDS.length)])
                .append("@example.com\",\"country\":\"NL\"},\"amount\":").append(random.nextInt(100_000))
                .append(",\"note\":\"");
        while (b.length() < bytes - 2) {
            b.append(WORDS[(int) Math.abs(random.nextGaussian() * 600) % WORDS.length]).append(' ');
        }
        b.setLength(Math.max(b.length() - 1, 0));
        return b.append("\"}").toString();
    }
}
