package dev.hookline.server.events;

import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.store.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The events list's full-text search: the contentless FTS5 table {@code events_search}, one row per event with
 * {@code rowid = events.rowid}.
 *
 * <p>A row holds the payload followed by the event's scope as tokens that no typed query can produce (a
 * private-use character, then {@code p}+project, {@code s}+source, {@code e}+endpoint ID). A search with filters is
 * then a single FTS5 query ({@code scope AND words AND (endpoints) AND (sources)}) that FTS5 walks in rowid order and
 * stops after a page: its cost does not depend on how common a word is, nor on how many events other projects have.
 * That ordered walk pages correctly because {@link EventRepository} assigns {@code events.rowid} in ID order
 * ({@link #ROWID_ORDER}).
 *
 * <p>Rows are written by {@link SearchIndexer} in the background, not by the insert that stores the event
 * (ADR 0024); a replay that changes an event's endpoints rewrites an already written row here.
 */
public final class EventSearch {

    /** U+E000: a token character for FTS5's unicode61 tokenizer that no search term is allowed to contain. */
    static final char SCOPE_MARK = '\uE000';

    /**
     * Orders by the search row's rowid, which sorts exactly like the event ID; a bound on the ID becomes the rowid
     * of the nearest event ID on the right side of it (any project: the order is global), found on the primary key.
     */
    public static final KeysetQuery.OrderKey ROWID_ORDER = new KeysetQuery.OrderKey() {
        @Override
        public String column() {
            return "s.rowid";
        }

        /**
         * {@code id <= b}: rowid {@code <=} that of the greatest ID {@code <= b}; {@code id < b}: rowid {@code <}
         * that of the greatest ID {@code < b}, plus one; mirrored for {@code >=} and {@code >}.
         */
        @Override
        public Object translate(Connection c, String op, String bound) throws SQLException {
            boolean below = op.startsWith("<");
            boolean strict = op.length() == 1;
            try (PreparedStatement s = c.prepareStatement(nearestRowid(op))) {
                s.setString(1, bound);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        long nearest = rs.getLong(1);
                        return strict ? (below ? nearest + 1 : nearest - 1) : nearest;
                    }
                }
            }
            // no event on that side: a bound no rowid passes
            return below ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    };

    private EventSearch() {
    }

    /** The rowid of the event whose ID is nearest to the bound on the {@code op} side; argument: the bound. */
    public static String nearestRowid(String op) {
        return "SELECT rowid FROM events WHERE id " + op + " ? ORDER BY id " + (op.startsWith("<") ? "DESC" : "ASC")
                + " LIMIT 1";
    }

    /**
     * The search terms of a typed query: its whitespace-separated words. Words without a letter or digit are
     * dropped (the tokenizer would make nothing of them, and an empty term would match nothing); so are
     * {@link #SCOPE_MARK} and NUL characters.
     */
    public static List<String> terms(String query) {
        List<String> out = new ArrayList<>();
        if (query == null) {
            return out;
        }
        // NUL would end the query string inside FTS5
        for (String word : query.replace(SCOPE_MARK, ' ').replace('\u0000', ' ').strip().split("\\s+")) {
            if (word.codePoints().anyMatch(Character::isLetterOrDigit) && !out.contains(word)) {
                out.add(word);
            }
        }
        return out;
    }

    /** The text indexed for an event: payload, then scope tokens. */
    static String body(String data, String projectId, String sourceId, List<String> endpointIds) {
        StringBuilder body = new StringBuilder(data.length() + 40 * (2 + endpointIds.size()));
        body.append(data).append(' ').append(token('p', projectId));
        if (sourceId != null && !sourceId.isEmpty()) {
            body.append(' ').append(token('s', sourceId));
        }
        for (String endpointId : endpointIds) {
            body.append(' ').append(token('e', endpointId));
        }
        return body.toString();
    }

    /** Adds one search row; arguments: the event's rowid, {@link #body}. */
    static final String INDEX = "INSERT INTO events_search(rowid, body) VALUES (?, ?)";

    /** Adds the search row of the event stored at {@code rowid} ({@code db} null: with a statement of its own). */
    static void index(Connection c, Database db, long rowid, String body) throws SQLException {
        try (Database.Reusable r = db == null ? null : db.reusable(c, INDEX);
             PreparedStatement own = db == null ? c.prepareStatement(INDEX) : null) {
            PreparedStatement s = r == null ? own : r.statement();
            s.setLong(1, rowid);
            s.setString(2, body);
            s.executeUpdate();
        }
    }

    /**
     * The FTS5 query: every term as a quoted phrase (so operators, parentheses or quotes typed by a user are plain
     * text and can never make the query fail), AND-ed, within the project, and within any of the endpoints and any
     * of the sources when those filters are given ({@code projectId} null: terms only, for a per-row check).
     */
    static String match(List<String> terms, String projectId, List<String> sourceIds, List<String> endpointIds) {
        List<String> parts = new ArrayList<>();
        if (projectId != null) {
            parts.add(phrase(token('p', projectId)));
        }
        for (String term : terms) {
            parts.add(phrase(term));
        }
        parts.add(anyOf('e', endpointIds));
        parts.add(anyOf('s', sourceIds));
        parts.removeIf(String::isEmpty);
        return String.join(" AND ", parts);
    }

    private static String anyOf(char kind, List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            return "";
        }
        List<String> phrases = new ArrayList<>();
        for (String id : ids) {
            phrases.add(phrase(token(kind, id)));
        }
        return "(" + String.join(" OR ", phrases) + ")";
    }

    private static String token(char kind, String id) {
        return SCOPE_MARK + String.valueOf(kind) + id;
    }

    private static String phrase(String text) {
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
