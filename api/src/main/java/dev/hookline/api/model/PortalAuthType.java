package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a portal link authenticates: its static token or short-lived {@code PRT.} refresh keys.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum PortalAuthType {
    STATIC_TOKEN("static_token"),
    REFRESH_TOKEN("refresh_token");

    private final String wire;

    PortalAuthType(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static PortalAuthType fromWire(String value) {
        for (PortalAuthType v : values()) {
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
