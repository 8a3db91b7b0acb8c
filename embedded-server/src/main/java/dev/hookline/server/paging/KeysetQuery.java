package dev.hookline.server.paging;

import dev.hookline.api.model.Page;
import dev.hookline.server.store.RowMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A keyset-paged list query over a table whose rows have a ULID {@code id}.
 *
 * <p>Cursor semantics (Convoy's wire, made exact): {@code next_page_cursor} is the ID of the first row of the next
 * page and is read inclusively; {@code prev_page_cursor} is the ID of the first row of this page and the previous
 * page is everything strictly before it. Walking next then prev therefore returns every row exactly once, in
 * order, at any page size.
 *
 * <p>A filter on one column with several values ({@link #anyOf}) is run as one ordered, limited branch per value
 * merged by {@code UNION ALL}, so each branch walks its own {@code (project_id, column, id)} index instead of
 * sorting every matching row.
 */
public final class KeysetQuery<T> {

    private final String select;
    private final String idColumn;
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> arguments = new ArrayList<>();
    private final RowMapper<T> mapper;
    private String anyOfColumn;
    private List<?> anyOfValues = List.of();

    /**
     * @param select   {@code SELECT <columns, including one named id> FROM <table> [alias]}
     * @param idColumn the qualified ID column for conditions, e.g. {@code d.id}
     */
    public KeysetQuery(String select, String idColumn, RowMapper<T> mapper) {
        this.select = select;
        this.idColumn = idColumn;
        this.mapper = mapper;
    }

    /** Adds {@code AND (condition)} with its {@code ?} arguments. */
    public KeysetQuery<T> where(String condition, Object... args) {
        conditions.add(condition);
        Collections.addAll(arguments, args);
        return this;
    }

    /** Adds {@code column IN (values)} when values is not empty; one index-ordered branch per value. */
    public KeysetQuery<T> anyOf(String column, List<?> values) {
        if (values.isEmpty()) {
            return this;
        }
        if (values.size() == 1) {
            return where(column + " = ?", values.get(0));
        }
        if (anyOfColumn != null) {
            List<Object> copy = new ArrayList<>(values);
            String marks = String.join(", ", Collections.nCopies(copy.size(), "?"));
            return where(column + " IN (" + marks + ")", copy.toArray());
        }
        anyOfColumn = column;
        anyOfValues = List.copyOf(values);
        return this;
    }

    /** Runs the page described by {@code params}; {@code idOf} reads a mapped row's ID. */
    public Page<T> page(Connection connection, ListParams params, java.util.function.Function<T, String> idOf)
            throws SQLException {
        boolean asc = params.ascending();
        int limit = params.perPage() + 1;
        List<T> rows;
        String prevCursor;
        String nextCursor;
        boolean hasPrev;
        boolean hasNext;
        if (!params.backward()) {
            // forward: from the cursor (inclusive) in the sort order
            String bound = params.cursor() == null ? null : idColumn + (asc ? " >= ?" : " <= ?");
            rows = fetch(connection, params, bound, params.cursor(), asc, limit);
            hasNext = rows.size() > params.perPage();
            nextCursor = hasNext ? idOf.apply(rows.get(params.perPage())) : "";
            if (hasNext) {
                rows = new ArrayList<>(rows.subList(0, params.perPage()));
            }
            prevCursor = rows.isEmpty() ? "" : idOf.apply(rows.get(0));
            hasPrev = !rows.isEmpty()
                    && exists(connection, params, idColumn + (asc ? " < ?" : " > ?"), prevCursor, !asc);
            if (!hasNext && !rows.isEmpty()) {
                nextCursor = idOf.apply(rows.get(rows.size() - 1));
            }
        } else {
            // backward: strictly before the cursor, nearest first, then put back in sort order
            String bound = params.cursor() == null ? null : idColumn + (asc ? " < ?" : " > ?");
            rows = fetch(connection, params, bound, params.cursor(), !asc, limit);
            hasPrev = rows.size() > params.perPage();
            if (hasPrev) {
                rows = new ArrayList<>(rows.subList(0, params.perPage()));
            }
            Collections.reverse(rows);
            prevCursor = rows.isEmpty() ? "" : idOf.apply(rows.get(0));
            String after = rows.isEmpty() ? params.cursor() : idOf.apply(rows.get(rows.size() - 1));
            T next = after == null ? null
                    : first(connection, params, idColumn + (asc ? (rows.isEmpty() ? " >= ?" : " > ?")
                            : (rows.isEmpty() ? " <= ?" : " < ?")), after, asc);
            hasNext = next != null;
            nextCursor = next == null ? "" : idOf.apply(next);
        }
        return new Page<>(rows, new Page.Pagination(params.perPage(), hasNext, hasPrev, prevCursor, nextCursor));
    }

    private boolean exists(Connection connection, ListParams params, String bound, String value, boolean asc)
            throws SQLException {
        return !fetch(connection, params, bound, value, asc, 1).isEmpty();
    }

    private T first(Connection connection, ListParams params, String bound, String value, boolean asc)
            throws SQLException {
        List<T> found = fetch(connection, params, bound, value, asc, 1);
        return found.isEmpty() ? null : found.get(0);
    }

    private List<T> fetch(Connection connection, ListParams params, String bound, String boundValue,
                          boolean asc, int limit) throws SQLException {
        List<String> where = new ArrayList<>(conditions);
        List<Object> args = new ArrayList<>(arguments);
        if (params.lowestId() != null) {
            where.add(idColumn + " >= ?");
            args.add(params.lowestId());
        }
        if (params.highestId() != null) {
            where.add(idColumn + " <= ?");
            args.add(params.highestId());
        }
        if (bound != null) {
            where.add(bound);
            args.add(boundValue);
        }
        String order = " ORDER BY " + idColumn + (asc ? " ASC" : " DESC") + " LIMIT " + limit;
        String sql;
        List<Object> allArgs = new ArrayList<>();
        if (anyOfColumn == null) {
            sql = select + whereClause(where) + order;
            allArgs.addAll(args);
        } else {
            StringBuilder union = new StringBuilder("SELECT * FROM (");
            for (int i = 0; i < anyOfValues.size(); i++) {
                if (i > 0) {
                    union.append(" UNION ALL ");
                }
                List<String> branch = new ArrayList<>(where);
                branch.add(anyOfColumn + " = ?");
                union.append("SELECT * FROM (").append(select).append(whereClause(branch)).append(order).append(')');
                allArgs.addAll(args);
                allArgs.add(anyOfValues.get(i));
            }
            union.append(") ORDER BY id").append(asc ? " ASC" : " DESC").append(" LIMIT ").append(limit);
            sql = union.toString();
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < allArgs.size(); i++) {
                statement.setObject(i + 1, allArgs.get(i));
            }
            try (ResultSet rs = statement.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(mapper.map(rs));
                }
                return out;
            }
        }
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
