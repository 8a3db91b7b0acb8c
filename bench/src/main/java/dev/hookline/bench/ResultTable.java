package dev.hookline.bench;

import java.util.List;
import java.util.Locale;

/** The results as a Markdown table, as docs/BENCHMARKS.md records them. */
public final class ResultTable {

    private ResultTable() {
    }

    public static String markdown(List<CaseResult> results, double targetMs) {
        StringBuilder out = new StringBuilder();
        out.append("| case | filter | rows | p50 ms | p95 ms | p99 ms | max ms | p95 <= ")
                .append(number(targetMs)).append(" ms |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|:---:|\n");
        for (CaseResult r : results) {
            Latencies l = r.latencies();
            out.append("| ").append(r.benchCase().name())
                    .append(" | ").append(r.benchCase().filter())
                    .append(" | ").append(r.minRows() == r.maxRows() ? String.valueOf(r.minRows())
                            : r.minRows() + "-" + r.maxRows())
                    .append(" | ").append(millis(l.p50Ms()))
                    .append(" | ").append(millis(l.p95Ms()))
                    .append(" | ").append(millis(l.p99Ms()))
                    .append(" | ").append(millis(l.maxMs()))
                    .append(" | ").append(r.meets(targetMs) ? "yes" : "**no**")
                    .append(" |\n");
        }
        return out.toString();
    }

    static String millis(double ms) {
        return String.format(Locale.ROOT, "%.1f", ms);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
