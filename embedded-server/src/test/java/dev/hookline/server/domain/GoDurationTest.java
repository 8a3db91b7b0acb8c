package dev.hookline.server.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class GoDurationTest {

    @Test
    void parsesGoDurations() {
        assertEquals(Duration.ofHours(1), GoDuration.parse("1h"));
        assertEquals(Duration.ofMinutes(90), GoDuration.parse("1h30m"));
        assertEquals(Duration.ofMillis(1500), GoDuration.parse("1.5s"));
        assertEquals(Duration.ofMillis(500), GoDuration.parse(".5s"));
        assertEquals(Duration.ofNanos(2_300), GoDuration.parse("2us300ns"));
        assertEquals(Duration.ofNanos(1_000), GoDuration.parse("1µs"));
        assertEquals(Duration.ofMinutes(-10), GoDuration.parse("-10m"));
        assertEquals(Duration.ZERO, GoDuration.parse("0"));
    }

    @Test
    void rejectsWhatGoRejects() {
        for (String bad : new String[] {"", "1", "h", "1d", "1.2.3s", "one hour", "1h 30m", "-", "."}) {
            assertThrows(IllegalArgumentException.class, () -> GoDuration.parse(bad), bad);
            assertFalse(GoDuration.isValid(bad), bad);
        }
    }
}
