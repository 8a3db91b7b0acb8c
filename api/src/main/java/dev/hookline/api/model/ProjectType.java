package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A project's direction: {@code incoming} (sources feed it) or {@code outgoing} (the app sends events).
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum ProjectType {
    INCOMING("incoming"),
    OUTGOING("outgoing");

    private final String wire;

    ProjectType(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static ProjectType fromWire(String value) {
        for (ProjectType v : values()) {
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
