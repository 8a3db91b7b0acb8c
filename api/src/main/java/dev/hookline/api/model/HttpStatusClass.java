package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The class of the HTTP status a delivery's last attempt got: Hookline's {@code httpStatus} filter of the deliveries
 * list, its status totals and time series (repeated: {@code httpStatus=4xx&httpStatus=5xx}; ADR 0033). Convoy has no
 * such filter.
 *
 * <p>{@link #NONE} is a delivery that was tried but got no HTTP answer (network error, timeout, or a transform that
 * failed before any request). A delivery never tried yet has no last status and matches no class.
 */
public enum HttpStatusClass {
    INFORMATIONAL("1xx", 1),
    SUCCESSFUL("2xx", 2),
    REDIRECTION("3xx", 3),
    CLIENT_ERROR("4xx", 4),
    SERVER_ERROR("5xx", 5),
    NONE("none", 0);

    private final String wire;
    private final int hundreds;

    HttpStatusClass(String wire, int hundreds) {
        this.wire = wire;
        this.hundreds = hundreds;
    }

    /** The query value: {@code 2xx}, {@code 5xx}, {@code none}. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The status code divided by 100 ({@code 5} for 5xx), or 0 for {@link #NONE}. */
    public int hundreds() {
        return hundreds;
    }

    /** The class of {@code value} ({@code 5xx}, {@code 5XX}, {@code None}), or {@code null} if none. */
    public static HttpStatusClass fromWire(String value) {
        if (value == null) {
            return null;
        }
        String clean = value.strip().toLowerCase(Locale.ROOT);
        for (HttpStatusClass c : values()) {
            if (c.wire.equals(clean)) {
                return c;
            }
        }
        return null;
    }

    /** The class of an HTTP status code; {@link #NONE} for 0 (no answer) or a code outside 100 to 599. */
    public static HttpStatusClass ofCode(int code) {
        for (HttpStatusClass c : values()) {
            if (c != NONE && code / 100 == c.hundreds && code >= 100) {
                return c;
            }
        }
        return NONE;
    }

    /**
     * The class of an attempt's status line as the wire has it ({@code "503 Service Unavailable"}); {@link #NONE}
     * for an empty one (no answer).
     */
    public static HttpStatusClass ofStatusLine(String statusLine) {
        if (statusLine == null || statusLine.length() < 3 || !statusLine.substring(0, 3).chars()
                .allMatch(Character::isDigit)) {
            return NONE;
        }
        return ofCode(Integer.parseInt(statusLine.substring(0, 3)));
    }

    @Override
    public String toString() {
        return wire;
    }
}
