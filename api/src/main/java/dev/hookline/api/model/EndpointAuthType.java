package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How Hookline authenticates itself to an endpoint.
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum EndpointAuthType {
    API_KEY("api_key"),
    OAUTH2("oauth2"),
    BASIC_AUTH("basic_auth");

    private final String wire;

    EndpointAuthType(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static EndpointAuthType fromWire(String value) {
        for (EndpointAuthType v : values()) {
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
