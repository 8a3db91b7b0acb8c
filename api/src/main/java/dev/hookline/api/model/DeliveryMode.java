package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A subscription's delivery mode.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum DeliveryMode {
    AT_LEAST_ONCE("at_least_once"),
    AT_MOST_ONCE("at_most_once");

    private final String wire;

    DeliveryMode(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static DeliveryMode fromWire(String value) {
        for (DeliveryMode v : values()) {
            if (v.wire.equals(value)) {
                return v;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return wire;
    }
}
