package dev.hookline.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.server.filters.FilterEngine;
import dev.hookline.server.transforms.ScriptResult;
import dev.hookline.server.transforms.ScriptRunner;
import java.io.PrintStream;
import java.util.Locale;

/**
 * How fast the ingest hot path can match subscription filters and run transform functions, one thread, after
 * warm-up (see docs/BENCHMARKS.md, "Filters and transforms"). Run:
 * {@code ./mvnw -B -q -pl bench -am compile} then the {@code java} command given there.
 */
public final class MatchBenchmark {

    /** One engine, with its compiled-filter cache, as a server has. */
    private static final FilterEngine ENGINE = new FilterEngine();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Where results go so the JIT cannot drop the work that produced them. */
    private static volatile boolean sink;

    /** A typical webhook body of about 1 KB. */
    static final String PAYLOAD = """
            {"id":"evt_01HX8K2M3N4P5Q6R7S8T9V0W1X","type":"invoice.paid","created":1767225600,"livemode":true,
             "data":{"object":{"id":"in_1Nv0d2","amount_due":12500,"amount_paid":12500,"currency":"eur",
              "customer":{"id":"cus_9s6XKzkNRiz8i3","email":"ada@example.com","tier":"gold",
                          "address":{"city":"Berlin","country":"DE","postal_code":"10115"}},
              "lines":[{"sku":"PLAN-PRO","qty":1,"amount":10000},{"sku":"SEAT","qty":5,"amount":2500}],
              "tags":["renewal","annual","eu"],"metadata":{"order_id":"6735","channel":"web"},
              "status":"paid","attempt_count":1,"paid_at":"2026-11-23T10:00:00Z"}},
             "request":{"id":"req_ZPzJ8yQ2","idempotency_key":"6b1c4c54-7c8b-4f4c-9d8e-1f2a3b4c5d6e"}}""";

    /** A filter with the operators people use: nested keys, $in, $gte, $regex, a wildcard and an $or. */
    static final String FILTER = """
            {"type":"invoice.paid","data":{"object":{"currency":{"$in":["eur","usd"]},"amount_paid":{"$gte":1000},
              "customer":{"email":{"$regex":"@example\\\\.com$"}}}},
             "data.object.lines.$.sku":"SEAT",
             "$or":[{"data.object.tags":"renewal"},{"data.object.metadata.channel":"api"}]}""";

    static final String FUNCTION = """
            function transform(payload) {
              var invoice = payload.data.object;
              return {event: payload.type, invoice: invoice.id, amount: invoice.amount_paid / 100,
                      currency: invoice.currency.toUpperCase(), email: invoice.customer.email,
                      items: invoice.lines.map(function (l) { return l.sku + " x" + l.qty; })};
            }""";

    private MatchBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(Integer.getInteger("bench.seconds", 5), System.out);
    }

    static void run(int seconds, PrintStream out) throws Exception {
        JsonNode payload = JSON.readTree(PAYLOAD);
        JsonNode filter = JSON.readTree(FILTER);
        if (!ENGINE.matches(filter, payload)) {
            throw new IllegalStateException("the benchmark filter must match its payload");
        }
        ScriptRunner runner = ScriptRunner.standard();
        ScriptResult check = runner.run(FUNCTION, payload);
        if (!check.ok()) {
            throw new IllegalStateException("the benchmark function failed: " + check.error());
        }
        out.println("| case | operations | ns/op | ops/s |");
        out.println("|---|---:|---:|---:|");
        measure(out, "filter match (6 conditions, 1 KB body)", seconds, () -> ENGINE.matches(filter, payload));
        var compiled = ENGINE.compile(filter);
        measure(out, "filter match, compiled filter held by the caller", seconds, () -> compiled.matches(payload));
        JsonNode freshFilter = JSON.readTree(FILTER);
        measure(out, "filter match, filter parsed per call (as read from a row)", seconds,
                () -> ENGINE.matches(freshFilter.deepCopy(), payload));
        measure(out, "transform function (1 KB body, cached script)", seconds, () -> runner.run(FUNCTION, payload).ok());
    }

    private static void measure(PrintStream out, String name, int seconds, Op op) {
        long warmUntil = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < warmUntil) {
            op.run();
        }
        long count = 0;
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        boolean results = false;
        long now;
        do {
            for (int i = 0; i < 100; i++) {
                results ^= op.run();
            }
            count += 100;
            now = System.nanoTime();
        } while (now < end);
        sink = results;
        double nsPerOp = (double) (now - start) / count;
        out.printf(Locale.ROOT, "| %s | %,d | %,.0f | %,.0f |%n", name, count, nsPerOp, 1e9 / nsPerOp);
    }

    @FunctionalInterface
    private interface Op {
        boolean run();
    }
}
