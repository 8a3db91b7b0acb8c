package dev.hookline.app.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hookline.api.client.ListQuery;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class DateRangeTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @Test
    void everyPresetSendsAnExplicitStartAndEndEndingNow() {
        assertWindow(DateRange.Preset.LAST_HOUR, "2026-11-23T11:00:00");
        assertWindow(DateRange.Preset.LAST_24_HOURS, "2026-11-22T12:00:00");
        assertWindow(DateRange.Preset.LAST_7_DAYS, "2026-11-16T12:00:00");
        assertWindow(DateRange.Preset.LAST_30_DAYS, "2026-10-24T12:00:00");
    }

    private static void assertWindow(DateRange.Preset preset, String start) {
        ListQuery query = DateRange.of(preset).applyTo(ListQuery.create(), NOW);
        assertEquals(start, query.value("startDate"), preset.label());
        assertEquals("2026-11-23T12:00:00", query.value("endDate"), preset.label());
    }

    @Test
    void presetsMoveWithTimeSoRefreshesSeeNewRows() {
        DateRange lastHour = DateRange.of(DateRange.Preset.LAST_HOUR);
        ListQuery later = lastHour.applyTo(ListQuery.create(), NOW.plusSeconds(90));
        assertEquals("2026-11-23T12:01:30", later.value("endDate"));
    }

    @Test
    void aCustomRangeCoversWholeDaysInTheUsersZone() {
        DateRange range = DateRange.customDays(LocalDate.of(2026, 11, 1), LocalDate.of(2026, 11, 2),
                ZoneId.of("Europe/Paris"));

        ListQuery query = range.applyTo(ListQuery.create(), NOW);

        assertEquals("2026-10-31T23:00:00", query.value("startDate"));
        assertEquals("2026-11-02T22:59:59", query.value("endDate"));
        assertEquals(query, range.applyTo(ListQuery.create(), NOW.plusSeconds(3600)), "fixed, not relative");
    }

    @Test
    void aCustomRangeEndingBeforeItStartsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> DateRange.customDays(LocalDate.of(2026, 11, 2),
                LocalDate.of(2026, 11, 1), ZoneId.of("UTC")));
        assertThrows(IllegalArgumentException.class, () -> DateRange.custom(NOW, NOW.minusSeconds(1)));
    }

    @Test
    void theDefaultIsTheLast24Hours() {
        assertEquals(DateRange.Preset.LAST_24_HOURS, DateRange.defaultRange().preset());
    }
}
