package dev.hookline.server.deliveries;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Convoy's deprecated text form of a delivery's latency: Go's duration format ({@code 250ms}, {@code 1.5s}). */
final class Latency {

    private Latency() {
    }

    /** {@code ""} for no latency (not delivered yet), else e.g. {@code 850µs}, {@code 250ms}, {@code 2m5s}. */
    static String text(double seconds) {
        if (!(seconds > 0)) {
            return "";
        }
        BigDecimal s = BigDecimal.valueOf(seconds).setScale(9, RoundingMode.HALF_UP);
        if (s.compareTo(BigDecimal.valueOf(0.001)) < 0) {
            return plain(s.movePointRight(6)) + "µs";
        }
        if (s.compareTo(BigDecimal.ONE) < 0) {
            return plain(s.movePointRight(3)) + "ms";
        }
        long whole = s.longValue();
        BigDecimal rest = s.subtract(BigDecimal.valueOf(whole - whole % 60));
        long minutes = whole / 60 % 60;
        long hours = whole / 3600;
        StringBuilder out = new StringBuilder();
        if (hours > 0) {
            out.append(hours).append('h');
        }
        if (hours > 0 || minutes > 0) {
            out.append(minutes).append('m');
        }
        return out.append(plain(rest)).append('s').toString();
    }

    private static String plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0).toPlainString() : stripped.toPlainString();
    }
}
