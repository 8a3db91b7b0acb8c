package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Status of an event delivery, also used by meta events (Convoy's wire values are capitalised).
 *
 * <p>Wire values are exactly Convoy's; {@link #wire()} is what Jackson reads and writes. An unknown value fails
 * under {@code Json.strict()} and reads as {@code null} under {@code Json.lenient()}.
 */
public enum EventDeliveryStatus {
    SCHEDULED("Scheduled"),
    PROCESSING("Processing"),
    DISCARDED("Discarded"),
    FAILURE("Failure"),
    SUCCESS("Success"),
    RETRY("Retry");

    private final String wire;

    EventDeliveryStatus(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value} (exact match), or {@code null} if none (e.g. for query params). */
    public static EventDeliveryStatus fromWire(String value) {
        for (EventDeliveryStatus v : values()) {
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
