package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The body encoding used when delivering to an endpoint.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum ContentType {
    APPLICATION_JSON("application/json"),
    FORM_URLENCODED("application/x-www-form-urlencoded");

    private final String wire;

    ContentType(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static ContentType fromWire(String value) {
        for (ContentType v : values()) {
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
