package dev.hookline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    private static Properties props(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void withoutPropertiesTheIssueSizeAndTwoHundredRequestsOfFiftyRows() {
        BenchOptions o = BenchOptions.from(new Properties());
        assertEquals(1_000_000, o.deliveries());
        assertEquals(200, o.requests());
        assertEquals(50, o.perPage());
        assertEquals(20.0, o.targetMs());
        assertNull(o.dataDir());
        assertFalse(o.keep());
        assertTrue(o.runs("deliveries: no filter"));
    }

    @Test
    void sizeAcceptsDigitSeparatorsAndKeepAloneMeansTrue() {
        BenchOptions o = BenchOptions.from(props("bench.deliveries", "20_000", "bench.keep", "",
                "bench.dataDir", "/tmp/x", "bench.report", "target/bench.md"));
        assertEquals(20_000, o.deliveries());
        assertTrue(o.keep());
        assertEquals(Path.of("/tmp/x"), o.dataDir());
        assertEquals(Path.of("target/bench.md"), o.report());
    }

    @Test
    void casesSelectByNameWithoutRegardToCase() {
        BenchOptions o = BenchOptions.from(props("bench.cases", "EVENTS:, status "));
        assertEquals(List.of("EVENTS:", "status"), o.only());
        assertTrue(o.runs("events: no filter"));
        assertTrue(o.runs("deliveries: status rare"));
        assertFalse(o.runs("deliveries: no filter"));
    }

    @Test
    void malformedValuesNameTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.from(props("bench.requests", "lots")));
        assertTrue(e.getMessage().contains("bench.requests"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchOptions.from(props("bench.keep", "maybe")));
        assertTrue(e.getMessage().contains("bench.keep"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchOptions.from(props("bench.perPage", "0")));
        assertTrue(e.getMessage().contains("bench.perPage"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchOptions.from(props("bench.deliveries", "10")));
        assertTrue(e.getMessage().contains("bench.deliveries"), e.getMessage());
    }
}
