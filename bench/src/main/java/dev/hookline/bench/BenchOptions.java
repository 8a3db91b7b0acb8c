package dev.hookline.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * What to run, from {@code -D} system properties (Maven passes them through to {@code exec:java}).
 *
 * @param deliveries how many event deliveries to seed ({@code bench.deliveries}, default 1,000,000; events are about
 *                   a fifth of that)
 * @param dataDir    where the database lives ({@code bench.dataDir}); a directory that already holds a seeded data
 *                   set is reused as it is, and a given directory is always kept. Null: a temp directory
 * @param keep       keep the temp data directory after the run ({@code bench.keep}) to reuse it with
 *                   {@code bench.dataDir}
 * @param warmup     untimed requests per case before the timed ones ({@code bench.warmup}, default 50)
 * @param requests   timed requests per case ({@code bench.requests}, default 200)
 * @param perPage    page size of every request ({@code bench.perPage}, default 50)
 * @param seed       seed of the data set's random choices ({@code bench.seed}); the same seed and size make the
 *                   same data set shape
 * @param only       run only the cases whose name contains one of these (case-insensitive; {@code bench.cases},
 *                   comma-separated); empty: all
 * @param report     also write the results table to this Markdown file ({@code bench.report}), or null
 * @param targetMs   the p95 target per page ({@code bench.targetMs}, default 20)
 */
public record BenchOptions(long deliveries, Path dataDir, boolean keep, int warmup, int requests, int perPage,
                           long seed, List<String> only, Path report, double targetMs) {

    public static final long DEFAULT_DELIVERIES = 1_000_000;

    public BenchOptions {
        only = List.copyOf(only);
        require(deliveries >= 1_000, "bench.deliveries must be at least 1000, got " + deliveries);
        require(warmup >= 0, "bench.warmup must not be negative, got " + warmup);
        require(requests >= 1, "bench.requests must be at least 1, got " + requests);
        require(perPage >= 1 && perPage <= 1000, "bench.perPage must be between 1 and 1000, got " + perPage);
        require(targetMs > 0, "bench.targetMs must be positive, got " + targetMs);
    }

    /** Reads {@code bench.*} properties; a malformed value is an {@link IllegalArgumentException} naming it. */
    public static BenchOptions from(Properties p) {
        String dataDir = blankToNull(p.getProperty("bench.dataDir"));
        String report = blankToNull(p.getProperty("bench.report"));
        String only = p.getProperty("bench.cases", "");
        return new BenchOptions(
                number(p, "bench.deliveries", DEFAULT_DELIVERIES),
                dataDir == null ? null : Path.of(dataDir),
                bool(p, "bench.keep"),
                (int) number(p, "bench.warmup", 50),
                (int) number(p, "bench.requests", 200),
                (int) number(p, "bench.perPage", 50),
                number(p, "bench.seed", 20261123),
                Arrays.stream(only.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList(),
                report == null ? null : Path.of(report),
                number(p, "bench.targetMs", 20));
    }

    /** True if the case named {@code name} is to run. */
    public boolean runs(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return only.isEmpty() || only.stream().anyMatch(o -> lower.contains(o.toLowerCase(Locale.ROOT)));
    }

    /** Whole numbers, with {@code _} or {@code ,} as digit separators ({@code 1_000_000}). */
    private static long number(Properties p, String name, long fallback) {
        String value = blankToNull(p.getProperty(name));
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got \"" + value + "\"");
        }
    }

    /** {@code -Dbench.keep} alone means true, as Maven users expect. */
    private static boolean bool(Properties p, String name) {
        String value = p.getProperty(name);
        if (value == null) {
            return false;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "", "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw new IllegalArgumentException(name + " must be true or false, got \"" + value + "\"");
        };
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
