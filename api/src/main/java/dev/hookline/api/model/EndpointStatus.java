package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * An endpoint's status; {@code paused} endpoints get new deliveries Discarded at creation.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum EndpointStatus {
    ACTIVE("active"),
    INACTIVE("inactive"),
    PAUSED("paused");

    private final String wire;

    EndpointStatus(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static EndpointStatus fromWire(String value) {
        for (EndpointStatus v : values()) {
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
