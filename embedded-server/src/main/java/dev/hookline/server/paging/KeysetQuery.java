package dev.hookline.server.paging;

import dev.hookline.api.model.Page;
import dev.hookline.server.store.RowMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A keyset-paged list query over rows that have a ULID {@code id}.
 *
 * <p>Cursor semantics (Convoy's wire, made exact): {@code next_page_cursor} is the ID of the first row of the next
 * page and is read inclusively; {@code prev_page_cursor} is the ID of the first row of this page and the previous
 * page is everything strictly before it. Walking next then prev therefore returns every row exactly once, in
 * order, at any page size.
 *
 * <p>Every statement walks one index in ID order and stops after {@code perPage + 1} rows; nothing is sorted. A
 * filter on a column with several values ({@link #anyOf}) becomes one branch per value (per combination of values
 * when several columns have them), each walking its own {@code (..., column, id)} index range; up to
 * {@value #MAX_ARMS} branches are merged by SQLite ({@code UNION ALL ... ORDER BY id}, which it runs as an ordered
 * merge), more run as several statements merged here. The select must therefore name its ID column {@code id}.
 */
public final class KeysetQuery<T> {

    /** Most branches merged in one statement (SQLite allows 500 compound arms; merges deeper than this cost more). */
    static final int MAX_ARMS = 50;

    /**
     * A column that sorts exactly like the ID and is walked instead of it (e.g. a full-text index's rowid, assigned
     * in ID order). Bounds on the ID are translated to bounds on the key.
     */
    public interface OrderKey {

        /** The column to order and bound by, e.g. {@code s.rowid}. */
        String column();

        /**
         * The key value that makes {@code column op value} select exactly the rows whose ID satisfies
         * {@code id op bound}, for {@code op} one of {@code <=}, {@code <}, {@code >=}, {@code >}.
         */
        Object translate(Connection c, String op, String bound) throws SQLException;
    }

    /** Receives one page of a {@link #walk}. */
    @FunctionalInterface
    public interface PageVisitor<T> {
        void visit(List<T> page) throws SQLException;
    }

    /** Loads full rows by ID (for {@link #idsFirst}); IDs it cannot find are left out of the map. */
    @FunctionalInterface
    public interface RowLoader<T> {
        Map<String, T> load(Connection c, List<String> ids) throws SQLException;
    }

    private record AnyOf(String column, List<?> values) {
    }

    /** One SQL statement and its arguments. */
    private record Sql(String text, List<Object> args) {
    }

    private final String select;
    private final String idColumn;
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> arguments = new ArrayList<>();
    private final RowMapper<T> mapper;
    private final List<AnyOf> branches = new ArrayList<>();
    private boolean distinct;
    private OrderKey orderKey;
    private String idSelect;
    private RowLoader<T> loader;
    /** Non-null: this query is the union of these (a row matching any of them), see {@link #union}. */
    private List<KeysetQuery<T>> parts;

    /**
     * @param select   {@code SELECT <columns, one of them named id> FROM <table> [alias] [INDEXED BY ...]}
     * @param idColumn the qualified ID column for conditions and order, e.g. {@code d.id}
     */
    public KeysetQuery(String select, String idColumn, RowMapper<T> mapper) {
        this.select = select;
        this.idColumn = idColumn;
        this.mapper = mapper;
    }

    /**
     * The rows any of {@code parts} yields, each once, in ID order: each part walks its own index (so an
     * {@code OR} of conditions that different indexes serve stays a few ordered walks of {@code perPage + 1} rows),
     * and a page is merged from the parts' pages. {@link #where} on the union adds the condition to every part.
     */
    public static <T> KeysetQuery<T> union(List<KeysetQuery<T>> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        KeysetQuery<T> union = new KeysetQuery<>(null, null, null);
        union.parts = List.copyOf(parts);
        return union;
    }

    /** Adds {@code AND (condition)} with its {@code ?} arguments. */
    public KeysetQuery<T> where(String condition, Object... args) {
        if (parts != null) {
            parts.forEach(part -> part.where(condition, args));
            return this;
        }
        conditions.add(condition);
        Collections.addAll(arguments, args);
        return this;
    }

    /**
     * Adds {@code column IN (values)} as a plain condition (no branches): for a column the walked index does not
     * lead with, checked row by row. Empty values add nothing.
     */
    public KeysetQuery<T> whereIn(String column, List<?> values) {
        if (values.isEmpty()) {
            return this;
        }
        if (values.size() == 1) {
            return where(column + " = ?", values.get(0));
        }
        return where(column + " IN (" + marks(values.size()) + ")", values.toArray());
    }

    /**
     * Adds {@code column IN (values)} as one index-ordered branch per value (the index walked must have
     * {@code column} right before the ID, after the other equality columns). Several calls multiply the branches.
     * Empty values add nothing.
     */
    public KeysetQuery<T> anyOf(String column, List<?> values) {
        if (values.isEmpty()) {
            return this;
        }
        if (values.size() == 1) {
            return where(column + " = ?", values.get(0));
        }
        branches.add(new AnyOf(column, List.copyOf(values)));
        return this;
    }

    /** The same row can come out of several branches (a join table); keep each ID once. */
    public KeysetQuery<T> distinct() {
        this.distinct = true;
        return this;
    }

    /**
     * With branches, selects only IDs in the branch statements ({@code idSelect} = {@code SELECT <id> AS id FROM
     * ...}, the same tables and index as the select), then loads the page's rows by ID: the branches then read only
     * their index (no table rows), the statements stay short to prepare, and only the rows kept are mapped. Worth it
     * when the branches are many.
     */
    public KeysetQuery<T> idsFirst(String idSelect, RowLoader<T> loader) {
        this.idSelect = idSelect;
        this.loader = loader;
        return this;
    }

    /** Walks {@code key} instead of the ID column (see {@link OrderKey}); for queries without branches. */
    public KeysetQuery<T> orderedBy(OrderKey key) {
        this.orderKey = key;
        return this;
    }

    /** Runs the page described by {@code params}; {@code idOf} reads a mapped row's ID. */
    public Page<T> page(Connection connection, ListParams params, Function<T, String> idOf) throws SQLException {
        boolean asc = params.ascending();
        int limit = params.perPage() + 1;
        List<T> rows;
        String prevCursor;
        String nextCursor;
        boolean hasPrev;
        boolean hasNext;
        if (!params.backward()) {
            // forward: from the cursor (inclusive) in the sort order
            rows = fetch(connection, params, params.cursor() == null ? null : (asc ? ">=" : "<="), params.cursor(),
                    asc, limit, idOf);
            hasNext = rows.size() > params.perPage();
            nextCursor = hasNext ? idOf.apply(rows.get(params.perPage())) : "";
            if (hasNext) {
                rows = new ArrayList<>(rows.subList(0, params.perPage()));
            }
            prevCursor = rows.isEmpty() ? "" : idOf.apply(rows.get(0));
            hasPrev = !rows.isEmpty()
                    && !fetch(connection, params, asc ? "<" : ">", prevCursor, !asc, 1, idOf).isEmpty();
            if (!hasNext && !rows.isEmpty()) {
                nextCursor = idOf.apply(rows.get(rows.size() - 1));
            }
        } else {
            // backward: strictly before the cursor, nearest first, then put back in sort order
            rows = fetch(connection, params, params.cursor() == null ? null : (asc ? "<" : ">"), params.cursor(),
                    !asc, limit, idOf);
            hasPrev = rows.size() > params.perPage();
            if (hasPrev) {
                rows = new ArrayList<>(rows.subList(0, params.perPage()));
            }
            Collections.reverse(rows);
            prevCursor = rows.isEmpty() ? "" : idOf.apply(rows.get(0));
            String after = rows.isEmpty() ? params.cursor() : idOf.apply(rows.get(rows.size() - 1));
            String op = asc ? (rows.isEmpty() ? ">=" : ">") : (rows.isEmpty() ? "<=" : "<");
            List<T> next = after == null ? List.of() : fetch(connection, params, op, after, asc, 1, idOf);
            hasNext = !next.isEmpty();
            nextCursor = next.isEmpty() ? "" : idOf.apply(next.get(0));
        }
        return new Page<>(rows, new Page.Pagination(params.perPage(), hasNext, hasPrev, prevCursor, nextCursor));
    }

    /**
     * Every row in {@code window}'s date window (its paging ignored), oldest first, a page at a time in the largest
     * pages ({@link ListParams#walkFrom}): what a batch action over everything the list matches walks. Pages without
     * rows are not visited.
     */
    public void walk(Connection connection, ListParams window, Function<T, String> idOf, PageVisitor<T> visitor)
            throws SQLException {
        String cursor = null;
        while (true) {
            Page<T> page = page(connection, window.walkFrom(cursor), idOf);
            if (!page.content().isEmpty()) {
                visitor.visit(page.content());
            }
            if (!page.pagination().hasNextPage()) {
                return;
            }
            cursor = page.pagination().nextPageCursor();
        }
    }

    /**
     * {@code EXPLAIN QUERY PLAN} of every statement {@link #page} can run for {@code params}'s filters and date
     * window: each bound ({@code <=, <, >=, >} and none) in each order, {@code cursor} standing in for the cursor.
     * One list of plan lines per statement.
     */
    public List<List<String>> explain(Connection connection, ListParams params, String cursor) throws SQLException {
        List<List<String>> plans = new ArrayList<>();
        if (parts != null) {
            for (KeysetQuery<T> part : parts) {
                plans.addAll(part.explain(connection, params, cursor));
            }
            return plans;
        }
        for (String op : new String[] {null, "<=", "<", ">=", ">"}) {
            for (boolean asc : new boolean[] {true, false}) {
                for (Sql sql : statements(connection, params, op, op == null ? null : cursor, asc, 2)) {
                    List<String> lines = new ArrayList<>();
                    try (PreparedStatement statement = connection.prepareStatement("EXPLAIN QUERY PLAN "
                            + sql.text())) {
                        bind(statement, sql.args());
                        try (ResultSet rs = statement.executeQuery()) {
                            while (rs.next()) {
                                lines.add(rs.getString("detail"));
                            }
                        }
                    }
                    lines.add(0, sql.text());
                    plans.add(lines);
                }
            }
        }
        return plans;
    }

    /** Up to {@code limit} rows beyond {@code id op bound} (no bound when op is null), in the given order. */
    private List<T> fetch(Connection connection, ListParams params, String op, String bound, boolean asc, int limit,
                          Function<T, String> idOf) throws SQLException {
        if (parts != null) {
            // each part's first `limit` rows beyond the bound; the union's first `limit` are among them
            Map<String, T> merged = new HashMap<>();
            for (KeysetQuery<T> part : parts) {
                for (T row : part.fetch(connection, params, op, bound, asc, limit, idOf)) {
                    merged.putIfAbsent(idOf.apply(row), row);
                }
            }
            List<String> ids = new ArrayList<>(merged.keySet());
            ids.sort(asc ? Comparator.naturalOrder() : Comparator.reverseOrder());
            List<T> out = new ArrayList<>(Math.min(limit, ids.size()));
            for (String id : ids.subList(0, Math.min(limit, ids.size()))) {
                out.add(merged.get(id));
            }
            return out;
        }
        if (!distinct) {
            return fetchOnce(connection, params, op, bound, asc, limit, idOf);
        }
        // a repeated row fills a slot of the LIMIT: read on after the last row until limit distinct rows are found
        List<T> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String currentOp = op;
        String currentBound = bound;
        while (true) {
            List<T> batch = fetchOnce(connection, params, currentOp, currentBound, asc, limit, idOf);
            for (T row : batch) {
                if (seen.add(idOf.apply(row)) && out.size() < limit) {
                    out.add(row);
                }
            }
            if (batch.size() < limit || out.size() >= limit) {
                return out;
            }
            currentOp = asc ? ">" : "<";
            currentBound = idOf.apply(batch.get(batch.size() - 1));
        }
    }

    private List<T> fetchOnce(Connection connection, ListParams params, String op, String bound, boolean asc,
                              int limit, Function<T, String> idOf) throws SQLException {
        List<Sql> statements = statements(connection, params, op, bound, asc, limit);
        if (loader != null && !branches.isEmpty()) {
            return loadByIds(connection, statements, asc, limit);
        }
        if (statements.size() == 1) {
            return run(connection, statements.get(0));
        }
        // many branches: each statement is ordered and limited; merge them and keep the first `limit`
        Comparator<T> order = Comparator.comparing(idOf);
        List<T> merged = new ArrayList<>();
        for (Sql sql : statements) {
            merged.addAll(run(connection, sql));
        }
        merged.sort(asc ? order : order.reversed());
        return merged.size() > limit ? new ArrayList<>(merged.subList(0, limit)) : merged;
    }

    /** The IDs of the branch statements, merged and limited, then their rows (in that order; a repeated ID twice). */
    private List<T> loadByIds(Connection connection, List<Sql> statements, boolean asc, int limit)
            throws SQLException {
        List<String> ids = new ArrayList<>();
        for (Sql sql : statements) {
            try (PreparedStatement statement = connection.prepareStatement(sql.text())) {
                bind(statement, sql.args());
                try (ResultSet rs = statement.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
        }
        if (statements.size() > 1) {
            ids.sort(asc ? Comparator.naturalOrder() : Comparator.reverseOrder());
        }
        if (ids.size() > limit) {
            ids = new ArrayList<>(ids.subList(0, limit));
        }
        Map<String, T> rows = ids.isEmpty() ? Map.of()
                : loader.load(connection, new ArrayList<>(new LinkedHashSet<>(ids)));
        List<T> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            T row = rows.get(id);
            if (row != null) {
                out.add(row);
            }
        }
        return out;
    }

    private List<Sql> statements(Connection connection, ListParams params, String op, String bound, boolean asc,
                                 int limit) throws SQLException {
        String keyColumn = orderKey == null ? idColumn : orderKey.column();
        List<String> where = new ArrayList<>(conditions);
        List<Object> args = new ArrayList<>(arguments);
        for (Bound b : bounds(params, op, bound)) {
            where.add(keyColumn + " " + b.op() + " ?");
            args.add(keyBound(connection, b.op(), b.id()));
        }
        String direction = asc ? " ASC" : " DESC";
        if (branches.isEmpty()) {
            return List.of(new Sql(select + whereClause(where) + " ORDER BY " + keyColumn + direction
                    + " LIMIT " + limit, args));
        }
        if (orderKey != null) {
            throw new IllegalStateException("an order key cannot be combined with branches");
        }
        List<List<Object>> combinations = combinations();
        List<String> branchWhere = new ArrayList<>(where);
        for (AnyOf anyOf : branches) {
            branchWhere.add(anyOf.column() + " = ?");
        }
        String arm = (loader != null ? idSelect : select) + whereClause(branchWhere);
        List<Sql> out = new ArrayList<>();
        for (int from = 0; from < combinations.size(); from += MAX_ARMS) {
            List<List<Object>> chunk = combinations.subList(from, Math.min(combinations.size(), from + MAX_ARMS));
            StringBuilder text = new StringBuilder();
            List<Object> allArgs = new ArrayList<>();
            for (List<Object> values : chunk) {
                if (!text.isEmpty()) {
                    text.append(" UNION ALL ");
                }
                text.append(arm);
                allArgs.addAll(args);
                allArgs.addAll(values);
            }
            text.append(" ORDER BY id").append(direction).append(" LIMIT ").append(limit);
            out.add(new Sql(text.toString(), allArgs));
        }
        return out;
    }

    /** {@code id op bound}: one side of the walked range. */
    record Bound(String op, String id) {
    }

    /**
     * At most one lower and one upper bound on the ID: the tighter of the date window's and the cursor's on each
     * side. Given two bounds on one side, SQLite starts its index walk at one of them and checks the other row by
     * row; it may start at the window's edge and step through the whole window to reach the cursor (a page deep
     * in a month's window, or the "is there a previous page" probe, then read hundreds of thousands of index
     * entries). IDs are ULIDs of one length, so string order is ID order.
     */
    static List<Bound> bounds(ListParams params, String op, String cursor) {
        Bound lower = params.lowestId() == null ? null : new Bound(">=", params.lowestId());
        Bound upper = params.highestId() == null ? null : new Bound("<=", params.highestId());
        if (op != null) {
            Bound c = new Bound(op, cursor);
            if (op.startsWith(">")) {
                // on a tie "> x" is the tighter: keep the cursor
                lower = lower == null || cursor.compareTo(lower.id()) >= 0 ? c : lower;
            } else {
                upper = upper == null || cursor.compareTo(upper.id()) <= 0 ? c : upper;
            }
        }
        List<Bound> out = new ArrayList<>(2);
        if (lower != null) {
            out.add(lower);
        }
        if (upper != null) {
            out.add(upper);
        }
        return out;
    }

    private Object keyBound(Connection connection, String op, String id) throws SQLException {
        return orderKey == null ? id : orderKey.translate(connection, op, id);
    }

    /** Every combination of the branch columns' values, first column varying slowest. */
    private List<List<Object>> combinations() {
        List<List<Object>> out = new ArrayList<>();
        out.add(List.of());
        for (AnyOf anyOf : branches) {
            List<List<Object>> next = new ArrayList<>();
            for (List<Object> prefix : out) {
                for (Object value : anyOf.values()) {
                    List<Object> combination = new ArrayList<>(prefix);
                    combination.add(value);
                    next.add(combination);
                }
            }
            out = next;
        }
        return out;
    }

    private List<T> run(Connection connection, Sql sql) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql.text())) {
            bind(statement, sql.args());
            try (ResultSet rs = statement.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(mapper.map(rs));
                }
                return out;
            }
        }
    }

    private static void bind(PreparedStatement statement, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            statement.setObject(i + 1, args.get(i));
        }
    }

    private static String marks(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    private static String whereClause(List<String> where) {
        if (where.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(" WHERE ");
        for (int i = 0; i < where.size(); i++) {
            if (i > 0) {
                out.append(" AND ");
            }
            out.append('(').append(where.get(i)).append(')');
        }
        return out.toString();
    }
}
