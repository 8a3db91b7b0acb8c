package dev.hookline.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import java.util.List;

/**
 * Sends a case's requests one after the other, as a console does, and times each from sending the request to
 * having read the whole response body: server time, loopback HTTP and nothing else (the body is parsed after the
 * clock stops, only to check it and count its rows).
 *
 * <p>{@link #warmUp} first sends every case's warm-up requests in turn, so the JIT has compiled every code path and
 * the caches hold what a user who has been clicking around would have in them before any request is timed; the
 * first case measured is then no slower for being first.
 */
public final class CaseRunner {

    private final ApiClient client;
    private final String projectId;
    private final int warmup;
    private final int requests;

    /** {@code client}'s base must be the server's {@code /api}. */
    public CaseRunner(ApiClient client, String projectId, int warmup, int requests) {
        this.client = client;
        this.projectId = projectId;
        this.warmup = warmup;
        this.requests = requests;
    }

    /** Sends {@code warmup} untimed requests of each case, round-robin. */
    public void warmUp(List<BenchCase> cases) {
        for (int i = 0; i < warmup; i++) {
            for (BenchCase c : cases) {
                rows(c, i, send(c, i));
            }
        }
    }

    /** Times {@code requests} requests of the case (after {@link #warmUp}). */
    public CaseResult run(BenchCase benchCase) {
        long[] nanos = new long[requests];
        int minRows = Integer.MAX_VALUE;
        int maxRows = 0;
        for (int i = 0; i < requests; i++) {
            long started = System.nanoTime();
            RawResponse response = send(benchCase, warmup + i);
            nanos[i] = System.nanoTime() - started;
            int rows = rows(benchCase, warmup + i, response);
            minRows = Math.min(minRows, rows);
            maxRows = Math.max(maxRows, rows);
        }
        return new CaseResult(benchCase, minRows, maxRows, Latencies.of(nanos));
    }

    private RawResponse send(BenchCase benchCase, int i) {
        return client.raw("GET", benchCase.path(projectId, i), null, null);
    }

    /**
     * The page's row count (for status totals the deliveries counted, for a time series its buckets); a failed
     * request stops the benchmark (its time would mean nothing).
     */
    private int rows(BenchCase benchCase, int i, RawResponse response) {
        if (response.status() != 200) {
            throw new IllegalStateException(benchCase.name() + ": GET " + benchCase.path(projectId, i)
                    + " answered " + response.status() + " " + response.body());
        }
        try {
            JsonNode data = Json.lenient().readTree(response.body()).path("data");
            if (data.path("total").isIntegralNumber()) {
                return (int) data.get("total").asLong(); // status totals: the deliveries counted
            }
            if (data.path("buckets").isArray()) {
                return data.get("buckets").size(); // a time series: its buckets
            }
            JsonNode content = data.path("content");
            if (!content.isArray()) {
                throw new IllegalStateException(benchCase.name() + ": no data.content in " + response.body());
            }
            return content.size();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(benchCase.name() + ": the answer is not JSON", e);
        }
    }
}
