package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How an ingest request is verified.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum VerifierType {
    NOOP("noop"),
    HMAC("hmac"),
    BASIC_AUTH("basic_auth"),
    API_KEY("api_key");

    private final String wire;

    VerifierType(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static VerifierType fromWire(String value) {
        for (VerifierType v : values()) {
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
