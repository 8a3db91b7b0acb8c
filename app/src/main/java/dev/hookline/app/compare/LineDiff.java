package dev.hookline.app.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * A line-by-line difference of two texts, as rows to show side by side: lines both have, lines only one has, and
 * lines that changed (one removed beside one added). Longest common subsequence; above {@link #MAX_LINES} lines a
 * side the texts are paired line by line instead (an n x m table of that size would be too much memory for a view).
 */
public final class LineDiff {

    static final int MAX_LINES = 3000;

    /** What a row shows. */
    public enum Kind { SAME, CHANGED, ONLY_LEFT, ONLY_RIGHT }

    /** One row: the left and right line ({@code null} where that side has none). */
    public record Row(Kind kind, String left, String right) {
    }

    private LineDiff() {
    }

    public static List<Row> of(String left, String right) {
        List<String> a = lines(left);
        List<String> b = lines(right);
        if (a.size() > MAX_LINES || b.size() > MAX_LINES) {
            return paired(a, b);
        }
        int[][] common = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                common[i][j] = a.get(i).equals(b.get(j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<Row> rows = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                flush(rows, removed, added);
                rows.add(new Row(Kind.SAME, a.get(i), b.get(j)));
                i++;
                j++;
            } else if (j < b.size() && (i == a.size() || common[i][j + 1] >= common[i + 1][j])) {
                added.add(b.get(j++));
            } else {
                removed.add(a.get(i++));
            }
        }
        flush(rows, removed, added);
        return rows;
    }

    /** How many rows differ. */
    public static long differences(List<Row> rows) {
        return rows.stream().filter(r -> r.kind() != Kind.SAME).count();
    }

    /** A run of removed and added lines: paired as changes, the rest as one-sided. */
    private static void flush(List<Row> rows, List<String> removed, List<String> added) {
        int paired = Math.min(removed.size(), added.size());
        for (int k = 0; k < paired; k++) {
            rows.add(new Row(Kind.CHANGED, removed.get(k), added.get(k)));
        }
        for (int k = paired; k < removed.size(); k++) {
            rows.add(new Row(Kind.ONLY_LEFT, removed.get(k), null));
        }
        for (int k = paired; k < added.size(); k++) {
            rows.add(new Row(Kind.ONLY_RIGHT, null, added.get(k)));
        }
        removed.clear();
        added.clear();
    }

    private static List<Row> paired(List<String> a, List<String> b) {
        List<Row> rows = new ArrayList<>();
        for (int k = 0; k < Math.max(a.size(), b.size()); k++) {
            String left = k < a.size() ? a.get(k) : null;
            String right = k < b.size() ? b.get(k) : null;
            Kind kind = left == null ? Kind.ONLY_RIGHT : right == null ? Kind.ONLY_LEFT
                    : left.equals(right) ? Kind.SAME : Kind.CHANGED;
            rows.add(new Row(kind, left, right));
        }
        return rows;
    }

    private static List<String> lines(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        return List.of(text.split("\r?\n", -1));
    }
}
