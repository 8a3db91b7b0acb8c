package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Where the broker consumer of a {@code pub_sub} source stands. */
public enum ConsumerState {
    /** Connecting to the broker (first try, or again after an update). */
    CONNECTING("connecting"),
    /** Connected and consuming. */
    RUNNING("running"),
    /** The last try failed ({@code last_error} says why); it tries again after a backoff. */
    RETRYING("retrying"),
    /** The source is disabled: no consumer runs. */
    DISABLED("disabled"),
    /** The server is stopping or the source is being replaced. */
    STOPPED("stopped");

    private final String wire;

    ConsumerState(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static ConsumerState fromWire(String value) {
        for (ConsumerState state : values()) {
            if (state.wire.equals(value)) {
                return state;
            }
        }
        throw new IllegalArgumentException("unknown consumer state " + value);
    }
}
