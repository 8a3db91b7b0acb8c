package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Whether a subscription delivers: {@code active}, or {@code inactive} after {@code PUT .../toggle_status} (it
 * matches no event until toggled back).
 */
public enum SubscriptionStatus {
    ACTIVE("active"),
    INACTIVE("inactive");

    private final String wire;

    SubscriptionStatus(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    /** The status of a wire value; null (an answer without {@code status}, e.g. Convoy's) reads as active. */
    @JsonCreator
    public static SubscriptionStatus fromWire(String value) {
        return "inactive".equals(value) ? INACTIVE : ACTIVE;
    }
}
