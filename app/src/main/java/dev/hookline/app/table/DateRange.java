package dev.hookline.app.table;

import dev.hookline.api.client.ListQuery;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * The time window of a list. Presets are relative and resolved when a query is sent (so a refresh or a live-tail
 * poll always covers "the last hour" up to now); a custom range is fixed.
 *
 * <p>Lists always send explicit {@code startDate}/{@code endDate}: a remote Convoy silently shows only the last 7
 * days otherwise (ADR 0006 entry 18).
 */
public record DateRange(Preset preset, Instant customStart, Instant customEnd) {

    /** The choices of the picker. */
    public enum Preset {
        LAST_HOUR("Last hour", Duration.ofHours(1)),
        LAST_24_HOURS("Last 24 hours", Duration.ofHours(24)),
        LAST_7_DAYS("Last 7 days", Duration.ofDays(7)),
        LAST_30_DAYS("Last 30 days", Duration.ofDays(30)),
        CUSTOM("Custom range", null);

        private final String label;
        private final Duration length;

        Preset(String label, Duration length) {
            this.label = label;
            this.length = length;
        }

        public String label() {
            return label;
        }

        /** How far back the preset reaches; {@code null} for {@link #CUSTOM}. */
        public Duration length() {
            return length;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** The window from {@code start} to {@code end}, both inclusive. */
    public record Window(Instant start, Instant end) {
    }

    public DateRange {
        Objects.requireNonNull(preset, "preset");
        if (preset == Preset.CUSTOM) {
            Objects.requireNonNull(customStart, "customStart");
            Objects.requireNonNull(customEnd, "customEnd");
            if (customEnd.isBefore(customStart)) {
                throw new IllegalArgumentException("the end of the range is before its start");
            }
        } else if (customStart != null || customEnd != null) {
            throw new IllegalArgumentException("only a custom range has fixed dates");
        }
    }

    /** The default of every time-based list. */
    public static DateRange defaultRange() {
        return of(Preset.LAST_24_HOURS);
    }

    public static DateRange of(Preset preset) {
        return new DateRange(preset, null, null);
    }

    public static DateRange custom(Instant start, Instant end) {
        return new DateRange(Preset.CUSTOM, start, end);
    }

    /** The whole days {@code from} to {@code to} (both included) in {@code zone}, as the picker's calendars give. */
    public static DateRange customDays(LocalDate from, LocalDate to, ZoneId zone) {
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("the end of the range is before its start");
        }
        return custom(from.atStartOfDay(zone).toInstant(), to.plusDays(1).atStartOfDay(zone).toInstant().minusSeconds(1));
    }

    /** As remembered between runs: the preset's name, and for a custom range its start and end. */
    public List<String> toStrings() {
        return preset == Preset.CUSTOM ? List.of(preset.name(), customStart.toString(), customEnd.toString())
                : List.of(preset.name());
    }

    /** Reads {@link #toStrings()}; {@code fallback} when absent or unreadable (a file edited by hand). */
    public static DateRange fromStrings(List<String> values, DateRange fallback) {
        try {
            if (values == null || values.isEmpty()) {
                return fallback;
            }
            Preset preset = Preset.valueOf(values.get(0));
            return preset == Preset.CUSTOM ? custom(Instant.parse(values.get(1)), Instant.parse(values.get(2)))
                    : of(preset);
        } catch (RuntimeException unreadable) {
            return fallback;
        }
    }

    /** The window this range covers at {@code now}. */
    public Window resolve(Instant now) {
        return preset == Preset.CUSTOM ? new Window(customStart, customEnd)
                : new Window(now.minus(preset.length()), now);
    }

    /** {@code query} with this range's {@code startDate} and {@code endDate} at {@code now}. */
    public ListQuery applyTo(ListQuery query, Instant now) {
        Window window = resolve(now);
        return query.startDate(window.start()).endDate(window.end());
    }
}
