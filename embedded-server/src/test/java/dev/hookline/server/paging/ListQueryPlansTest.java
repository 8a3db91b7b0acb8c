package dev.hookline.server.paging;

import static org.junit.jupiter.api.Assertions.assertFalse;
import dev.hookline.server.events.EventFilter;
import dev.hookline.server.deliveries.DeliveryFilter;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.HttpStatusClass;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.events.EventSearch;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.events.TextQuery;
import dev.hookline.server.metaevents.MetaEventRepository;
import dev.hookline.server.retention.RetentionRepository;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.SqlWork;
import dev.hookline.server.store.Ulid;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every list shape of events, event deliveries, meta events and attempts walks an index in ID order and stops after a
 * page: {@code EXPLAIN QUERY PLAN} of every statement a page can run (each cursor bound, each order, with a date
 * window) shows no full scan, no automatic index and no sort. Checked without statistics and again after ANALYZE on
 * skewed data (the server runs {@code PRAGMA optimize}, which may analyze), so the plans do not drift with the data.
 */
class ListQueryPlansTest {

    private static final String P = "01PROJECT0000000000000000P";
    private static final String CURSOR = "01J00000000000000000000000";
    private static final List<String> MANY_ENDPOINTS = manyIds("E", 120);

    @TempDir
    static Path dataDir;
    static TestServer server;
    static Database db;

    @BeforeAll
    static void seed() throws Exception {
        server = TestServer.start(dataDir);
        db = server.server().store().db();
        String project = server.newProject("plans", ProjectType.OUTGOING).id();
        var client = server.client(TestServer.INSTANCE_KEY).withProject(project);
        String hot = client.createEndpoint(EndpointRequest.of("https://hot.example", "hot")).uid();
        String cold = client.createEndpoint(EndpointRequest.of("https://cold.example", "cold")).uid();
        EventSeeds seeds = new EventSeeds(server);
        EventDeliveryStatus[] statuses = EventDeliveryStatus.values();
        for (int i = 0; i < 400; i++) {
            String endpoint = i % 20 == 0 ? cold : hot;
            Event event = seeds.event(project).type(i % 10 == 0 ? "rare.type" : "common.type").endpoints(endpoint)
                    .idempotencyKey(i % 50 == 0 ? "k" + i : "").data("{\"w\":\"" + (i % 7 == 0 ? "rare" : "common")
                            + "\"}").insert();
            var delivery = seeds.delivery(event, endpoint).subscription(i % 3 == 0 ? "s1" : "s2")
                    .status(i % 25 == 0 ? statuses[i % statuses.length] : EventDeliveryStatus.SUCCESS).insert();
            if (i % 4 != 0) {
                // most tried and delivered, a few server errors and no answers: skewed classes for ANALYZE
                seeds.attempt(delivery, i % 40 == 1 ? "503 Service Unavailable" : i % 40 == 2 ? "" : "200 OK",
                        i % 40 > 2, Map.of(), Map.of());
            }
        }
        seeds.metaEvent(project, "endpoint.created", "{}", EventDeliveryStatus.SUCCESS);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void everyEventsListShapeWalksAnIndex() {
        for (Map.Entry<String, EventFilter> shape : eventShapes().entrySet()) {
            checkBothWays("events " + shape.getKey(), c -> EventRepository.listQuery(P, shape.getValue())
                    .explain(c, window(), CURSOR));
        }
    }

    /** A typed {@code query} (ID prefix, idempotency key, type, source name, words): every part walks an index. */
    @Test
    void everyEventsTextQueryShapeWalksAnIndex() {
        List<List<String>> endpointChoices = List.of(List.of(), List.of("E1"), List.of("E1", "E2"));
        List<List<String>> sourceChoices = List.of(List.of(), List.of("S1"), List.of("S1", "S2"));
        for (List<String> endpoints : endpointChoices) {
            for (List<String> sources : sourceChoices) {
                for (String key : new String[] {null, "key"}) {
                    for (List<String> words : List.of(List.<String>of(), List.of("word"))) {
                        EventFilter filter = new EventFilter(endpoints.isEmpty() ? null
                                : endpoints, sources, key, List.of(), List.of(), new TextQuery("01ABC", words,
                                List.of("S1", "S3")));
                        checkBothWays("events text endpoints=" + endpoints.size() + " sources=" + sources.size()
                                + " key=" + key + " words=" + words.size(), c -> EventRepository.listQuery(P, filter)
                                .explain(c, window(), CURSOR));
                    }
                }
            }
        }
    }

    @Test
    void everyDeliveriesListShapeWalksAnIndex() {
        for (Map.Entry<String, DeliveryFilter> shape : deliveryShapes().entrySet()) {
            checkBothWays("deliveries " + shape.getKey(), c -> DeliveryRepository.listQuery(P, shape.getValue())
                    .explain(c, window(), CURSOR));
        }
    }

    @Test
    void metaEventsAttemptsAndLookupsWalkAnIndex() {
        checkBothWays("meta events", c -> MetaEventRepository.listQuery(P).explain(c, window(), CURSOR));
        checkBothWays("attempts", c -> List.of(plan(c, AttemptRepository.LIST, CURSOR, P)));
        checkBothWays("first event with a key", c -> List.of(plan(c, EventRepository.FIRST_WITH_KEY, P, "k")));
        for (String op : List.of("<=", "<", ">=", ">")) {
            checkBothWays("rowid of the event nearest " + op, c -> List.of(plan(c, EventSearch.nearestRowid(op),
                    CURSOR)));
        }
    }

    @Test
    void retentionsLookupsAndDeletesWalkAnIndex() {
        String event = "01J00000000000000000000EVT";
        checkBothWays("old events of a project", c -> List.of(plan(c, RetentionRepository.CANDIDATES, 0L, P, "",
                CURSOR, Long.MAX_VALUE, 64)));
        checkBothWays("an event's attempts", c -> List.of(plan(c, RetentionRepository.DELETE_ATTEMPTS, event)));
        checkBothWays("an event's deliveries", c -> List.of(plan(c, RetentionRepository.DELETE_DELIVERIES, event)));
        checkBothWays("an event's endpoint rows", c -> List.of(plan(c, RetentionRepository.DELETE_EVENT_ENDPOINTS,
                event)));
        checkBothWays("the event", c -> List.of(plan(c, RetentionRepository.DELETE_EVENT, event)));
        checkBothWays("old settled meta events", c -> List.of(plan(c, RetentionRepository.OLD_META_EVENTS, P,
                CURSOR, 0L, 256)));
        checkBothWays("a meta event", c -> List.of(plan(c, RetentionRepository.DELETE_META_EVENT, event)));
        checkBothWays("the oldest event", c -> List.of(plan(c, RetentionRepository.OLDEST_EVENT, P)));
    }

    @Test
    void theCheckCatchesAScanAndASort() {
        List<List<String>> bad = db.read(c -> List.of(plan(c, "SELECT id FROM event_deliveries "
                + "WHERE description = ? ORDER BY created_at", "x")));
        assertFalse(problems(bad).isEmpty(), "a scan and a sort must be reported: " + bad);
    }

    // ---------------------------------------------------------------------------------------------- shapes

    private static Map<String, EventFilter> eventShapes() {
        Map<String, EventFilter> shapes = new LinkedHashMap<>();
        List<List<String>> endpointChoices = List.of(List.of(), List.of("E1"), List.of("E1", "E2"), MANY_ENDPOINTS);
        List<List<String>> sourceChoices = List.of(List.of(), List.of("S1"), List.of("S1", "S2"));
        List<String> keys = new ArrayList<>();
        keys.add(null);
        keys.add("key");
        List<List<String>> terms = List.of(List.of(), List.of("word"), List.of("two", "words"));
        for (List<String> endpoints : endpointChoices) {
            for (List<String> sources : sourceChoices) {
                for (String key : keys) {
                    for (List<String> words : terms) {
                        shapes.put("endpoints=" + endpoints.size() + " sources=" + sources.size() + " key=" + key
                                + " terms=" + words.size(), new EventFilter(endpoints.isEmpty() ? null
                                : endpoints, sources, key, words));
                    }
                }
            }
        }
        return shapes;
    }

    private static Map<String, DeliveryFilter> deliveryShapes() {
        Map<String, DeliveryFilter> shapes = new LinkedHashMap<>();
        List<List<String>> endpointChoices = List.of(List.of(), List.of("E1"), List.of("E1", "E2"), MANY_ENDPOINTS);
        List<List<EventDeliveryStatus>> statusChoices = List.of(List.of(), List.of(EventDeliveryStatus.FAILURE),
                List.of(EventDeliveryStatus.FAILURE, EventDeliveryStatus.RETRY, EventDeliveryStatus.DISCARDED));
        List<List<HttpStatusClass>> classChoices = List.of(List.of(), List.of(HttpStatusClass.SERVER_ERROR),
                List.of(HttpStatusClass.SUCCESSFUL, HttpStatusClass.NONE));
        String[] optional = {null, "x"};
        for (List<String> endpoints : endpointChoices) {
            for (List<EventDeliveryStatus> statuses : statusChoices) {
                for (String event : optional) {
                    for (String subscription : optional) {
                        for (String type : optional) {
                            for (List<HttpStatusClass> classes : classChoices) {
                                shapes.put("endpoints=" + endpoints.size() + " statuses=" + statuses.size()
                                        + " event=" + event + " subscription=" + subscription + " type=" + type
                                        + " httpStatus=" + classes, new DeliveryFilter(endpoints.isEmpty()
                                        ? null : endpoints, event, subscription, null, statuses, type, classes));
                            }
                        }
                    }
                }
            }
        }
        return shapes;
    }

    // ---------------------------------------------------------------------------------------------- checks

    /** A date window on both sides: every statement carries its bounds. */
    private static ListParams window() {
        return new ListParams(50, false, false, CURSOR, Ulid.lowerBound(1_600_000_000_000L),
                Ulid.upperBound(4_000_000_000_000L));
    }

    /** Checks the plans without statistics, then with those ANALYZE gathers (on the writer, to control both). */
    private static void checkBothWays(String shape, SqlWork<List<List<String>>> plans) {
        db.write(c -> {
            clearStatistics(c);
            check(shape, plans.run(c));
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE");
            }
            check(shape + " (analyzed)", plans.run(c));
            clearStatistics(c);
            return null;
        });
    }

    /** Forgets ANALYZE's results (ANALYZE sqlite_schema makes the connection reload them). */
    private static void clearStatistics(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'")) {
                if (!rs.next()) {
                    return;
                }
            }
            s.execute("DELETE FROM sqlite_stat1");
            s.execute("ANALYZE sqlite_schema");
        }
    }

    private static void check(String shape, List<List<String>> plans) {
        assertFalse(plans.isEmpty(), shape);
        List<String> problems = problems(plans);
        if (!problems.isEmpty()) {
            fail(shape + ":\n" + String.join("\n", problems));
        }
    }

    /** For each statement with a problem: the statement, then its plan. */
    private static List<String> problems(List<List<String>> plans) {
        List<String> out = new ArrayList<>();
        for (List<String> plan : plans) {
            List<String> lines = plan.subList(1, plan.size());
            boolean walks = lines.stream().anyMatch(l -> l.startsWith("SEARCH ") || isMatchScan(l));
            boolean bad = !walks || lines.stream().anyMatch(l -> l.contains("TEMP B-TREE") || l.contains("AUTOMATIC")
                    || (l.startsWith("SCAN ") && !isMatchScan(l)));
            if (bad) {
                out.add(plan.get(0));
                lines.forEach(l -> out.add("    " + l));
            }
        }
        return out;
    }

    /** A full-text index walked for a MATCH (its plan says SCAN, but it reads only the matching rows). */
    private static boolean isMatchScan(String line) {
        return line.matches("SCAN \\S+ (EXISTS )?VIRTUAL TABLE INDEX \\d+:.*M.*");
    }

    private static List<String> plan(Connection c, String sql, Object... args) throws SQLException {
        List<String> lines = new ArrayList<>();
        lines.add(sql);
        try (PreparedStatement s = c.prepareStatement("EXPLAIN QUERY PLAN " + sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    lines.add(rs.getString("detail"));
                }
            }
        }
        return lines;
    }

    private static List<String> manyIds(String prefix, int count) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(prefix + i);
        }
        return out;
    }
}
