package dev.hookline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ListQuery;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    @Test
    void oneRowPerCaseMarkingTheOnesOverTarget() {
        BenchCase fast = new BenchCase("deliveries: no filter", "eventdeliveries", "none", i -> ListQuery.create());
        BenchCase slow = new BenchCase("events: query", "events", "query = x", i -> ListQuery.create());
        String table = ResultTable.markdown(List.of(
                new CaseResult(fast, 50, 50, new Latencies(200, 1.25, 3.0, 4.0, 9.0)),
                new CaseResult(slow, 3, 50, new Latencies(200, 12, 25.5, 30, 31))), 20);
        assertEquals("""
                | case | filter | rows | p50 ms | p95 ms | p99 ms | max ms | p95 <= 20 ms |
                |---|---|---:|---:|---:|---:|---:|:---:|
                | deliveries: no filter | none | 50 | 1.3 | 3.0 | 4.0 | 9.0 | yes |
                | events: query | query = x | 3-50 | 12.0 | 25.5 | 30.0 | 31.0 | **no** |
                """, table);
    }

    @Test
    void aCaseIsOnePathWithTheProjectAndTheQuery() {
        BenchCase c = new BenchCase("x", "eventdeliveries", "f",
                i -> ListQuery.ofPerPage(50).withAll("status", List.of("Failure", "Retry")));
        assertEquals("/v1/projects/P1/eventdeliveries?perPage=50&status=Failure&status=Retry", c.path("P1", 0));
    }
}
