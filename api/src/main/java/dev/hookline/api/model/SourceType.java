package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a source receives events.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum SourceType {
    HTTP("http"),
    REST_API("rest_api"),
    PUB_SUB("pub_sub"),
    DB_CHANGE_STREAM("db_change_stream");

    private final String wire;

    SourceType(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static SourceType fromWire(String value) {
        for (SourceType v : values()) {
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
