package dev.hookline.server.domain;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

/**
 * Go's {@code time.ParseDuration} format, which Convoy uses for durations in requests: a sequence of decimal numbers
 * with units {@code ns us µs ms s m h}, e.g. {@code "1h"}, {@code "1h30m"}, {@code "1.5s"}, {@code "-10m"};
 * {@code "0"} alone is zero.
 */
public final class GoDuration {

    private static final Map<String, Long> NANOS_PER_UNIT = Map.of(
            "ns", 1L,
            "us", 1_000L,
            "µs", 1_000L,
            "μs", 1_000L,
            "ms", 1_000_000L,
            "s", 1_000_000_000L,
            "m", 60_000_000_000L,
            "h", 3_600_000_000_000L);

    private GoDuration() {
    }

    /** The duration {@code text} denotes. */
    public static Duration parse(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("empty duration");
        }
        String s = text;
        boolean negative = false;
        if (s.charAt(0) == '-' || s.charAt(0) == '+') {
            negative = s.charAt(0) == '-';
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        if (s.isEmpty()) {
            throw invalid(text);
        }
        BigDecimal nanos = BigDecimal.ZERO;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                i++;
            }
            String number = s.substring(start, i);
            if (number.isEmpty() || number.equals(".") || number.indexOf('.') != number.lastIndexOf('.')) {
                throw invalid(text);
            }
            int unitStart = i;
            while (i < s.length() && !Character.isDigit(s.charAt(i)) && s.charAt(i) != '.') {
                i++;
            }
            Long perUnit = NANOS_PER_UNIT.get(s.substring(unitStart, i));
            if (perUnit == null) {
                throw invalid(text);
            }
            nanos = nanos.add(new BigDecimal(number.startsWith(".") ? "0" + number : number)
                    .multiply(BigDecimal.valueOf(perUnit)));
        }
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw invalid(text);
        }
        Duration duration = Duration.ofNanos(nanos.longValue());
        return negative ? duration.negated() : duration;
    }

    /** True if {@code text} parses. */
    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("invalid duration \"" + text + "\"");
    }
}
