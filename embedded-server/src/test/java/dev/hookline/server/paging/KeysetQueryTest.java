package dev.hookline.server.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ID bounds of keyset statements. A date window and a cursor both bound the ID; SQLite given two bounds on one
 * side walks from one and checks the other per row, and at a million rows that walk was the whole window (59 ms for
 * page 21 of a 30-day window in bench/, see docs/BENCHMARKS.md). Each statement must therefore carry one bound per
 * side, the tighter one.
 */
class KeysetQueryTest {

    private static final String LOW = "01K00000000000000000000000";
    private static final String INSIDE = "01K50000000000000000000000";
    private static final String HIGH = "01K9ZZZZZZZZZZZZZZZZZZZZZZ";
    private static final String BELOW = "01J00000000000000000000000";
    private static final String ABOVE = "01M00000000000000000000000";
    private static final Pattern ID_BOUND = Pattern.compile("\\bid (>=|>|<=|<) \\?");

    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE rows (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, status TEXT NOT NULL)");
            s.execute("CREATE INDEX rows_status ON rows(project_id, status, id)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    private static ListParams window(boolean backward, String cursor) {
        return new ListParams(50, false, backward, cursor, LOW, HIGH);
    }

    @Test
    void aCursorInsideTheWindowReplacesTheWindowEdgeOnItsSide() {
        assertEquals(List.of(new KeysetQuery.Bound(">=", LOW), new KeysetQuery.Bound("<=", INSIDE)),
                KeysetQuery.bounds(window(false, INSIDE), "<=", INSIDE));
        assertEquals(List.of(new KeysetQuery.Bound(">", INSIDE), new KeysetQuery.Bound("<=", HIGH)),
                KeysetQuery.bounds(window(false, INSIDE), ">", INSIDE));
    }

    @Test
    void aCursorOutsideTheWindowLeavesTheWindowAsItIs() {
        assertEquals(List.of(new KeysetQuery.Bound(">=", LOW), new KeysetQuery.Bound("<=", HIGH)),
                KeysetQuery.bounds(window(false, ABOVE), "<=", ABOVE));
        assertEquals(List.of(new KeysetQuery.Bound(">=", LOW), new KeysetQuery.Bound("<=", HIGH)),
                KeysetQuery.bounds(window(false, BELOW), ">", BELOW));
    }

    @Test
    void onTheWindowEdgeTheStrictCursorWins() {
        assertEquals(List.of(new KeysetQuery.Bound(">", LOW), new KeysetQuery.Bound("<=", HIGH)),
                KeysetQuery.bounds(window(false, LOW), ">", LOW));
        assertEquals(List.of(new KeysetQuery.Bound(">=", LOW), new KeysetQuery.Bound("<", HIGH)),
                KeysetQuery.bounds(window(false, HIGH), "<", HIGH));
    }

    @Test
    void withoutWindowOrCursorOnlyWhatIsGiven() {
        ListParams none = new ListParams(50, false, false, null, null, null);
        assertEquals(List.of(), KeysetQuery.bounds(none, null, null));
        assertEquals(List.of(new KeysetQuery.Bound("<", INSIDE)), KeysetQuery.bounds(none, "<", INSIDE));
    }

    @Test
    void everyStatementAPageCanRunHasOneIdBoundPerSide() throws SQLException {
        KeysetQuery<String> query = new KeysetQuery<>("SELECT id FROM rows INDEXED BY rows_status", "id",
                rs -> rs.getString("id"))
                .where("project_id = ?", "p")
                .anyOf("status", List.of("Success", "Failure", "Retry"));
        for (ListParams params : List.of(window(false, INSIDE), window(true, INSIDE))) {
            List<List<String>> plans = query.explain(connection, params, INSIDE);
            assertEquals(10, plans.size(), "each bound in each order");
            for (List<String> plan : plans) {
                for (String arm : plan.get(0).split(" UNION ALL ")) {
                    int lower = 0;
                    int upper = 0;
                    Matcher m = ID_BOUND.matcher(arm);
                    while (m.find()) {
                        if (m.group(1).startsWith(">")) {
                            lower++;
                        } else {
                            upper++;
                        }
                    }
                    assertEquals(1, lower, arm);
                    assertEquals(1, upper, arm);
                }
                assertTrue(plan.stream().skip(1).allMatch(line -> line.contains("rows_status")
                        || !line.startsWith("SEARCH")), plan.toString());
            }
        }
    }
}
