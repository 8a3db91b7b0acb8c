package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What holds a delivery that is due but is not being sent (Hookline extension {@code held_by} on an event delivery,
 * and the {@code heldBy} filter of the deliveries list). A held delivery's {@code description} says the same in
 * words, and its {@code metadata.next_send_time} is when it will really be tried next.
 */
public enum DeliveryHold {
    /** The endpoint's circuit breaker is open: nothing is sent to it until the breaker half-opens. */
    CIRCUIT_OPEN("circuit_open"),
    /** The endpoint's (or subscription's) rate limit is used up for the current window. */
    RATE_LIMITED("rate_limited"),
    /** The endpoint is paused: nothing is sent until it is resumed. */
    ENDPOINT_PAUSED("endpoint_paused");

    private final String wire;

    DeliveryHold(String wire) {
        this.wire = wire;
    }

    /** The exact wire value. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The constant whose wire value is {@code value}, or {@code null} if none. */
    public static DeliveryHold fromWire(String value) {
        for (DeliveryHold v : values()) {
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
