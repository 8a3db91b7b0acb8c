package dev.hookline.bench;

/**
 * Runs the list benchmark (not a test; see docs/BENCHMARKS.md):
 * {@code ./mvnw -B -q -pl bench -am install -DskipTests && ./mvnw -B -q -pl bench exec:java}, with
 * {@code -Dbench.deliveries=20000} for a smoke run, {@code -Dbench.keep} to keep the data set, and the other
 * {@code bench.*} options of {@link BenchOptions}.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        Benchmark.run(BenchOptions.from(System.getProperties()), System.out);
    }
}
